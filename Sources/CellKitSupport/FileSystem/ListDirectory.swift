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
package func listDirectory(_ path: String) throws(FileError) -> [String] {
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
        let name = directoryEntryName(entry)
        if name != "." && name != ".." {
            names.append(name)
        }
    }
    return names.sorted()
}

/// The name of an entry `readdir` returned, read up to its NUL where it lies.
///
/// `dirent.d_name` is declared 256 bytes long, but glibc's entries are only as
/// long as their names: copying the whole field (`withUnsafeBytes(of:
/// entry.pointee.d_name)`) reads past the end of the last entry of a directory
/// buffer, which AddressSanitizer reports as a heap-buffer-overflow
/// (docs/unsafe-code.md).
///
/// ```swift
/// while let entry = readdir(directory) { names.append(directoryEntryName(entry)) }
/// ```
package func directoryEntryName(_ entry: UnsafePointer<dirent>) -> String {
    let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    return String(cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
}
