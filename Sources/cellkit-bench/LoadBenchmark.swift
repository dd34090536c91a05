@_spi(Host) import CellKit
import CellKitSupport
import Glibc
import PluginDiscovery
import PluginRuntime

/// The cost of loading a plugin (dlopen + ABI gate + registration into the
/// registry), over many distinct plugin files, against the floor: dlopen +
/// dlsym + a call of a trivial C library, over as many distinct files.
enum LoadBenchmark {
    typealias Trivial = @convention(c) () -> Int32

    static func run(files: Int, buildDirectory: String) throws {
        let plugin = buildDirectory + "/libcellkit-bench-plugin.so"
        let trivial = buildDirectory + "/libcellkit-bench-trivial.so"
        let dir = try temporaryDirectory()
        var pluginCopies: [String] = []
        var trivialCopies: [String] = []
        let pluginBytes = try readFile(plugin)
        let trivialBytes = try readFile(trivial)
        for i in 0..<files {
            let p = dir + "/libBenchPlugin\(i).so"
            let t = dir + "/libtrivial\(i).so"
            try atomicWrite(p, pluginBytes, permissions: 0o755)
            try atomicWrite(t, trivialBytes, permissions: 0o755)
            pluginCopies.append(p)
            trivialCopies.append(t)
        }
        // Warm the page cache and the Swift runtime once, on files not measured.
        let warmHost = PluginHost(searchPath: PluginSearchPath(directories: []))
        _ = try warmHost.load(plugin)

        var rawSamples: [Double] = []
        for path in trivialCopies {
            rawSamples.append(
                Measure.seconds {
                    guard let handle = dlopen(path, RTLD_NOW | RTLD_NODELETE | RTLD_LOCAL),
                        let symbol = dlsym(handle, "cellkit_bench_trivial")
                    else { fatalError("cannot load \(path)") }
                    precondition(unsafeBitCast(symbol, to: Trivial.self)() == 42)
                })
        }
        // The Swift plugin's own image: dlopen + dlsym alone (what the runtime does for any Swift .so).
        var imageSamples: [Double] = []
        for i in 0..<files {
            let path = dir + "/libBenchImage\(i).so"
            try atomicWrite(path, pluginBytes, permissions: 0o755)
            imageSamples.append(
                Measure.seconds {
                    guard let handle = dlopen(path, RTLD_NOW | RTLD_NODELETE | RTLD_LOCAL),
                        dlsym(handle, "cellkit_plugin_abi") != nil
                    else { fatalError("cannot load \(path)") }
                })
        }
        var loadSamples: [Double] = []
        let host = PluginHost(searchPath: PluginSearchPath(directories: []))
        for path in pluginCopies {
            let registry = PluginRegistry()
            let fresh = PluginHost(searchPath: host.searchPath, registry: registry)
            loadSamples.append(try Measure.seconds { _ = try fresh.load(path) })
        }
        var result = ResultLine()
        result.add("scenario", "load")
        result.add("files", files)
        result.add("rawMedianMicroseconds", format2(Measure.median(rawSamples) * 1e6))
        result.add("swiftImageMedianMicroseconds", format2(Measure.median(imageSamples) * 1e6))
        result.add("pluginMedianMicroseconds", format2(Measure.median(loadSamples) * 1e6))
        result.add("ratio", format2(Measure.median(loadSamples) / Measure.median(rawSamples)))
        result.print()
    }

    /// Listing `count` installed plugins from a warm registry cache, without dlopen.
    static func listing(count: Int, buildDirectory: String) throws {
        let dir = try temporaryDirectory()
        let bytes = try readFile(buildDirectory + "/libcellkit-bench-plugin.so")
        for i in 0..<count {
            try atomicWrite(dir + "/libBench\(i).so", bytes, permissions: 0o755)
        }
        let cacheFile = dir + "/registry.json"
        // Fill the cache (this scans every file once, in this process).
        let filling = RegistryCache(file: cacheFile)
        let path = PluginSearchPath(directories: [dir])
        let scanned = filling.records(for: path)
        precondition(scanned.count == count && scanned.allSatisfy(\.isPlugin), "every copy should scan as a plugin")
        // Now list from a new cache object (a new process would do the same), with scanning forbidden.
        var samples: [Double] = []
        for _ in 0..<20 {
            let cache = RegistryCache(file: cacheFile, scanner: { path in fatalError("listing dlopened \(path)") })
            samples.append(Measure.seconds { precondition(cache.records(for: path).count == count) })
        }
        var result = ResultLine()
        result.add("scenario", "listing")
        result.add("plugins", count)
        result.add("medianMs", format2(Measure.median(samples) * 1000))
        result.print()
    }

    static func temporaryDirectory() throws -> String {
        var template = Array("/tmp/cellkit-bench-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw BenchError("mkdtemp failed")
        }
        return String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
