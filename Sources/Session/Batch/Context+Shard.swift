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
            return true
        } catch {
            output.printError("cellkit: error: \(error.message)")
            return false
        }
    }
}
