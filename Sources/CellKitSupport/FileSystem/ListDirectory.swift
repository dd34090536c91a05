import Glibc

/// The names in the directory at `path` (not `.` and `..`), sorted, so that what is built
/// from them does not depend on the order the file system keeps.
///
/// ```swift
/// let plugins = try listDirectory(pluginDirectory).filter { $0.hasSuffix(".so") }
/// ```
///
/// A name that is not valid UTF-8 comes back with U+FFFD in place of the bad bytes.
///
/// - Throws: `FileError` (`.listDirectory`), for example `ENOENT` or `ENOTDIR`.
public func listDirectory(_ path: String) throws(FileError) -> [String] {
    try SystemCall.checkPath(path, .listDirectory)
    guard let directory = opendir(path) else {
        throw FileError(path: path, operation: .listDirectory, errno: errno)
    }
    defer { closedir(directory) }
    var names: [String] = []
    while true {
        errno = 0
        guard let entry = readdir(directory) else {
            if errno != 0 {
                throw FileError(path: path, operation: .listDirectory, errno: errno)
            }
            break
        }
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name != "." && name != ".." {
            names.append(name)
        }
    }
    return names.sorted()
}
