import CellKitSupport
import Glibc

/// Watches files for changes with `inotify`: the loaded plugins' libraries,
/// their resource folders (nibs), bound data files. What `--watch` and
/// `preview --watch` reload on.
///
/// A build replaces a library by writing a new file and renaming it over the
/// old one, so the watch is on each file's folder, filtered by name: a write
/// that is closed, a file moved in, created or deleted there. Everything in
/// a watched folder (a plugin's resources) counts.
///
/// ```swift
/// let watcher = FileWatcher(files: [".build/debug/libCardCells.so"], folders: [".build/debug/CardCells.resources"])
/// if watcher.waitForChange(timeout: 500) { reload() }
/// ```
final class FileWatcher {
    let descriptor: Int32
    /// Per watch descriptor: the folder, and the names in it that count (`nil`: all).
    private var watches: [Int32: (folder: String, names: Set<String>?)] = [:]

    /// Watches `files` (by their folders) and everything in `folders`; `nil`
    /// when the system gives no inotify descriptor.
    init?(files: [String], folders: [String] = []) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
        var byFolder: [String: Set<String>] = [:]
        for file in files { byFolder[Path.dirname(file), default: []].insert(Path.basename(file)) }
        for (folder, names) in byFolder {
            let wd = inotify_add_watch(descriptor, folder, mask)
            if wd >= 0 { watches[wd] = (folder, names) }
        }
        for folder in folders {
            let wd = inotify_add_watch(descriptor, folder, mask)
            if wd >= 0 { watches[wd] = (folder, nil) }
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Whether anything was watched at all.
    var isWatching: Bool { !watches.isEmpty }

    /// Reads the events that are waiting; whether one of them is a change
    /// that counts.
    func drain() -> Bool {
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return changed }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                // struct inotify_event { int wd; uint32_t mask, cookie, len; char name[]; }
                let wd = Int32(littleEndianBytes: buffer, at: offset)
                let length = Int(UInt32(littleEndianBytes: buffer, at: offset + 12))
                let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                if let watch = watches[wd], watch.names?.contains(name) ?? true { changed = true }
                offset += header + length
            }
        }
    }

    /// Waits up to `timeout` milliseconds for a change that counts; when one
    /// comes, waits `settle` milliseconds more for the rest of it (a build
    /// writes several files) and reads those events too.
    func waitForChange(timeout: Int32, settle: Int32 = 50) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, timeout) > 0, drain() else { return false }
        var quiet = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while poll(&quiet, 1, settle) > 0 { _ = drain() }
        return true
    }
}

extension FixedWidthInteger {
    /// The integer stored little-endian at `offset` of `bytes` (which must hold it).
    fileprivate init(littleEndianBytes bytes: [UInt8], at offset: Int) {
        var value: Self = 0
        for i in 0..<(Self.bitWidth / 8) { value |= Self(truncatingIfNeeded: bytes[offset + i]) << (8 * i) }
        self = value
    }
}
