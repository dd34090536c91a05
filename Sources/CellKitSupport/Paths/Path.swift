import Glibc

/// Helpers for POSIX paths as `String`s: joining, splitting, normalising, making absolute,
/// expanding `~`, and finding the running executable.
///
/// They work on the text only (no file system access) unless they say otherwise.
/// Repeated slashes count as one; a trailing slash does not make a component.
///
/// ```swift
/// Path.join("/plugins", "CardCells", "libCardCells.so")   // /plugins/CardCells/libCardCells.so
/// Path.dirname("/a/b/c.json")                            // /a/b
/// Path.basename("/a/b/c.json")                           // c.json
/// Path.pathExtension("/a/b/c.tar.gz")                    // gz
/// Path.normalize("a/./b/../../../c")                     // ../c
/// Path.expandingTilde("~/notes", home: "/home/ada")      // /home/ada/notes
/// ```
package enum Path {
    /// Whether `path` starts with `/`.
    package static func isAbsolute(_ path: String) -> Bool {
        path.utf8.first == UInt8(ascii: "/")
    }

    /// The components joined with single slashes; an absolute component starts the path
    /// over (as in a shell's `cd`), and empty components are skipped.
    ///
    /// ```swift
    /// Path.join("a/", "b")          // a/b
    /// Path.join("a", "/etc", "x")   // /etc/x
    /// Path.join()                   // (empty)
    /// ```
    package static func join(_ components: String...) -> String {
        join(components)
    }

    /// The components joined with single slashes; see `join(_:)`.
    package static func join(_ components: [String]) -> String {
        var result = ""
        for component in components where !component.isEmpty {
            if isAbsolute(component) || result.isEmpty {
                result = component
            } else {
                let base = trimmingTrailingSlashes(result)
                result = (base == "/" ? "" : base) + "/" + trimmingLeadingSlashes(component)
            }
        }
        return result
    }

    /// The path of the directory that holds `path`'s last component: `/a/b/` → `/a`,
    /// `a` → `.`, `/a` → `/`, `/` → `/`, `` → `.`.
    package static func dirname(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        let parent = trimmingTrailingSlashes(String(trimmed[..<slash]))
        return parent.isEmpty ? "/" : parent
    }

    /// The last component of `path`: `/a/b.txt` → `b.txt`, `/a/b/` → `b`, `/` → `/`,
    /// `` → ``.
    package static func basename(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard trimmed != "/", let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else {
            return trimmed
        }
        return String(trimmed[trimmed.utf8.index(after: slash)...])
    }

    /// The extension of the last component, without its dot: `c.tar.gz` → `gz`, `a.` → ``;
    /// `nil` when there is none, including dot files such as `.bashrc`.
    package static func pathExtension(_ path: String) -> String? {
        let name = basename(path).drop { $0 == "." }
        guard let dot = name.lastIndex(of: ".") else { return nil }
        return String(name[name.index(after: dot)...])
    }

    /// `path` with `.` components and repeated slashes removed and `..` applied to the
    /// component before it, textually: `a/./b/../c` → `a/c`, `/../x` → `/x`, `../a` stays,
    /// `` → `.`.
    ///
    /// The result can differ from what the file system would resolve when a component
    /// before a `..` is a symbolic link.
    package static func normalize(_ path: String) -> String {
        let absolute = isAbsolute(path)
        var components: [Substring] = []
        for component in path.split(separator: "/") {
            switch component {
            case ".":
                continue
            case "..":
                if let last = components.last, last != ".." {
                    components.removeLast()
                } else if !absolute {
                    components.append(component)
                }
            default:
                components.append(component)
            }
        }
        let joined = components.joined(separator: "/")
        if absolute {
            return "/" + joined
        }
        return joined.isEmpty ? "." : joined
    }

    /// `path` made absolute against `base` (itself absolute), and normalised.
    ///
    /// ```swift
    /// Path.absolute("../x", relativeTo: "/home/ada/src")   // /home/ada/x
    /// ```
    package static func absolute(_ path: String, relativeTo base: String) -> String {
        normalize(isAbsolute(path) ? path : join(base, path))
    }

    /// `path` made absolute against the current directory, and normalised.
    ///
    /// - Throws: `FileError` (`.currentDirectory`) when the current directory is gone.
    package static func absolute(_ path: String) throws(FileError) -> String {
        if isAbsolute(path) {
            return normalize(path)
        }
        return absolute(path, relativeTo: try currentDirectory())
    }

    /// `path` with a leading `~` replaced by `home` and `~name` by that user's home
    /// directory; unchanged when it has neither, or names an unknown user.
    package static func expandingTilde(_ path: String, home: String) -> String {
        guard path.utf8.first == UInt8(ascii: "~") else { return path }
        let afterTilde = path.dropFirst()
        let slash = afterTilde.firstIndex(of: "/") ?? afterTilde.endIndex
        let user = afterTilde[..<slash]
        let rest = String(afterTilde[slash...])
        let relative = String(trimmingLeadingSlashes(rest))
        if user.isEmpty {
            return join(home, relative)
        }
        guard let userHome = UserDatabase.homeDirectory(ofUser: String(user)) else { return path }
        return join(userHome, relative)
    }

    /// The current working directory.
    ///
    /// - Throws: `FileError` (`.currentDirectory`), for example `ENOENT` when it was removed.
    package static func currentDirectory() throws(FileError) -> String {
        guard let pointer = getcwd(nil, 0) else {
            throw FileError(path: ".", operation: .currentDirectory, errno: errno)
        }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// The absolute path of the running executable, from `/proc/self/exe`.
    ///
    /// - Throws: `FileError` (`.readLink`) when `/proc` is not mounted.
    package static func executable() throws(FileError) -> String {
        try linkTarget("/proc/self/exe")
    }

    /// What the symbolic link at `path` holds, as written in the link (relative targets
    /// stay relative). Reads the file system.
    ///
    /// ```swift
    /// try Path.linkTarget("/proc/self/exe")   // /usr/local/bin/cellkit
    /// ```
    ///
    /// - Throws: `FileError` (`.readLink`), for example `EINVAL` when `path` is not a link.
    package static func linkTarget(_ path: String) throws(FileError) -> String {
        try SystemCall.checkPath(path, .readLink)
        var capacity = 256
        while true {
            var buffer = [CChar](repeating: 0, count: capacity)
            let count = readlink(path, &buffer, capacity)
            guard count >= 0 else {
                throw FileError(path: path, operation: .readLink, errno: errno)
            }
            if count < capacity {
                return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            capacity *= 2
        }
    }

    /// The canonical absolute path of an existing file: symbolic links, `.` and `..`
    /// resolved by the file system (`realpath`); `nil` when it cannot be resolved (a
    /// component is missing or cannot be searched). Reads the file system.
    ///
    /// ```swift
    /// Path.canonical("/usr/lib/../lib/./libc.so.6")   // /usr/lib/x86_64-linux-gnu/libc.so.6
    /// ```
    package static func canonical(_ path: String) -> String? {
        guard !path.utf8.contains(0), let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.utf8.count > 1 && path.utf8.last == UInt8(ascii: "/") {
            path.removeLast()
        }
        return String(path)
    }

    private static func trimmingLeadingSlashes(_ path: String) -> Substring {
        path.drop { $0 == "/" }
    }
}
