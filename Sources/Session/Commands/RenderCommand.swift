import DataBinding
import WorkerProtocol

/// `cellkit render STORYBOARD[#SCENE]`: one scene, to standard output or a file.
struct RenderCommand: CommandLineCommand, Equatable {
    /// `STORYBOARD[#SCENE]`.
    var target: String
    /// `--width N`.
    var width: Int?
    /// `--data FILE`.
    var data: String?
    /// `--output FILE`.
    var output: String?

    static let declaration = Subcommand(
        RenderCommand.self, words: ["render"], arguments: "STORYBOARD[#SCENE]",
        summary: "render a storyboard's initial scene (or SCENE) to standard output or a file",
        discussion: """
            Loads the storyboard (a script that declares screens) and renders its initial scene, or the \
            scene after '#'. The format comes from --format, else from the extension of -o, else plain \
            text. Output files are written whole or not at all.
            """,
        example: ("cellkit render board.cellkit#Status --format svg -o status.svg", "draw one scene as SVG"),
        argumentCompletion: .files(["cellkit"]), takes: [.loadsPlugins, .session, .runsScripts, .formats, .shards],
        options: [
            .own(
                ["--width", "-w"], value: .init(placeholder: "N", completion: .none),
                summary: "render N columns wide (1 to 10000)", of: RenderCommand.self
            ) { render, value throws(UsageError) in
                guard let columns = Int(value), columns > 0, columns <= 10000 else {
                    throw UsageError(message: "--width expects a number of columns from 1 to 10000, not '\(value)'")
                }
                render.width = columns
            },
            .own(
                ["--data"],
                value: .init(placeholder: "FILE", completion: .files(RecordFormats.all.flatMap(\.fileEndings))),
                summary: "the data file the storyboard's `rows … from` bindings read", of: RenderCommand.self
            ) { render, value throws(UsageError) in render.data = value },
            .own(
                ["--output", "-o"], value: .init(placeholder: "FILE", completion: .files([])),
                summary: "write to FILE (whole or not at all), the format from its extension", of: RenderCommand.self
            ) { render, value throws(UsageError) in render.output = value },
        ])

    static func parse(_ arguments: [String]) throws(UsageError) -> RenderCommand {
        guard arguments.count == 1 else { throw UsageError(message: "render needs exactly one STORYBOARD[#SCENE]") }
        return RenderCommand(target: arguments[0])
    }

    /// `--no-window-chrome` is for SVG: refused for a render in another format.
    func check(_ invocation: Invocation) throws(UsageError) {
        if !invocation.windowChrome,
            let format = invocation.format ?? output.flatMap(OutputFormat.init(fileExtensionOf:)),
            format != .svg
        {
            throw UsageError(message: "--no-window-chrome is for SVG output, not \(format.rawValue)")
        }
    }

    func run(_ context: Context) -> Int32 {
        context.renderStoryboard(target, format: context.invocation.format, width: width, data: data, output: output)
    }
}
