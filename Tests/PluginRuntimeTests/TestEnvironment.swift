import CellKitSupport
import Glibc
import PluginDiscovery
import PluginRuntime
import TestSupport

/// Paths and temporary directories for the host tests.
enum TestEnvironment {
    /// The build directory: where `swift build` put the plugins and this test binary.
    static var buildDirectory: String { TestPaths.buildDirectory }

    static func library(_ name: String) -> String { buildDirectory + "/lib\(name).so" }

    /// The directory this test process's temporary directories go in; those
    /// of earlier runs (whose processes are gone) are removed when it is made.
    static let temporaryRoot: String = {
        for name in (try? listDirectory("/tmp")) ?? [] where name.hasPrefix("cellkit-host-tests-") {
            if let pid = Int32(name.dropFirst("cellkit-host-tests-".count)), kill(pid, 0) != 0 {
                try? removeTree("/tmp/" + name)
            }
        }
        let root = "/tmp/cellkit-host-tests-\(getpid())"
        mkdir(root, 0o755)
        return root
    }()

    /// A new, empty directory under the system's temporary directory.
    static func temporaryDirectory() -> String {
        try! TemporaryDirectory.create(prefix: "test", in: temporaryRoot)
    }

    static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode)
        precondition(fd >= 0, "cannot create \(path)")
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        chmod(path, mode)
    }

    static func copy(_ source: String, to destination: String, mode: mode_t = 0o755) {
        guard let input = fopen(source, "rb") else { preconditionFailure("cannot read \(source)") }
        defer { fclose(input) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&chunk, 1, chunk.count, input)
            bytes += chunk[..<n]
            if n < chunk.count { break }
        }
        write(bytes, to: destination, mode: mode)
    }

    /// A host whose search path is only the build directory.
    static func host() -> PluginHost {
        PluginHost(searchPath: PluginSearchPath(directories: [buildDirectory]))
    }
}
