@_spi(Host) import CellKit
import CellKitSupport
import WorkerProtocol

/// Draws screens for `render`, `show` and `save`, and again after `reload` or
/// a watched file's change: the session's settings (width, colour), the
/// terminal, the progress line, files written whole or not at all. It draws
/// through the plugins' backend and never changes the session.
final class SessionRenderer {
    /// Session options set with `set`.
    struct Settings: Equatable {
        var width: Int?
        /// When to write ANSI colour to standard output.
        var color: ColorChoice = .auto
    }

    /// Where screens are drawn, and what a failure means.
    let plugins: LoadedPlugins
    /// Where results and diagnostics go (the interpreter's output).
    var output: ConsoleOutput
    var settings = Settings()
    let environment: [String: String]
    /// The terminal's width, if standard output is one.
    var terminalWidth: () -> Int? = { nil }
    /// Shows a screen interactively (the REPL's scroll view); `nil` renders to standard output.
    var showScreen: ((Screen) throws(ConsoleError) -> Void)?
    /// Whether a long render shows its progress on standard error when that is a
    /// terminal (``RenderProgress``): set by `cellkit`, off in tests in this process.
    var showsProgress = false
    /// While true, `render`, `show` and `save` do nothing (storyboards being read for `cellkit render`, recovery).
    var declarationsOnly = false

    init(plugins: LoadedPlugins, output: ConsoleOutput, environment: [String: String]) {
        self.plugins = plugins
        self.output = output
        self.environment = environment
    }

    /// `render [SCREEN] [FILE]`: draws `screen` to standard output or a file.
    func render(_ c: ValidatedCommand, _ screen: Screen) throws(ConsoleError) {
        if declarationsOnly { return }
        let file = c.arguments["file"]
        let format: OutputFormat
        if let name = c.option("format") {
            format = OutputFormat(rawValue: name) ?? .plain
        } else if let file {
            guard let implied = OutputFormat(fileExtensionOf: file.text) else {
                throw ConsoleError(
                    .script,
                    c.command.diagnostic(
                        "cannot tell the format of '\(file.text)' from its extension", at: file.span,
                        notes: [
                            "add format=\(OutputFormat.choices), or \(OutputFormat.namingHint)"
                        ]))
            }
            format = implied
        } else {
            format = ColorPolicy.defaultFormat(
                isTerminal: output.isTerminal, choice: settings.color, environment: environment)
        }
        let width = c.integer("width") ?? screen.width ?? settings.width ?? terminalWidth() ?? 80
        let span = file?.span ?? c.command.nameSpan
        if let quarantine = plugins.quarantineError(for: screen) {
            throw LoadedPlugins.pluginError(quarantine, c, at: span)
        }
        let colors = ColorPolicy.depth(environment: environment)
        do throws(BackendError) {
            if let file {
                let notice = try write(screen, to: file.text, format: format, width: width, colors: colors)
                output.printNote("wrote \(file.text) (\(format.rawValue), \(width) columns)")
                if let notice { output.printError("note: \(notice)") }
            } else {
                let summary = try plugins.backend.render(
                    screen, format: format, width: width, colors: colors, to: output.standardOutput,
                    progress: progress(for: screen, toFile: false))
                try Self.check(summary)
            }
        } catch {
            throw plugins.backendError(error, c, at: span)
        }
    }

    /// `screen` drawn as `render` draws it to the terminal, as text
    /// (a watched screen drawn again above the prompt); an error that stops
    /// the drawing comes back as one line in its place.
    func renderedText(of screen: Screen) -> String {
        let format = ColorPolicy.defaultFormat(
            isTerminal: output.isTerminal, choice: settings.color, environment: environment)
        let width = screen.width ?? settings.width ?? terminalWidth() ?? 80
        let memory = MemoryOutput()
        do throws(BackendError) {
            if let quarantine = plugins.quarantineError(for: screen) { throw .plugin(quarantine) }
            try Self.check(
                try plugins.backend.render(
                    screen, format: format, width: width, colors: ColorPolicy.depth(environment: environment),
                    to: memory))
        } catch {
            return memory.string + "cellkit: error: \(screen.name) could not be drawn again: \(error)\n"
        }
        return memory.string
    }

    /// The progress line for a render of `screen`, when one is shown (``RenderProgress``).
    func progress(for screen: Screen, toFile: Bool) -> RenderProgress? {
        guard showsProgress, RenderProgress.shouldShow(toFile: toFile) else { return nil }
        return RenderProgress(total: screen.rowCount)
    }

    /// Renders `screen` into a temporary file renamed over `path` only when
    /// everything succeeded: a failed render (a worker that died included)
    /// never leaves a truncated file, and never touches a file that was there.
    /// A device or a FIFO is written straight to (see ``AtomicFileWriter``).
    /// Returns the writer's notice that the replaced file's owner could not
    /// be kept, if there is one.
    @discardableResult
    func write(_ screen: Screen, to path: String, format: OutputFormat, width: Int, colors: ColorMode)
        throws(BackendError) -> String?
    {
        let writer: AtomicFileWriter
        do {
            writer = try AtomicFileWriter(path: path)
        } catch {
            throw .output(error.description)
        }
        do {
            try Self.check(
                try plugins.backend.render(
                    screen, format: format, width: width, colors: colors, to: AtomicFileOutput(writer),
                    progress: progress(for: screen, toFile: true)))
        } catch {
            writer.abort()
            throw error
        }
        do {
            try writer.commit()
        } catch {
            throw .output(error.description)
        }
        return writer.ownerNotice
    }

    /// A render whose cells could not all be drawn is an error (the rows show it).
    static func check(_ summary: RenderSummary) throws(BackendError) {
        if let data = summary.dataErrors.first { throw .output(data) }
        if let cells = RenderFailure.cellsNotDrawn(summary.cellErrors) { throw .render(cells) }
    }

    /// Draws `screen` as `render` does, to standard output: after `reload`.
    func drawAgain(_ screen: Screen, _ c: ValidatedCommand) throws(ConsoleError) {
        let format = ColorPolicy.defaultFormat(
            isTerminal: output.isTerminal, choice: settings.color, environment: environment)
        let width = screen.width ?? settings.width ?? terminalWidth() ?? 80
        do throws(BackendError) {
            if let quarantine = plugins.quarantineError(for: screen) { throw .plugin(quarantine) }
            try Self.check(
                try plugins.backend.render(
                    screen, format: format, width: width, colors: ColorPolicy.depth(environment: environment),
                    to: output.standardOutput))
        } catch {
            throw plugins.backendError(error, c, at: c.command.nameSpan)
        }
    }

    /// `show [SCREEN]`: the REPL's scroll view, else what `render` draws.
    func show(_ c: ValidatedCommand, _ screen: Screen) throws(ConsoleError) {
        if declarationsOnly { return }
        if let showScreen {
            try showScreen(screen)
        } else {
            try render(c, screen)
        }
    }

    /// `save FILE`: the session as a storyboard, written whole or not at all.
    func save(_ c: ValidatedCommand, _ session: Session) throws(ConsoleError) {
        // A storyboard being read for its screens (`cellkit render`, recovery) writes nothing.
        if declarationsOnly { return }
        guard let argument = c.arguments["file"] else { return }
        guard !session.screens.isEmpty else {
            throw ConsoleError(
                .script,
                c.command.diagnostic(
                    "there are no screens to save", at: c.command.nameSpan,
                    notes: ["create one with \(CommandHint.quoted(.screen, "NAME")) first"]))
        }
        let notice: String?
        do {
            notice = try atomicWrite(argument.text, StoryboardWriter.script(session))
        } catch {
            throw ConsoleError(.io, c.command.diagnostic(error.description, at: argument.span))
        }
        output.printError("saved \(counted(session.screens.count, "screen")) to \(argument.text)")
        if let notice { output.printError("note: \(notice)") }
    }
}
