import Glibc

/// Writes a file so that it is either replaced whole or not at all: a failed or
/// interrupted run never leaves a truncated file behind.
///
/// The bytes go to a temporary file in the target's directory, `.<name>.tmp-<pid>-<random>`.
/// `commit()` flushes it to the disk (`fsync`) and renames it over the target, which is
/// atomic, then flushes the directory. Until then the target is untouched; `abort()`, or
/// releasing the writer without committing (an error thrown past it, a forgotten
/// `commit()`), removes the temporary file. Only a crash of the process can leave a
/// temporary file behind, never a half-written target.
///
/// The new file gets the permissions of the file it replaces, or `permissions` when given,
/// or 0644 (before the umask) when there is no file yet. It keeps the owner and group of
/// the file it replaces when the process may give them (root may; others only their own
/// groups): otherwise it belongs to whoever runs the process, loses any setuid or setgid
/// bit, and ``ownerNotice`` says so. When the target is a symbolic link, the file it
/// points to is replaced (the temporary file is made in that file's folder) and the link
/// is kept; a link whose target does not exist, or that loops, is refused.
///
/// A regular file that the process may not write (`access(2)`: a 0444 file of a user
/// other than root) is refused with `EACCES`, as `cp` refuses it, though renaming over it
/// would work. Root may write any file, and replaces it.
///
/// Only a regular file (or no file) is replaced. A character device (a terminal,
/// `/dev/null`) or a FIFO is written straight to, as a shell's `>` would: it is opened for
/// writing, never created, renamed over or truncated, so there is no temporary file and
/// no atomicity. `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and `/proc/self/fd/N` write to
/// that descriptor. Anything else (a block device, a socket) is refused.
///
/// While a temporary file exists it is registered with ``TemporaryFiles``, whose signal
/// handlers remove it if a signal ends the process. Writing to standard output by name
/// (`/dev/stdout`, `/dev/fd/1`) after its reader has gone (`EPIPE`) ends the process as
/// SIGPIPE would (``TemporaryFiles/endForClosedPipe()``); a FIFO whose reader has gone
/// is a write error.
///
/// ```swift
/// let writer = try AtomicFileWriter(path: "report.html")
/// for row in rows {
///   try writer.write(render(row))   // an error here leaves report.html as it was
/// }
/// try writer.commit()
/// ```
///
/// A writer is meant for one task at a time; it is not `Sendable`.
package final class AtomicFileWriter {
    /// Above this many buffered bytes, a write goes to the file.
    private static let bufferCapacity = 64 * 1024

    /// The file to replace, as given.
    package let path: String
    /// The file that `commit()` replaces: `path`, or where it leads if it is a symbolic link.
    private let target: String
    /// The temporary file, until `commit()` or `abort()`; empty when writing straight to
    /// a device, a FIFO or a descriptor.
    package let temporaryPath: String
    /// Whether the bytes go straight to `path` (a character device, a FIFO, a standard
    /// stream): nothing is renamed, and what was written before a failure stays written.
    package let writesDirectly: Bool
    /// When the replaced file belonged to another user or group that this process cannot
    /// give the new file to: a sentence saying so, for the caller to show.
    package private(set) var ownerNotice: String?
    /// The slot of the temporary file in ``TemporaryFiles``.
    private var cleanupSlot: Int?
    /// The temporary file's descriptor; -1 once committed or aborted. Readable inside the
    /// module so that a test can make writes fail.
    private(set) var descriptor: Int32
    /// Whether the temporary file is there and this writer must remove or rename it.
    private var ownsTemporaryFile = true
    /// The write that failed, if one did: the writer then refuses to commit.
    private var failure: FileError?
    private var buffer: [UInt8] = []

    /// Creates the temporary file next to `path`.
    ///
    /// - Parameter permissions: the new file's permission bits; by default those of the file
    ///   it replaces, or 0644 before the umask for a new file.
    /// - Throws: `FileError` (`.create`), for example `ENOENT` when the directory is missing,
    ///   or `EISDIR` when `path` is a directory.
    package init(path: String, permissions: UInt32? = nil) throws(FileError) {
        try SystemCall.checkPath(path, .create)
        self.path = path
        // A standard stream named as a file: its descriptor, as it is (a file it was
        // redirected to is written at its offset, never replaced).
        if let stream = Self.standardDescriptor(path) {
            let descriptor = fcntl(stream, F_DUPFD_CLOEXEC, 3)
            guard descriptor >= 0 else { throw FileError(path: path, operation: .create, errno: errno) }
            self.target = path
            self.descriptor = descriptor
            self.temporaryPath = ""
            self.writesDirectly = true
            ownsTemporaryFile = false
            return
        }
        let target = try Self.resolveLink(path)
        self.target = target
        let existing = try fileInfo(target)
        if let existing, existing.isRegularFile, access(target, W_OK) != 0 {
            // Read-only to us: refused as `cp` and a shell's `>` refuse it. Root may write
            // any file (access(2) says so), and replaces it, as `cp` run by root does.
            throw FileError.notWritable(path, target: target, info: existing, errno: errno)
        }
        if let existing, !existing.isRegularFile {
            self.descriptor = try Self.openToWriteStraight(existing, target: target, path: path)
            self.temporaryPath = ""
            self.writesDirectly = true
            ownsTemporaryFile = false
            return
        }
        writesDirectly = false
        // Private until its permissions are set, so a stricter target's content never shows.
        let createMode: mode_t = existing == nil && permissions == nil ? 0o644 : 0o600
        let temporary = try Self.createTemporaryFile(next: target, path: path, mode: createMode)
        self.descriptor = temporary.descriptor
        self.temporaryPath = temporary.path
        cleanupSlot = temporary.slot

        // The owner first: changing it clears setuid and setgid, which the mode then sets.
        var mode = permissions ?? existing?.permissions
        if let existing, existing.uid != geteuid() || existing.gid != getegid() {
            if fchown(descriptor, existing.uid, existing.gid) != 0 {
                // Only root gives files away: the new file is ours, and a setuid or setgid
                // bit would now grant our rights, so it is dropped.
                mode = mode.map { $0 & ~UInt32(S_ISUID | S_ISGID) }
                ownerNotice =
                    "\(path) now belongs to uid \(geteuid()), gid \(getegid()) "
                    + "(it belonged to uid \(existing.uid), gid \(existing.gid), which only root can keep)"
            }
        }
        if let mode, fchmod(descriptor, mode_t(mode)) != 0 {
            let code = errno
            abort()
            throw FileError(path: path, operation: .setPermissions, errno: code)
        }
    }

    /// The file to replace for `path`: `path` itself, or, when it is a symbolic link, the
    /// file the link leads to (so that the link is kept). A link that leads nowhere (its
    /// target is missing, or it loops) is refused, as `cp` refuses it: writing through it
    /// would create a file wherever the link says, and replacing it would lose the link.
    private static func resolveLink(_ path: String) throws(FileError) -> String {
        guard try fileInfo(path, followingSymbolicLinks: false)?.kind == .symbolicLink else { return path }
        let link = (try? Path.linkTarget(path)) ?? "?"
        do throws(FileError) {
            if try fileInfo(path) != nil, let resolved = Path.canonical(path) {
                return resolved
            }
        } catch  where error.errno == ELOOP {
            throw FileError(
                path: path, operation: .create, errno: ELOOP,
                reason: "it is a symbolic link (to '\(link)') that leads back to itself",
                fix: "remove the link, or write to another file")
        }
        let leads = FileError.danglingLink(path) ?? "a symbolic link to '\(link)', which does not exist"
        throw FileError(
            path: path, operation: .create, errno: ENOENT,
            reason: "it is \(leads), and cellkit does not write through it",
            fix: "create the file it points to first, remove the link, or write to another file")
    }

    /// A descriptor to write straight to the file that is not a regular one at `target`: a
    /// character device or a FIFO is written to, as `>` would; a directory, a block device
    /// or a socket is refused.
    private static func openToWriteStraight(_ existing: FileInfo, target: String, path: String) throws(FileError)
        -> Int32
    {
        let type = existing.mode & UInt32(S_IFMT)
        if existing.isDirectory {
            throw FileError(path: path, operation: .create, errno: EISDIR)
        }
        guard type == UInt32(S_IFCHR) || type == UInt32(S_IFIFO) else {
            let what =
                type == UInt32(S_IFBLK) ? "a block device" : type == UInt32(S_IFSOCK) ? "a socket" : "not a file"
            throw FileError(
                path: path, operation: .create, errno: EEXIST,
                reason: "it is \(what), not a regular file, and is not replaced")
        }
        let descriptor = SystemCall.retrying { open(target, O_WRONLY | O_CLOEXEC | O_NOCTTY) }
        guard descriptor >= 0 else { throw FileError(path: path, operation: .create, errno: errno) }
        return descriptor
    }

    /// A new temporary file in `target`'s directory, `.<name>.tmp-<pid>-<random>`, created
    /// with `mode` and registered with ``TemporaryFiles``: its descriptor, path and slot.
    private static func createTemporaryFile(next target: String, path: String, mode createMode: mode_t)
        throws(FileError) -> (descriptor: Int32, path: String, slot: Int?)
    {
        let directory = Path.dirname(target)
        let prefix = "." + Path.basename(target) + ".tmp-\(getpid())-"
        for _ in 0..<16 {
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
            let temporaryPath = Path.join(directory, prefix + suffix)
            // Registered before it exists, so a signal right after the open still removes it.
            let slot = TemporaryFiles.register(temporaryPath)
            let descriptor = SystemCall.retrying {
                open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, createMode)
            }
            if descriptor >= 0 {
                return (descriptor, temporaryPath, slot)
            }
            let code = errno
            TemporaryFiles.unregister(slot)  // not ours: never remove it
            if code != EEXIST {
                throw FileError(path: path, operation: .create, errno: code)
            }
        }
        throw FileError(path: path, operation: .create, errno: EEXIST)
    }

    /// The descriptor a path names when it is a standard stream (`/dev/stdout`,
    /// `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`).
    static func standardDescriptor(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                if let number = Int32(path.dropFirst(prefix.count)), number >= 0, fcntl(number, F_GETFD) >= 0 {
                    return number
                }
            }
            return nil
        }
    }

    deinit {
        abort()
    }

    /// Appends `bytes` to the new contents.
    ///
    /// - Throws: `FileError` (`.write`), for example `ENOSPC`. The writer is then aborted:
    ///   the target stays as it was, and `commit()` throws the same error.
    package func write(_ bytes: some Collection<UInt8>) throws(FileError) {
        try checkOpen()
        if buffer.count + bytes.count > Self.bufferCapacity {
            try flush()
        }
        if bytes.count > Self.bufferCapacity {
            try ContiguousUTF8.with(bytes) { writeOut(UnsafeRawBufferPointer($0)) }.get()
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// Appends the UTF-8 of `text` to the new contents.
    ///
    /// - Throws: `FileError` (`.write`), as `write(_:)` with bytes does.
    package func write(_ text: String) throws(FileError) {
        try write(text.utf8)
    }

    /// Finishes the new contents and puts them in place of the target, atomically.
    ///
    /// On failure the temporary file is removed and the target stays as it was.
    ///
    /// - Throws: `FileError` (`.write`, `.sync`, `.close` or `.rename`); the error of an
    ///   earlier failed write; or `EBADF` when the writer was already committed or aborted.
    package func commit() throws(FileError) {
        try checkOpen()
        if writesDirectly {
            do throws(FileError) {
                try flush()
            } catch {
                abort()
                throw error
            }
            let closed = close(descriptor)
            descriptor = -1
            guard closed == 0 else { throw FileError(path: path, operation: .close, errno: errno) }
            return
        }
        do throws(FileError) {
            try flush()
            guard fsync(descriptor) == 0 else {
                throw FileError(path: path, operation: .sync, errno: errno)
            }
            let closed = close(descriptor)
            descriptor = -1
            guard closed == 0 else {
                throw FileError(path: path, operation: .close, errno: errno)
            }
            guard rename(temporaryPath, target) == 0 else {
                throw FileError(path: path, operation: .rename, errno: errno)
            }
            ownsTemporaryFile = false
            TemporaryFiles.unregister(cleanupSlot)
            cleanupSlot = nil
        } catch {
            abort()
            throw error
        }
        SystemCall.syncDirectory(Path.dirname(target))
    }

    /// Gives up: removes the temporary file and leaves the target as it was. Does nothing
    /// after `commit()` or a previous `abort()`.
    package func abort() {
        buffer = []
        if descriptor >= 0 {
            _ = close(descriptor)
            descriptor = -1
        }
        if ownsTemporaryFile {
            _ = unlink(temporaryPath)
            ownsTemporaryFile = false
        }
        TemporaryFiles.unregister(cleanupSlot)
        cleanupSlot = nil
    }

    private func checkOpen() throws(FileError) {
        if let failure {
            throw failure
        }
        guard descriptor >= 0 else {
            throw FileError(
                path: path, operation: .write, errno: EBADF,
                reason: "the writer was already committed or aborted")
        }
    }

    private func flush() throws(FileError) {
        guard !buffer.isEmpty else { return }
        let result = buffer.withUnsafeBytes { writeOut($0) }
        buffer.removeAll(keepingCapacity: true)
        try result.get()
    }

    private func writeOut(_ bytes: UnsafeRawBufferPointer) -> Result<Void, FileError> {
        let code = SystemCall.writeAll(descriptor, bytes)
        if code == EPIPE && Self.standardDescriptor(path) == 1 {
            // Standard output by name, whose reader has gone: end as SIGPIPE would have.
            TemporaryFiles.endForClosedPipe()
        }
        guard code == 0 else {
            // Nothing written after this can be trusted: give the space back now.
            let error = FileError(path: path, operation: .write, errno: code)
            failure = error
            abort()
            return .failure(error)
        }
        return .success(())
    }
}

/// Replaces the file at `path` with `bytes`, atomically: see `AtomicFileWriter`.
/// Returns the writer's ``AtomicFileWriter/ownerNotice``, if there is one.
///
/// ```swift
/// try atomicWrite("screen.json", try screen.serializedBytes(.pretty))
/// ```
@discardableResult
package func atomicWrite(_ path: String, _ bytes: some Collection<UInt8>, permissions: UInt32? = nil)
    throws(FileError) -> String?
{
    let writer = try AtomicFileWriter(path: path, permissions: permissions)
    try writer.write(bytes)
    try writer.commit()
    return writer.ownerNotice
}

/// Replaces the file at `path` with the UTF-8 of `text`, atomically: see
/// `AtomicFileWriter`.
@discardableResult
package func atomicWrite(_ path: String, _ text: String, permissions: UInt32? = nil)
    throws(FileError) -> String?
{
    try atomicWrite(path, text.utf8, permissions: permissions)
}
