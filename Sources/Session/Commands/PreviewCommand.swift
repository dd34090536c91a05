import WorkerProtocol

/// `cellkit preview CELL [NAME=VALUE…]`: one cell at several widths.
struct PreviewCommand: CommandLineCommand, Equatable {
    /// The cell's name.
    var cell: String
    /// Its attributes, as `NAME=VALUE`.
    var attributes: [String]
    /// `--widths N,N,...`; empty for the default.
    var widths: [Int] = []

    static let declaration = Subcommand(
        PreviewCommand.self, words: ["preview"], arguments: "CELL [NAME=VALUE...]",
        summary: "draw one cell at several widths (again on every rebuild with --watch)",
        discussion: """
            Draws the cell with the attributes given, at each width of --widths (20, 40 and 80 by \
            default). With --watch it draws again whenever the plugin is rebuilt.
            """,
        example: ("cellkit preview ProgressCell label=Disk value=0.7 --widths 30,60", "draw a bar twice"),
        argumentCompletion: .names(.cells), takes: [.loadsPlugins, .session, .formats, .watches],
        options: [
            .own(
                ["--widths"], value: .init(placeholder: "N,N,...", completion: .none),
                summary: "the widths to draw at, separated by commas (20,40,80)", of: PreviewCommand.self
            ) { preview, value throws(UsageError) in
                var columns: [Int] = []
                for part in value.split(separator: ",") {
                    guard let n = Int(part), n > 0, n <= 10000 else {
                        throw UsageError(
                            message: "--widths expects columns from 1 to 10000, separated by commas, not '\(value)'")
                    }
                    columns.append(n)
                }
                preview.widths = columns
            }
        ])

    static func parse(_ arguments: [String]) throws(UsageError) -> PreviewCommand {
        guard let cell = arguments.first else {
            throw UsageError(message: "preview needs a CELL, then NAME=VALUE attributes")
        }
        return PreviewCommand(cell: cell, attributes: Array(arguments.dropFirst()))
    }

    /// A preview draws to the terminal: plain or ansi.
    func check(_ invocation: Invocation) throws(UsageError) {
        if let format = invocation.format, format != .plain && format != .ansi {
            throw UsageError(message: "preview draws plain or ansi, not '\(format.rawValue)'")
        }
    }

    func run(_ context: Context) -> Int32 {
        context.preview(
            cell: cell, attributes: attributes, widths: widths, format: context.invocation.format,
            watch: context.invocation.watch)
    }
}
