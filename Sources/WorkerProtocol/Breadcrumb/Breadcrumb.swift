import Glibc

/// A page of memory the session and the worker share, where the worker
/// notes what it is doing — the phase, the plugin, the cell, the row — so
/// that when it dies the session can say where, without the dead process's
/// help (docs/design.md, "When the worker dies"). It also counts progress,
/// so a long render is told from a hang.
///
/// The page is a file the session creates and unlinks at once, so nothing
/// is left on disk; the worker gets it as descriptor 4 and maps it too.
/// `mkstemp` makes it under a random name with `O_CREAT | O_EXCL`, which
/// never follows a symbolic link or opens a file that is there.
///
/// Layout (little-endian, at fixed offsets): progress `UInt64` at 0, phase
/// `UInt32` at 8, section `UInt32` at 12, row `UInt32` at 16, text length
/// `UInt32` at 20, text (`plugin \0 cell \0 screen`) from 24 to the end of
/// the page (1 KiB: small enough for any `ulimit -f`). Every access is within the page (offsets are constants; text
/// is cut to fit), and the session reads the text only after the worker is
/// gone; the progress counter it reads while the worker runs is an aligned
/// 8-byte word, which x86-64 and AArch64 load whole (docs/unsafe-code.md).
package final class Breadcrumb {
    package enum Phase: UInt32, Sendable {
        case idle = 0
        case loading = 1
        case making = 2
        case configuring = 3
        case drawing = 4
        case writing = 5
    }

    /// What the worker was doing, as the session reads it.
    package struct Snapshot: Equatable, Sendable {
        package var phase: Phase
        package var plugin: String
        package var cell: String
        package var screen: String
        package var section: Int
        package var row: Int

        package init(phase: Phase, plugin: String, cell: String, screen: String, section: Int, row: Int) {
            self.phase = phase
            self.plugin = plugin
            self.cell = cell
            self.screen = screen
            self.section = section
            self.row = row
        }
    }

    package static let size = 1024
    private static let textOffset = 24
    private let page: UnsafeMutableRawPointer
    package let descriptor: Int32

    /// A new page (in the session), or `nil` if none could be made.
    package static func create(directory: String) -> Breadcrumb? {
        var template = Array((directory + "/breadcrumb-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        guard ftruncate(fd, off_t(size)) == 0 else {
            close(fd)
            return nil
        }
        return Breadcrumb(descriptor: fd)
    }

    /// Maps the page behind `descriptor`; `nil` if it cannot be.
    package init?(descriptor: Int32) {
        guard let mapped = mmap(nil, Self.size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0),
            mapped != MAP_FAILED
        else { return nil }
        page = mapped
        self.descriptor = descriptor
    }

    deinit {
        munmap(page, Self.size)
        close(descriptor)
    }

    // MARK: - The worker writes

    /// Notes the phase and what it concerns.
    package func note(_ phase: Phase, plugin: String, cell: String, screen: String) {
        page.storeBytes(of: phase.rawValue, toByteOffset: 8, as: UInt32.self)
        var text = Array(plugin.utf8) + [0] + Array(cell.utf8) + [0] + Array(screen.utf8)
        if text.count > Self.size - Self.textOffset { text.removeLast(text.count - (Self.size - Self.textOffset)) }
        text.withUnsafeBytes { (page + Self.textOffset).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        page.storeBytes(of: UInt32(text.count), toByteOffset: 20, as: UInt32.self)
    }

    /// Notes the phase alone.
    @inline(__always)
    package func note(_ phase: Phase) {
        page.storeBytes(of: phase.rawValue, toByteOffset: 8, as: UInt32.self)
    }

    /// Notes the row being worked on, and counts it as progress.
    @inline(__always)
    package func note(section: Int, row: Int) {
        page.storeBytes(of: UInt32(truncatingIfNeeded: section), toByteOffset: 12, as: UInt32.self)
        page.storeBytes(of: UInt32(truncatingIfNeeded: row), toByteOffset: 16, as: UInt32.self)
        advance()
    }

    /// Counts progress (a chunk written, a record checked).
    @inline(__always)
    package func advance() {
        page.storeBytes(of: progress &+ 1, toByteOffset: 0, as: UInt64.self)
    }

    // MARK: - The session reads

    /// The progress counter: it moves while the worker works.
    package var progress: UInt64 { page.load(fromByteOffset: 0, as: UInt64.self) }

    /// What the worker noted last.
    package func snapshot() -> Snapshot {
        let phase = Phase(rawValue: page.load(fromByteOffset: 8, as: UInt32.self)) ?? .idle
        let length = min(Int(page.load(fromByteOffset: 20, as: UInt32.self)), Self.size - Self.textOffset)
        let text = UnsafeRawBufferPointer(start: page + Self.textOffset, count: length)
        let parts = text.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        return Snapshot(
            phase: phase, plugin: parts.count > 0 ? parts[0] : "", cell: parts.count > 1 ? parts[1] : "",
            screen: parts.count > 2 ? parts[2] : "",
            section: Int(page.load(fromByteOffset: 12, as: UInt32.self)),
            row: Int(page.load(fromByteOffset: 16, as: UInt32.self)))
    }

    /// Back to idle, before a request.
    package func reset() {
        page.storeBytes(of: Phase.idle.rawValue, toByteOffset: 8, as: UInt32.self)
        page.storeBytes(of: UInt32(0), toByteOffset: 20, as: UInt32.self)
    }
}
