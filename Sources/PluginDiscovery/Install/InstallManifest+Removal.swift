import CellKitSupport
import Glibc

extension InstallManifest {
    /// What ``remove(prefix:)`` did: the paths it removed, and those it kept, each with why.
    package struct Removal: Sendable {
        package var removed: [String] = []
        package var kept: [(path: String, reason: String)] = []
    }

    /// Removes from `prefix` what the manifest lists, and the manifest,
    /// with the care the rest of cellkit takes with files (docs/threat-model.md):
    ///
    /// - a file only when it is a regular file of yours, of the size and time
    ///   install gave it; a link only when it is a link of yours with the
    ///   target install wrote;
    /// - nothing below a folder on the way that is a symbolic link, belongs to
    ///   another user (not root), or that others can write to without the sticky
    ///   bit (they could swap it between the check and the removal);
    /// - the folders install made, deepest first, only when they are empty.
    ///
    /// Everything else is kept and listed in ``Removal/kept`` with the reason.
    package func remove(prefix: String) -> Removal {
        var removal = Removal()
        func keep(_ relative: String, _ reason: String) { removal.kept.append((prefix + "/" + relative, reason)) }
        for file in files {
            if let unsafe = Self.unsafeFolder(above: file.path, prefix: prefix) {
                keep(file.path, unsafe)
                continue
            }
            let path = prefix + "/" + file.path
            guard let info = try? fileInfo(path, followingSymbolicLinks: false) else { continue }  // already gone
            if info.kind == .symbolicLink {
                keep(file.path, "it is a symbolic link now; cellkit install wrote a file there")
            } else if !info.isRegularFile {
                keep(file.path, "it is not a regular file now")
            } else if info.uid != geteuid() {
                keep(file.path, "it belongs to another user (uid \(info.uid))")
            } else if !Self.unchanged(file, prefix: prefix) {
                keep(file.path, "it changed after cellkit install wrote it")
            } else if unlink(path) == 0 {
                removal.removed.append(path)
            } else {
                keep(file.path, String(cString: strerror(errno)))
            }
        }
        for link in links {
            if let unsafe = Self.unsafeFolder(above: link.path, prefix: prefix) {
                keep(link.path, unsafe)
                continue
            }
            let path = prefix + "/" + link.path
            guard let info = try? fileInfo(path, followingSymbolicLinks: false) else { continue }
            if info.kind != .symbolicLink || (try? Path.linkTarget(path)) != link.target {
                keep(link.path, "it is no longer the link to \(link.target) that cellkit install made")
            } else if info.uid != geteuid() {
                keep(link.path, "it belongs to another user (uid \(info.uid))")
            } else if unlink(path) == 0 {
                removal.removed.append(path)
            } else {
                keep(link.path, String(cString: strerror(errno)))
            }
        }
        let manifest = Self.path(prefix: prefix)
        if Self.unsafeFolder(above: Self.relativePath, prefix: prefix) == nil, unlink(manifest) == 0 {
            removal.removed.append(manifest)
        }
        // Deepest first, so that a folder's folders go before it.
        let folders = directories.sorted { $0.split(separator: "/").count > $1.split(separator: "/").count }
        for directory in folders where Self.unsafeFolder(above: directory, prefix: prefix) == nil {
            let path = prefix + "/" + directory
            guard let info = try? fileInfo(path, followingSymbolicLinks: false), info.isDirectory,
                info.uid == geteuid()
            else { continue }
            if rmdir(path) == 0 {
                removal.removed.append(path)
            } else if errno == ENOTEMPTY || errno == EEXIST {
                let left = ((try? listDirectory(path)) ?? []).filter { name in
                    !removal.kept.contains { $0.path.hasPrefix(path + "/" + name) }
                }
                // A folder that still holds a kept file says nothing more: the file says why.
                if !left.isEmpty { keep(directory, "it holds files cellkit install did not write") }
            }
        }
        return removal
    }

    /// What is left to remove after ``remove(prefix:)`` kept the user's
    /// plugins: the folders install made that are still there, and no file or
    /// link. `cellkit uninstall` writes it in place of the manifest, so that a
    /// later `cellkit uninstall --plugins` (or `cellkit uninstall`, once the
    /// plugins are gone) finds it and removes those folders.
    package func remainder(prefix: String) -> InstallManifest {
        var left = InstallManifest(version: version, configuration: configuration)
        left.directories = directories.filter { isDirectory(prefix + "/" + $0) }
        return left
    }

    /// Whether this is a ``remainder(prefix:)``: cellkit was uninstalled, its
    /// folders kept for the user's plugins.
    package var isRemainder: Bool { files.isEmpty && links.isEmpty }

    /// Why a path below `prefix` must not be touched, if it must not: a folder
    /// between the prefix and it is a symbolic link, belongs to another user
    /// (not root), or can be written by others without the sticky bit.
    static func unsafeFolder(above relative: String, prefix: String) -> String? {
        var folder = prefix
        for component in relative.split(separator: "/").dropLast() {
            folder += "/" + component
            guard let info = try? fileInfo(folder, followingSymbolicLinks: false) else { return nil }
            if info.kind == .symbolicLink { return "the folder \(folder) is a symbolic link" }
            if !info.isDirectory { return "\(folder) is not a folder" }
            if info.uid != geteuid() && info.uid != 0 { return "the folder \(folder) belongs to another user" }
            if info.permissions & 0o022 != 0 && info.permissions & UInt32(S_ISVTX) == 0 {
                return "the folder \(folder) can be written by others"
            }
        }
        return nil
    }
}
