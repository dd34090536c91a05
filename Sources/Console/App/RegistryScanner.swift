import CellKitSupport
import Glibc
import PluginHost

/// Scans plugin libraries for the registry cache in a child process
/// (`cellkit --scan-plugin PATH`), as GStreamer's plugin scanner does: a
/// plugin that crashes while registering only ends the child, and
/// `cellkit plugins` lists it as broken.
enum RegistryScanner {
    /// Runs `executable --scan-plugin path` and reads the record it prints.
    static func scan(_ path: String, executable: String) -> RegistryCache.Record {
        var fallback = RegistryCache.Record(
            path: path, size: 0, mtimeSeconds: 0, mtimeNanoseconds: 0, isPlugin: true,
            name: PluginSearchPath.pluginName(fromFile: Path.basename(path)) ?? Path.basename(path), version: "",
            summary: "", abiVersion: 0, compilerVersion: 0, registrations: [], error: nil)
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            fallback.error = "could not start the scanner"
            return fallback
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [executable, "--no-cache", "--scan-plugin", path]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, &argv, environ)
        close(pipeEnds[1])
        guard spawned == 0 else {
            close(pipeEnds[0])
            fallback.error = "could not start the scanner: \(String(cString: strerror(spawned)))"
            return fallback
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(pipeEnds[0], &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += chunk[..<n]
        }
        close(pipeEnds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        if signal != 0 {
            fallback.error = "crashed while registering (signal \(signal))"
            return fallback
        }
        guard let value = try? JSONParser().parse(bytes), let record = RegistryCache.Record(json: value) else {
            fallback.error = "the scanner printed no record"
            return fallback
        }
        return record
    }

    /// `cellkit --scan-plugin PATH`: scans in this process and prints the record.
    static func printRecord(of path: String) -> Int32 {
        let record = RegistryCache.scanInProcess(path)
        guard let text = try? record.json.serialized() else { return 1 }
        print(text)
        return 0
    }
}
