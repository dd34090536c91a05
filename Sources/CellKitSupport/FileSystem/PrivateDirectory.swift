import Glibc

/// A folder for one user's state (worker logs, history, the registry cache): used only
/// when no other local user can put files in it or swap it.
///
/// A folder another user made first, or can write to, is where that user can plant a
/// symbolic link named like a file cellkit is about to write, and have it truncate or
/// overwrite one of yours. So ``prepare(_:)`` (which makes a missing folder 0700),
/// ``check(_:)`` and ``checkBeforeMaking(_:)`` refuse, with the reason and the fix:
///
/// - the folder itself if it is a symbolic link, belongs to another user, or can be
///   written by its group or others;
/// - a folder above it that belongs to a user other than you or root, or that others
///   can write to without the sticky bit (`/tmp`, mode 1777 and root's, is fine).
///
/// ```swift
/// let logs = try PrivateDirectory.prepare("/home/ada/.local/state/cellkit/workers")
/// let scratch = try PrivateDirectory.makeTemporary(prefix: "cellkit-workers")   // /tmp/cellkit-workers-Xq3b9Z
/// ```
package enum PrivateDirectory {
    /// Creates `path` and any missing folder above it (mode 0700), then checks that it is
    /// safe to keep files in (see ``PrivateDirectory``). Returns `path`.
    ///
    /// - Throws: `FileError` (`.createDirectory`) when it cannot be made, or when it or a
    ///   folder above it could be changed by another user (`EPERM`, with the fix).
    @discardableResult
    package static func prepare(_ path: String) throws(FileError) -> String {
        try createDirectories(path, mode: 0o700)
        try check(path)
        return path
    }

    /// A new folder of mode 0700 with an unpredictable name, `PREFIX-XXXXXX`, in
    /// `$TMPDIR` (when it is an absolute path) or `/tmp`: `mkdtemp`.
    ///
    /// - Throws: `FileError` (`.createDirectory`), for example `EACCES`.
    package static func makeTemporary(prefix: String, environment: Environment = .current()) throws(FileError)
        -> String
    {
        let base = environment["TMPDIR"].flatMap { Path.isAbsolute($0) ? $0 : nil } ?? "/tmp"
        var template = Array(Path.join(base, prefix + "-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else {
            throw FileError(path: Path.join(base, prefix + "-XXXXXX"), operation: .createDirectory, errno: errno)
        }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Throws when the folder at `path`, or one above it, could be changed by another user.
    package static func check(_ path: String) throws(FileError) {
        let absolute = try Path.absolute(path)
        guard let info = try fileInfo(absolute, followingSymbolicLinks: false) else {
            throw FileError(path: path, operation: .createDirectory, errno: ENOENT)
        }
        if info.kind == .symbolicLink {
            throw refusal(
                path, "it is a symbolic link (to '\((try? Path.linkTarget(absolute)) ?? "?")')",
                fix: "remove the link; cellkit makes the folder itself")
        }
        guard info.isDirectory else {
            throw FileError(
                path: path, operation: .createDirectory, errno: EEXIST,
                reason: "a file that is not a directory is already there")
        }
        if info.uid != geteuid() {
            throw refusal(
                path, "it belongs to another user (uid \(info.uid)), who could plant links in it",
                fix: "remove it (as that user or root) so that cellkit makes its own, or use another folder")
        }
        if info.permissions & 0o022 != 0 {
            throw refusal(
                path, "it can be written by others (mode \(String(info.permissions & 0o777, radix: 8)))",
                fix: "run `chmod go-w \(absolute)`")
        }
        try checkFolders(from: Path.dirname(absolute), above: path)
    }

    /// Checks the folder `path` will be, without making it (what makes it later gives it
    /// its own mode): an existing one as ``check(_:)`` does; for a missing one, the nearest
    /// folder above it that exists, which must be one you may write and no other user
    /// could change.
    ///
    /// - Returns: whether the folder exists or can be made; `false` when the nearest
    ///   folder above it cannot be written or is not a folder (a read-only home, a path
    ///   under a file).
    /// - Throws: `FileError` (`.createDirectory`, `EPERM`) when another user could change
    ///   it, as ``check(_:)`` does.
    package static func checkBeforeMaking(_ path: String) throws(FileError) -> Bool {
        let absolute = try Path.absolute(path)
        var nearest = absolute
        while (try? fileInfo(nearest, followingSymbolicLinks: false)) == nil {
            let parent = Path.dirname(nearest)
            if parent == nearest { return false }
            nearest = parent
        }
        if nearest == absolute {
            try check(absolute)
            return true
        }
        guard isDirectory(nearest), access(nearest, W_OK | X_OK) == 0 else { return false }
        try checkFolders(from: nearest, above: path)
        return true
    }

    /// Throws when `directory` or a folder above it belongs to a user other than you or
    /// root, or can be written by others without the sticky bit: they could replace
    /// `path`, below it.
    private static func checkFolders(from directory: String, above path: String) throws(FileError) {
        var directory = directory
        while true {
            guard let above = try fileInfo(directory) else { break }
            if above.uid != geteuid() && above.uid != 0 {
                throw refusal(
                    path, "the folder above it, \(directory), belongs to another user (uid \(above.uid))",
                    fix: "use a folder of yours")
            }
            if above.permissions & 0o022 != 0 && above.permissions & UInt32(S_ISVTX) == 0 {
                throw refusal(
                    path,
                    "the folder above it, \(directory), can be written by others "
                        + "(mode \(String(above.permissions & 0o777, radix: 8))), who could replace it",
                    fix: "run `chmod go-w \(directory)`, or use another folder")
            }
            let parent = Path.dirname(directory)
            if parent == directory { break }
            directory = parent
        }
    }

    private static func refusal(_ path: String, _ reason: String, fix: String) -> FileError {
        FileError(path: path, operation: .createDirectory, errno: EPERM, reason: reason, fix: fix)
    }
}
