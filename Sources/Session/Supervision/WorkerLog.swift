import CellKitSupport
import Glibc
import WorkerProtocol

/// What a worker prints (its standard output and error), read by the session
/// through a pipe and kept bounded: the last ``tailSize`` bytes in memory,
/// from a crash report its first ``tailSize`` bytes, and on disk a log file
/// of at most ``fileLimit`` bytes, rotated once (`worker-….log` and
/// `worker-….log.1`), so a plugin that prints gigabytes costs neither memory
/// nor disk.
///
/// A pipe rather than a file the worker writes itself: the session decides
/// what reaches the disk, so the cap holds however fast the plugin prints,
/// and the session never reads a log file back.
///
/// The log file is made only when the worker first prints, with
/// `O_CREAT | O_EXCL | O_NOFOLLOW` (never truncating or following what is
/// there: a name another user planted in the state directory is skipped).
final class WorkerLog: WorkerOutputDrain {
    /// The end the worker writes to (its descriptors 1 and 2), until ``closeWriteEnd()``.
    private(set) var writeEnd: Int32
    private let readEnd: Int32
    private let basePath: String
    /// The log file, once made.
    private(set) var path: String?
    private var file: Int32 = -1
    private var fileSize = 0
    private var tail: [UInt8] = []
    private var crashReport: [UInt8]?
    private var carry: [UInt8] = []
    /// Whether the pipe reached its end (every writer closed it).
    private(set) var isAtEnd = false
    /// How many bytes the worker printed in all.
    private(set) var printed = 0

    /// Bytes kept in memory from the end of what it printed.
    static let tailSize = 16 << 10
    /// Bytes a log file holds before it is rotated.
    static let fileLimit = 1 << 20
    /// What a crash prints: Swift's trap message, the backtracer, a sanitizer.
    static let crashMarkers = ["Fatal error", "*** Signal", "Program crashed", "Sanitizer"].map { Array($0.utf8) }

    /// A pipe for a worker whose log, if it prints, is `path` (a new name).
    init?(path: String) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        readEnd = ends[0]
        writeEnd = ends[1]
        basePath = path
    }

    deinit {
        closeWriteEnd()
        close(readEnd)
        if file >= 0 { close(file) }
    }

    /// The end to poll: readable when the worker printed.
    var descriptor: Int32 { readEnd }

    /// Closes the session's copy of the write end (once the worker has its own).
    func closeWriteEnd() {
        if writeEnd >= 0 { close(writeEnd) }
        writeEnd = -1
    }

    /// Reads what is there without waiting.
    func drain() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !isAtEnd {
            let count = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return }  // EAGAIN: nothing more for now
            if count == 0 {
                isAtEnd = true
                return
            }
            take(chunk[..<count])
        }
    }

    /// Waits up to `milliseconds` for something to read, then reads it.
    func drain(waiting milliseconds: Int32) {
        guard !isAtEnd else {
            usleep(UInt32(max(0, milliseconds)) * 1000)
            return
        }
        var entry = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        if poll(&entry, 1, milliseconds) > 0 { drain() }
    }

    /// Whether what it printed shows it crashing.
    var showsACrash: Bool { crashReport != nil }

    /// What to read back: the crash report if it printed one, else the end of
    /// what it printed (at most ``tailSize`` bytes either way).
    var excerpt: String {
        String(decoding: crashReport ?? tail, as: UTF8.self)
    }

    /// Removes the log file and its rotated copy.
    func remove() {
        if file >= 0 { close(file) }
        file = -1
        if let path {
            unlink(path)
            unlink(path + ".1")
        }
        path = nil
    }

    // MARK: - Keeping what came

    private func take(_ bytes: ArraySlice<UInt8>) {
        printed += bytes.count
        tail = Array((tail + bytes).suffix(Self.tailSize))
        if crashReport == nil {
            // Markers cut between two reads are found too: the end of the last read comes first.
            let longest = Self.crashMarkers.map(\.count).max() ?? 0
            let searched = carry + bytes
            if let start = Self.firstCrashMarker(in: searched) {
                let lineStart = searched[..<start].lastIndex(of: 10).map { $0 + 1 } ?? searched.startIndex
                crashReport = Array(searched[lineStart...].prefix(Self.tailSize))
            }
            carry = Array(searched.suffix(longest - 1))
        } else if let report = crashReport, report.count < Self.tailSize {
            crashReport = report + bytes.prefix(Self.tailSize - report.count)
        }
        write(bytes)
    }

    private func write(_ bytes: ArraySlice<UInt8>) {
        var rest = bytes
        while !rest.isEmpty {
            if file < 0 || fileSize >= Self.fileLimit {
                guard openFile() else { return }
            }
            let part = rest.prefix(Self.fileLimit - fileSize)
            guard part.withUnsafeBytes({ SystemCall.writeAll(file, $0) }) == 0 else {
                close(file)
                file = -2  // the disk refused: memory only from now on
                return
            }
            fileSize += part.count
            rest = rest.dropFirst(part.count)
        }
    }

    /// Opens the log file, rotating a full one to `….1`; `false` if none can be made.
    private func openFile() -> Bool {
        if file == -2 { return false }
        if file >= 0 {
            close(file)
            file = -1
            if let path { rename(path, path + ".1") }
        }
        let candidates = path.map { [$0] } ?? [basePath] + (1...9).map { "\(basePath).\(getpid())-\($0)" }
        for candidate in candidates {
            let descriptor = SystemCall.retrying {
                open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            }
            if descriptor >= 0 {
                file = descriptor
                fileSize = 0
                path = candidate
                return true
            }
        }
        file = -2
        return false
    }

    private typealias MemMem =
        @convention(c) (UnsafeRawPointer?, Int, UnsafeRawPointer?, Int) -> UnsafeMutableRawPointer?
    /// glibc's `memmem`, which the Glibc module does not export.
    private static let memmem: MemMem? = dlsym(nil, "memmem").map { unsafeBitCast($0, to: MemMem.self) }

    /// Where the first crash marker in `bytes` starts.
    static func firstCrashMarker(in bytes: [UInt8]) -> Int? {
        var first: Int?
        bytes.withUnsafeBytes { haystack in
            for marker in crashMarkers {
                let found: Int? = marker.withUnsafeBytes { needle in
                    guard let memmem, let base = haystack.baseAddress else { return nil }
                    return memmem(base, haystack.count, needle.baseAddress, needle.count).map {
                        base.distance(to: UnsafeRawPointer($0))
                    }
                }
                if let found, found < (first ?? .max) { first = found }
            }
        }
        return first
    }
}
