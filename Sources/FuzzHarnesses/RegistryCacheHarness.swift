#if DEBUG
    import CellKitSupport
    import Glibc

    @testable import PluginDiscovery
    @testable import PluginRuntime

    /// The registry-cache reader: the input is the cache file. Every record it
    /// accepts writes back as JSON that reads back as a record.
    enum RegistryCacheHarness {
        static let file = "/tmp/cellkit-fuzz-registry-\(getpid()).json"

        static func run(_ data: [UInt8]) {
            let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard fd >= 0 else { return }
            _ = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            let cache = RegistryCache(file: file)
            cache.loadIfNeeded()
            for record in cache.entries.values {
                precondition(RegistryCache.Record(json: record.json) != nil, "a record does not read back")
            }
            // The records, whatever the version and ABI say.
            guard let value = try? JSONParser().parse(data), let plugins = value["plugins"]?.arrayValue else { return }
            for entry in plugins {
                guard let record = RegistryCache.Record(json: entry) else { continue }
                precondition(RegistryCache.Record(json: record.json) != nil, "a record does not read back")
            }
        }
    }
#endif
