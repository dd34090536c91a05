import Glibc
import TestSupport
import Testing

extension TextTests {
    @Suite("width tables")
    struct WidthTablesTests {
        static var root: String { TestPaths.repositoryRoot }

        /// Runs Scripts/width-tables/generate (which compiles its generator with
        /// `swiftc -O` and runs it on the committed East_Asian_Width data) into a
        /// temporary file: the table in the SDK must be exactly what it writes.
        @Test("the checked-in width tables are what Scripts/width-tables/generate writes")
        func checkedInTablesAreGenerated() throws {
            let directory = try TemporaryDirectory(prefix: "cellkit-width-tables")
            let generated = directory.file("WidthTables.swift")
            var environment = ["HOME": directory.path, "TMPDIR": directory.path]
            environment["PATH"] = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
            let pid = try ChildProcess.start(
                [Self.root + "/Scripts/width-tables/generate", generated], directory: directory.path,
                environment: environment, error: .file(directory.file("errors")))
            let status = ChildProcess.wait(pid)
            try #require(status == 0, "the generator failed (\(status)): \(directory.read("errors") ?? "")")
            let checkedIn = TemporaryDirectory.readText(Self.root + "/SDK/Sources/CellKit/Text/WidthTables.swift")
            #expect(
                directory.read("WidthTables.swift") == checkedIn,
                "WidthTables.swift differs from what the generator writes: run Scripts/width-tables/generate")
        }
    }
}
