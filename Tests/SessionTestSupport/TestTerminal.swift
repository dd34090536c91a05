#if DEBUG
    @testable import Session
    @testable import WorkerProtocol

    /// An in-memory ``Terminal`` for tests: input is a script of steps, output is
    /// captured, the size is settable, raw mode is only recorded.
    ///
    /// Each `.bytes` step is returned by one `read`, so a test controls how input is
    /// split across reads. `readMarks` records how much output had been written each
    /// time the reader asked for input, so a test can look at the screen as the user
    /// saw it while the editor waited for a given key.
    final class TestTerminal: Terminal {
        /// One step of scripted input.
        enum Step: Equatable, Sendable {
            /// Returned by the next read.
            case bytes([UInt8])
            /// A pause in typing: a read with a timeout times out here; a read
            /// without one waits through it.
            case pause
            /// A signal arrives (SIGWINCH): the terminal takes `size` and the read
            /// returns `.interrupted`.
            case signal(resizeTo: TerminalSize?)
        }

        var steps: [Step]
        var size: TerminalSize
        var inputIsTerminal: Bool
        var supportsLineEditing: Bool
        private(set) var isRawMode = false

        /// Everything written, in order.
        private(set) var output: [UInt8] = []
        /// How many times `write` was called.
        private(set) var writeCount = 0
        /// `output.count` at each call to `read`.
        private(set) var readMarks: [Int] = []
        /// How many times raw mode was entered and left (actual changes only).
        private(set) var rawModeEntries = 0
        private(set) var rawModeExits = 0
        private(set) var suspensions = 0

        init(
            size: TerminalSize = TerminalSize(columns: 80, rows: 24),
            interactive: Bool = true
        ) {
            self.steps = []
            self.size = size
            self.inputIsTerminal = interactive
            self.supportsLineEditing = interactive
        }

        /// Queues `text` (UTF-8) as one read.
        func type(_ text: String) {
            steps.append(.bytes(Array(text.utf8)))
        }

        /// Queues raw bytes as one read.
        func send(_ bytes: [UInt8]) {
            steps.append(.bytes(bytes))
        }

        /// Queues each string as a read of its own (one key per read).
        func keys(_ keys: String...) {
            for key in keys { type(key) }
        }

        func pause() { steps.append(.pause) }

        /// The output decoded as UTF-8.
        var outputText: String { String(decoding: output, as: UTF8.self) }

        func read(timeout: Duration?) throws -> TerminalInput {
            readMarks.append(output.count)
            while !steps.isEmpty {
                let step = steps.removeFirst()
                switch step {
                case .bytes(let bytes) where bytes.isEmpty:
                    continue
                case .bytes(let bytes):
                    return .bytes(bytes)
                case .pause:
                    if timeout != nil { return .timedOut }
                case .signal(let newSize):
                    if let newSize { size = newSize }
                    return .interrupted
                }
            }
            return .endOfInput
        }

        func write(_ bytes: [UInt8]) throws {
            writeCount += 1
            output.append(contentsOf: bytes)
        }

        func enterRawMode() throws {
            guard !isRawMode else { return }
            isRawMode = true
            rawModeEntries += 1
        }

        func leaveRawMode() {
            guard isRawMode else { return }
            isRawMode = false
            rawModeExits += 1
        }

        func suspend() throws {
            suspensions += 1
        }
    }
#endif
