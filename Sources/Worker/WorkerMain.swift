@_spi(Host) import CellKit
import CellKitSupport
import Glibc
import PluginDiscovery
import PluginRuntime
import WorkerProtocol

/// `cellkit --worker`: the process that loads plugins and draws screens for
/// a session (docs/design.md, "Two processes"). It talks to the session on
/// descriptor 3 and notes what it does in the breadcrumb page on descriptor 4;
/// its standard output and error go to its log. It ends when the session
/// closes the socket.
package enum WorkerMain {
    /// Answers requests until the session goes away; returns the exit status.
    package static func run() -> Int32 {
        // A session that died while a plugin loops, or was killed, must not leave the worker
        // running: when it is gone, the worker goes too, with whatever its plugins started in
        // its process group (its own, from the session).
        ParentWatch.start()
        // A session that died leaves a closed socket: writes fail, they must not kill.
        signal(SIGPIPE, SIG_IGN)
        let channel = WorkerChannel(descriptor: 3)
        guard let breadcrumb = Breadcrumb(descriptor: 4) else {
            printError("cellkit --worker: no breadcrumb page on descriptor 4 (only a cellkit session starts a worker)")
            return 2
        }
        let cache = Environment.current().variables[Worker.registryCacheVariable].map { RegistryCache(file: $0) }
        let worker = Worker(
            answers: channel, breadcrumb: breadcrumb,
            host: PluginHost(searchPath: PluginSearchPath(directories: []), cache: cache))
        guard
            worker.reply(
                .hello(
                    protocolVersion: ProcessInterface.protocolVersion, abi: Int(PluginABI.version),
                    compiler: Int(PluginABI.compilerVersion)))
        else { return 0 }
        while true {
            let payload: [UInt8]
            do {
                payload = try channel.receive()
            } catch {
                return 0  // the session is gone
            }
            let request: WorkerRequest
            do {
                request = try WorkerRequest(frame: payload)
            } catch {
                printError("cellkit --worker: \(error)")
                return 2
            }
            guard worker.handle(request) else { return 0 }
            breadcrumb.note(.idle)
        }
    }
}

/// What `cellkit` does before it looks at its command line, and the mode that
/// runs a program for it (main.swift).
package enum ProcessModes {
    /// The argument of the guard mode: `cellkit --guard PROGRAM ARGUMENTS…`.
    package static let guardArgument = ProcessGuard.argument

    /// Makes every program this process runs from now on (`swift build`, the
    /// ABI probe) run under this executable's guard (``ProcessGuard``); a
    /// process whose executable cannot be read runs them without one.
    package static func setUp() {
        if let executable = try? Path.executable() { ChildProcess.guardPrograms(with: executable) }
    }

    /// `cellkit --guard PROGRAM ARGUMENTS…`: runs the program and ends
    /// everything it started (``ProcessGuard``); its exit status.
    package static func runGuard(_ arguments: [String]) -> Int32 {
        ProcessGuard.run(arguments)
    }
}

private func printError(_ text: String) {
    let bytes = Array((text + "\n").utf8)
    _ = bytes.withUnsafeBytes { SystemCall.writeAll(2, $0) }
}

/// Where a worker's answers go: the session's socket, or (SessionTestSupport's
/// `InProcessBackend`) a backend in the same process.
package protocol WorkerAnswers {
    /// Sends an answer; `false` when the session is gone.
    func send(_ response: WorkerResponse) -> Bool
    /// Sends rendered bytes as a `.chunk` answer; `false` when the session is gone.
    func sendChunk(_ bytes: [UInt8]) -> Bool
}

extension WorkerChannel: WorkerAnswers {
    package func send(_ response: WorkerResponse) -> Bool {
        var writer = WireWriter()
        response.encode(into: &writer)
        return send(writer.bytes)
    }

    /// The chunk's header, then its bytes as they are: not copied into a message first.
    package func sendChunk(_ bytes: [UInt8]) -> Bool {
        send(WorkerResponse.chunkHeader(count: bytes.count), then: bytes)
    }
}

/// The worker's state: the plugin host with what it loaded, and the
/// dispatch of the session's requests (``handle(_:)``).
package final class Worker {
    let answers: any WorkerAnswers
    /// Where the worker notes what it does (none in the session's process).
    let breadcrumb: Breadcrumb?
    package let host: PluginHost
    /// The registry cache the session uses, where loads are recorded (unset: none).
    static let registryCacheVariable = ProcessInterface.registryCacheVariable
    /// The view `show` has open.
    private var view: ScreenFrames?
    /// The records of its bindings that a source estimated, being counted.
    private var counting: ExactCounts?
    /// The blocks of a search `show` gave this worker (``ScreenSearch``).
    private var search: ScreenSearch?

    package init(answers: any WorkerAnswers, breadcrumb: Breadcrumb?, host: PluginHost) {
        self.answers = answers
        self.breadcrumb = breadcrumb
        self.host = host
    }

    /// Sends an answer; `false` when the session is gone.
    func reply(_ response: WorkerResponse) -> Bool {
        answers.send(response)
    }

    /// Answers one request; `false` when the session is gone.
    package func handle(_ request: WorkerRequest) -> Bool {
        switch request {
        case .load(let path, let allowUnsafe):
            breadcrumb?.note(.loading, plugin: path, cell: "", screen: "")
            do {
                let result = try host.load(path, allowUnsafe: allowUnsafe)
                return reply(.loaded(PluginInfo(result.plugin), wasAlreadyLoaded: result.wasAlreadyLoaded))
            } catch {
                return reply(
                    .pluginError(code: error.code.description, message: error.message, fix: error.fix, path: error.path)
                )
            }
        case .render(let screen, let format, let width, let colors, let part):
            breadcrumb?.note(.making, plugin: "", cell: "", screen: screen.name)
            let output = ChunkOutput(worker: self)
            let summary: ScreenRenderer.Summary
            do {
                summary = try ScreenRenderer(screen: screen, host: host, breadcrumb: breadcrumb).render(
                    format: format, width: width, colors: colors, to: output, part: part, endBlock: output.endBlock)
                try output.flush()
            } catch let error as RenderError {
                return reply(.failed(error.failure))
            } catch {
                return false  // the session is gone
            }
            return reply(
                .rendered(rows: summary.rows, cellErrors: summary.cellErrors, dataErrors: summary.dataErrors))
        case .openView(let screen, let colors, let columns, let rows, let keepPosition):
            breadcrumb?.note(.making, plugin: "", cell: "", screen: screen.name)
            let previous = keepPosition ? view : nil
            view = ScreenFrames(
                screen: screen, host: host, colors: colors, size: TerminalSize(columns: columns, rows: rows),
                breadcrumb: breadcrumb)
            if let previous { view?.keepPosition(of: previous) }
            counting = ExactCounts(screen, host: host)
            view?.counting = counting != nil
            return reply(.frame([], status: nil))
        case .viewAction(let action, let columns, let rows, let draw):
            // Counted: the view is made again with the counts, where it was. The end, a jump and a
            // search wait for them.
            if let counting, let view, let counted = action?.needsExactCount == true ? counting.wait() : counting.result
            {
                self.counting = nil
                let exact = ScreenFrames(
                    screen: counted, host: host, colors: view.colors, size: TerminalSize(columns: columns, rows: rows),
                    breadcrumb: breadcrumb)
                exact.keepPosition(of: view)
                self.view = exact
            }
            guard let view else { return reply(.failed(RenderFailure(RenderFailure.noView, "no view is open"))) }
            let size = TerminalSize(columns: columns, rows: rows)
            if let action { view.apply(action, size: size) }
            guard draw else { return reply(.frame([], status: nil)) }
            do {
                let frame = try view.frame(size: size)
                return reply(.frame(frame.bytes, status: frame.status))
            } catch {
                return reply(.failed(RenderFailure(RenderFailure.output, "\(error)")))
            }
        case .search(let request):
            // Without a screen: the view's (counted before the session asked: ``ViewAction/exactCount``).
            guard let screen = request.screen ?? view?.screen else {
                return reply(.failed(RenderFailure(RenderFailure.noView, "no view is open")))
            }
            breadcrumb?.note(.making, plugin: "", cell: "", screen: screen.name)
            if search?.draws(screen, request) != true {
                search = ScreenSearch(request, screen: screen, host: host, breadcrumb: breadcrumb)
            }
            return reply(.found(search?.find(request)))
        case .closeView:
            defer {
                view = nil
                counting = nil
                search = nil
            }
            return reply(.viewClosed(cellErrors: (view?.dataSource.errors ?? []) + RenderFailure.oversizedCells()))
        case .validate(let plugins):
            breadcrumb?.note(.making, plugin: plugins.joined(separator: ","), cell: "", screen: "")
            let report = PluginValidator(host: host).validate(plugins: plugins)
            return reply(.validated(checked: report.checked, failures: report.failures.map(RenderFailure.init)))
        case .checkSource(let binding, let exact):
            breadcrumb?.note(.making, plugin: binding.source?.name ?? "", cell: binding.cell.qualified, screen: "")
            return reply(.sourceChecked(SourceChecker.check(binding, host: host, exact: exact)))
        }
    }
}

/// Rendered bytes, sent to the session in chunks of 256 KiB.
final class ChunkOutput: TextOutput {
    enum SessionGone: Error { case gone }
    let worker: Worker
    private var buffer: [UInt8] = []
    static let chunkSize = 256 << 10

    init(worker: Worker) {
        self.worker = worker
        buffer.reserveCapacity(Self.chunkSize)
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.chunkSize { try flush() }
    }

    /// Sends what is buffered, then an empty chunk: the end of a block of a
    /// render shared by several workers (``RenderPart``).
    func endBlock() throws {
        try flush()
        try send([])
    }

    func flush() throws {
        guard !buffer.isEmpty else { return }
        worker.breadcrumb?.advance()
        try send(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private func send(_ bytes: [UInt8]) throws {
        guard worker.answers.sendChunk(bytes) else { throw SessionGone.gone }
    }
}
