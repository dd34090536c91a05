import Glibc

/// Why a file operation failed: which path, what was being done, the `errno` and its
/// text, and a likely fix.
///
/// ```swift
/// do {
///   _ = try readFile("/no/such/file.json")
/// } catch {
///   print(error)
///   // cannot open '/no/such/file.json': No such file or directory (ENOENT); does
///   // '/no/such/file.json' exist? check the spelling
/// }
/// ```
package struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being done.
    package enum Operation: String, Hashable, Sendable {
        /// Opening a file to read it.
        case open
        /// Creating or opening a file to write it.
        case create
        /// Reading.
        case read
        /// Writing.
        case write
        /// Flushing to the disk (`fsync`).
        case sync
        /// Closing (which can report a delayed write error).
        case close
        /// Renaming a finished temporary file over its target.
        case rename
        /// Looking at a file's type, size and times (`stat`).
        case status
        /// Creating a directory.
        case createDirectory
        /// Listing a directory.
        case listDirectory
        /// Setting permissions.
        case setPermissions
        /// Reading a symbolic link.
        case readLink
        /// Reading a file's bytes as UTF-8 text.
        case decode
        /// Finding the current directory.
        case currentDirectory
        /// Removing a file or directory.
        case remove
    }

    /// The path, as the caller gave it.
    package let path: String
    /// What was being done.
    package let operation: Operation
    /// The `errno` value (`EILSEQ` for text that is not UTF-8, `EINVAL` for a path with a NUL
    /// character, `EBADF` for a writer used after `commit()` or `abort()`).
    package let errno: Int32
    /// Why: the `strerror` text, or a more precise one.
    package let reason: String
    /// What would likely fix it, for common causes.
    package let fix: String?
    /// For `.decode`: the offset of the first byte that is not UTF-8.
    package let byteOffset: Int?

    /// An error for `errno`; `reason` defaults to its `strerror` text, and `fix` to the
    /// usual fix for `errno` (give one when the reason is cellkit's, not the system's: a
    /// cellkit size limit is `EFBIG` too, but `ulimit -f` has nothing to do with it).
    package init(
        path: String, operation: Operation, errno: Int32, reason: String? = nil, fix: String? = nil,
        byteOffset: Int? = nil
    ) {
        self.path = path
        self.operation = operation
        self.errno = errno
        self.byteOffset = byteOffset
        // A link that leads nowhere is there: what is missing is where it leads.
        if errno == ENOENT, reason == nil, [.open, .read, .status].contains(operation),
            let link = Self.danglingLink(path)
        {
            self.reason = "it is \(link)"
            self.fix = fix ?? "create the file it leads to, or point the link at one that exists"
            return
        }
        self.reason = reason ?? String(cString: strerror(errno))
        self.fix = fix ?? Self.fix(path: path, operation: operation, errno: errno)
    }

    /// `a symbolic link to 'b', a symbolic link to 'c', which does not
    /// exist`: what the links from `path` lead to, when `path` is a symbolic
    /// link and the last of them leads nowhere; `nil` otherwise (not a
    /// link, a link to a file, a loop, or links that cannot be read).
    ///
    /// ```swift
    /// FileError.danglingLink("out.txt")   // "a symbolic link to 'gone.txt', which does not exist"
    /// ```
    package static func danglingLink(_ path: String) -> String? {
        var current = path
        var targets: [String] = []
        while targets.count < 16, (try? fileInfo(current, followingSymbolicLinks: false))??.kind == .symbolicLink {
            guard let target = try? Path.linkTarget(current) else { return nil }
            targets.append(target)
            current = Path.isAbsolute(target) ? target : Path.join(Path.dirname(current), target)
        }
        let end: FileInfo?
        do {
            end = try fileInfo(current, followingSymbolicLinks: false)
        } catch {
            return nil
        }
        guard !targets.isEmpty, end == nil else { return nil }
        return targets.map { "a symbolic link to '\($0)'" }.joined(separator: ", ") + ", which does not exist"
    }

    /// Why the file at `path` (`target`, when `path` is a link to it), which
    /// `info` describes, may not be written by this process (`access(2)`
    /// said `code`), as replacing it with `AtomicFileWriter` refuses it: a
    /// file of ours that is read-only can be made writable (`chmod u+w`);
    /// one of another user's, only by that user.
    package static func notWritable(_ path: String, target: String, info: FileInfo, errno code: Int32) -> FileError {
        guard code == EACCES else { return FileError(path: path, operation: .rename, errno: code) }
        let mode = String(info.permissions & 0o777, radix: 8)
        guard info.uid == geteuid() else {
            return FileError(
                path: path, operation: .rename, errno: code,
                reason: "it belongs to another user (uid \(info.uid)), and you may not write it (mode \(mode))",
                fix: "write to another file; only its owner or root can let you replace it")
        }
        return FileError(
            path: path, operation: .rename, errno: code, reason: "it is read-only (mode \(mode))",
            fix: "make it writable (chmod u+w '\(target)') if you mean to replace it, or write to another file")
    }

    /// The symbolic name of `errno`, such as `ENOENT`, for the common ones.
    package var errnoName: String? { Self.names[errno] }

    /// `cannot <operation> '<path>': <reason> (<ERRNO>); <fix>`.
    package var description: String {
        let suffix = operation == .decode ? " as UTF-8 text" : ""
        var text = "cannot \(verb) '\(path)'\(suffix): \(reason)"
        if let errnoName {
            text += " (\(errnoName))"
        }
        if let fix {
            text += "; \(fix)"
        }
        return text
    }

    private var verb: String {
        switch operation {
        case .remove: return "remove"
        case .open: return "open"
        case .create: return "create"
        case .read: return "read"
        case .write: return "write"
        case .sync: return "flush to disk"
        case .close: return "close"
        case .rename: return "replace"
        case .status: return "inspect"
        case .createDirectory: return "create the directory"
        case .listDirectory: return "list the directory"
        case .setPermissions: return "set the permissions of"
        case .readLink: return "read the link"
        case .decode: return "read"
        case .currentDirectory: return "find the current directory"
        }
    }

    private static func fix(path: String, operation: Operation, errno: Int32) -> String? {
        switch errno {
        case ENOENT:
            switch operation {
            case .create, .rename, .createDirectory:
                return "does the directory '\(Path.dirname(path))' exist?"
            case .currentDirectory:
                return "the current directory was removed; change to another one"
            default:
                return "does '\(path)' exist? check the spelling"
            }
        case EACCES, EPERM:
            return "check the permissions of '\(path)' and of the directories above it"
        case ENOSPC:
            return "the disk is full: free some space"
        case EDQUOT:
            return "your disk quota is used up: free some space"
        case EISDIR:
            return "'\(path)' is a directory: give the path of a file"
        case ENOTDIR:
            return operation == .listDirectory
                ? "'\(path)' is a file, not a directory"
                : "a part of '\(path)' is a file, not a directory"
        case EEXIST:
            return "move or rename that file, or choose another path"
        case EROFS:
            return "the file system is read-only: write somewhere else"
        case EMFILE, ENFILE:
            return "too many files are open: close some, or raise the limit (ulimit -n)"
        case ENAMETOOLONG:
            return "shorten the path"
        case ELOOP:
            return "a symbolic link in the path leads back to itself"
        case EILSEQ:
            return "save the file as UTF-8"
        case EFBIG where [.create, .write, .sync, .close].contains(operation):
            // Writing past `ulimit -f`. (Reading, EFBIG is a file too large for the call, not a limit of the shell's.)
            return "the file would pass the file size limit (ulimit -f): raise the limit or write less"
        default:
            return nil
        }
    }

    private static let names: [Int32: String] = [
        EPERM: "EPERM", ENOENT: "ENOENT", EINTR: "EINTR", EIO: "EIO", EBADF: "EBADF",
        EAGAIN: "EAGAIN", ENOMEM: "ENOMEM", EACCES: "EACCES", EBUSY: "EBUSY", EEXIST: "EEXIST",
        EXDEV: "EXDEV", ENOTDIR: "ENOTDIR", EISDIR: "EISDIR", EINVAL: "EINVAL", ENFILE: "ENFILE",
        EMFILE: "EMFILE", ETXTBSY: "ETXTBSY", EFBIG: "EFBIG", ENOSPC: "ENOSPC", EROFS: "EROFS",
        ENAMETOOLONG: "ENAMETOOLONG", ENOTEMPTY: "ENOTEMPTY", ELOOP: "ELOOP", EILSEQ: "EILSEQ",
        EDQUOT: "EDQUOT",
    ]
}
