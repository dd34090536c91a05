@_spi(Host) import CellKit
import CellKitSupport
import Glibc
import PluginRuntime
import WorkerProtocol

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
    static let windowChromeVariable = ProcessInterface.windowChromeVariable

    static func windowChromeFromEnvironment() -> Bool {
        guard let value = getenv(windowChromeVariable) else { return true }
        return String(cString: value) != "off"
    }

    /// What a render did.
    typealias Summary = RenderSummary

    /// Renders the screen at `width` into `output`; plain and ANSI stream
    /// row by row (memory does not grow with the rows), HTML streams, SVG and
    /// JSON are built whole. With a `part` (a list in plain or ANSI text),
    /// only that worker's blocks are drawn, `endBlock` called after each.
    @discardableResult
    func render(
        format: OutputFormat, width: Int, colors: ColorMode, to output: any TextOutput, part: RenderPart? = nil,
        endBlock: () throws -> Void = {}
    ) throws(RenderError) -> Summary {
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
            try withExtendedLifetime(dataSource) {
                if let part, format == .plain || format == .ansi, let table = content as? TableView {
                    try renderBlocks(of: table, part: part, rowsInSection: dataSource, width: width, to: writer) {
                        try endBlock()
                    }
                } else {
                    try content.render(width: width, to: writer)
                }
            }
        } catch {
            throw RenderError(error)
        }
        // A cell that said an impossible height was drawn cut: the plugin's error to report.
        let oversized = RenderFailure.oversizedCells()
        return Summary(
            rows: dataSource.rowsDrawn, cellErrors: dataSource.errors + oversized, dataErrors: dataSource.dataErrors)
    }

    /// Draws worker `part.index`'s blocks of the table's pieces, in order,
    /// each written out whole before `endBlock` (docs/design.md, "Several workers").
    private func renderBlocks(
        of table: TableView, part: RenderPart, rowsInSection dataSource: ScreenDataSource, width: Int,
        to writer: any CanvasWriter, endBlock: () throws -> Void
    ) throws {
        let canvas = Canvas(width: width, height: 1)
        let count = table.preparePieces(width: width)
        let rows = (0..<dataSource.numberOfSections(in: table)).map {
            dataSource.tableView(table, numberOfRowsInSection: $0)
        }
        let starts = part.blockStarts(of: table, rowsInSection: rows)
        let total = rows.reduce(0, +)
        dataSource.plannedRows = part.rows(total: total)
        for block in part.ownBlocks where block < starts.count {
            let end = block + 1 < starts.count ? starts[block + 1] : count
            try table.drawPieces(starts[block]..<end, into: canvas, width: width) { _ in
                try writer.write(canvas)
                return true
            }
            try writer.finish()
            try endBlock()
        }
    }

    /// The screen as JSON (`--format json`), built whole: its settings and each binding's records.
    private func renderJSON(width: Int, to output: any TextOutput) throws(RenderError) -> Summary {
        do {
            let dataSource = ScreenDataSource(screen: screen, host: host)
            var json = ScreenJSON(screen: screen)
            json.records = { binding, section, source in
                guard let rows = dataSource.rows(of: binding, section: section, source: source) else {
                    throw RenderError.output(
                        dataSource.dataErrors.last
                            ?? RenderFailure(RenderFailure.dataFile, "\(binding.file) could not be read"))
                }
                return try (0..<rows.count).map { try rows.settings(record: $0) }
            }
            let text = try json.serialized(width: width)
            var bytes = Array(text.utf8)
            try bytes.withUnsafeMutableBytes { try output.write(UnsafeRawBufferPointer($0)) }
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError(error)
        }
        return Summary(rows: screen.rowCount, cellErrors: [])
    }
}

/// Why a render failed.
enum RenderError: Error {
    /// Writing failed, or a data file could not be read: what the worker
    /// sends, and the error that caused it (an I/O error, a data file's
    /// parse error), kept for callers in this process.
    case output(RenderFailure, cause: (any Error)? = nil)

    /// A write that failed: its message, with no place.
    init(_ error: any Error) {
        self = .output(RenderFailure(RenderFailure.output, "\(error)"), cause: error)
    }

    /// What the worker sends.
    var failure: RenderFailure {
        switch self {
        case .output(let failure, _): failure
        }
    }
}
