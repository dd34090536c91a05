@_spi(Host) import CellKit
import WorkerProtocol

/// Chooses colours for ANSI output: only on a terminal unless forced, never
/// with `NO_COLOR` unless forced, and as many colours as the terminal says it has.
enum ColorPolicy {
    /// The format to use on standard output when none is asked for.
    static func defaultFormat(isTerminal: Bool, choice: ColorChoice, environment: [String: String])
        -> OutputFormat
    {
        switch choice {
        case .always: .ansi
        case .never: .plain
        case .auto: ColorMode.detect(environment: environment, isTerminal: isTerminal) == .none ? .plain : .ansi
        }
    }

    /// The colour depth for ANSI output that was asked for (so written even
    /// off a terminal): what the environment announces, at least 16 colours.
    static func depth(environment: [String: String]) -> ColorMode {
        var announced = environment
        announced["NO_COLOR"] = nil
        let mode = ColorMode.detect(environment: announced, isTerminal: true)
        return mode == .none ? .ansi16 : mode
    }
}
