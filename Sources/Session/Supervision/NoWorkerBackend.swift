@_spi(Host) import CellKit
import CellKitSupport
import PluginDiscovery
import WorkerProtocol

/// The backend of a session whose worker executable cannot be found (it is
/// this program, found through `/proc/self/exe`): every request that needs
/// plugin code fails with what happened, the path tried and how to fix it.
/// Nothing is ever loaded into the session, which never runs plugin code;
/// commands that need no plugin work as usual.
final class NoWorkerBackend: PluginBackend, FrameSource {
    /// Why the worker cannot be started, as a plugin error (`load`'s exit code, 3).
    let error: PluginError

    /// A backend for a worker executable that could not be read at `path`.
    init(tried path: String, because reason: String) {
        error = PluginError(
            .loadFailed,
            "cannot start the worker process that loads plugins: its executable (\(path)) could not be read: \(reason);"
                + " no plugin was loaded",
            fix: "cellkit finds itself through \(path): run it where /proc is mounted"
                + " (plugins are never loaded into the session itself)")
    }

    var preloaded: [PluginInfo] { [] }
    var frames: any FrameSource { self }
    var timeout = WorkerProcess.defaultTimeout

    func load(path: String, allowUnsafe: Bool) throws(BackendError) -> (PluginInfo, wasAlreadyLoaded: Bool) {
        throw .plugin(error)
    }

    func render(
        _ screen: Screen, format: OutputFormat, width: Int, colors: ColorMode, to output: any TextOutput,
        progress: RenderProgress?
    ) throws(BackendError) -> RenderSummary {
        throw .plugin(error)
    }

    func validate(plugins names: [String]) throws(BackendError) -> (checked: Int, failures: [RenderFailure]) {
        throw .plugin(error)
    }

    func reload() throws(BackendError) -> [(path: String, result: Result<PluginInfo, BackendError>)] {
        throw .plugin(error)
    }

    func checkSource(_ binding: Binding, exact: Bool) throws(BackendError) -> SourceCheck {
        throw .plugin(error)
    }

    func open(_ screen: Screen, colors: ColorMode, size: TerminalSize, keepPosition: Bool) throws {
        throw BackendError.plugin(error)
    }

    func frame(after action: ScrollView.Action?, size: TerminalSize) throws -> ViewFrame {
        throw BackendError.plugin(error)
    }

    func find(_ search: ViewSearch, in screen: Screen, stop: (Duration) -> Bool) throws -> ViewSearch.Outcome {
        throw BackendError.plugin(error)
    }

    func apply(_ action: ScrollView.Action, size: TerminalSize) throws {
        throw BackendError.plugin(error)
    }

    func close() -> [RenderFailure] { [] }
}
