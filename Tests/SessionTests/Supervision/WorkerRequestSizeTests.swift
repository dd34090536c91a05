@_spi(Host) import CellKit
import Testing

@testable import Session
@testable import WorkerProtocol

/// An output that keeps nothing.
private final class Discard: TextOutput {
    func write(_ bytes: UnsafeRawBufferPointer) throws {}
}

/// A request larger than a frame may be is refused before it is sent
/// (issue 21, item 9: it killed the batch session with SIGPIPE, and the
/// REPL said the worker "exited with status 0"). The error names the
/// screen and its size against the limit; no worker is asked, or started.
///
/// (End to end, such a screen takes 64 MiB of script, which a debug build
/// parses in about 90 s: this test builds the screen directly.)
@Suite struct WorkerRequestSizeTests {
    @Test func aScreenTooLargeToSendIsARenderErrorThatNamesItsSize() throws {
        // No worker can start from here: the request must be refused before one is needed.
        let process = WorkerProcess(
            executable: "/nonexistent/cellkit", environment: [:], stateDirectory: "/nonexistent/workers")
        let backend = WorkerBackend(process: process)
        let text = String(repeating: "y", count: 1_000_000)
        let row = Row(
            cell: CellReference(written: "TextCell", qualified: "BasicCells.TextCell"),
            attributes: [AttributeSetting(name: "text", value: .string(text))])
        var screen = Screen(name: "Big")
        screen.sections = [Section(rows: Array(repeating: .row(row), count: 70))]
        do {
            _ = try backend.render(screen, format: .plain, width: 30, colors: .none, to: Discard())
            Issue.record("a 70 MB screen was sent")
        } catch .render(let failure) {
            let message = failure.description
            #expect(
                message.hasPrefix(
                    "screen Big is too large to send to the plugin worker: 66.8 MiB (700"),
                "\(message)")
            #expect(
                message.hasSuffix(
                    "bytes), more than the 64 MiB a request may be; make its text shorter or split it into smaller screens"
                ), "\(message)")
        } catch {
            Issue.record("expected a render error, got \(error)")
        }
        #expect(process.starts == 0)
        #expect(!process.isRunning)
    }

}
