@_spi(Host) import CellKit
import WorkerProtocol

/// A whole script, parsed: one entry per command line, in order, each a
/// ``Command`` or the errors of that line.
///
/// Parsing goes on after a bad line, so a batch run with `--keep-going`, or an
/// editor, can report every error of a file at once; a run that stops at the
/// first error reads ``diagnostics``.
///
/// ```swift
/// let script = Script.parse(text, file: "dashboard.cellkit")
/// for entry in script.lines {
///     switch entry.result {
///     case .success(let command): run(command)
///     case .failure(let errors): report(errors)
///     }
/// }
/// ```
struct ParsedScript: Hashable, Sendable {
    /// One command line: blank and comment-only lines have no entry.
    struct Line: Hashable, Sendable {
        /// The line the command starts on.
        var line: Int
        /// The command, or what is wrong with the line.
        var result: Result<Command, DiagnosticList>
    }

    /// The command lines, in order.
    var lines: [Line]
    /// Whether the input ended in the middle of a command (its last line ends
    /// with `\`): the REPL reads another line instead of reporting an error.
    var continuesPastEnd: Bool

    /// The commands of the lines without errors.
    var commands: [Command] {
        lines.compactMap { try? $0.result.get() }
    }

    /// Every error, in source order.
    var diagnostics: [Diagnostic] {
        lines.flatMap { line -> [Diagnostic] in
            if case .failure(let list) = line.result { return list.diagnostics }
            return []
        }
    }
}
