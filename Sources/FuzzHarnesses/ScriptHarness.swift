#if DEBUG
    @_spi(Host) import CellKit

    @testable import Session
    @testable import SessionTestSupport
    @testable import WorkerProtocol

    /// The script lexer, parser and validator: every diagnostic renders with a
    /// position inside the source, and every command that parses formats back to
    /// a line that parses to one command.
    enum ScriptHarness {
        static func run(_ data: [UInt8]) {
            let text = String(decoding: data, as: UTF8.self)
            for diagnostic in Script.check(text, file: "fuzz.cellkit") {
                precondition(diagnostic.location.line >= 1 && diagnostic.location.column >= 1)
                _ = diagnostic.rendered()
            }
            _ = Script.needsContinuation(text)
            for command in Script.parse(text, file: "fuzz.cellkit").commands {
                let line = Script.format(command)
                let again = Script.parse(line, file: "formatted")
                precondition(
                    again.diagnostics.isEmpty && again.commands.count == 1,
                    "the formatted command does not read back: \(line)")
            }
        }
    }
#endif
