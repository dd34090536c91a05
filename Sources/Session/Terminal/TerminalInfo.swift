import CellKitSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Facts about the terminal the process runs in, for deciding whether to use
/// escape sequences and colour: which standard streams are terminals (`isatty`),
/// and the `TERM`, `COLORTERM`, `NO_COLOR`, `COLUMNS` and `LINES` variables.
struct TerminalInfo: Equatable, Sendable {
    var stdinIsTerminal: Bool
    var stdoutIsTerminal: Bool
    var stderrIsTerminal: Bool
    /// `TERM`, or `nil` when unset or empty.
    var term: String?
    /// `COLORTERM`, or `nil` when unset or empty.
    var colorTerm: String?
    /// `NO_COLOR` is set to a non-empty value (https://no-color.org).
    var noColor: Bool
    /// `COLUMNS` and `LINES` as positive integers, when set.
    var columns: Int?
    var rows: Int?

    /// Reads the environment and asks `isatty` about descriptors 0, 1 and 2.
    init(environment: [String: String] = Environment.current().variables) {
        self.init(
            environment: environment,
            stdinIsTerminal: isatty(STDIN_FILENO) == 1,
            stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
            stderrIsTerminal: isatty(STDERR_FILENO) == 1)
    }

    /// For tests: everything given.
    init(
        environment: [String: String],
        stdinIsTerminal: Bool, stdoutIsTerminal: Bool, stderrIsTerminal: Bool
    ) {
        func nonEmpty(_ name: String) -> String? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            return value
        }
        func positive(_ name: String) -> Int? {
            guard let value = nonEmpty(name).flatMap({ Int($0) }), value > 0 else { return nil }
            return value
        }
        self.stdinIsTerminal = stdinIsTerminal
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.term = nonEmpty("TERM")
        self.colorTerm = nonEmpty("COLORTERM")
        self.noColor = nonEmpty("NO_COLOR") != nil
        self.columns = positive("COLUMNS")
        self.rows = positive("LINES")
    }

    /// The current process's terminal facts.
    static var current: TerminalInfo { TerminalInfo() }

    /// `TERM=dumb`: no cursor movement or erasing; plain lines only.
    var isDumb: Bool { term == "dumb" }

    /// Both ends of an interactive session are terminals.
    var isInteractive: Bool { stdinIsTerminal && stdoutIsTerminal }

    /// `COLORTERM` announces 24-bit colour (`truecolor` or `24bit`).
    var announcesTruecolor: Bool {
        guard let colorTerm = colorTerm?.lowercased() else { return false }
        return colorTerm == "truecolor" || colorTerm == "24bit"
    }

    /// `TERM` names a 256-colour terminal (`xterm-256color`, `screen-256color`…),
    /// or `COLORTERM` announces 24-bit colour.
    var announces256Colors: Bool {
        announcesTruecolor || (term?.contains("256color") ?? false)
    }
}
