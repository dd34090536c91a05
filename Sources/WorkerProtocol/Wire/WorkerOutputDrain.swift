/// Where a worker's standard output and error go while the session waits
/// for a frame (the session's `WorkerLog`): drained as it comes, so a worker
/// that prints a lot never blocks on a full pipe.
package protocol WorkerOutputDrain: AnyObject {
    /// The read end of the worker's output pipe.
    var descriptor: Int32 { get }
    /// Whether the pipe is at its end (then it is not polled).
    var isAtEnd: Bool { get }
    /// Reads what is ready and keeps it.
    func drain()
}
