import Glibc

/// Where the tests find the repository and what `swift build` built.
///
/// ```swift
/// let plugin = TestPaths.buildDirectory + "/libBasicCells.so"
/// let guide = TestPaths.repositoryRoot + "/docs/sdk-guide.md"
/// ```
public enum TestPaths {
    /// The repository's root folder (this file is Tests/TestSupport/TestPaths.swift).
    public static let repositoryRoot: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }()

    /// The build directory: the folder above the running test binary where
    /// `swift build` put the plugins and `cellkit` (`.build/debug` when none is found).
    public static let buildDirectory: String = {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        var path = String(decoding: buffer[..<max(0, count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        while !path.isEmpty && path != "/" {
            path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
            if access(path + "/libBasicCells.so", F_OK) == 0 { return path }
        }
        return ".build/debug"
    }()
}
