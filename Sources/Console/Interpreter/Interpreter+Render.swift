@_spi(Host) import CellKit
import CellKitSupport
import PluginHost

// MARK: - render, show

extension Interpreter {
    func render(_ c: ValidatedCommand) throws(ConsoleError) {
        if declarationsOnly { return }
        let screen = session.screens[try targetScreen(c)]
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
                            "add format=plain|ansi|html|svg|json, or name the file .txt, .ans, .html, .svg or .json"
                        ]))
            }
            format = implied
        } else {
            format = ColorPolicy.defaultFormat(
                isTerminal: output.isTerminal, choice: settings.color, environment: environment)
        }
        let width = c.integer("width") ?? screen.width ?? settings.width ?? terminalWidth() ?? 80
        let renderer = ScreenRenderer(screen: screen, host: host)
        do {
            if let file {
                try renderer.write(to: file.text, format: format, width: width, environment: environment)
                output.printError("wrote \(file.text) (\(format.rawValue), \(width) columns)")
            } else {
                try renderer.render(
                    format: format, width: width, colors: ColorPolicy.depth(environment: environment),
                    to: output.standardOutput)
            }
        } catch {
            throw error.consoleError(c, at: file?.span ?? c.command.nameSpan)
        }
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

extension ScreenRenderer {
    /// Renders into a temporary file renamed over `path` only when everything
    /// succeeded: a failed render never leaves a truncated file, and never
    /// touches a file that was there.
    func write(to path: String, format: OutputFormat, width: Int, environment: [String: String]) throws(RenderError) {
        let writer: AtomicFileWriter
        do {
            writer = try AtomicFileWriter(path: path)
        } catch {
            throw RenderError.output(error.description)
        }
        do {
            try render(
                format: format, width: width, colors: ColorPolicy.depth(environment: environment),
                to: AtomicFileOutput(writer))
        } catch {
            writer.abort()
            throw error
        }
        do {
            try writer.commit()
        } catch {
            throw RenderError.output(error.description)
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
