@_spi(Host) import CellKit
import CellKitSupport
import Glibc
import PluginHost

/// Draws a ``Screen`` in an output format: the one place `render`, `show`
/// (off a terminal) and `cellkit render` go through.
struct ScreenRenderer {
    let screen: Screen
    let host: PluginHost
    /// Where the worker notes the row it draws (docs/design.md).
    var breadcrumb: Breadcrumb?
    /// Whether SVG output has the window's title bar and buttons
    /// (`--no-window-chrome` turns them off: ``windowChromeVariable``).
    var windowChrome = ScreenRenderer.windowChromeFromEnvironment()

    /// Set to `off` in the worker's environment by `cellkit --no-window-chrome`
    /// (the render request itself does not carry the choice).
    static let windowChromeVariable = "CELLKIT_WORKER_SVG_CHROME"

    static func windowChromeFromEnvironment() -> Bool {
        guard let value = getenv(windowChromeVariable) else { return true }
        return String(cString: value) != "off"
    }

    /// What a render did.
    struct Summary: Equatable {
        /// Rows dequeued and drawn.
        var rows: Int
        /// Cells that could not be made or configured (their rows show the error).
        var cellErrors: [String]
        /// Data files that changed since `rows` read them, or could not be read.
        var dataErrors: [String] = []
    }

    /// Renders the screen at `width` into `output`; plain and ANSI stream
    /// row by row (memory does not grow with the rows), HTML streams, SVG and
    /// JSON are built whole.
    @discardableResult
    func render(format: OutputFormat, width: Int, colors: ColorMode, to output: any TextOutput) throws(RenderError)
        -> Summary
    {
        let writer: any CanvasWriter
        switch format {
        case .json: return try renderJSON(width: width, to: output)
        case .plain: writer = PlainTextWriter(output: output)
        case .ansi: writer = ANSIWriter(output: output, colorMode: colors)
        case .html: writer = HTMLWriter(output: output, title: screen.title ?? screen.name)
        case .svg: writer = SVGWriter(output: output, title: screen.title ?? screen.name, windowChrome: windowChrome)
        }
        let dataSource = ScreenDataSource(screen: screen, host: host)
        dataSource.breadcrumb = breadcrumb
        _ = SizeReports.take()  // what an earlier view (a `show`) left
        let content = dataSource.makeView()
        do {
            try withExtendedLifetime(dataSource) { try content.render(width: width, to: writer) }
        } catch {
            throw RenderError.output("\(error)", cause: error)
        }
        // A cell that said an impossible height was drawn cut: the plugin's error to report.
        let oversized = SizeReports.take().map(\.description)
        return Summary(
            rows: dataSource.rowsDrawn, cellErrors: dataSource.errors + oversized, dataErrors: dataSource.dataErrors)
    }

    /// The screen as JSON (`--format json`), built whole: its settings and each binding's records.
    private func renderJSON(width: Int, to output: any TextOutput) throws(RenderError) -> Summary {
        do {
            let dataSource = ScreenDataSource(screen: screen, host: host)
            var json = ScreenJSON(screen: screen)
            json.records = { binding, section, source in
                guard let rows = dataSource.rows(of: binding, section: section, source: source) else {
                    throw RenderError.output(dataSource.dataErrors.last ?? "\(binding.file) could not be read")
                }
                return try (0..<rows.count).map { try rows.settings(record: $0) }
            }
            let text = try json.serialized(width: width)
            var bytes = Array(text.utf8)
            try bytes.withUnsafeMutableBytes { try output.write(UnsafeRawBufferPointer($0)) }
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError.output("\(error)", cause: error)
        }
        return Summary(rows: screen.rowCount, cellErrors: [])
    }
}

/// Why a render failed.
enum RenderError: Error {
    /// Cells could not be made or configured (the rows show the errors).
    case cells(String, count: Int)
    /// Writing failed, or a data file could not be read: the message, and the error that
    /// caused it (an I/O error, a data file's parse error), kept for callers in this
    /// process; the worker sends only the message.
    case output(String, cause: (any Error)? = nil)

    func consoleError(_ c: ValidatedCommand, at span: SourceSpan) -> ConsoleError {
        switch self {
        case .cells(let first, let count):
            let more = count > 1 ? " (and \(count - 1) more)" : ""
            return ConsoleError(.plugin, c.command.diagnostic("a cell could not be drawn: \(first)\(more)", at: span))
        case .output(let message, _):
            return ConsoleError(.io, c.command.diagnostic(message, at: span))
        }
    }
}
