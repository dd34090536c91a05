@_spi(Host) import CellKit
import CellKitSupport
import Glibc
import Testing

@testable import Session
@testable import WorkerProtocol

/// `rows … sort= where=` in the session: the rows come from a private file
/// of the records that pass, in order, which goes with the last binding
/// that holds it; `watch=true` follows the file they were read from.
@Suite(.serialized) struct InterpreterSortTests {
    func binding(_ s: ScriptSession, _ index: Int = 0) throws -> Binding {
        let rows = try #require(s.session.screens.first?.sections.first?.rows)
        let bound = rows.indices.contains(index) ? rows[index] : nil
        guard case .bound(let binding)? = bound else { throw NotBound() }
        return binding
    }

    struct NotBound: Error {}

    func cities(_ s: ScriptSession, _ binding: Binding) -> [String] {
        s.records(binding).map { $0.first { $0.name == "city" }?.value.description ?? "-" }
    }

    @Test func aWatchedFileIsSortedAndFilteredAgainAndTheOldRowsFileGoes() throws {
        let files = TemporaryFiles()
        let path = files.write("w.csv", "city,temp\nOslo,4\nRio,31\nLima,19\n")
        let s = ScriptSession()
        s.succeed(
            """
            screen A
            rows WeatherCell from "\(path)" city=.city temperature=.temp sort=-.temp where='.temp > 5' watch=true
            """)
        let first = try binding(s)
        #expect(first.count == 2)
        #expect(cities(s, first) == ["Rio", "Lima"])
        // The file read is watched, not the one written; the one written is private.
        #expect(s.interpreter.watchedDataFiles(screen: 0) == [first.derivation?.path])
        #expect(first.path != first.derivation?.path)
        var info = stat()
        #expect(stat(first.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(stat(Path.dirname(first.path), &info) == 0 && info.st_mode & 0o777 == 0o700)

        files.write("w.csv", "city,temp\nOslo,4\nRio,31\nLima,19\nCairo,35\nQuito,14\n")
        let refresh = s.interpreter.refreshWatchedData(screen: 0)
        #expect(refresh.changed && refresh.errors.isEmpty, "\(refresh.errors)")
        let second = try binding(s)
        #expect(cities(s, second) == ["Cairo", "Rio", "Lima", "Quito"])
        #expect(second.derivation?.sort == first.derivation?.sort)
        // The first rows' file went with the binding that held it.
        let firstPath = first.path
        _ = consume first
        #expect(access(firstPath, F_OK) != 0, "\(firstPath) is still there")
        #expect(access(second.path, F_OK) == 0)
    }

    /// An `open` that fails keeps nothing of its file: the rows it sorted go, and their file with them.
    @Test func rowsThatAreNotKeptTakeTheirFileWithThem() throws {
        let files = TemporaryFiles()
        let path = files.write("w.csv", "city,temp\nOslo,4\nRio,31\n")
        let script = files.write(
            "bad.cellkit", "screen B\nrows WeatherCell from \"\(path)\" city=.city sort=.city\nrow Nope\n")
        let s = ScriptSession()
        s.succeed("screen A\nrows WeatherCell from \"\(path)\" city=.city sort=-.city")
        let folder = try #require(DerivedRowFiles.folder)
        let before = try listDirectory(folder)
        #expect(before.contains(Path.basename(try binding(s).path)))
        #expect(!s.run("open \"\(script)\"").isEmpty)
        #expect(s.session.screens.count == 1)
        #expect(try listDirectory(folder) == before)
    }
}
