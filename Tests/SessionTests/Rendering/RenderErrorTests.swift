@_spi(Host) import CellKit
import Glibc
import PluginDiscovery
import PluginRuntime
import Testing

@testable import Session
@testable import Worker
@testable import WorkerProtocol

/// An output that refuses every write, as a full disk would.
private final class FullDisk: TextOutput {
    struct Refusal: Error, CustomStringConvertible {
        var description: String { "no space left on the device" }
    }
    func write(_ bytes: UnsafeRawBufferPointer) throws { throw Refusal() }
}

@Suite struct RenderErrorTests {
    /// A write that fails ends the render with an output error that says why and keeps
    /// the error that caused it.
    @Test(arguments: [OutputFormat.html, .json])
    func aFailedWriteKeepsItsCause(format: OutputFormat) throws {
        let renderer = ScreenRenderer(
            screen: Screen(name: "Empty"), host: PluginHost(searchPath: PluginSearchPath(directories: [])))
        let error = try #require(throws: RenderError.self) {
            try renderer.render(format: format, width: 20, colors: .none, to: FullDisk())
        }
        guard case .output(let failure, let cause) = error else {
            Issue.record("expected an output error, got \(error)")
            return
        }
        #expect(failure == RenderFailure(RenderFailure.output, "no space left on the device"))
        #expect(cause is FullDisk.Refusal)
        #expect(error.failure == failure)
    }
}
