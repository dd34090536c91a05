import CellKitSupport
import DataBinding
import WorkerProtocol

/// Opening a data file for a script's command: its errors are the command's, at a span.
extension DataFile {
    /// Opens a data file for a command, its errors at `span`.
    static func open(
        _ path: String, format: any RecordFormat, _ c: ValidatedCommand, at span: SourceSpan, recordLimit: Int
    ) throws(ConsoleError) -> DataFile {
        do {
            // Without positions: the check reads a chunk again with them only for its errors.
            // Chunks of half the size: it may hold four at a time (one checked, one done, two parsing).
            return try DataFile(
                path, format: format, recordLimit: recordLimit, chunkBytes: checkChunkBytes(path), positions: false)
        } catch {
            throw error.consoleError(c, at: span)
        }
    }
}

extension DataTable.OpenError {
    /// The error of a command that read the file, at `span`.
    func consoleError(_ c: ValidatedCommand, at span: SourceSpan) -> ConsoleError {
        switch self {
        case .io(let message): ConsoleError(.io, c.command.diagnostic(message, at: span))
        case .data(let diagnostic): ConsoleError(.script, diagnostic)
        }
    }
}
