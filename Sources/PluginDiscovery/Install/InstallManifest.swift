import CellKitSupport
import Glibc

/// What `cellkit install` wrote into a prefix, kept there as
/// `PREFIX/lib/cellkit/install-manifest.json`, so that `cellkit uninstall`
/// removes exactly that and nothing else.
///
/// Each file is recorded with its size and modification time: a file changed
/// since (a plugin installed over an example plugin, an edited SDK file) is
/// not install's any more and is kept. The folders install made (those that
/// did not exist before) are removed when they are empty at the end; folders
/// that were there before (`~/.local/bin`) are never removed.
///
/// ```swift
/// var manifest = InstallManifest(version: "1.0.0", configuration: "release")
/// manifest.noteNewDirectories(above: prefix + "/bin/cellkit", prefix: prefix)   // before making them
/// try manifest.addFile("lib/cellkit/cellkit", prefix: prefix)                   // after writing it
/// try manifest.write(prefix: prefix)
/// ```
package struct InstallManifest: Equatable, Sendable {
    /// A file install wrote, as it was when written.
    package struct File: Equatable, Sendable {
        /// Relative to the prefix.
        package var path: String
        package var size: Int
        package var modificationTime: FileTimestamp

        package init(path: String, size: Int, modificationTime: FileTimestamp) {
            self.path = path
            self.size = size
            self.modificationTime = modificationTime
        }
    }

    /// A symbolic link install made (`bin/cellkit`).
    package struct Link: Equatable, Sendable {
        /// Relative to the prefix.
        package var path: String
        /// What it points to, as written in the link.
        package var target: String

        package init(path: String, target: String) {
            self.path = path
            self.target = target
        }
    }

    /// The cellkit version that installed.
    package var version: String
    /// `release` (the only configuration an install writes).
    package var configuration: String
    package var files: [File] = []
    package var links: [Link] = []
    /// Folders install made, relative to the prefix.
    package var directories: [String] = []

    package init(version: String, configuration: String) {
        self.version = version
        self.configuration = configuration
    }

    /// Where the manifest of `prefix` is.
    package static func path(prefix: String) -> String { prefix + "/" + relativePath }
    /// The manifest's own path, relative to the prefix.
    package static let relativePath = "lib/cellkit/install-manifest.json"

    // MARK: - Recording

    /// Notes each folder between `prefix` and `path` (exclusive) that does
    /// not exist yet: call it before making them.
    package mutating func noteNewDirectories(above path: String, prefix: String) {
        var directory = Path.dirname(path)
        var missing: [String] = []
        while directory.count > prefix.count, directory.hasPrefix(prefix + "/"),
            (try? fileInfo(directory, followingSymbolicLinks: false)) == nil
        {
            missing.append(String(directory.dropFirst(prefix.count + 1)))
            directory = Path.dirname(directory)
        }
        for relative in missing.reversed() where !directories.contains(relative) { directories.append(relative) }
    }

    /// Records the file at `relative` as it is now (just written).
    package mutating func addFile(_ relative: String, prefix: String) throws(FileError) {
        let path = prefix + "/" + relative
        guard let info = try fileInfo(path, followingSymbolicLinks: false), info.isRegularFile else {
            throw FileError(path: path, operation: .status, errno: ENOENT)
        }
        files.removeAll { $0.path == relative }
        files.append(File(path: relative, size: info.size, modificationTime: info.modificationTime))
    }

    /// Records a folder install just wrote whole (the SDK, a plugin's
    /// resources): the folder, the folders in it and every file.
    package mutating func addTree(_ relative: String, prefix: String) throws(FileError) {
        if !directories.contains(relative) { directories.append(relative) }
        for name in try listDirectory(prefix + "/" + relative).sorted() {
            let child = relative + "/" + name
            if try fileInfo(prefix + "/" + child, followingSymbolicLinks: false)?.isDirectory == true {
                try addTree(child, prefix: prefix)
            } else {
                try addFile(child, prefix: prefix)
            }
        }
    }

    /// Records the symbolic link at `relative`, pointing to `target`.
    package mutating func addLink(_ relative: String, target: String) {
        links.removeAll { $0.path == relative }
        links.append(Link(path: relative, target: target))
    }

    /// Keeps what an earlier install of the same prefix wrote and this one
    /// did not write again, when it is still as that install left it, so
    /// that installing twice and uninstalling once removes both.
    package mutating func keep(stillInstalledFrom earlier: InstallManifest, prefix: String) {
        for file in earlier.files where !files.contains(where: { $0.path == file.path }) {
            if Self.unchanged(file, prefix: prefix) { files.append(file) }
        }
        for link in earlier.links where !links.contains(where: { $0.path == link.path }) {
            if (try? Path.linkTarget(prefix + "/" + link.path)) == link.target { links.append(link) }
        }
        for directory in earlier.directories where !directories.contains(directory) {
            if isDirectory(prefix + "/" + directory) { directories.append(directory) }
        }
    }

    /// Whether `file` is as install wrote it: a regular file of yours, of the same size and time.
    static func unchanged(_ file: File, prefix: String) -> Bool {
        guard let info = try? fileInfo(prefix + "/" + file.path, followingSymbolicLinks: false) else { return false }
        return info.isRegularFile && info.uid == geteuid() && info.size == file.size
            && info.modificationTime == file.modificationTime
    }

    // MARK: - The file

    /// The manifest as JSON.
    package var json: JSONValue {
        [
            "manifest": 1, "version": .string(version), "configuration": .string(configuration),
            "files": .array(
                files.map {
                    [
                        "path": .string($0.path), "size": .int($0.size), "mtime": .int($0.modificationTime.seconds),
                        "mtimeNanoseconds": .int($0.modificationTime.nanoseconds),
                    ]
                }),
            "links": .array(links.map { ["path": .string($0.path), "target": .string($0.target)] }),
            "directories": .array(directories.map { .string($0) }),
        ]
    }

    /// A manifest from JSON; `nil` when anything is missing, of the wrong
    /// type, or a path that is not a plain relative path (see ``isPlainRelative(_:)``).
    package init?(json: JSONValue) {
        guard json["manifest"]?.intValue == 1, let version = json["version"]?.stringValue,
            let configuration = json["configuration"]?.stringValue, let files = json["files"]?.arrayValue,
            let links = json["links"]?.arrayValue, let directories = json["directories"]?.arrayValue
        else { return nil }
        self.init(version: version, configuration: configuration)
        for file in files {
            guard let path = file["path"]?.stringValue, Self.isPlainRelative(path), let size = file["size"]?.intValue,
                let seconds = file["mtime"]?.intValue, let nanoseconds = file["mtimeNanoseconds"]?.intValue
            else { return nil }
            self.files.append(
                File(
                    path: path, size: size,
                    modificationTime: FileTimestamp(seconds: seconds, nanoseconds: nanoseconds)))
        }
        for link in links {
            guard let path = link["path"]?.stringValue, Self.isPlainRelative(path),
                let target = link["target"]?.stringValue
            else { return nil }
            self.links.append(Link(path: path, target: target))
        }
        for directory in directories {
            guard let path = directory.stringValue, Self.isPlainRelative(path) else { return nil }
            self.directories.append(path)
        }
    }

    /// Whether `path` stays inside the folder it is relative to: not
    /// absolute, no empty, `.` or `..` component.
    package static func isPlainRelative(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/")
            && path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
                !$0.isEmpty && $0 != "." && $0 != ".."
            }
    }

    /// Writes the manifest into `prefix` (it records itself as written, so
    /// that uninstall removes it last).
    package func write(prefix: String) throws(FileError) {
        let text = (try? json.serialized(.pretty)) ?? ""
        try atomicWrite(Self.path(prefix: prefix), text + "\n", permissions: 0o644)
    }

    /// The manifest of `prefix`; `nil` when there is none.
    ///
    /// - Throws: `FileError` when it cannot be read, is not a regular file of
    ///   yours that only you can write (a manifest someone else could write
    ///   could list any of your files), or does not decode.
    package static func read(prefix: String) throws(FileError) -> InstallManifest? {
        let path = path(prefix: prefix)
        guard let info = try fileInfo(path, followingSymbolicLinks: false) else { return nil }
        guard info.isRegularFile, info.uid == geteuid(), info.permissions & 0o022 == 0 else {
            throw FileError(
                path: path, operation: .open, errno: EPERM,
                reason: info.kind == .symbolicLink
                    ? "it is a symbolic link, not the manifest cellkit install wrote"
                    : info.uid != geteuid()
                        ? "it belongs to another user (uid \(info.uid))"
                        : "it can be written by others (mode \(String(info.permissions & 0o777, radix: 8)))",
                fix: "uninstall as the user who installed, or remove the files by hand")
        }
        guard let value = try? JSONParser().parse(try readFile(path)), let manifest = InstallManifest(json: value)
        else {
            throw FileError(
                path: path, operation: .decode, errno: EINVAL, reason: "it is not a manifest cellkit install wrote",
                fix: "install again (cellkit install --prefix \(prefix)) to write a new one, then uninstall")
        }
        return manifest
    }
}
