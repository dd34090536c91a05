@_spi(Host) import CellKit
import WorkerProtocol

extension Context {
    /// Makes the backend draw the part `--shard` names (``RenderShard``), in
    /// `format` when one is chosen; `false` after a usage error: a part of
    /// HTML, SVG or JSON (whole documents, which parts do not join), or a
    /// part `env/N` cannot find in the environment or finds out of range.
    func useShard(format: OutputFormat?) -> Bool {
        guard let request = invocation.shard else { return true }
        if let format, format != .plain, format != .ansi {
            output.printError(
                "cellkit: error: --shard draws parts of plain or ansi text, not \(format.rawValue): "
                    + "parts of a whole \(format.rawValue) document do not join into one\n"
                    + "  use --format plain or ansi (a .txt or .ans file), or render \(format.rawValue) without --shard"
            )
            return false
        }
        do throws(UsageError) {
            let shard = try RenderShard.resolve(request, environment: environment)
            (interpreter.backend as? WorkerBackend)?.shard = shard
            interpreter.sources.shardChecks = ShardChecks()
            return true
        } catch {
            output.printError("cellkit: error: \(error.message)")
            return false
        }
    }

    /// `screen` as the part `--shard` names draws it: the part's share of
    /// each data file checked (``ShardChecks/plan(_:of:)``), and the rows it
    /// draws given to the backend. `screen` as it is without `--shard`.
    func shardPart(of screen: Screen) throws(ConsoleError) -> Screen {
        guard let checks = interpreter.sources.shardChecks, let backend = interpreter.backend as? WorkerBackend,
            var shard = backend.shard
        else { return screen }
        let (part, rows, numbers) = try checks.plan(shard, of: screen)
        shard.planned = rows
        backend.shard = shard
        backend.partRowNumbers = numbers
        return part
    }
}
