@_spi(Host) import CellKit
import Testing

@testable import Session
@testable import WorkerProtocol

/// How a render is shared among workers (``RenderPart``), its request on the
/// wire, and the progress line's text (``RenderProgress``).
@Suite struct RenderPartTests {
    @Test func fewRowsOrOneWorkerAreNotShared() {
        #expect(RenderPart.blockRows(rows: 1_000_000, workers: 1) == nil)
        #expect(RenderPart.blockRows(rows: 2047, workers: 2) == nil)
        #expect(RenderPart.blockRows(rows: 2048, workers: 2) == 1024)
        // About eight blocks a worker, within 1,024 and 65,536 rows.
        #expect(RenderPart.blockRows(rows: 160_000, workers: 2) == 10_000)
        #expect(RenderPart.blockRows(rows: 10_000_000, workers: 2) == 65_536)
    }

    @Test func aRenderRequestKeepsItsPartOnTheWire() throws {
        let part = RenderPart(index: 1, count: 3, blockRows: 4096)
        for request in [
            WorkerRequest.render(Screen(name: "S"), format: .ansi, width: 80, colors: .truecolor, part: part),
            WorkerRequest.render(Screen(name: "S"), format: .plain, width: 80, colors: .none),
        ] {
            var writer = WireWriter()
            request.encode(into: &writer)
            var reader = WireReader(writer.bytes)
            #expect(try WorkerRequest.decode(&reader) == request)
        }
    }

    @Test func aPartOutsideItsWorkersIsAWireError() {
        var writer = WireWriter()
        RenderPart(index: 3, count: 3, blockRows: 4096).encode(into: &writer)
        var reader = WireReader(writer.bytes)
        #expect(throws: WireError.self) { try RenderPart.decode(&reader) }
    }

    @Test func theProgressLineSaysRowsRateAndTimeLeft() {
        #expect(
            RenderProgress.line(done: 120_000, total: 1_000_000, elapsed: .seconds(2))
                == "rendering: 120,000 of 1,000,000 rows, 60,000 rows/s, 15 s left")
        #expect(
            RenderProgress.line(done: 1000, total: 1_000_000, elapsed: .seconds(1))
                == "rendering: 1,000 of 1,000,000 rows, 1,000 rows/s, 16 min 39 s left")
        #expect(RenderProgress.line(done: 0, total: 10, elapsed: .zero) == "rendering: 0 of 10 rows, 0 rows/s")
    }
}
