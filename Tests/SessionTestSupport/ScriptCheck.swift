#if DEBUG
    @_spi(Host) import CellKit

    @testable import Session
    @testable import WorkerProtocol

    extension Script {
        /// Parses and validates a source: every error, in order, as a run of
        /// the script reports them (for the tests and the fuzz harness).
        ///
        /// ```swift
        /// Script.check("screen Dashboard widht=72", file: "<stdin>")  // one diagnostic: unknown option
        /// ```
        static func check(_ text: String, file: String) -> [Diagnostic] {
            lines(of: text, file: file).flatMap { line -> [Diagnostic] in
                switch line.result {
                case .failure(let errors):
                    return errors.diagnostics
                case .success(let command):
                    do throws(DiagnosticList) {
                        _ = try CommandSpec.validate(command)
                        return []
                    } catch {
                        return error.diagnostics
                    }
                }
            }
        }
    }
#endif
