@_spi(Host) import CellKit
import CellKitSupport
import Glibc
import PluginDiscovery
import PluginRuntime
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
        // Every field of every registration comes back from the file as it was scanned.
        #expect(again.first?.registrations == record.registrations)
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
        // The first line is the header: the same, for the next ABI.
        let text = try readTextFile(file)
        let newline = try #require(text.firstIndex(of: "\n"))
        var header = try JSONParser().parse(String(text[..<newline]))
        guard case .object(var object) = header else {
            Issue.record("not an object")
            return
        }
        object.updateValue(.int(Int(PluginABI.version) + 1), forKey: "abi")
        header = .object(object)
        try atomicWrite(file, try header.serialized() + text[newline...])
        let counter = CountingScanner()
        _ = RegistryCache(file: file, scanner: counter.scan).records(for: PluginSearchPath(directories: [dir]))
        #expect(counter.calls.count == 1)
    }

    /// One line a record, so that only the records of the search path are decoded.
    @Test func theFileIsAHeaderThenOneLineARecord() throws {
        let (dir, file) = pluginDirectory()
        _ = RegistryCache(file: file).records(for: PluginSearchPath(directories: [dir]))
        let lines = try readTextFile(file).split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix(#"{"version":2,"#) == true || lines.first?.contains(#""version":2"#) == true)
        #expect(lines.last?.hasPrefix("\"\(canonical(dir + "/libBasicCells.so"))\"\t{") == true)
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

    // MARK: - Hostile cache files

    /// A reader that would block or read forever is never started: only a regular file is read.
    @Test(arguments: ["fifo", "zero"])
    func aCacheThatIsNotARegularFileIsNeitherReadNorWritten(_ kind: String) throws {
        let (dir, file) = pluginDirectory()
        if kind == "fifo" {
            #expect(mkfifo(file, 0o600) == 0)
        } else {
            #expect(mknod(dir + "/zero", S_IFCHR | 0o666, dev_t(1 << 8 | 5)) == 0)  // what /dev/zero is
            #expect(symlink(dir + "/zero", file) == 0)
        }
        let cache = RegistryCache(file: file)
        let records = cache.records(for: PluginSearchPath(directories: [dir]))
        #expect(records.map(\.name) == ["BasicCells"])  // scanned, not read from the file
        #expect(
            cache.notice
                == "the registry cache \(file) is not a regular file (a FIFO, a device, or a link to one); "
                + "it is neither read nor written: remove it, and cellkit makes a new one")
        var status = stat()
        #expect(stat(file, &status) == 0)
        #expect(status.st_mode & S_IFMT == (kind == "fifo" ? S_IFIFO : S_IFCHR))
    }

    /// A file that claims to be huge (2^40 bytes, sparse) is refused by its size, at once, and rebuilt.
    @Test func aCacheOverTheSizeLimitIsIgnoredAndRebuilt() throws {
        let (dir, file) = pluginDirectory()
        let fd = open(file, O_WRONLY | O_CREAT, 0o600)
        #expect(ftruncate(fd, 1 << 40) == 0)
        close(fd)
        let clock = ContinuousClock()
        let start = clock.now
        let cache = RegistryCache(file: file)
        let records = cache.records(for: PluginSearchPath(directories: [dir]))
        #expect(clock.now - start < .seconds(10))
        #expect(records.map(\.name) == ["BasicCells"])
        #expect(
            cache.notice
                == "the registry cache \(file) is 1099511627776 bytes, over the limit of 128 MiB; "
                + "it was ignored and is rebuilt")
        #expect(try #require(try fileInfo(file)).size < 1 << 20)
    }

    @Test func aCacheOverTheRecordLimitIsIgnoredAndRebuilt() throws {
        let (dir, file) = pluginDirectory()
        let searchPath = PluginSearchPath(directories: [dir])
        _ = RegistryCache(file: file).records(for: searchPath)
        let cache = RegistryCache(file: file)
        cache.maximumEntries = 0
        let counter = CountingScanner()
        cache.scanner = counter.scan
        _ = cache.records(for: searchPath)
        #expect(counter.calls.count == 1)
        #expect(
            cache.notice
                == "the registry cache \(file) holds more than 0 records, the limit; it was ignored and is rebuilt")
    }

    /// Records of plugins that are gone are dropped, and loading a plugin the
    /// cache already knows does not write the file again.
    @Test func recordsOfRemovedFilesAreDroppedAndKnownLoadsWriteNothing() throws {
        let (dir, file) = pluginDirectory()
        let searchPath = PluginSearchPath(directories: [dir])
        TestEnvironment.copy(TestEnvironment.library("ChartCells"), to: dir + "/libChartCells.so")
        _ = RegistryCache(file: file).records(for: searchPath)
        #expect(try readTextFile(file).contains("libChartCells.so"))
        unlink(dir + "/libChartCells.so")
        _ = RegistryCache(file: file).records(for: searchPath)
        #expect(!(try readTextFile(file).contains("libChartCells.so")))

        let before = try #require(try fileInfo(file)).modificationTime
        usleep(20_000)
        let host = PluginHost(searchPath: searchPath, cache: RegistryCache(file: file))
        _ = try host.load("BasicCells")
        #expect(try #require(try fileInfo(file)).modificationTime == before)
    }

    /// Every library in a directory others can write is refused, not only the first one checked.
    @Test func everyLibraryOfAnUnsafeDirectoryIsRefused() throws {
        let dir = TestEnvironment.temporaryDirectory()
        TestEnvironment.copy(TestEnvironment.library("BasicCells"), to: dir + "/libA.so")
        TestEnvironment.copy(TestEnvironment.library("BasicCells"), to: dir + "/libB.so")
        chmod(dir, 0o777)
        let counter = CountingScanner()
        let records = RegistryCache(file: dir + "/registry.json", scanner: counter.scan).records(
            for: PluginSearchPath(directories: [dir]))
        #expect(counter.calls.isEmpty)
        #expect(records.map(\.name) == ["A", "B"])
        #expect(records.allSatisfy { $0.refusal == "directory \(dir) can be written by others (mode 777)" })
    }

    /// Records of libraries that are not on the search path are never
    /// decoded, only carried over: a cache of 20,000 records costs a run a
    /// scan of its lines (0.46 s in a debug build for 84 MB), not 20,000
    /// decodings (6.4 s). A line that would not even decode shows it.
    @Test func recordsOffTheSearchPathAreCarriedOverUndecoded() throws {
        let (dir, file) = pluginDirectory()
        let searchPath = PluginSearchPath(directories: [dir])
        _ = RegistryCache(file: file).records(for: searchPath)
        let elsewhere = TestEnvironment.temporaryDirectory() + "/libElsewhere.so"
        try atomicWrite(elsewhere, "not a library")
        let foreign = "\"\(elsewhere)\"\t{this is not decoded"
        try atomicWrite(file, try readTextFile(file) + foreign + "\n")
        // A new plugin on the path: scanned, and the file written again.
        TestEnvironment.copy(TestEnvironment.library("ChartCells"), to: dir + "/libChartCells.so")
        let counter = CountingScanner()
        let records = RegistryCache(file: file, scanner: counter.scan).records(for: searchPath)
        #expect(records.map(\.name) == ["BasicCells", "ChartCells"])
        #expect(counter.calls == [canonical(dir + "/libChartCells.so")])
        #expect(try readTextFile(file).contains(foreign + "\n"))
    }
}
