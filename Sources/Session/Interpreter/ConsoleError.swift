@_spi(Host) import CellKit

/// A command that failed: diagnostics pointing into the script (or a data
/// file), and which kind of failure it is, for the exit code.
struct ConsoleError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure, each with its own exit code (docs/batch.md).
    enum Kind: Int, Sendable {
        /// A command, name, attribute or value in a script or data file is wrong.
        case script = 1
        /// The command line is wrong.
        case usage = 2
        /// A plugin could not be loaded, or a cell could not be made.
        case plugin = 3
        /// A file could not be read or written.
        case io = 4
    }

    var kind: Kind
    var diagnostics: [Diagnostic]
    /// The errors of a file that `open` ran (reported as they happened), when
    /// this error is that `open` failing.
    var nested: [ConsoleError] = []

    init(_ kind: Kind, _ diagnostics: [Diagnostic]) {
        self.kind = kind
        self.diagnostics = diagnostics
    }

    /// How many errors this is, counting those of opened files one by one.
    var count: Int {
        nested.isEmpty ? 1 : nested.reduce(0) { $0 + $1.count }
    }

    init(_ kind: Kind, _ diagnostic: Diagnostic) {
        self.init(kind, [diagnostic])
    }

    var description: String { diagnostics.map { $0.rendered() }.joined(separator: "\n") }
}

/// Exit codes of `cellkit`, documented in docs/batch.md.
enum ExitCode: Int32 {
    case success = 0
    case script = 1
    case usage = 2
    case plugin = 3
    case io = 4

    init(_ kind: ConsoleError.Kind) {
        switch kind {
        case .script: self = .script
        case .usage: self = .usage
        case .plugin: self = .plugin
        case .io: self = .io
        }
    }
}
