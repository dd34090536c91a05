#if DEBUG
    @_spi(Host) import CellKit
    import PluginDiscovery
    import PluginRuntime
    @testable import Session
    @testable import Worker
    @testable import WorkerProtocol

    /// A plugin host in this process.
    package final class InProcessBackend: PluginBackend {
        package let host: PluginHost

        package init(host: PluginHost) {
            self.host = host
        }

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
            SourceChecker.check(binding, host: host, exact: exact)
        }

        package func validate(plugins names: [String]) throws(BackendError) -> (checked: Int, failures: [String]) {
            let report = PluginValidator(host: host).validate(plugins: names)
            return (report.checked, report.failures.map(\.description))
        }

        package func load(path: String, allowUnsafe: Bool) throws(BackendError) -> (PluginInfo, wasAlreadyLoaded: Bool)
        {
            do {
                let result = try host.load(path, allowUnsafe: allowUnsafe)
                return (PluginInfo(result.plugin), result.wasAlreadyLoaded)
            } catch {
                throw .plugin(error)
            }
        }

        package func render(
            _ screen: Screen, format: OutputFormat, width: Int, colors: ColorMode, to output: any TextOutput,
            progress: RenderProgress?
        ) throws(BackendError) -> RenderSummary {
            let screen = try countedExactly(screen)
            do {
                return try ScreenRenderer(screen: screen, host: host).render(
                    format: format, width: width, colors: colors, to: output)
            } catch {
                throw .render(error.message)
            }
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
