@_spi(Host) import CellKit
import PluginDiscovery
import PluginRuntime
import Testing

@testable import Session
@testable import WorkerProtocol

/// Hints quote commands that work: they are made from the command table, and each one,
/// with real names in place of the placeholders, is a command the language accepts.
@Suite struct CommandHintTests {
    /// Parses and validates `text` as one command; the diagnostics, if any.
    func problems(_ text: String) -> [String] {
        Array(Script.lines(of: text, file: "hint")).flatMap { line -> [String] in
            switch line.result {
            case .failure(let errors):
                return errors.diagnostics.map(\.message)
            case .success(let command):
                do throws(DiagnosticList) {
                    _ = try CommandSpec.validate(command)
                    return []
                } catch {
                    return error.diagnostics.map(\.message)
                }
            }
        }
    }

    @Test func linesAreTheCommandThenItsArgumentsThenItsOptions() {
        #expect(CommandHint.line(.load, "NAME", options: ["allow-unsafe": "true"]) == "load NAME allow-unsafe=true")
        #expect(CommandHint.quoted(.load, "Crashy", options: ["force": "true"]) == "`load Crashy force=true`")
        #expect(CommandHint.quoted(.set, options: ["timeout": "SECONDS"]) == "`set timeout=SECONDS`")
        #expect(CommandHint.quoted(.open) == "`open`")
        #expect(CommandHint.option(.load, "allow-unsafe", "true") == "allow-unsafe=true")
        #expect(CommandHint.usage(.screen) == "screen NAME [list|grid]")
    }

    @Test func hintsWithRealNamesAreValidCommands() {
        for hint in [
            CommandHint.line(.load, "CardCells", options: ["allow-unsafe": "true"]),
            CommandHint.line(.load, "CardCells", options: ["force": "true"]),
            CommandHint.line(.set, options: ["timeout": "30"]),
            CommandHint.line(.screen, "Main", "grid", options: ["columns": "3"]),
            CommandHint.line(.rows, "ProfileCell", "from", "people.csv", "name=.name"),
        ] {
            #expect(problems(hint) == [], "\(hint)")
        }
    }

    /// The whole text a refused waiver, and every trust refusal, end with.
    @Test func theGrantNamesTheRealOptions() {
        #expect(
            CommandHint.grantUnsafeLoad("CardCells")
                == "run cellkit with --allow-unsafe-plugins, or type `load CardCells allow-unsafe=true` at the "
                + "interactive prompt")
        #expect(CommandLineOption.named("--allow-unsafe-plugins") != nil)
        #expect(problems(CommandHint.line(.load, "CardCells", options: ["allow-unsafe": "true"])) == [])
    }

    /// The host cannot see the command table; its copy of the text must be this one.
    @Test func theTrustPolicyEndsEveryRefusalWithTheGeneratedHint() {
        #expect(
            TrustPolicy.override
                == "or, if you trust it, run cellkit with --allow-unsafe-plugins, or type "
                + "`load NAME allow-unsafe=true` at the interactive prompt")
        #expect(TrustPolicy.override == CommandHint.trustOverride)
    }
}
