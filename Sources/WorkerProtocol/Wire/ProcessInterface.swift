/// What the session and the processes it starts agree on besides frames:
/// the hello's protocol version, the environment variables a worker reads,
/// and the descriptor a `--scan-plugin` child answers on.
package enum ProcessInterface {
    /// The version in each side's hello; a worker of another build is refused.
    package static let protocolVersion = 6
    /// The registry cache file the worker reads (unset: none).
    package static let registryCacheVariable = "CELLKIT_WORKER_REGISTRY_CACHE"
    /// `off` in the worker's environment for `cellkit --no-window-chrome`.
    package static let windowChromeVariable = "CELLKIT_WORKER_SVG_CHROME"
    /// Where a `--scan-plugin` child writes its record when the parent gave it a pipe.
    package static let scanReplyDescriptor: Int32 = 3
}
