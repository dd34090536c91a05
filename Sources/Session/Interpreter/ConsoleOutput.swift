@_spi(Host) import CellKit

/// Where the console writes: results to standard output, diagnostics and
/// notes to standard error. Tests use memory outputs.
///
/// Every message printed here (`cellkit: error: …`, notes, listings) is made
/// safe for a terminal in this one place: control characters, C0 and C1
/// (ESC, BEL, U+009B CSI), become visible pictures (`TextLayout.sanitized`),
/// line breaks are kept. Text from input (a data value, a JSON key, a file
/// name, a screen name) can then never set the title, clear the screen or
/// write the clipboard. Rendered screens do not pass through here: the
/// writers make their text safe themselves.
final class ConsoleOutput {
    let standardOutput: any TextOutput
    let standardError: any TextOutput
    /// Whether standard output is a terminal (colour, `show`).
    let isTerminal: Bool
    /// `--quiet`: ``printNote(_:)`` writes nothing (errors and warnings still do).
    let quiet: Bool

    init(standardOutput: any TextOutput, standardError: any TextOutput, isTerminal: Bool, quiet: Bool = false) {
        self.quiet = quiet
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.isTerminal = isTerminal
    }

    /// Writes `text`, made safe, and a newline (or `terminator`) to standard output.
    func print(_ text: String, terminator: String = "\n") {
        write(Self.safe(text) + terminator, to: standardOutput)
    }

    /// Writes `text`, made safe, and a newline to standard error.
    func printError(_ text: String) {
        write(Self.safe(text) + "\n", to: standardError)
    }

    /// Writes a note that says what was done (`loaded …`, `wrote …`) to
    /// standard error, unless `--quiet`.
    func printNote(_ text: String) {
        if !quiet { printError(text) }
    }

    /// `text` with every control character but the line break replaced by its picture.
    static func safe(_ text: String) -> String {
        guard text.contains("\n") else { return TextLayout.sanitized(text) }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TextLayout.sanitized(String($0)) }.joined(separator: "\n")
    }

    private func write(_ text: String, to output: any TextOutput) {
        var bytes = Array(text.utf8)
        // Nothing useful can be done when the terminal itself is gone.
        try? bytes.withUnsafeMutableBytes { try output.write(UnsafeRawBufferPointer($0)) }
    }
}
