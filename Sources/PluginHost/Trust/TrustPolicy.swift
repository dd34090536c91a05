import Glibc

/// Whether a plugin file may be loaded: a plugin is code that runs with the
/// user's rights, so the file and every directory above it must be writable
/// only by their owner, and owned by the user or by root.
///
/// A world-writable directory with the sticky bit (like `/tmp`) is allowed:
/// others can add files there but cannot replace yours. See docs/threat-model.md.
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

    /// Throws `.unsafePermissions` naming the first unsafe path and how to fix it.
    public func check(_ path: String) throws(PluginError) {
        let file = canonicalPath(path)
        let status = FileStatus(file)
        guard status.exists else { return }  // dlopen reports a missing file itself
        try checkEntry(file, status, isDirectory: false, plugin: path)
        var dir = parentDirectory(file)
        while true {
            try checkEntry(dir, FileStatus(dir), isDirectory: true, plugin: path)
            if dir == "/" { break }
            dir = parentDirectory(dir)
        }
    }

    private func checkEntry(_ path: String, _ status: FileStatus, isDirectory: Bool, plugin: String) throws(PluginError)
    {
        guard status.exists else { return }
        let what = isDirectory ? "directory \(path)" : path
        let override = "or, if you trust it, pass --allow-unsafe-plugins (load NAME unsafe=true in a script)"
        if status.uid != uid && status.uid != 0 {
            throw PluginError(
                .unsafePermissions,
                "refusing to load \(plugin): \(what) belongs to another user (uid \(status.uid))",
                fix: "a plugin runs with your rights; copy it somewhere you own, " + override, path: plugin)
        }
        let groupOrOtherWrite = status.mode & UInt32(S_IWGRP | S_IWOTH) != 0
        let sticky = status.mode & UInt32(S_ISVTX) != 0
        if groupOrOtherWrite && !(isDirectory && sticky) {
            let mode = String(status.mode & 0o7777, radix: 8)
            throw PluginError(
                .unsafePermissions,
                "refusing to load \(plugin): \(what) can be written by others (mode \(mode))",
                fix: "run `chmod go-w \(path)`, " + override, path: plugin)
        }
    }
}

func parentDirectory(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    if slash == path.startIndex { return "/" }
    return String(path[..<slash])
}
