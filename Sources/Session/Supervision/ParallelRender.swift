@_spi(Host) import CellKit
import Glibc
import Synchronization
import WorkerProtocol

/// One render of a list drawn by several workers at once (`--jobs N`,
/// docs/design.md "Several workers"): worker k draws blocks k, k+n, … of the
/// table; a thread per worker reads its answers into a ``ChunkQueue``, and the
/// calling thread writes the blocks to `output` in order, so the bytes are
/// those one worker writes. The first failure cancels the rest: their
/// workers are ended (their next request starts them again).
struct ParallelRender {
    let workers: [WorkerProcess]
    let screen: Screen
    let format: OutputFormat
    let width: Int
    let colors: ColorMode
    /// Where each block starts (``RenderPart/blocks``).
    let blocks: [Int]
    let progress: RenderProgress?
    /// The blocks drawn: all of them, or one shard's (``RenderShard``).
    var drawn: Range<Int>? = nil

    /// Bytes a worker that is ahead may have waiting in the session.
    static let queueCapacity = 8 << 20

    /// What the workers did, added up; a worker's failure as it came, a write error as `.output`.
    func run(to output: any TextOutput) throws(BackendError) -> RenderSummary {
        let lanes = workers.indices.map { index in
            Lane(
                worker: workers[index], queue: ChunkQueue(capacity: Self.queueCapacity),
                request: .render(
                    screen, format: format, width: width, colors: colors,
                    part: RenderPart(index: index, count: workers.count, blocks: blocks, drawn: drawn)))
        }
        let shared = Shared()
        let interrupts = workers.map(\.interruptRequested)
        for (lane, interrupted) in zip(lanes, interrupts) {
            lane.worker.interruptRequested = { interrupted() || shared.isCancelled }
            if let progress {
                let slot = lane.slot(in: lanes)
                lane.worker.onProgress = { progress.update(slot: slot, done: $0) }
            }
        }
        defer {
            for (lane, interrupted) in zip(lanes, interrupts) {
                lane.worker.interruptRequested = interrupted
                lane.worker.onProgress = nil
            }
        }
        var threads: [DetachedThread] = []
        for lane in lanes {
            if let thread = DetachedThread({ lane.run(shared) }) {
                threads.append(thread)
            } else {
                let failure = WorkerFailure(reason: .couldNotStart("no thread to read it: \(ErrnoText.of(errno))"))
                lane.result = .failure(failure)
                shared.cancel(with: failure)
            }
        }
        var writeError: String?
        var block = 0
        // Ctrl-C: seen here too, while this thread waits for a block (each worker's thread sees
        // it between two chunks); the workers are ended, and the render fails as interrupted,
        // with what a worker was drawing.
        var interrupted = false
        let stopping = {
            if !interrupted && interrupts.contains(where: { $0() }) {
                interrupted = true
                shared.cancel(with: nil)
            }
            return shared.isCancelled
        }
        // Blocks in order: block b from worker b % n, until a worker has no block b.
        writing: while !stopping() {
            let lane = lanes[block % lanes.count]
            switch lane.queue.pop(idle: { !stopping() }) {
            case .bytes(let bytes)?:
                guard writeError == nil else { continue }
                do {
                    try bytes.withUnsafeBytes { try output.write($0) }
                } catch {
                    writeError = "\(error)"
                    shared.cancel(with: nil)
                }
            case .blockEnd?:
                block += 1
            case .done(let result)?:
                lane.result = result
                break writing
            case nil:
                break writing
            }
        }
        // The others have no more blocks: what is left in their queues is their answer.
        for lane in lanes where lane.result == nil {
            while lane.result == nil, let item = lane.queue.pop(idle: { true }) {
                switch item {
                case .done(let result): lane.result = result
                case .bytes, .blockEnd:
                    if !shared.isCancelled {
                        shared.cancel(with: WorkerFailure(reason: .protocolError("blocks past the end of the table")))
                    }
                }
            }
        }
        for thread in threads { thread.join() }
        if interrupted && shared.failure == nil {
            let failures = lanes.compactMap { lane -> WorkerFailure? in
                if case .failure(let failure)? = lane.result { failure } else { nil }
            }
            throw .worker(failures.first { $0.breadcrumb != nil } ?? WorkerFailure(reason: .interrupted))
        }
        if let failure = shared.failure {
            if case .requestTooLarge(let what) = failure.reason { throw .render(what) }
            throw .worker(failure)
        }
        if let writeError { throw .output(writeError) }
        var summary = RenderSummary(rows: 0, cellErrors: [])
        for lane in lanes {
            switch lane.result {
            case .success(.rendered(let rows, let cellErrors, let dataErrors))?:
                summary.rows += rows
                summary.cellErrors += cellErrors
                for error in dataErrors where !summary.dataErrors.contains(error) { summary.dataErrors.append(error) }
            case .success(.failed(let failure))?:
                throw .render(failure)
            default:
                throw .worker(WorkerFailure(reason: .protocolError("an answer to render that is not about rendering")))
            }
        }
        return summary
    }

    /// The cancel flag and the failure that set it, shared by the threads.
    final class Shared: Sendable {
        private let state = Mutex<(cancelled: Bool, failure: WorkerFailure?)>((false, nil))

        var isCancelled: Bool { state.withLock { $0.cancelled } }
        var failure: WorkerFailure? { state.withLock { $0.failure } }

        /// Cancels the render; the first failure given is the one reported.
        func cancel(with failure: WorkerFailure?) {
            state.withLock { state in
                if !state.cancelled { state.failure = failure }
                state.cancelled = true
            }
        }
    }

    /// One worker's share: its process, used only by its thread until the
    /// thread is joined; its queue; its answer, read after the join.
    final class Lane: @unchecked Sendable {
        let worker: WorkerProcess
        let queue: ChunkQueue
        let request: WorkerRequest
        var result: Result<WorkerResponse, WorkerFailure>?

        init(worker: WorkerProcess, queue: ChunkQueue, request: WorkerRequest) {
            self.worker = worker
            self.queue = queue
            self.request = request
        }

        func slot(in lanes: [Lane]) -> Int { lanes.firstIndex { $0 === self } ?? 0 }

        func run(_ shared: Shared) {
            let cancelled = { shared.isCancelled }
            do {
                let response = try worker.send(request) { bytes throws(WorkerFailure) in
                    guard queue.push(bytes.isEmpty ? .blockEnd : .bytes(bytes), cancelled: cancelled) else {
                        throw WorkerFailure(reason: .interrupted)
                    }
                }
                _ = queue.push(.done(.success(response)), cancelled: cancelled)
            } catch {
                // Cancelled mid-answer (or failed): this worker is not reused as it is.
                worker.stop()
                shared.cancel(with: error)
                _ = queue.push(.done(.failure(error)), cancelled: cancelled)
            }
        }
    }
}

/// A POSIX thread running one closure, joined by its owner.
final class DetachedThread {
    private var thread = pthread_t()

    /// Starts `body` on a new thread; `nil` when there is none to be had.
    init?(_ body: @escaping @Sendable () -> Void) {
        final class Box {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        let created = pthread_create(
            &thread, nil,
            { raw in
                let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
                box.body()
                return nil
            }, box)
        if created != 0 {
            Unmanaged<Box>.fromOpaque(box).release()
            errno = created
            return nil
        }
    }

    /// Waits for the closure to end.
    func join() {
        pthread_join(thread, nil)
    }
}
