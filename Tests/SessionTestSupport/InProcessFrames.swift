#if DEBUG
    @_spi(Host) import CellKit
    import PluginRuntime
    @testable import Session
    @testable import Worker
    @testable import WorkerProtocol

    /// Frames drawn in this process.
    package final class InProcessFrames: FrameSource {
        package let host: PluginHost
        private var view: ScreenFrames?

        package init(host: PluginHost) {
            self.host = host
        }

        package func open(_ screen: Screen, colors: ColorMode, size: TerminalSize, keepPosition: Bool) throws {
            let previous = keepPosition ? view : nil
            view = ScreenFrames(screen: screen, host: host, colors: colors, size: size)
            if let previous { view?.keepPosition(of: previous) }
        }

        package func frame(after action: ScrollView.Action?, size: TerminalSize) throws -> ViewFrame {
            guard let view else { return ViewFrame(bytes: []) }
            if let action { view.apply(action, size: size) }
            let frame = try view.frame(size: size)
            return ViewFrame(bytes: frame.bytes, status: frame.status)
        }

        /// The blocks one after the other, in this process; `stop` asked before each, without waiting.
        package func find(_ search: ViewSearch, in screen: Screen, stop: (Duration) -> Bool) throws
            -> ViewSearch.Outcome
        {
            guard let view, var first = search.blocks.first else { return .notFound }
            first.plan = search.blocks.map(\.pieces)
            let searcher = ScreenSearch(first, screen: view.screen, host: host, breadcrumb: nil)
            for (index, block) in search.blocks.enumerated() {
                if stop(.zero) { return .stopped }
                if let match = searcher.find(block) { return .found(match, block: index) }
            }
            return .notFound
        }

        package func apply(_ action: ScrollView.Action, size: TerminalSize) throws {
            view?.apply(action, size: size)
        }

        package func close() -> [RenderFailure] {
            defer { view = nil }
            return view?.dataSource.errors ?? []
        }
    }

    extension ScrollView {
        /// A view drawn in this process by `host` (tests, in-process plugins).
        package convenience init(
            screen: Screen, host: PluginHost, terminal: any Terminal, colors: ColorMode, descriptor: Int32 = -1
        ) {
            self.init(
                screen: screen, frames: InProcessFrames(host: host), terminal: terminal, colors: colors,
                descriptor: descriptor)
        }
    }
#endif
