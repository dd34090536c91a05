@_spi(Host) import CellKit
import Testing

@testable import Session
@testable import WorkerProtocol

/// Test helpers for the script language.
enum ScriptTest {
    /// The token kinds of the first logical line of `text`.
    static func kinds(_ text: String) -> [Lexer.Token.Kind] {
        Lexer(file: "t", text: text).logicalLines().first?.tokens.map(\.kind) ?? []
    }

    /// The commands of `text`, recording an issue for any error.
    static func commands(
        _ text: String, file: String = "t",
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> [Command] {
        let parsed = Script.parse(text, file: file)
        #expect(parsed.diagnostics == [], sourceLocation: sourceLocation)
        return parsed.commands
    }

    /// The one command of `text`.
    static func command(
        _ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Command? {
        let commands = commands(text, sourceLocation: sourceLocation)
        #expect(commands.count == 1, sourceLocation: sourceLocation)
        return commands.first
    }

    /// The parse errors of `text` (no validation).
    static func parseErrors(_ text: String, file: String = "t") -> [Diagnostic] {
        Script.parse(text, file: file).diagnostics
    }

    /// The validation errors of the one command of `text`.
    static func validationErrors(
        _ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> [Diagnostic] {
        guard let command = command(text, sourceLocation: sourceLocation) else { return [] }
        do {
            _ = try CommandSpec.validate(command)
            return []
        } catch {
            return error.diagnostics
        }
    }

    /// `line:column+length message`: a diagnostic's position and message in
    /// one comparable string.
    static func brief(_ diagnostic: Diagnostic) -> String {
        "\(diagnostic.location.line):\(diagnostic.location.column)+\(diagnostic.length) \(diagnostic.message)"
    }
}
