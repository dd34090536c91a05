import Synchronization
import WorkerProtocol

/// A search in `show` (`/TEXT`, `?TEXT`, `n`, `N`), cut into blocks of the
/// view's pieces in the order they are looked through: from a place in view
/// to the end (backward: to the start), then around from the other end back
/// to the place. The first blocks are small, so a match near the view is
/// found at once; the later ones large, so a search of a million rows is a
/// few dozen requests, shared by the session's workers (``ParallelSearch``).
struct ViewSearch {
    let text: String
    let backward: Bool
    /// The blocks in the order they are looked through.
    let blocks: [PieceSearch]
    /// The first block past the end (backward: the start): its match is found after wrapping around.
    let wrapsAt: Int

    /// The pieces in the first blocks; the rest are as large as the last.
    static let blockSizes = [256, 1024, 4096, 16384]

    /// The blocks of a search for `text` from `start` (forward: at or after
    /// it; backward: before it) through `pieceCount` pieces drawn at `width`.
    init(text: String, backward: Bool, from start: TextPlace, pieceCount: Int, width: Int) {
        self.text = text
        self.backward = backward
        var blocks: [PieceSearch] = []
        var sizes = Self.blockSizes[...]
        func nextSize() -> Int { sizes.count > 1 ? sizes.removeFirst() : sizes.first! }
        /// Cuts `pieces` into blocks in search order.
        func cut(_ pieces: Range<Int>) {
            if backward {
                var end = pieces.upperBound
                while end > pieces.lowerBound {
                    let lower = max(pieces.lowerBound, end - nextSize())
                    blocks.append(PieceSearch(text: text, backward: true, pieces: lower..<end, width: width, plan: []))
                    end = lower
                }
            } else {
                var lower = pieces.lowerBound
                while lower < pieces.upperBound {
                    let end = min(pieces.upperBound, lower + nextSize())
                    blocks.append(PieceSearch(text: text, backward: false, pieces: lower..<end, width: width, plan: []))
                    lower = end
                }
            }
        }
        let piece = max(0, min(start.piece, pieceCount))
        // Before the place and after it, in the order looked through; the place's piece is in both.
        let ahead = backward ? 0..<min(pieceCount, piece + 1) : piece..<pieceCount
        let around = backward ? piece..<pieceCount : 0..<min(pieceCount, piece + 1)
        // The place bounds the first block's piece (forward: from it; backward: up to it), and the last's.
        let first: WritableKeyPath<PieceSearch, TextPlace?> = backward ? \.to : \.from
        let last: WritableKeyPath<PieceSearch, TextPlace?> = backward ? \.from : \.to
        cut(ahead)
        if !blocks.isEmpty { blocks[0][keyPath: first] = start }
        wrapsAt = blocks.count
        cut(around)
        if blocks.count > wrapsAt { blocks[blocks.count - 1][keyPath: last] = start }
        self.blocks = blocks
    }

    /// What a search came to.
    enum Outcome: Equatable {
        /// Found in block `block` (past the end or the start when it is ``wrapsAt`` or later).
        case found(TextMatch, block: Int)
        case notFound
        /// Stopped by Ctrl-C.
        case stopped
    }
}

/// One search shared by several workers (``WorkerBackend``, `--jobs`):
/// worker k looks through blocks k, k + n, k + 2n, … of a ``ViewSearch``, on
/// a thread of the session's own, one request a block; the calling thread
/// takes the answers in block order, so the match is the one a single worker
/// would find, and stops giving out blocks once it is known. The first
/// worker (which has the view open) searches its view's screen; the others
/// are sent the screen. A worker still drawing a block when the search ends
/// finishes it first (a block is at most ``ViewSearch/blockSizes``' last).
struct ParallelSearch {
    let workers: [WorkerProcess]
    let search: ViewSearch
    /// The screen the view shows, for the workers after the first.
    let screen: Screen

    /// The search's outcome; `stop` is asked while the answers are awaited
    /// (it may wait a moment for a key: Ctrl-C).
    func run(stop: () -> Bool) throws(WorkerFailure) -> ViewSearch.Outcome {
        let blocks = search.blocks
        guard !blocks.isEmpty else { return .notFound }
        let shared = Shared(blocks: blocks.count)
        var threads: [DetachedThread] = []
        for (index, worker) in workers.prefix(blocks.count).enumerated() {
            let lane = Lane(worker: worker, index: index, of: workers.count, search: search, screen: screen)
            guard let thread = DetachedThread({ lane.run(shared) }) else {
                shared.fail(WorkerFailure(reason: .couldNotStart("no thread to search with")))
                break
            }
            threads.append(thread)
        }
        defer {
            shared.finish()
            for thread in threads { thread.join() }
        }
        while true {
            switch shared.outcome() {
            case .some(.success(let outcome)): return outcome
            case .some(.failure(let failure)): throw failure
            case nil: if stop() { return .stopped }
            }
        }
    }

    /// One worker's blocks, used only by its thread until the thread is joined.
    final class Lane: @unchecked Sendable {
        let worker: WorkerProcess
        /// Its blocks: their index in the search and the request.
        let requests: [(index: Int, request: PieceSearch)]

        init(worker: WorkerProcess, index lane: Int, of lanes: Int, search: ViewSearch, screen: Screen) {
            self.worker = worker
            let mine = Array(stride(from: lane, to: search.blocks.count, by: lanes))
            // In the order they are looked through (backward: from the end), so its reads ahead go that way.
            let plan = mine.map { search.blocks[$0].pieces }
            requests = mine.map { index in
                var request = search.blocks[index]
                request.plan = plan
                request.screen = lane == 0 ? nil : screen
                return (index, request)
            }
        }

        func run(_ shared: Shared) {
            for (index, request) in requests {
                guard shared.wants(index) else { return }
                do throws(WorkerFailure) {
                    switch try worker.send(.search(request)) {
                    case .found(let match): shared.answer(index, match)
                    case .failed(let failure): throw WorkerFailure(reason: .protocolError(failure.description))
                    default: throw WorkerFailure(reason: .protocolError("an answer to a search that is not one"))
                    }
                } catch {
                    shared.fail(error)
                    return
                }
            }
        }
    }

    /// The answers, shared by the threads.
    final class Shared: Sendable {
        private struct State {
            /// Each block's answer (`.some(nil)`: looked through, not found).
            var answers: [TextMatch??]
            var failure: WorkerFailure?
            var finished = false
            /// The first block whose answer is not known yet.
            var next = 0
        }
        private let state: Mutex<State>

        init(blocks: Int) {
            state = Mutex(State(answers: Array(repeating: nil, count: blocks)))
        }

        /// Whether block `index` is still worth asking for: no earlier block found the text.
        func wants(_ index: Int) -> Bool {
            state.withLock { state in
                !state.finished && state.failure == nil
                    && !state.answers[..<index].contains { if case .some(.some) = $0 { true } else { false } }
            }
        }

        func answer(_ index: Int, _ match: TextMatch?) { state.withLock { $0.answers[index] = .some(match) } }

        func fail(_ failure: WorkerFailure) { state.withLock { if $0.failure == nil { $0.failure = failure } } }

        /// No more blocks are given out.
        func finish() { state.withLock { $0.finished = true } }

        /// The outcome, once the answers in block order say it.
        func outcome() -> Result<ViewSearch.Outcome, WorkerFailure>? {
            state.withLock { state in
                if let failure = state.failure { return .failure(failure) }
                while state.next < state.answers.count, case .some(let answer) = state.answers[state.next] {
                    if let match = answer { return .success(.found(match, block: state.next)) }
                    state.next += 1
                }
                return state.next == state.answers.count ? .success(.notFound) : nil
            }
        }
    }
}
