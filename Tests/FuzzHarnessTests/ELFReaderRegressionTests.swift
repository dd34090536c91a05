import Foundation
import Testing

@testable import PluginDiscovery
@testable import PluginRuntime

/// The ELF reader on its fuzz seed (a real 1,960-byte library exporting both
/// entry points) and on the damaged copies of it in Fuzz/Regressions/elf
/// (issue 21, item 7): before every offset was checked, the first two read at
/// a negative offset and trapped on an overflow; the other two were taken
/// for "not a plugin" without a word. Each is refused with what is wrong.
@Suite struct ELFReaderRegressionTests {
    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: FuzzRegressionTests.fuzzDirectory.appendingPathComponent(path)))
    }

    /// The harness reaches the symbol table: the seed is read to the end.
    @Test func theSeedDefinesBothEntryPoints() throws {
        let seed = try Self.bytes("Corpus/elf/entry-points.so")
        #expect(try ELFSymbols.defines("cellkit_plugin_abi", inImage: seed))
        #expect(try ELFSymbols.defines("cellkit_plugin_register", inImage: seed))
        #expect(try !ELFSymbols.defines("cellkit_plugin", inImage: seed), "a prefix is not the name")
        #expect(try !ELFSymbols.defines("_end_of_nothing", inImage: seed))
    }

    @Test(arguments: [
        (
            "dynsym-offset-negative.so",
            "its dynamic symbol table (section 1): 144 bytes at byte 18446744073709551600, past the end of the file (1960 bytes)"
        ),
        (
            "shoff-near-int64-max.so",
            "its section header table (12 headers): 768 bytes at byte 9223372036854775800, past the end of the file (1960 bytes)"
        ),
        (
            "dynsym-size-huge.so",
            "its dynamic symbol table (section 1): 9223372036854775808 bytes at byte 400, past the end of the file (1960 bytes)"
        ),
        (
            "dynsym-link-out-of-range.so",
            "its dynamic symbol table (section 1) names section 4294967295 as its string table, but there are only 12 sections"
        ),
    ])
    func aDamagedLibraryIsRefusedWithWhatIsWrong(file: String, problem: String) throws {
        let bytes = try Self.bytes("Regressions/elf/" + file)
        #expect(throws: ELFError(problem)) { try ELFSymbols.defines("cellkit_plugin_abi", inImage: bytes) }
    }
}
