@_spi(Host) import CellKit
import Glibc
import PluginDiscovery
import WorkerProtocol

/// A `cellkit --worker` process, started when first needed and again after
/// it dies, with the session's plugins loaded again; with `jobs` above one,
/// a long render of a list is shared by that many workers (``ParallelRender``),
/// the others started as the first is.
final class WorkerBackend: PluginBackend {
    let process: WorkerProcess
    /// The loads a new worker replays: path and the person's waiver, in order.
    private(set) var loads: [(path: String, allowUnsafe: Bool)] = []
    /// How many workers may share a render (`--jobs`, `CELLKIT_JOBS`; 1: the first only).
    var jobs = 1
    /// The `--jobs` accepted.
    static let jobsRange = 1...64
    /// The part of each render drawn (`cellkit render --shard K/N`); `nil`: the whole render.
    var shard: RenderShard?
    /// The rows of the part drawn as the whole render numbers them (``ShardChecks``).
    var partRowNumbers: PartRowNumbers?
    /// Whether a data source's check that keeps the session waiting shows a
    /// line on a terminal (``WaitProgress``): off with `-q` and `--no-progress`.
    var showsWaits = false

    /// The workers a render may use: `--jobs`, else `CELLKIT_JOBS` (any other
    /// value is reported through `warn` and ignored), else the cores online.
    static func jobs(option: Int?, environment: [String: String], warn: (String) -> Void) -> Int {
        if let option { return option }
        if let text = environment["CELLKIT_JOBS"] {
            if let jobs = Int(text), jobsRange.contains(jobs) { return jobs }
            warn(
                "cellkit: warning: CELLKIT_JOBS must be a number of workers from \(jobsRange.lowerBound) to "
                    + "\(jobsRange.upperBound), not '\(Sanitized.text(text))'; using the cores")
        }
        return min(max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))), jobsRange.upperBound)
    }

    /// The workers after the first, started at the first render that shares.
    private var helpers: [WorkerProcess] = []

    init(process: WorkerProcess) {
        self.process = process
        process.onStart = { [unowned self] worker throws(WorkerFailure) in try self.replayLoads(worker) }
    }

    /// What a new worker is given: the session's loads.
    private func replayLoads(_ worker: WorkerProcess) throws(WorkerFailure) {
        for load in loads {
            // A plugin that loaded before loads again; one that no longer does is reported when used.
            _ = try worker.send(.load(path: load.path, allowUnsafe: load.allowUnsafe))
        }
    }

    /// The first `count` workers, the helpers made as needed, as the first was.
    func workers(_ count: Int) -> [WorkerProcess] {
        while helpers.count < count - 1 {
            let helper = WorkerProcess(
                executable: process.executable, environment: process.environment,
                stateDirectory: process.stateDirectory)
            helper.lane = helpers.count + 1
            helper.onStart = { [unowned self] worker throws(WorkerFailure) in try self.replayLoads(worker) }
            helpers.append(helper)
        }
        for helper in helpers {
            helper.timeout = process.timeout
            helper.interruptRequested = process.interruptRequested
        }
        return [process] + helpers.prefix(count - 1)
    }

    var preloaded: [PluginInfo] { [] }

    var frames: any FrameSource { self }

    var timeout: Int {
        get { process.timeout }
        set { process.timeout = newValue }
    }

    func reload() throws(BackendError) -> [(path: String, result: Result<PluginInfo, BackendError>)] {
        process.stop()
        for helper in helpers { helper.stop() }
        let previous = loads
        loads = []  // a new worker replays nothing: the loads below are the replay
        var results: [(path: String, result: Result<PluginInfo, BackendError>)] = []
        for load in previous {
            do throws(BackendError) {
                let (info, _) = try self.load(path: load.path, allowUnsafe: load.allowUnsafe)
                results.append((load.path, .success(info)))
            } catch {
                results.append((load.path, .failure(error)))
            }
        }
        return results
    }

    func validate(plugins names: [String]) throws(BackendError) -> (checked: Int, failures: [RenderFailure]) {
        let response: WorkerResponse
        do {
            response = try process.send(.validate(plugins: names))
        } catch {
            throw .worker(error)
        }
        return try response.validated()
    }

    func checkSource(_ binding: Binding, exact: Bool) throws(BackendError) -> SourceCheck {
        // A source that keeps the session waiting (a locked database) says so on a terminal.
        let wait = showsWaits ? WaitProgress(waitingFor: Sanitized.text(binding.file)) : nil
        if let wait { process.onProgress = { _ in wait.tick() } }
        defer {
            process.onProgress = nil
            wait?.finish()
        }
        let response: WorkerResponse
        do {
            response = try process.send(.checkSource(binding, exact: exact))
        } catch {
            throw .worker(error)
        }
        return try response.sourceChecked()
    }

    func load(path: String, allowUnsafe: Bool) throws(BackendError) -> (PluginInfo, wasAlreadyLoaded: Bool) {
        let response: WorkerResponse
        do {
            response = try process.send(.load(path: path, allowUnsafe: allowUnsafe))
        } catch {
            throw .worker(error)
        }
        let loaded = try response.loaded()
        if !loads.contains(where: { $0.path == path }) { loads.append((path, allowUnsafe)) }
        return loaded
    }

    func render(
        _ screen: Screen, format: OutputFormat, width: Int, colors: ColorMode, to output: any TextOutput,
        progress: RenderProgress?
    ) throws(BackendError) -> RenderSummary {
        defer { progress?.finish() }
        let screen = try countedExactly(screen)
        if let shard { return try render(shard, of: screen, format: format, width: width, colors: colors, to: output) }
        if jobs > 1, screen.kind == .list, format == .plain || format == .ansi,
            let blocks = RenderPart.blocks(of: screen, workers: jobs)
        {
            return try ParallelRender(
                workers: workers(jobs), screen: screen, format: format, width: width, colors: colors,
                blocks: blocks, progress: progress
            ).run(to: output)
        }
        if let progress { process.onProgress = { progress.update(slot: 0, done: $0) } }
        defer { process.onProgress = nil }
        var writeError: String?
        let response: WorkerResponse
        do {
            response = try process.send(.render(screen, format: format, width: width, colors: colors, part: nil)) {
                bytes throws(WorkerFailure) in
                guard writeError == nil else { return }
                do {
                    try bytes.withUnsafeBytes { try output.write($0) }
                } catch {
                    writeError = "\(error)"
                }
            }
        } catch {
            // Too large to send: the screen is at fault, not the worker (which goes on).
            if case .requestTooLarge(let what) = error.reason { throw .render(what) }
            throw .worker(error)
        }
        if let writeError { throw .output(writeError) }
        return try response.rendered()
    }
}

// MARK: - show, drawn by the worker

extension WorkerBackend: FrameSource {
    func open(_ screen: Screen, colors: ColorMode, size: TerminalSize, keepPosition: Bool) throws {
        _ = try viewRequest(
            .openView(screen, colors: colors, columns: size.columns, rows: size.rows, keepPosition: keepPosition))
    }

    func frame(after action: ScrollView.Action?, size: TerminalSize) throws -> ViewFrame {
        try viewRequest(.viewAction(action, columns: size.columns, rows: size.rows, draw: true))
    }

    func apply(_ action: ScrollView.Action, size: TerminalSize) throws {
        _ = try viewRequest(.viewAction(action, columns: size.columns, rows: size.rows, draw: false))
    }

    /// The search's blocks shared by the workers `--jobs` allows (``ParallelSearch``).
    func find(_ search: ViewSearch, in screen: Screen, stop: (Duration) -> Bool) throws -> ViewSearch.Outcome {
        try ParallelSearch(workers: workers(jobs), search: search, screen: screen).run(stop: stop)
    }

    func beginFind(_ search: ViewSearch, in screen: Screen) -> (any BackgroundSearch)? {
        ParallelSearch(workers: workers(jobs), search: search, screen: screen).start()
    }

    func close() -> [RenderFailure] {
        guard process.isRunning, case .viewClosed(let errors)? = try? process.send(.closeView) else { return [] }
        return errors
    }

    private func viewRequest(_ request: WorkerRequest) throws -> ViewFrame {
        switch try process.send(request) {
        case .frame(let bytes, let status): return ViewFrame(bytes: bytes, status: status)
        case .failed(let failure): throw BackendError.render(failure)
        default: throw WorkerFailure(reason: .protocolError("an answer to show that is not a frame"))
        }
    }
}
