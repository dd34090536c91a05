import Foundation
import TestSupport
import Testing

@_spi(Host) @testable import CellKit

/// A nib file with bytes that are not UTF-8 is refused, with the line and
/// column of the first bad byte, as scripts and data files are: never
/// silently drawn with U+FFFD.
@Suite struct NibEncodingTests {
    @Test func invalidUTF8IsRefusedWithItsPosition() throws {
        let temporary = try TemporaryDirectory(prefix: "nib-encoding")
        let directory = temporary.path
        let path = directory + "/Bad.nib"
        let bytes: [UInt8] = Array("╭─ {title} ─╮\n│ {na".utf8) + [0xFF] + Array("me} │\n".utf8)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let nib = Nib(nibName: "Bad", bundle: PluginBundle(name: "EncodingTest", resourceDirectory: directory))
        let error = try #require(throws: CellKitError.self) { try nib.template() }
        #expect(error.code == .invalidNib)
        #expect(error.message == "\(path):2:6: invalid UTF-8 (byte 0xFF)")
        #expect(
            error.diagnostics.first?.rendered() == """
                \(path):2:6: error: invalid UTF-8 (byte 0xFF)
                  │ {na\u{FFFD}me} │
                       ^
                  save the nib as UTF-8 text
                """)
    }

    @Test(
        arguments: [
            ([0x41, 0xC0, 0x80], 1),  // overlong NUL
            ([0xED, 0xA0, 0x80], 0),  // a surrogate
            ([0x41, 0x42, 0xE2, 0x82], 2),  // cut short
            ([0xF4, 0x90, 0x80, 0x80], 0),  // above U+10FFFF
            ([0x41, 0xE2, 0x82, 0xAC], nil),  // €
        ] as [([UInt8], Int?)])
    func theFirstInvalidByteIsFound(_ bytes: [UInt8], _ offset: Int?) {
        #expect(Nib.firstInvalidUTF8(bytes) == offset)
        #expect((String(validating: bytes, as: UTF8.self) == nil) == (offset != nil))
    }
}
