import CellKit
import CellKitSupport
import PluginHost

// MARK: - render, show

extension Interpreter {
    func render(_ c: ValidatedCommand) throws(ConsoleError) {
        if declarationsOnly { return }
        let screen = session.screens[try targetScreen(c)]
        let file = c.arguments["file"]
        var format: OutputFormat
        if let name = c.option("format") {
            format = OutputFormat(rawValue: name) ?? .plain
        } else if let file {
            guard let implied = OutputFormat(fileExtensionOf: file.text) else {
                throw ConsoleError(
                    .script,
                    c.command.diagnostic(
                        "cannot tell the format of '\(file.text)' from its extension", at: file.span,
                        notes: ["add format=plain|ansi|html|svg|json, or use .txt, .ansi, .html, .svg or .json"]))
            }
            format = implied
        } else {
            format = ColorPolicy.defaultFormat(isTerminal: output.isTerminal, choice: settings.color, environment: environment)
        }
        let width = c.integer("width") ?? screen.width ?? settings.width ?? terminalWidth() ?? 80
        if let file {
            try renderToFile(screen, format: format, width: width, path: file.text, c, at: file.span)
        } else {
            let colors = output.isTerminal && settings.color != .always
                ? ColorMode.detect(environment: environment, isTerminal: true) : ColorPolicy.depth(environment: environment)
            do {
                try ScreenRenderer(screen: screen, host: host).render(
                    format: format, width: width, colors: colors == .none ? .ansi16 : colors, to: output.standardOutput)
            } catch {
                throw error.consoleError(c, at: c.command.nameSpan)
            }
        }
    }

    /// Renders into a temporary file renamed over `path` only when everything
    /// succeeded: a failed render never leaves a truncated file.
    private func renderToFile(
        _ screen: Screen, format: OutputFormat, width: Int, path: String, _ c: ValidatedCommand, at span: SourceSpan
    ) throws(ConsoleError) {
        let writer: AtomicFileWriter
        do {
            writer = try AtomicFileWriter(path: path)
        } catch {
            throw ConsoleError(.io, c.command.diagnostic(error.description, at: span))
        }
        do {
            try ScreenRenderer(screen: screen, host: host).render(
                format: format, width: width, colors: ColorPolicy.depth(environment: environment),
                to: AtomicFileOutput(writer))
            try writer.commit()
        } catch let error as RenderError {
            writer.abort()
            throw error.consoleError(c, at: span)
        } catch let error as FileError {
            writer.abort()
            throw ConsoleError(.io, c.command.diagnostic(error.description, at: span))
        } catch {
            writer.abort()
            throw ConsoleError(.io, c.command.diagnostic("could not write \(path): \(error)", at: span))
        }
        output.printError("wrote \(path) (\(format.rawValue), \(width) columns)")
    }

    func show(_ c: ValidatedCommand) throws(ConsoleError) {
        if declarationsOnly { return }
        let screen = session.screens[try targetScreen(c)]
        if let showScreen {
            try showScreen(screen)
        } else {
            try render(c)
        }
    }
}

/// A ``TextOutput`` into an atomic file writer.
final class AtomicFileOutput: TextOutput {
    let writer: AtomicFileWriter
    init(_ writer: AtomicFileWriter) { self.writer = writer }
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        try writer.write(bytes)
    }
}
