@_spi(Host) import CellKit
import CellKitSupport
import PluginHost

/// Draws a ``Screen`` in an output format: the one place `render`, `show`
/// (off a terminal) and `cellkit render` go through.
struct ScreenRenderer {
    let screen: Screen
    let host: PluginHost

    /// Renders the screen at `width` into `output`; plain and ANSI stream
    /// row by row (memory does not grow with the rows), HTML streams, SVG and
    /// JSON are built whole.
    func render(format: OutputFormat, width: Int, colors: ColorMode, to output: TextOutput) throws(RenderError) {
        if format == .json {
            do {
                let text = try ScreenJSON(screen: screen).serialized(width: width)
                var bytes = Array(text.utf8)
                try bytes.withUnsafeMutableBytes { try output.write(UnsafeRawBufferPointer($0)) }
            } catch {
                throw RenderError.output("\(error)")
            }
            return
        }
        let dataSource = ScreenDataSource(screen: screen, host: host)
        let content = dataSource.makeView()
        let writer: CanvasWriter =
            switch format {
            case .plain: PlainTextWriter(output: output)
            case .ansi: ANSIWriter(output: output, colorMode: colors)
            case .html: HTMLWriter(output: output, title: screen.title ?? screen.name)
            case .svg: SVGWriter(output: output, title: screen.title ?? screen.name)
            case .json: PlainTextWriter(output: output)
            }
        do {
            try withExtendedLifetime(dataSource) { try content.render(width: width, to: writer) }
        } catch {
            throw RenderError.output("\(error)")
        }
        if let first = dataSource.errors.first {
            throw RenderError.cells(first, count: dataSource.errors.count)
        }
    }
}

/// Why a render failed.
enum RenderError: Error {
    /// Cells could not be made or configured (the rows show the errors).
    case cells(String, count: Int)
    /// Writing failed.
    case output(String)

    func consoleError(_ c: ValidatedCommand, at span: SourceSpan) -> ConsoleError {
        switch self {
        case .cells(let first, let count):
            let more = count > 1 ? " (and \(count - 1) more)" : ""
            return ConsoleError(.plugin, c.command.diagnostic("a cell could not be drawn: \(first)\(more)", at: span))
        case .output(let message):
            return ConsoleError(.io, c.command.diagnostic(message, at: span))
        }
    }
}
