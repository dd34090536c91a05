import CellKitSupport
import Glibc
import Testing

/// Diagnostics quote data: a CSV value, a JSON key, a colour, a screen name,
/// a file name. None of it may reach the terminal as a raw escape: C0
/// controls become pictures (ESC → ␛, BEL → ␇), C1 controls (U+009B, the
/// one-byte CSI) become U+FFFD.
@Suite struct DiagnosticEscapeTests {
    static let titleAndClear = "\u{1B}]0;PWNED\u{07}\u{1B}[2J"
    static let clipboard = "\u{1B}]52;c;SGVsbG8=\u{07}"

    /// Runs `script` (with data files) and returns standard error, after
    /// checking it holds no raw control character but the line break.
    func errors(of script: String, files: [String: String] = [:]) throws -> String {
        let s = try Scratch()
        try s.write("script.cellkit", script)
        for (name, text) in files { try s.write(name, text) }
        let result = try s.cellkit(["run", "script.cellkit"])
        #expect(result.status != 0)
        let raw = result.standardError.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
        }
        #expect(raw.isEmpty, "raw controls on standard error: \(raw.map { String($0.value, radix: 16) })")
        return result.standardError
    }

    @Test func aCSVValue() throws {
        let text = try errors(
            of: "screen S\nrows ProgressCell from \"d.csv\" label=.label value=.value\n",
            files: ["d.csv": "label,value\nx,\(Self.titleAndClear)\n"])
        #expect(text.contains("error: ProgressCell.value: expected a Double, got '␛]0;PWNED␇␛[2J'"), "\(text)")
    }

    @Test func jsonKeysListedInANote() throws {
        let text = try errors(
            of: "screen S\nrows TextCell from \"d.json\" text=.name\n",
            files: ["d.json": #"[{"a\u001b]52;c;SGVsbG8=\u0007": 1, "b\u009b2J": 2}]"#])
        #expect(text.contains("the records' fields are a␛]52;c;SGVsbG8=␇, b\u{FFFD}2J"), "\(text)")
    }

    @Test func anUnknownColourWithAC1Control() throws {
        let text = try errors(of: "screen S\nrow ProgressCell label=x value=0.5 color=\"\u{1B}]0;T\u{07}\u{9B}\"\n")
        #expect(text.contains("unknown colour '␛]0;T␇\u{FFFD}'"), "\(text)")
    }

    @Test func aScreenName() throws {
        let text = try errors(of: "screen S\nrender \"\(Self.titleAndClear)\"\n")
        #expect(text.contains("no screen named '␛]0;PWNED␇␛[2J'"), "\(text)")
    }

    @Test func aFilePath() throws {
        let text = try errors(of: "open \"\(Self.clipboard)nope.cellkit\"\n")
        #expect(text.contains("cannot open '␛]52;c;SGVsbG8=␇nope.cellkit'"), "\(text)")
    }

    @Test func aScriptFileName() throws {
        let s = try Scratch()
        let result = try s.cellkit(["run", "\(Self.titleAndClear).cellkit"])
        #expect(result.status == 4)
        #expect(result.standardError.contains("'␛]0;PWNED␇␛[2J.cellkit'"), "\(result.standardError)")
        #expect(!result.standardError.unicodeScalars.contains { $0.value == 0x1B })
    }

    /// A control character in a script's unquoted text (an option's name) is refused by the lexer, and the
    /// source line it echoes shows a picture.
    @Test func aControlInAnOptionName() throws {
        let text = try errors(of: "screen S\nrender width=10 \u{9B}2J=1\n")
        #expect(text.contains("error: unexpected control character U+009B in unquoted text"), "\(text)")
        #expect(text.contains("  render width=10 \u{FFFD}2J=1\n"), "\(text)")
    }

    /// An unknown option on the command line is quoted in the usage error, made safe.
    @Test func anUnknownCommandLineOption() throws {
        let result = try CellKitProcess.run(["--" + Self.titleAndClear])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("cellkit: error: unknown option '--␛]0;PWNED␇␛[2J'"))
        #expect(!result.standardError.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }
}
