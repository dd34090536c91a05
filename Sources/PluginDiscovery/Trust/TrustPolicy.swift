import CellKitSupport
import Glibc

/// Whether a file another user could change is one cellkit may act on: a
/// plugin library it loads, a plugin package it builds (``PackageTrust``), the
/// config file it reads. A plugin is code that runs with the user's rights,
/// and the config file chooses what sessions do, so the file and every
/// directory above it must be writable only by their owner, and owned by the
/// user or by root.
///
/// A world-writable directory with the sticky bit (like `/tmp`) is allowed:
/// others can add files there but cannot replace yours. See docs/threat-model.md.
///
/// The check covers the path as given as well as the file it leads to: every
/// directory a name is looked up in on the way (symbolic links followed one
/// at a time, the way the kernel follows them), each link's owner, then the
/// file and the directories above its canonical path. A link to a safe file
/// from a directory others can write is refused: they could point it elsewhere.
///
/// ``finding(for:)`` says what is wrong, for each caller to word its refusal;
/// ``check(_:)`` words it as a plugin's.
///
/// ```swift
/// try TrustPolicy().check("/home/me/.local/lib/cellkit/plugins/libCardCells.so")
/// TrustPolicy().finding(for: "/home/me/.config/cellkit/config")?.reason
/// // "directory /home/me/.config/cellkit can be written by others (mode 777)"
/// ```
package struct TrustPolicy: Sendable {
    /// The user the host runs as.
    package var uid: UInt32

    /// A policy for the current user.
    package init(uid: UInt32 = getuid()) {
        self.uid = uid
    }

    /// How many symbolic links the walk follows before it leaves the rest to `dlopen` (as the kernel's ELOOP).
    static let maximumLinks = 40

    /// What another user could change on the way to a path, or at it.
    package struct Finding: Hashable, Sendable {
        /// What is wrong with the entry.
        package enum Problem: Hashable, Sendable {
            /// It belongs to another user (not root).
            case owner(uid: UInt32)
            /// Its group or others can write it (a directory without the sticky bit).
            case writable(mode: UInt32)
        }

        /// The entry: the path itself, a directory above it, or a symbolic link on the way.
        package var path: String
        /// What the entry is.
        package var kind: FileInfo.Kind
        package var problem: Problem

        /// `directory /srv/team can be written by others (mode 777)`,
        /// `symbolic link /srv/x belongs to another user (uid 1001)`, `/srv/x.so can be …`.
        package var reason: String {
            let what =
                switch kind {
                case .directory: "directory \(path)"
                case .symbolicLink: "symbolic link \(path)"
                default: path
                }
            switch problem {
            case .owner(let uid): return "\(what) belongs to another user (uid \(uid))"
            case .writable(let mode): return "\(what) can be written by others (mode \(String(mode, radix: 8)))"
            }
        }

        /// The command that makes the entry safe: `chmod go-w PATH`; for
        /// another user's, `chown USER PATH` (`-h` for a link, `-R` for a
        /// directory), which only root may run.
        package func command(user: String) -> String {
            switch problem {
            case .writable: return "chmod go-w \(path)"
            case .owner:
                let flag = kind == .symbolicLink ? "-h " : kind == .directory ? "-R " : ""
                return "chown \(flag)\(user) \(path)"
            }
        }
    }

    /// The first thing another user could change on the way to `path` or at
    /// it; `nil` when there is none, or when nothing is at `path` (what opens
    /// it reports that itself).
    package func finding(for path: String) -> Finding? {
        var checked = Set<String>()
        return finding(for: path, checkedDirectories: &checked)
    }

    /// ``finding(for:)`` for many paths at once: directories found safe are
    /// added to `checked` and not looked at again (the registry cache checks
    /// every library on the plugin path, most of them in the same few directories).
    package func finding(for path: String, checkedDirectories checked: inout Set<String>) -> Finding? {
        // Made absolute without resolving anything: the walk below follows `..` and links itself.
        let absolute = Path.isAbsolute(path) ? path : Path.join((try? Path.currentDirectory()) ?? "", path)
        guard fileExists(absolute) else { return nil }
        func directory(_ dir: String) -> Finding? {
            guard !checked.contains(dir) else { return nil }
            if let status = try? fileInfo(dir), let found = finding(at: dir, status) { return found }
            checked.insert(dir)  // only once it passed: the next file in it is refused the same way
            return nil
        }
        // The path as given: each directory a component is looked up in.
        var pending: [Substring] = absolute.split(separator: "/").reversed()
        var current = "/"
        var links = 0
        walk: while let component = pending.popLast() {
            if component == "." { continue }
            if component == ".." {
                current = Path.dirname(current)
                continue
            }
            if let found = directory(current) { return found }
            let next = current == "/" ? "/" + component : current + "/" + component
            // Gone meanwhile, or not searchable: the opener reports it; the file's own chain is still checked below.
            guard let link = try? fileInfo(next, followingSymbolicLinks: false) else { break walk }
            guard link.kind == .symbolicLink else {
                current = next
                continue
            }
            if link.uid != uid && link.uid != 0 {
                return Finding(path: next, kind: .symbolicLink, problem: .owner(uid: link.uid))
            }
            links += 1
            guard links <= Self.maximumLinks, let target = try? Path.linkTarget(next) else { break walk }
            if target.hasPrefix("/") { current = "/" }
            pending.append(contentsOf: target.split(separator: "/").reversed())
        }
        // The file it leads to, and every directory above its canonical path.
        let file = Path.canonical(absolute) ?? absolute
        if let status = try? fileInfo(file), let found = finding(at: file, status) { return found }
        var dir = Path.dirname(file)
        while true {
            if let found = directory(dir) { return found }
            if dir == "/" { break }
            dir = Path.dirname(dir)
        }
        return nil
    }

    /// What is wrong with one entry, judged by its own status (`status`, not
    /// following a link: a link's owner is what counts), not the directories
    /// above it; `nil` when nothing is.
    package func finding(at path: String, _ status: FileInfo) -> Finding? {
        if status.uid != uid && status.uid != 0 {
            return Finding(path: path, kind: status.kind, problem: .owner(uid: status.uid))
        }
        // A link's own mode means nothing (it is always 777).
        guard status.kind != .symbolicLink else { return nil }
        let groupOrOtherWrite = status.mode & UInt32(S_IWGRP | S_IWOTH) != 0
        let sticky = status.mode & UInt32(S_ISVTX) != 0
        if groupOrOtherWrite && !(status.isDirectory && sticky) {
            return Finding(path: path, kind: status.kind, problem: .writable(mode: status.mode & 0o7777))
        }
        return nil
    }

    // MARK: - A plugin library

    /// Throws `.unsafePermissions` naming the first unsafe path and how to fix it.
    package func check(_ path: String) throws(PluginError) {
        var checked = Set<String>()
        try check(path, checkedDirectories: &checked)
    }

    /// ``check(_:)`` for many files at once (see ``finding(for:checkedDirectories:)``).
    package func check(_ path: String, checkedDirectories checked: inout Set<String>) throws(PluginError) {
        guard let found = finding(for: path, checkedDirectories: &checked) else { return }
        let fix =
            switch found.problem {
            case .owner: "a plugin runs with your rights; copy it somewhere you own, "
            case .writable: "run `chmod go-w \(found.path)`, "
            }
        throw PluginError(
            .unsafePermissions, "refusing to load \(path): \(found.reason)", fix: fix + Self.override, path: path)
    }

    /// What every refusal ends with: how the person can grant the load anyway.
    /// Only the person can grant it: a file that is run, opened, rendered or recovered cannot.
    /// It names the console's `load` option and cellkit's flag, which this module cannot see:
    /// the console's `CommandHint.trustOverride` builds the same text from its tables, and a
    /// test keeps the two equal.
    package static let override =
        "or, if you trust it, run cellkit with --allow-unsafe-plugins, or type `load NAME allow-unsafe=true` "
        + "at the interactive prompt"
}

extension PluginError {
    /// For a refusal of the trust check, the reason without the `refusing to load PATH: ` before it.
    package var refusalReason: String {
        guard code == .unsafePermissions, let path, message.hasPrefix("refusing to load \(path): ") else {
            return message
        }
        return String(message.dropFirst("refusing to load \(path): ".count))
    }
}
