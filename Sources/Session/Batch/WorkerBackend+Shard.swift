@_spi(Host) import CellKit
import WorkerProtocol

extension WorkerBackend {
    /// Draws `shard`'s part of `screen` (``RenderShard``): its blocks of a
    /// list in plain or ANSI text, shared by up to ``jobs`` workers; anything
    /// else (a grid) is drawn whole by the first part, and the others write
    /// nothing. A part that draws nothing starts no worker.
    func render(
        _ shard: RenderShard, of screen: Screen, format: OutputFormat, width: Int, colors: ColorMode,
        to output: any TextOutput
    ) throws(BackendError) -> RenderSummary {
        guard screen.kind == .list, format == .plain || format == .ansi else {
            guard shard.index == 0 else { return RenderSummary(rows: 0, cellErrors: []) }
            self.shard = nil
            defer { self.shard = shard }
            return try render(screen, format: format, width: width, colors: colors, to: output, progress: nil)
        }
        guard let (blocks, drawn) = shard.blocks(of: screen, workers: jobs) else {
            return RenderSummary(rows: 0, cellErrors: [])
        }
        do {
            return try ParallelRender(
                workers: workers(min(jobs, drawn.count)), screen: screen, format: format, width: width, colors: colors,
                blocks: blocks, progress: nil, drawn: drawn
            ).run(to: output)
        } catch {
            // A row named as the whole render numbers it.
            guard case .worker(var failure) = error, let numbers = partRowNumbers, let crumb = failure.breadcrumb,
                let row = numbers.wholeRow(section: crumb.section, row: crumb.row)
            else { throw error }
            failure.breadcrumb?.row = row
            throw .worker(failure)
        }
    }
}
