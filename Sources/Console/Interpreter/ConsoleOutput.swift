@_spi(Host) import CellKit

/// Where the console writes: results to standard output, diagnostics and
/// notes to standard error. Tests use memory outputs.
final class ConsoleOutput {
    let standardOutput: TextOutput
    let standardError: TextOutput
    /// Whether standard output is a terminal (colour, `show`).
    let isTerminal: Bool

    init(standardOutput: TextOutput, standardError: TextOutput, isTerminal: Bool) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.isTerminal = isTerminal
    }

    /// Writes `text` and a newline to standard output.
    func print(_ text: String) {
        write(text + "\n", to: standardOutput)
    }

    /// Writes `text` and a newline to standard error.
    func printError(_ text: String) {
        write(text + "\n", to: standardError)
    }

    private func write(_ text: String, to output: TextOutput) {
        var bytes = Array(text.utf8)
        // Nothing useful can be done when the terminal itself is gone.
        try? bytes.withUnsafeMutableBytes { try output.write(UnsafeRawBufferPointer($0)) }
    }
}
