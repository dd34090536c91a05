import CellKitSupport
import Glibc
import TestSupport
import Testing

/// Damaged libraries on the plugin path and in an install's source folder
/// (issue 21, item 7): each is a real plugin (the marker fixture, whose ELF
/// constructor writes a file when it is opened) with one field of its ELF
/// file broken. `cellkit plugins` lists each as broken with what is wrong and
/// goes on with the others; `cellkit install` skips each with a warning and
/// installs the others. Neither crashes, and no damaged library is opened.
@Suite struct DamagedLibraryTests {
    /// One way to damage a library, and what cellkit says about it.
    struct Damage: CustomTestStringConvertible, Sendable {
        var plugin: String
        var problem: String
        var damage: @Sendable (inout [UInt8], ELFLayout) -> Void
        var testDescription: String { plugin }
    }

    /// Where the fields of the library's ELF file are.
    struct ELFLayout {
        var sectionHeaders: Int
        var dynamicSymbols: Int
        var stringTableSize: Int
        var fileSize: Int

        init(_ bytes: [UInt8]) {
            let table = Int(ELFLayout.read(bytes, 0x28, 8))
            let count = Int(ELFLayout.read(bytes, 0x3C, 2))
            sectionHeaders = table
            dynamicSymbols = (0..<count).map { table + $0 * 64 }.first { ELFLayout.read(bytes, $0 + 4, 4) == 11 }!
            let link = Int(ELFLayout.read(bytes, dynamicSymbols + 0x28, 4))
            stringTableSize = Int(ELFLayout.read(bytes, sectionHeaders + link * 64 + 0x20, 8))
            fileSize = bytes.count
        }

        /// The section header of the dynamic symbol table's string table.
        var stringTableHeader: Int { dynamicSymbols + 0x28 }

        static func read(_ bytes: [UInt8], _ offset: Int, _ width: Int) -> UInt64 {
            (0..<width).reversed().reduce(0) { $0 << 8 | UInt64(bytes[offset + $1]) }
        }

        static func write(_ bytes: inout [UInt8], _ offset: Int, _ width: Int, _ value: UInt64) {
            for k in 0..<width { bytes[offset + k] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(k))) }
        }
    }

    static let source = CellKitProcess.buildDirectory + "/libcellkit-fixture-marker.so"
    static let prefix = "not a plugin cellkit can load: "

    static let damages: [Damage] = [
        Damage(plugin: "SectionTableNearInt64Max", problem: "its section header table (") {
            ELFLayout.write(&$0, 0x28, 8, UInt64(Int64.max) - 7)
            _ = $1
        },
        Damage(plugin: "SymbolTableAtNegativeOffset", problem: "its dynamic symbol table (section ") {
            ELFLayout.write(&$0, $1.dynamicSymbols + 0x18, 8, UInt64(bitPattern: -4096))
        },
        Damage(plugin: "SymbolTableTooLong", problem: "its dynamic symbol table (section ") {
            ELFLayout.write(&$0, $1.dynamicSymbols + 0x20, 8, UInt64($1.fileSize) * 2)
        },
        Damage(plugin: "StringTableLinkOutOfRange", problem: "as its string table, but there are only ") {
            ELFLayout.write(&$0, $1.dynamicSymbols + 0x28, 4, 60_000)
        },
        Damage(plugin: "StringTableLinkToNull", problem: "names section 0 as its string table, which is of type 0") {
            ELFLayout.write(&$0, $1.dynamicSymbols + 0x28, 4, 0)
        },
        Damage(plugin: "SymbolNamesOutsideStrings", problem: "has its name at byte ") {
            // Every defined symbol's name index: past the string table.
            let symbols = Int(ELFLayout.read($0, $1.dynamicSymbols + 0x18, 8))
            let count = Int(ELFLayout.read($0, $1.dynamicSymbols + 0x20, 8)) / 24
            for n in 1..<count { ELFLayout.write(&$0, symbols + n * 24, 4, UInt64($1.stringTableSize) + 5) }
        },
        Damage(plugin: "TruncatedHalfway", problem: "past the end of the file (") {
            $0.removeLast($1.fileSize / 2)
        },
        Damage(
            plugin: "TruncatedInItsHeader",
            problem: "its ELF header: 64 bytes at byte 0, past the end of the file (40 bytes)"
        ) {
            $0.removeLast($1.fileSize - 40)
        },
    ]

    /// Writes each damaged copy as `lib<plugin>.so` in `directory`.
    static func writeDamagedCopies(in directory: String) throws {
        let original = try readFile(source)
        let layout = ELFLayout(original)
        for damage in damages {
            var bytes = original
            damage.damage(&bytes, layout)
            try atomicWrite(directory + "/lib\(damage.plugin).so", bytes, permissions: 0o755)
        }
    }

    @Test func pluginsListsEachDamagedLibraryAsBrokenWithWhatIsWrong() throws {
        let scratch = try TemporaryDirectory(prefix: "cellkit-damaged")
        let plugins = scratch.file("plugins")
        try createDirectories(plugins)
        try Self.writeDamagedCopies(in: plugins)
        // And one plugin that is not damaged.
        try copyFile(
            CellKitProcess.buildDirectory + "/libcellkit-fixture-reload-v1.so", to: plugins + "/libReloadable.so")
        let marker = scratch.file("marker")
        let result = try CellKitProcess.run(
            ["--plugin-path", plugins, "plugins"], environment: ["CELLKIT_TEST_MARKER": marker])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        for damage in Self.damages {
            let line = lines.first { $0.hasPrefix(damage.plugin + " ") }
            #expect(line?.contains("broken: " + Self.prefix) == true, "\(damage.plugin): \(line ?? "not listed")")
            #expect(line?.contains(damage.problem) == true, "\(damage.plugin): \(line ?? "not listed")")
            #expect(line?.contains("\(plugins)/lib\(damage.plugin).so") == true)
        }
        #expect(!result.standardOutput.contains("crashed while registering"))
        // The others are still listed, and no damaged library was opened.
        #expect(lines.contains { $0.hasPrefix("BasicCells ") && $0.contains(" available ") })
        #expect(lines.contains { $0.hasPrefix("Reloadable ") && $0.contains(" available ") })
        #expect(!fileExists(marker), "a damaged library was opened")
    }

    /// `cellkit install` from a build folder holding damaged libraries (a
    /// copy of a release cellkit and libCellKit.so — installs are release
    /// builds — with them beside it and in its `plugins` folder) installs the
    /// good plugin and says which it skipped.
    @Test(
        .enabled(if: NewPluginTests.swift != nil, "swift is not on PATH: the release build needs it"),
        .disabled(if: CellKitProcess.isSanitized, "it builds and runs release code: the ordinary pass runs it"))
    func installSkipsEachDamagedLibraryAndInstallsTheRest() throws {
        let release = try ReleaseInstallTests.releaseBuild()
        let scratch = try TemporaryDirectory(prefix: "cellkit-damaged")
        let build = scratch.file("build")
        try createDirectories(build + "/plugins")
        for file in ["cellkit", "libCellKit.so", "libBasicCells.so"] {
            try atomicWrite(build + "/" + file, try readFile(release + "/" + file), permissions: 0o755)
        }
        try Self.writeDamagedCopies(in: build)
        try Self.writeDamagedCopies(in: build + "/plugins")
        let prefix = scratch.file("prefix")
        let result = try CellKitProcess.spawn(
            [build + "/cellkit", "install", "--prefix", prefix], input: "", directory: scratch.path,
            environment: ["HOME": scratch.path, "PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": scratch.file("cache")])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.contains("\(prefix)/lib/cellkit/plugins: BasicCells\n"), "\(result.standardOutput)")
        for directory in [build, build + "/plugins"] {
            for damage in Self.damages {
                #expect(
                    result.standardError.contains(
                        "cellkit: warning: skipped \(directory)/lib\(damage.plugin).so: \(Self.prefix)"),
                    "\(damage.plugin): \(result.standardError)")
                #expect(!fileExists(prefix + "/lib/cellkit/plugins/lib\(damage.plugin).so"))
            }
        }
        #expect(result.standardError.contains("\n  it is damaged or truncated: build or copy it again, or remove it"))
        #expect(fileExists(prefix + "/lib/cellkit/plugins/libBasicCells.so"))
    }
}
