/// Reads ``Key``s from a ``Terminal``: a ``KeyDecoder`` plus the escape timeout.
///
/// Used by the line editor, and meant for the REPL's scroll view too. Keys that
/// arrive together (typed ahead, or pasted without bracketed paste) stay
/// buffered in the reader between calls, so keep one reader per terminal.
final class KeyReader {
    /// What waiting for a key produced.
    enum Event: Equatable, Sendable {
        case key(Key)
        /// A signal interrupted the wait (SIGWINCH: re-check the size and redraw).
        case interrupted
        /// The input is closed.
        case endOfInput
    }

    let terminal: any Terminal
    var escapeTimeout: Duration
    private var decoder = KeyDecoder()

    init(terminal: any Terminal, escapeTimeout: Duration = KeyDecoder.escapeTimeout) {
        self.terminal = terminal
        self.escapeTimeout = escapeTimeout
    }

    /// Waits for the next key.
    func next() throws -> Event {
        while true {
            if let event = try next(until: nil) { return event }
        }
    }

    /// Waits at most `timeout` for the next key: `nil` when none came in time
    /// (a view that also polls for changes, such as a resize that raced with
    /// its wait). An escape sequence that has begun is always waited for.
    func next(timeout: Duration) throws -> Event? {
        try next(until: ContinuousClock.now + timeout)
    }

    /// Waits for the next key until `deadline` (`nil`: for as long as it takes).
    private func next(until deadline: ContinuousClock.Instant?) throws -> Event? {
        while true {
            if let key = decoder.next() { return .key(key) }
            let wait = decoder.hasPendingInput ? escapeTimeout : deadline.map { max(.zero, $0 - .now) }
            switch try terminal.read(timeout: wait) {
            case .bytes(let bytes):
                decoder.feed(bytes)
            case .timedOut:
                if decoder.hasPendingInput {
                    decoder.flush()
                } else if let deadline, ContinuousClock.now >= deadline {
                    return nil
                }
            case .interrupted:
                return .interrupted
            case .endOfInput:
                decoder.flush()
                if let key = decoder.next() { return .key(key) }
                return .endOfInput
            }
        }
    }

    /// Whether a key is already decoded and waiting, so that a caller can skip
    /// redrawing between keys that arrived together.
    func hasKeyReady() -> Bool {
        decoder.hasKeyReady()
    }
}
