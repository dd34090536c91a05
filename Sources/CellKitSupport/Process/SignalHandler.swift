import Glibc

/// Installing a signal handler: what the batch run's temporary-file cleanup
/// (``TemporaryFiles``) and the REPL's handlers share.
///
/// ```swift
/// SignalHandler.set(SIGWINCH) { _ in }
/// ```
package enum SignalHandler {
    /// Makes `handler` the action for signal `number`, with `flags` and no
    /// signal blocked while it runs; the previous action goes to `previous`.
    package static func set(
        _ number: Int32, flags: Int32 = Int32(SA_RESTART), saveInto previous: UnsafeMutablePointer<sigaction>? = nil,
        _ handler: @convention(c) (Int32) -> Void
    ) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        sigaction(number, &action, previous)
    }
}
