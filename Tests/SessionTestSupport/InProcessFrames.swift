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

        package func frame(after action: ScrollView.Action?, size: TerminalSize) throws -> [UInt8] {
            guard let view else { return [] }
            if let action { view.apply(action, size: size) }
            return try view.frame(size: size)
        }

        package func apply(_ action: ScrollView.Action, size: TerminalSize) throws {
            view?.apply(action, size: size)
        }

        package func close() -> [String] {
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
