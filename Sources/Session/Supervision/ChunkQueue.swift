import Dispatch
import Synchronization
import WorkerProtocol

/// What one worker of a shared render sent, held for the session's thread
/// until its turn comes (docs/design.md, "Several workers"): rendered bytes,
/// the end of a block, and the worker's final answer. Bytes are bounded: a
/// worker that is ahead waits in ``push(_:)`` once `capacity` bytes are held.
final class ChunkQueue: Sendable {
    /// One thing a worker sent.
    /// (Unchecked: an item is handed from the thread that reads a worker to the
    /// session's thread and never used by both.)
    enum Item: @unchecked Sendable {
        case bytes(ArraySlice<UInt8>)
        case blockEnd
        /// The worker's answer to the render, or why it failed.
        case done(Result<WorkerResponse, WorkerFailure>)
    }

    private struct State {
        var items: [Item] = []
        var head = 0
        var bytes = 0
    }

    let capacity: Int
    private let state = Mutex(State())
    private let itemAdded = DispatchSemaphore(value: 0)
    private let itemTaken = DispatchSemaphore(value: 0)

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Adds `item`; bytes wait while the queue is full, until `cancelled()` says to give up
    /// (then `false`, and the item is dropped).
    func push(_ item: Item, cancelled: () -> Bool) -> Bool {
        while true {
            let added = state.withLock { state in
                if case .bytes(let bytes) = item, state.bytes > 0, state.bytes + bytes.count > capacity { return false }
                if case .bytes(let bytes) = item { state.bytes += bytes.count }
                state.items.append(item)
                return true
            }
            if added {
                itemAdded.signal()
                return true
            }
            if cancelled() { return false }
            _ = itemTaken.wait(timeout: .now() + .milliseconds(50))
        }
    }

    /// The next item; while there is none, `idle()` is called every 50 ms and
    /// the wait ends with `nil` when it returns `false`.
    func pop(idle: () -> Bool) -> Item? {
        while true {
            let item: Item? = state.withLock { state in
                guard state.head < state.items.count else { return nil }
                let item = state.items[state.head]
                state.items[state.head] = .blockEnd  // its bytes are freed now, not at the next compaction
                state.head += 1
                if case .bytes(let bytes) = item { state.bytes -= bytes.count }
                if state.head > 64 && state.head * 2 > state.items.count {
                    state.items.removeFirst(state.head)
                    state.head = 0
                }
                return item
            }
            if let item {
                itemTaken.signal()
                return item
            }
            if !idle() { return nil }
            _ = itemAdded.wait(timeout: .now() + .milliseconds(50))
        }
    }
}
