import CellKitSupport
import Glibc

/// Whether a plugin file may be loaded: a plugin is code that runs with the
/// user's rights, so the file and every directory above it must be writable
/// only by their owner, and owned by the user or by root.
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
/// ```swift
/// try TrustPolicy().check("/home/me/.local/lib/cellkit/plugins/libCardCells.so")
/// ```
public struct TrustPolicy: Sendable {
    /// The user the host runs as.
    public var uid: UInt32

    /// A policy for the current user.
    public init(uid: UInt32 = getuid()) {
        self.uid = uid
    }

    /// How many symbolic links the walk follows before it leaves the rest to `dlopen` (as the kernel's ELOOP).
    static let maximumLinks = 40

    /// Throws `.unsafePermissions` naming the first unsafe path and how to fix it.
    public func check(_ path: String) throws(PluginError) {
        var checked = Set<String>()
        try check(path, checkedDirectories: &checked)
    }

    /// ``check(_:)`` for many files at once: directories found safe are added
    /// to `checked` and not looked at again (the registry cache checks every
    /// library on the plugin path, most of them in the same few directories).
    public func check(_ path: String, checkedDirectories checked: inout Set<String>) throws(PluginError) {
        // Made absolute without resolving anything: the walk below follows `..` and links itself.
        let absolute = Path.isAbsolute(path) ? path : Path.join((try? Path.currentDirectory()) ?? "", path)
        guard fileExists(absolute) else { return }  // dlopen reports a missing file itself
        func directory(_ dir: String) throws(PluginError) {
            guard !checked.contains(dir) else { return }
            try checkEntry(dir, try? fileInfo(dir), isDirectory: true, plugin: path)
            checked.insert(dir)  // only once it passed: the next file in it is refused the same way
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
            try directory(current)
            let next = current == "/" ? "/" + component : current + "/" + component
            // Gone meanwhile, or not searchable: dlopen reports it; the file's own chain is still checked below.
            guard let link = try? fileInfo(next, followingSymbolicLinks: false) else { break walk }
            guard link.kind == .symbolicLink else {
                current = next
                continue
            }
            if link.uid != uid && link.uid != 0 {
                throw refusal(
                    path, "symbolic link \(next) belongs to another user (uid \(link.uid))",
                    fix: "a plugin runs with your rights; copy it somewhere you own, ")
            }
            links += 1
            guard links <= Self.maximumLinks, let target = try? Path.linkTarget(next) else { break walk }
            if target.hasPrefix("/") { current = "/" }
            pending.append(contentsOf: target.split(separator: "/").reversed())
        }
        // The file it leads to, and every directory above its canonical path.
        let file = Path.canonical(absolute) ?? absolute
        try checkEntry(file, try? fileInfo(file), isDirectory: false, plugin: path)
        var dir = Path.dirname(file)
        while true {
            try directory(dir)
            if dir == "/" { break }
            dir = Path.dirname(dir)
        }
    }

    /// What every refusal ends with: how the person can grant the load anyway.
    /// Only the person can grant it: a file that is run, opened, rendered or recovered cannot.
    /// It names the console's `load` option and cellkit's flag, which this module cannot see:
    /// the console's `CommandHint.trustOverride` builds the same text from its tables, and a
    /// test keeps the two equal.
    package static let override =
        "or, if you trust it, run cellkit with --allow-unsafe-plugins, or type `load NAME allow-unsafe=true` "
        + "at the interactive prompt"

    private func refusal(_ plugin: String, _ reason: String, fix: String) -> PluginError {
        PluginError(
            .unsafePermissions, "refusing to load \(plugin): \(reason)", fix: fix + Self.override, path: plugin)
    }

    private func checkEntry(_ path: String, _ status: FileInfo?, isDirectory: Bool, plugin: String) throws(PluginError)
    {
        guard let status else { return }
        let what = isDirectory ? "directory \(path)" : path
        if status.uid != uid && status.uid != 0 {
            throw refusal(
                plugin, "\(what) belongs to another user (uid \(status.uid))",
                fix: "a plugin runs with your rights; copy it somewhere you own, ")
        }
        let groupOrOtherWrite = status.mode & UInt32(S_IWGRP | S_IWOTH) != 0
        let sticky = status.mode & UInt32(S_ISVTX) != 0
        if groupOrOtherWrite && !(isDirectory && sticky) {
            let mode = String(status.mode & 0o7777, radix: 8)
            throw refusal(plugin, "\(what) can be written by others (mode \(mode))", fix: "run `chmod go-w \(path)`, ")
        }
    }
}

extension PluginError {
    /// For a refusal of the trust check, the reason without the `refusing to load PATH: ` before it.
    public var refusalReason: String {
        guard code == .unsafePermissions, let path, message.hasPrefix("refusing to load \(path): ") else {
            return message
        }
        return String(message.dropFirst("refusing to load \(path): ".count))
    }
}
