import CellKitSupport
import Glibc

/// One end of the socket between the session and the worker, framed:
/// `[length: UInt32, little-endian][payload]`, the payload a ``WireWriter``'s
/// bytes. A frame longer than ``maximumFrame`` is a protocol error.
package struct WorkerChannel {
    package let descriptor: Int32
    /// 64 MiB: a render streams its bytes in chunks far below it.
    package static let maximumFrame = 64 << 20

    /// Sends one frame; `false` if the other end is gone (`EPIPE`: with
    /// `MSG_NOSIGNAL`, never a SIGPIPE) or the payload is over ``maximumFrame``.
    package func send(_ payload: [UInt8]) -> Bool {
        send(payload, then: [])
    }

    /// Sends one frame whose payload is `head` then `body`, without copying
    /// them into one (a chunk of rendered bytes after its message's header:
    /// ``WorkerResponse/chunkHeader(count:)``).
    package func send(_ head: [UInt8], then body: [UInt8]) -> Bool {
        let count = head.count + body.count
        guard count <= Self.maximumFrame else { return false }
        var prefix: [UInt8] = []
        prefix.reserveCapacity(4 + head.count)
        let n = UInt32(count)
        for shift in [0, 8, 16, 24] as [UInt32] { prefix.append(UInt8(truncatingIfNeeded: n >> shift)) }
        prefix += head
        return sendAll(prefix) && sendAll(body)
    }

    private func sendAll(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { bytes in
            var sent = 0
            while sent < bytes.count {
                let count = Glibc.send(descriptor, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return false }
                sent += count
            }
            return true
        }
    }

    /// Why a frame could not be received.
    package enum ReceiveError: Error, Equatable {
        /// The other end closed (the worker died, or the session went away).
        case closed
        /// No byte came within the wait; `progress()` said nothing moved either.
        case timedOut
        /// The user pressed Ctrl-C.
        case interrupted
        /// The frame is malformed (too long).
        case malformed(String)
    }

    /// Receives one frame. While waiting, every `pollInterval` it asks
    /// `stillAlive()`: a wait goes on for as long as that answers true.
    /// What the worker prints meanwhile goes to `log` (so that a worker
    /// that prints a lot never blocks on a full pipe).
    package func receive(
        pollInterval: Int32 = -1, stillAlive: () -> Bool = { true }, interrupted: () -> Bool = { false },
        log: (any WorkerOutputDrain)? = nil
    ) throws(ReceiveError) -> [UInt8] {
        var header = [UInt8](repeating: 0, count: 4)
        try read(into: &header, pollInterval: pollInterval, stillAlive: stillAlive, interrupted: interrupted, log: log)
        let length = Int(header[0]) | Int(header[1]) << 8 | Int(header[2]) << 16 | Int(header[3]) << 24
        guard length <= Self.maximumFrame else { throw .malformed("a frame of \(length) bytes") }
        var payload = [UInt8](repeating: 0, count: length)
        try read(into: &payload, pollInterval: pollInterval, stillAlive: stillAlive, interrupted: interrupted, log: log)
        return payload
    }

    private func read(
        into buffer: inout [UInt8], pollInterval: Int32, stillAlive: () -> Bool, interrupted: () -> Bool,
        log: (any WorkerOutputDrain)?
    ) throws(ReceiveError) {
        var filled = 0
        while filled < buffer.count {
            var entries = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                // A negative descriptor is not polled.
                pollfd(fd: log.map { $0.isAtEnd ? -1 : $0.descriptor } ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&entries, 2, pollInterval)
            if ready < 0 {
                if errno == EINTR {
                    if interrupted() { throw .interrupted }
                    continue
                }
                throw .closed
            }
            if entries[1].revents != 0 { log?.drain() }
            if entries[0].revents == 0 {
                if interrupted() { throw .interrupted }
                if !stillAlive() { throw .timedOut }
                continue
            }
            let count = buffer.withUnsafeMutableBytes { raw in
                Glibc.read(descriptor, raw.baseAddress! + filled, raw.count - filled)
            }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { throw .closed }
            filled += count
        }
    }

    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }
}
