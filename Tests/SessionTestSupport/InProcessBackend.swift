#if DEBUG
    @_spi(Host) import CellKit
    import PluginDiscovery
    import PluginRuntime
    @testable import Session
    @testable import Worker
    @testable import WorkerProtocol

    /// A plugin host in this process: the worker's own dispatch
    /// (``Worker/handle(_:)``), its answers read as ``WorkerBackend`` reads
    /// a worker process's.
    package final class InProcessBackend: PluginBackend {
        private let worker: Worker
        private let answers: InProcessAnswers

        package init(host: PluginHost) {
            answers = InProcessAnswers()
            worker = Worker(answers: answers, breadcrumb: nil, host: host)
        }

        package var host: PluginHost { worker.host }

        package var preloaded: [PluginInfo] { host.registry.plugins.map(PluginInfo.init) }

        package var frames: any FrameSource { InProcessFrames(host: host) }

        package var timeout = WorkerProcess.defaultTimeout

        package func reload() throws(BackendError) -> [(path: String, result: Result<PluginInfo, BackendError>)] {
            throw .plugin(
                PluginError(
                    .loadFailed, "plugins loaded into this process cannot be loaded again",
                    fix: "reload needs the worker process that cellkit starts"))
        }

        package func checkSource(_ binding: Binding, exact: Bool) throws(BackendError) -> SourceCheck {
            try send(.checkSource(binding, exact: exact)).sourceChecked()
        }

        package func validate(plugins names: [String]) throws(BackendError) -> (checked: Int, failures: [RenderFailure])
        {
            try send(.validate(plugins: names)).validated()
        }

        package func load(path: String, allowUnsafe: Bool) throws(BackendError) -> (PluginInfo, wasAlreadyLoaded: Bool)
        {
            try send(.load(path: path, allowUnsafe: allowUnsafe)).loaded()
        }

        package func render(
            _ screen: Screen, format: OutputFormat, width: Int, colors: ColorMode, to output: any TextOutput,
            progress: RenderProgress?
        ) throws(BackendError) -> RenderSummary {
            let screen = try countedExactly(screen)
            var writeError: String?
            answers.chunks = { bytes in
                do {
                    try bytes.withUnsafeBytes { try output.write($0) }
                    return true
                } catch {
                    writeError = "\(error)"
                    return false
                }
            }
            defer { answers.chunks = nil }
            let response = send(.render(screen, format: format, width: width, colors: colors, part: nil))
            if let writeError { throw .output(writeError) }
            return try response.rendered()
        }

        /// The worker's answer to `request` (`.failed` if it gave none).
        private func send(_ request: WorkerRequest) -> WorkerResponse {
            defer { answers.last = nil }
            guard worker.handle(request), let response = answers.last else {
                return .failed(RenderFailure(RenderFailure.output, "no answer"))
            }
            return response
        }
    }

    /// What the worker answers in this process: the last answer, kept for
    /// ``InProcessBackend`` to read; rendered bytes, given to `chunks`.
    private final class InProcessAnswers: WorkerAnswers {
        var last: WorkerResponse?
        /// Takes a render's bytes; `false` stops the render (its output failed).
        var chunks: (([UInt8]) -> Bool)?

        func send(_ response: WorkerResponse) -> Bool {
            last = response
            return true
        }

        func sendChunk(_ bytes: [UInt8]) -> Bool {
            chunks?(bytes) ?? true
        }
    }

    extension Interpreter {
        /// An interpreter whose plugins load and draw in this process, through `host`
        /// (tests, fuzzing, benchmarks; `cellkit` itself uses a worker process).
        package convenience init(host: PluginHost, output: ConsoleOutput, environment: [String: String]) {
            self.init(
                host: host.locator, output: output, environment: environment, backend: InProcessBackend(host: host))
        }

        /// The host an interpreter made by ``init(host:output:environment:)`` loads into.
        package var inProcessHost: PluginHost? { (backend as? InProcessBackend)?.host }
    }
#endif
