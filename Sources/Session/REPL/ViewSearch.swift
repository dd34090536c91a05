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
    /// Where it starts: forward, at or after this place; backward, before it.
    let start: TextPlace
    /// The view's pieces and width when it was made: its blocks are those of that view.
    let pieceCount: Int
    let width: Int
    /// The blocks in the order they are looked through.
    let blocks: [PieceSearch]
    /// The first block past the end (backward: the start): its match is found after wrapping around.
    let wrapsAt: Int

    /// The pieces in the first blocks; the rest are as large as the last.
    static let blockSizes = [256, 1024, 4096, PieceSearch.largestBlock]
    /// The largest block of a search looked through while the view waits
    /// for keys (``ScrollView``'s search ahead): ending it waits for the
    /// blocks being drawn, so a key after a search is kept waiting a few
    /// milliseconds, not the 20–40 of the largest blocks.
    static let largestBlockAhead = 4096

    /// The blocks of a search for `text` from `start` (forward: at or after
    /// it; backward: before it) through `pieceCount` pieces drawn at `width`.
    init(
        text: String, backward: Bool, from start: TextPlace, pieceCount: Int, width: Int,
        largestBlock: Int = PieceSearch.largestBlock
    ) {
        self.text = text
        self.backward = backward
        self.start = start
        self.pieceCount = pieceCount
        self.width = width
        var blocks: [PieceSearch] = []
        var sizes = Self.blockSizes.filter { $0 < largestBlock }[...] + [largestBlock]
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

    /// Whether `other` looks through the same pieces, from the same place,
    /// for the same text: it comes to the same match (its blocks may be cut
    /// otherwise: a match's block is counted in its own search's blocks).
    func isSame(as other: ViewSearch) -> Bool {
        text == other.text && backward == other.backward && start == other.start && pieceCount == other.pieceCount
            && width == other.width
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

/// A search running while the view waits for a key (``ScrollView``'s search
/// ahead): its outcome is taken when a key asks for it, and it is ended
/// before the workers are sent anything else.
protocol BackgroundSearch: AnyObject {
    var search: ViewSearch { get }
    /// The outcome, waiting for it; `stop` is asked while it is not known,
    /// given how long it may wait for a key (true: stopped).
    func outcome(waiting stop: (Duration) -> Bool) throws(WorkerFailure) -> ViewSearch.Outcome
    /// Stops it, and returns once the workers are free for other requests;
    /// returns why it failed, if it did (a worker that crashed in it).
    @discardableResult func end() -> WorkerFailure?
}

/// One search shared by several workers (``WorkerBackend``, `--jobs`):
/// every worker looks through every block of a ``ViewSearch``, each its own
/// stripes of it (worker k of n: stripes k, k + n, …; a stripe is the rows
/// of one chunk of a data file, so no chunk is parsed twice), on a thread of
/// the session's own, one request a block. The calling thread takes the
/// answers in block order, each block's once every worker has answered it
/// (its first match of theirs; backward, its last), so the match is the one
/// a single worker would find; blocks stop being given out once it is
/// known. The first worker (which has the view open) searches its view's
/// screen; the others are sent the screen. A worker still drawing a block
/// when the search ends finishes it first (a block is at most
/// ``ViewSearch/blockSizes``' last).
struct ParallelSearch {
    let workers: [WorkerProcess]
    let search: ViewSearch
    /// The screen the view shows, for the workers after the first.
    let screen: Screen

    /// How long `stop` may wait for a key between looks at the answers.
    static let answerWait: Duration = .milliseconds(10)

    /// The search's outcome; `stop` is asked while the answers are awaited
    /// (it may wait ``answerWait`` for a key: Ctrl-C).
    func run(stop: (Duration) -> Bool) throws(WorkerFailure) -> ViewSearch.Outcome {
        let running = start()
        defer { running.end() }
        return try running.outcome(waiting: stop)
    }

    /// Starts the search on threads of its own; its outcome is taken later
    /// (``Running/outcome(waiting:)``), and ``Running/end()`` must be called
    /// before the workers are sent anything else.
    func start() -> Running {
        let shared = Shared(blocks: search.blocks.count, lanes: workers.count, backward: search.backward)
        var threads: [DetachedThread] = []
        for (index, worker) in workers.enumerated() where !search.blocks.isEmpty {
            let lane = Lane(worker: worker, index: index, of: workers.count, search: search, screen: screen)
            guard let thread = DetachedThread({ lane.run(shared) }) else {
                shared.fail(WorkerFailure(reason: .couldNotStart("no thread to search with")))
                break
            }
            threads.append(thread)
        }
        return Running(search: search, shared: shared, threads: threads)
    }

    /// A search the workers are looking through on the session's threads.
    final class Running: BackgroundSearch {
        let search: ViewSearch
        private let shared: Shared
        private var threads: [DetachedThread]

        fileprivate init(search: ViewSearch, shared: Shared, threads: [DetachedThread]) {
            self.search = search
            self.shared = shared
            self.threads = threads
        }

        /// The outcome, once known; `stop` is asked while it is not (true: stopped).
        func outcome(waiting stop: (Duration) -> Bool) throws(WorkerFailure) -> ViewSearch.Outcome {
            while true {
                switch shared.outcome() {
                case .some(.success(let outcome)): return outcome
                case .some(.failure(let failure)): throw failure
                case nil: if stop(ParallelSearch.answerWait) { return .stopped }
                }
            }
        }

        /// No more blocks are given out; returns once every worker has
        /// answered the block it was drawing (so they can be sent other
        /// requests), with why the search failed, if it did.
        @discardableResult func end() -> WorkerFailure? {
            shared.finish()
            for thread in threads { thread.join() }
            threads = []
            return shared.failure
        }
    }

    /// One worker's requests, used only by its thread until the thread is joined.
    final class Lane: @unchecked Sendable {
        let worker: WorkerProcess
        /// Every block, as this worker is asked for its stripes of it.
        let requests: [PieceSearch]

        init(worker: WorkerProcess, index lane: Int, of lanes: Int, search: ViewSearch, screen: Screen) {
            self.worker = worker
            // In the order they are looked through (backward: from the end), so its reads ahead go that way.
            let plan = search.blocks.map(\.pieces)
            requests = search.blocks.map { block in
                var request = block
                request.plan = plan
                request.lane = lane
                request.lanes = lanes
                request.screen = lane == 0 ? nil : screen
                return request
            }
        }

        func run(_ shared: Shared) {
            for (index, request) in requests.enumerated() {
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
            /// How many workers have not answered each block yet.
            var waiting: [Int]
            /// Each block's match so far: the first of the workers' answers (backward: the last).
            var matches: [TextMatch?]
            var failure: WorkerFailure?
            var finished = false
            /// The first block whose answer is not known yet.
            var next = 0
        }
        private let state: Mutex<State>
        private let backward: Bool

        init(blocks: Int, lanes: Int, backward: Bool) {
            state = Mutex(
                State(waiting: Array(repeating: lanes, count: blocks), matches: Array(repeating: nil, count: blocks)))
            self.backward = backward
        }

        /// Whether block `index` is still worth asking for: no earlier block holds the text.
        func wants(_ index: Int) -> Bool {
            state.withLock { state in
                !state.finished && state.failure == nil && !state.matches[..<index].contains { $0 != nil }
            }
        }

        /// One worker's answer for block `index`.
        func answer(_ index: Int, _ match: TextMatch?) {
            state.withLock { state in
                state.waiting[index] -= 1
                guard let match else { return }
                if let kept = state.matches[index], (match.place < kept.place) == backward { return }
                state.matches[index] = match
            }
        }

        func fail(_ failure: WorkerFailure) { state.withLock { if $0.failure == nil { $0.failure = failure } } }

        /// Why the search failed, if it did.
        var failure: WorkerFailure? { state.withLock { $0.failure } }

        /// No more blocks are given out.
        func finish() { state.withLock { $0.finished = true } }

        /// The outcome, once the answers in block order say it.
        func outcome() -> Result<ViewSearch.Outcome, WorkerFailure>? {
            state.withLock { state in
                if let failure = state.failure { return .failure(failure) }
                while state.next < state.waiting.count, state.waiting[state.next] == 0 {
                    if let match = state.matches[state.next] { return .success(.found(match, block: state.next)) }
                    state.next += 1
                }
                return state.next == state.waiting.count ? .success(.notFound) : nil
            }
        }
    }
}
