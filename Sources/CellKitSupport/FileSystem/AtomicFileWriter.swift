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
/// or 0644 (before the umask) when there is no file yet; its owner is whoever runs the
/// process. When the target is a symbolic link, the file it points to is replaced and the
/// link is kept.
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
public final class AtomicFileWriter {
    /// Above this many buffered bytes, a write goes to the file.
    private static let bufferCapacity = 64 * 1024

    /// The file to replace, as given.
    public let path: String
    /// The file that `commit()` replaces: `path`, or where it leads if it is a symbolic link.
    private let target: String
    /// The temporary file, until `commit()` or `abort()`.
    public let temporaryPath: String
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
    public init(path: String, permissions: UInt32? = nil) throws(FileError) {
        try SystemCall.checkPath(path, .create)
        self.path = path
        var target = path
        if try fileInfo(path, followingSymbolicLinks: false)?.kind == .symbolicLink,
            let resolved = realpath(path, nil)
        {
            target = String(cString: resolved)
            free(resolved)
        }
        self.target = target
        let existing = try fileInfo(target)
        if existing?.isDirectory == true {
            throw FileError(path: path, operation: .create, errno: EISDIR)
        }

        let directory = Path.dirname(target)
        let prefix = "." + Path.basename(target) + ".tmp-\(getpid())-"
        var descriptor: Int32 = -1
        var temporaryPath = ""
        for _ in 0..<16 {
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
            temporaryPath = Path.join(directory, prefix + suffix)
            // Private until its permissions are set, so a stricter target's content never shows.
            let createMode: mode_t = existing == nil && permissions == nil ? 0o644 : 0o600
            descriptor = SystemCall.retrying {
                open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, createMode)
            }
            if descriptor >= 0 || errno != EEXIST {
                break
            }
        }
        guard descriptor >= 0 else {
            throw FileError(path: path, operation: .create, errno: errno)
        }
        self.descriptor = descriptor
        self.temporaryPath = temporaryPath

        if let mode = permissions ?? existing?.permissions, fchmod(descriptor, mode_t(mode)) != 0 {
            let code = errno
            abort()
            throw FileError(path: path, operation: .setPermissions, errno: code)
        }
    }

    deinit {
        abort()
    }

    /// Appends `bytes` to the new contents.
    ///
    /// - Throws: `FileError` (`.write`), for example `ENOSPC`. The writer is then aborted:
    ///   the target stays as it was, and `commit()` throws the same error.
    public func write(_ bytes: some Collection<UInt8>) throws(FileError) {
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
    public func write(_ text: String) throws(FileError) {
        try write(text.utf8)
    }

    /// Finishes the new contents and puts them in place of the target, atomically.
    ///
    /// On failure the temporary file is removed and the target stays as it was.
    ///
    /// - Throws: `FileError` (`.write`, `.sync`, `.close` or `.rename`); the error of an
    ///   earlier failed write; or `EBADF` when the writer was already committed or aborted.
    public func commit() throws(FileError) {
        try checkOpen()
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
        } catch {
            abort()
            throw error
        }
        SystemCall.syncDirectory(Path.dirname(target))
    }

    /// Gives up: removes the temporary file and leaves the target as it was. Does nothing
    /// after `commit()` or a previous `abort()`.
    public func abort() {
        buffer = []
        if descriptor >= 0 {
            _ = close(descriptor)
            descriptor = -1
        }
        if ownsTemporaryFile {
            _ = unlink(temporaryPath)
            ownsTemporaryFile = false
        }
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
///
/// ```swift
/// try atomicWrite("screen.json", try screen.serializedBytes(.pretty))
/// ```
public func atomicWrite(_ path: String, _ bytes: some Collection<UInt8>, permissions: UInt32? = nil)
    throws(FileError)
{
    let writer = try AtomicFileWriter(path: path, permissions: permissions)
    try writer.write(bytes)
    try writer.commit()
}

/// Replaces the file at `path` with the UTF-8 of `text`, atomically: see
/// `AtomicFileWriter`.
public func atomicWrite(_ path: String, _ text: String, permissions: UInt32? = nil)
    throws(FileError)
{
    try atomicWrite(path, text.utf8, permissions: permissions)
}
