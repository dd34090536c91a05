import Glibc

/// Copies the file at `source` to `destination`, atomically (the copy
/// appears whole or not at all, so a running program that has the old file
/// mapped keeps it), with the source's permission bits.
///
/// ```swift
/// try copyFile(".build/release/libWeatherCells.so", to: plugins + "/libWeatherCells.so")
/// ```
///
/// - Throws: `FileError` for the read or the write that failed.
package func copyFile(_ source: String, to destination: String) throws(FileError) {
    guard let info = try fileInfo(source) else {
        throw FileError(path: source, operation: .open, errno: ENOENT)
    }
    try atomicWrite(destination, try readFile(source), permissions: info.permissions)
}

/// Copies the directory `source` into `destination` (created if missing),
/// recursively, leaving out entries whose name `skip` returns true for.
/// Symbolic links are copied as the files they point to.
///
/// ```swift
/// try copyTree("SDK", to: prefix + "/share/cellkit/SDK") { $0 == ".build" }
/// ```
///
/// - Returns: the number of files copied.
package func copyTree(_ source: String, to destination: String, skip: (String) -> Bool = { _ in false })
    throws(FileError) -> Int
{
    try createDirectories(destination)
    var count = 0
    for name in try listDirectory(source) where !skip(name) {
        let from = source + "/" + name
        let to = destination + "/" + name
        if try fileInfo(from)?.isDirectory == true {
            count += try copyTree(from, to: to, skip: skip)
        } else {
            try copyFile(from, to: to)
            count += 1
        }
    }
    return count
}

/// Makes `path` a symbolic link to `target`, replacing a file or link
/// already there (not a directory).
///
/// ```swift
/// try replaceSymbolicLink(prefix + "/bin/cellkit", to: "../lib/cellkit/cellkit")
/// ```
package func replaceSymbolicLink(_ path: String, to target: String) throws(FileError) {
    try SystemCall.checkPath(path, .create)
    if let info = try? fileInfo(path, followingSymbolicLinks: false), info.kind != .directory {
        if unlink(path) != 0 { throw FileError(path: path, operation: .remove, errno: errno) }
    }
    if symlink(target, path) != 0 { throw FileError(path: path, operation: .create, errno: errno) }
}

/// Replaces the directory `destination` with a copy of `source`: the copy is
/// made beside it first, so a failed copy leaves the old directory as it was.
///
/// ```swift
/// try replaceTree(plugins + "/WeatherCells.resources", withCopyOf: built + "/WeatherCells_WeatherCells.resources")
/// ```
package func replaceTree(_ destination: String, withCopyOf source: String, skip: (String) -> Bool = { _ in false })
    throws(FileError)
{
    let staging = destination + ".new-\(getpid())"
    try removeTree(staging)
    do {
        _ = try copyTree(source, to: staging, skip: skip)
    } catch {
        try? removeTree(staging)
        throw error
    }
    try removeTree(destination)
    if rename(staging, destination) != 0 {
        let failure = FileError(path: destination, operation: .rename, errno: errno)
        try? removeTree(staging)
        throw failure
    }
}
