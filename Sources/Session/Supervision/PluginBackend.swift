@_spi(Host) import CellKit
import PluginDiscovery
import WorkerProtocol

/// Where the session's plugin work is done: loading a plugin, drawing a
/// screen. The session never calls plugin code itself; it asks a backend.
///
/// - ``WorkerBackend``: a `cellkit --worker` process (what `cellkit` uses):
///   a plugin that traps ends the worker, not the session.
/// - `InProcessBackend` (SessionTestSupport, never shipped): a `PluginHost`
///   in this process, for tests and benchmarks of plugins compiled into them.
protocol PluginBackend: AnyObject {
    /// Plugins known before any `load` (compiled in), for the session's catalog.
    var preloaded: [PluginInfo] { get }
    /// Loads the plugin library at `path`.
    func load(path: String, allowUnsafe: Bool) throws(BackendError) -> (PluginInfo, wasAlreadyLoaded: Bool)
    /// Draws `screen` into `output`, telling `progress` how far it is.
    func render(
        _ screen: Screen, format: OutputFormat, width: Int, colors: ColorMode, to output: any TextOutput,
        progress: RenderProgress?
    ) throws(BackendError) -> RenderSummary
    /// What draws the frames of `show`.
    var frames: any FrameSource { get }
    /// Makes every cell, nib and scene of the loaded plugins `names`; returns
    /// how many items were checked and every failure.
    func validate(plugins names: [String]) throws(BackendError) -> (checked: Int, failures: [RenderFailure])
    /// Checks a binding whose records a plugin's data source reads: the
    /// source is opened, its records counted (or, without `exact`, their
    /// upper bound taken when counting is slow), the first ones checked.
    func checkSource(_ binding: Binding, exact: Bool) throws(BackendError) -> SourceCheck
    /// Loads every plugin again from its file, as it is now (`reload`): the
    /// metadata of each, or why it failed, in load order.
    func reload() throws(BackendError) -> [(path: String, result: Result<PluginInfo, BackendError>)]
    /// Seconds a plugin may work without progress before it is stopped.
    var timeout: Int { get set }
}

extension PluginBackend {
    /// `screen` with each count a data source estimated (``SourceBinding/estimated``)
    /// replaced by its records counted: a render lays out every row, so it
    /// needs the count; `show` does not wait for it.
    func countedExactly(_ screen: Screen) throws(BackendError) -> Screen {
        var screen = screen
        for s in screen.sections.indices {
            for r in screen.sections[s].rows.indices {
                guard case .bound(var binding) = screen.sections[s].rows[r], binding.source?.estimated == true
                else { continue }
                let check = try checkSource(binding, exact: true)
                if let problem = check.problems.first {
                    throw .render(
                        RenderFailure(
                            RenderFailure.dataFile,
                            "\(binding.file)\(problem.place.map { ", \($0)" } ?? ""): \(problem.message)"))
                }
                binding.count = check.count
                binding.source?.estimated = false
                screen.sections[s].rows[r] = .bound(binding)
            }
        }
        return screen
    }

    /// Draws `screen` into `output`, with no progress line.
    func render(_ screen: Screen, format: OutputFormat, width: Int, colors: ColorMode, to output: any TextOutput)
        throws(BackendError) -> RenderSummary
    {
        try render(screen, format: format, width: width, colors: colors, to: output, progress: nil)
    }
}

/// Why a backend request failed.
enum BackendError: Error {
    /// The plugin was refused or a name was wrong.
    case plugin(PluginError)
    /// Drawing failed: the worker's failure, as it sent it.
    case render(RenderFailure)
    /// Writing the rendered bytes where they go failed, or a data file could not be read.
    case output(RenderFailure)
    /// The worker died while it worked on the request.
    case worker(WorkerFailure)

    /// Drawing failed, for a reason with no place (a screen too large to send).
    static func render(_ message: String) -> BackendError {
        .render(RenderFailure(RenderFailure.output, message))
    }

    /// Writing failed: the message, with no place.
    static func output(_ message: String) -> BackendError {
        .output(RenderFailure(RenderFailure.output, message))
    }
}

// MARK: - The worker's answers, read

/// What a backend makes of the worker's answer to each request (the same
/// whether the worker is a process or, in the tests, in this one).
extension WorkerResponse {
    /// The answer to `load`: the plugin's metadata, or why it was refused.
    func loaded() throws(BackendError) -> (PluginInfo, wasAlreadyLoaded: Bool) {
        switch self {
        case .loaded(let info, let was):
            return (info, was)
        case .pluginError(let code, let message, let fix, let path):
            throw .plugin(PluginError(PluginError.Code(named: code) ?? .loadFailed, message, fix: fix, path: path))
        default:
            throw .worker(WorkerFailure(reason: .protocolError("an answer to load that is not about loading")))
        }
    }

    /// The answer to `render`: what was drawn, or why it failed.
    func rendered() throws(BackendError) -> RenderSummary {
        switch self {
        case .rendered(let rows, let cellErrors, let dataErrors):
            return RenderSummary(rows: rows, cellErrors: cellErrors, dataErrors: dataErrors)
        case .failed(let failure):
            throw .render(failure)
        default:
            throw .worker(WorkerFailure(reason: .protocolError("an answer to render that is not about rendering")))
        }
    }

    /// The answer to `validate`: how many items were made, and every failure.
    func validated() throws(BackendError) -> (checked: Int, failures: [RenderFailure]) {
        guard case .validated(let checked, let failures) = self else {
            throw .worker(WorkerFailure(reason: .protocolError("an answer to validate that is not a report")))
        }
        return (checked, failures)
    }

    /// The answer to a source check.
    func sourceChecked() throws(BackendError) -> SourceCheck {
        guard case .sourceChecked(let check) = self else {
            throw .worker(WorkerFailure(reason: .protocolError("an answer to a source check that is not one")))
        }
        return check
    }
}
