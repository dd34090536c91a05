import Glibc

/// A new, empty directory under /tmp for a test, removed with everything in it
/// when the last reference to it goes (or at ``remove()``).
///
/// ```swift
/// let directory = try TemporaryDirectory()
/// let path = try directory.write("name\nAda\n", to: "people.csv")
/// #expect(directory.read("people.csv") == "name\nAda\n")
/// ```
public final class TemporaryDirectory: Sendable {
    /// The directory.
    public let path: String

    /// Makes a directory `/tmp/PREFIX-XXXXXX`.
    public init(prefix: String = "cellkit-test") throws {
        path = try Self.create(prefix: prefix)
    }

    deinit {
        Self.removeTree(path)
    }

    /// The path of `name` (relative) in the directory.
    public func file(_ name: String) -> String {
        path + "/" + name
    }

    /// Writes `text` to `name`, making the folders on the way; returns its path.
    @discardableResult
    public func write(_ text: String, to name: String) throws -> String {
        let target = file(name)
        var folder = ""
        for component in target.split(separator: "/").dropLast() {
            folder += "/" + component
            if mkdir(folder, 0o755) != 0 && errno != EEXIST { throw Failure("cannot make \(folder)", errno) }
        }
        let descriptor = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure("cannot create \(target)", errno) }
        defer { close(descriptor) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw Failure("cannot write \(target)", errno) }
            bytes = bytes.dropFirst(written)
        }
        return target
    }

    /// The text of `name`, or `nil` when there is no such file.
    public func read(_ name: String) -> String? {
        Self.readText(file(name))
    }

    /// The names in the directory, sorted (hidden ones included).
    public func names() -> [String] {
        Self.names(in: path).sorted()
    }

    /// Removes the directory and everything in it now.
    public func remove() {
        Self.removeTree(path)
    }

    // MARK: - Paths the caller removes

    /// Makes a new, empty directory `PARENT/PREFIX-XXXXXX` and returns its path;
    /// the caller removes it (``removeTree(_:)``).
    public static func create(prefix: String = "cellkit-test", in parent: String = "/tmp") throws -> String {
        var template = Array("\(parent)/\(prefix)-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw Failure("cannot make a directory in \(parent)", errno)
        }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Removes `path` and, for a directory, everything in it (symbolic links
    /// are removed, not followed). Nothing happens when it is not there.
    public static func removeTree(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        if status.st_mode & S_IFMT == S_IFDIR {
            for name in names(in: path) { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    /// The names in a directory, `.` and `..` left out, in the order `readdir` gives them.
    public static func names(in directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            // d_name is read up to its NUL where it lies: copying the whole
            // 256-byte array reads past the end of a short last entry.
            let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
            let name = String(cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The text of the file at `path` (read to its end: /proc files too), or `nil`.
    public static func readText(_ path: String) -> String? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            bytes += chunk[..<count]
            if count < chunk.count { break }
        }
        return ferror(file) == 0 ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// Why a directory or file could not be made.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ what: String, _ code: Int32) { description = "\(what): \(String(cString: strerror(code)))" }
    }
}
