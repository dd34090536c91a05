@_spi(Host) import CellKit
import CellKitSupport
import Glibc
import PluginHost
import Testing

/// The registry cache: what plugins on disk register, recorded by path, size
/// and modification time, so listing them needs no dlopen; stale or corrupt
/// records are scanned again, never trusted.
@Suite struct RegistryCacheTests {
    /// A plugin directory holding a copy of BasicCells, and a cache file beside it.
    func pluginDirectory() -> (dir: String, cacheFile: String) {
        let dir = TestEnvironment.temporaryDirectory()
        TestEnvironment.copy(TestEnvironment.library("BasicCells"), to: dir + "/libBasicCells.so")
        return (dir, dir + "/registry.json")
    }

    /// A scanner that counts its calls and scans in this process.
    final class CountingScanner {
        var calls: [String] = []
        func scan(_ path: String) -> RegistryCache.Record {
            calls.append(path)
            return RegistryCache.scanInProcess(path)
        }
    }

    @Test func aListingFromAWarmCacheOpensNothing() throws {
        let (dir, file) = pluginDirectory()
        let path = PluginSearchPath(directories: [dir])
        let counter = CountingScanner()
        let first = RegistryCache(file: file, scanner: counter.scan).records(for: path)
        #expect(counter.calls.count == 1)
        let record = try #require(first.first)
        #expect(record.isPlugin && record.name == "BasicCells")
        #expect(record.registrations.contains { $0.name == "TextCell" && $0.attributes.contains { $0.name == "text" } })

        // A new cache object (a new process) reads the file: no scan, the same records.
        let second = RegistryCache(
            file: file,
            scanner: { path in
                Issue.record("scanned \(path)")
                return RegistryCache.scanInProcess(path)
            })
        let again = second.records(for: path)
        #expect(again.map(\.name) == ["BasicCells"])
        #expect(again.first?.registrations.map(\.name) == record.registrations.map(\.name))
    }

    @Test func aChangedFileIsScannedAgain() throws {
        let (dir, file) = pluginDirectory()
        let path = PluginSearchPath(directories: [dir])
        _ = RegistryCache(file: file).records(for: path)
        // A new build of the plugin: another modification time.
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, dir + "/libBasicCells.so", &times, 0) == 0)
        let counter = CountingScanner()
        let records = RegistryCache(file: file, scanner: counter.scan).records(for: path)
        #expect(counter.calls == [canonical(dir + "/libBasicCells.so")])
        #expect(records.first?.mtimeSeconds == 1_000_000_000)
    }

    @Test(arguments: ["not json at all", #"{"version": 1, "abi": 1, "plugins": [{"path": 3}]}"#, "[]", ""])
    func aCorruptCacheIsRebuilt(_ garbage: String) throws {
        let (dir, file) = pluginDirectory()
        try atomicWrite(file, garbage)
        let counter = CountingScanner()
        let records = RegistryCache(file: file, scanner: counter.scan).records(
            for: PluginSearchPath(directories: [dir]))
        #expect(counter.calls.count == 1)
        #expect(records.map(\.name) == ["BasicCells"])
        // The file was rewritten and is trusted next time.
        let text = try readTextFile(file)
        #expect(text.contains("\"BasicCells\""))
        let reread = RegistryCache(
            file: file,
            scanner: { path in
                Issue.record("scanned \(path)")
                return RegistryCache.scanInProcess(path)
            })
        #expect(reread.records(for: PluginSearchPath(directories: [dir])).count == 1)
    }

    @Test func aCacheWrittenForAnotherABIIsIgnored() throws {
        let (dir, file) = pluginDirectory()
        _ = RegistryCache(file: file).records(for: PluginSearchPath(directories: [dir]))
        let text = try readTextFile(file)
        var value = try JSONParser().parse(text)
        guard case .object(var object) = value else {
            Issue.record("not an object")
            return
        }
        object.updateValue(.int(Int(PluginABI.version) + 1), forKey: "abi")
        value = .object(object)
        try atomicWrite(file, try value.serialized(.pretty))
        let counter = CountingScanner()
        _ = RegistryCache(file: file, scanner: counter.scan).records(for: PluginSearchPath(directories: [dir]))
        #expect(counter.calls.count == 1)
    }

    @Test func aCellOfAPluginNotLoadedIsALazyLoader() throws {
        let (dir, file) = pluginDirectory()
        let searchPath = PluginSearchPath(directories: [dir])
        _ = RegistryCache(file: file).records(for: searchPath)  // installed and seen before
        let host = PluginHost(searchPath: searchPath, cache: RegistryCache(file: file))
        #expect(host.cachedProvider(of: "KeyValueCell", kinds: [.cell])?.plugin == "BasicCells")
        let loader = try host.loader(for: "KeyValueCell", kinds: [.cell])
        #expect(host.registry.plugins.isEmpty)  // nothing opened yet
        let view = try loader.tryLoad()
        #expect(host.registry.plugins.map(\.name) == ["BasicCells"])  // opened on first use
        #expect(view is TableViewCell)
        try view.setAttribute("key", to: "Disk")
        #expect(view.attribute("key") == .string("Disk"))
    }

    @Test func aCellNoPluginHasIsAnErrorNotALoader() throws {
        let (dir, file) = pluginDirectory()
        let host = PluginHost(searchPath: PluginSearchPath(directories: [dir]), cache: RegistryCache(file: file))
        let error = try #require(throws: PluginError.self) { try host.loader(for: "NoSuchCell", kinds: [.cell]) }
        #expect(error.code == .unknownName)
    }

    func canonical(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
