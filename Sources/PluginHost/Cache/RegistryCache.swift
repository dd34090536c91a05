@_spi(Host) import CellKit

/// What plugins on disk register, recorded when they were last loaded, in
/// the manner of GStreamer's registry: keyed by path, size and modification
/// time, so listing plugins and completing names needs no `dlopen`.
///
/// A record whose file changed (size or mtime) is stale and is scanned
/// again; a cache file that cannot be read is rebuilt, never trusted.
public final class RegistryCache {
    /// One library file, as last seen.
    public struct Record: Sendable {
        public var path: String
        public var size: Int
        public var mtimeSeconds: Int
        public var mtimeNanoseconds: Int
        /// Whether the file is a CellKit plugin at all (libCellKit.so is not).
        public var isPlugin: Bool
        public var name: String
        public var version: String
        public var summary: String
        public var abiVersion: UInt32
        public var compilerVersion: UInt32
        public var registrations: [RegistrationRecord]
        /// Why the last scan failed, if it did.
        public var error: String?

        /// A record.
        public init(
            path: String, size: Int, mtimeSeconds: Int, mtimeNanoseconds: Int, isPlugin: Bool, name: String,
            version: String, summary: String, abiVersion: UInt32, compilerVersion: UInt32,
            registrations: [RegistrationRecord], error: String?
        ) {
            self.path = path
            self.size = size
            self.mtimeSeconds = mtimeSeconds
            self.mtimeNanoseconds = mtimeNanoseconds
            self.isPlugin = isPlugin
            self.name = name
            self.version = version
            self.summary = summary
            self.abiVersion = abiVersion
            self.compilerVersion = compilerVersion
            self.registrations = registrations
            self.error = error
        }
    }

    /// One registered item, as recorded.
    public struct RegistrationRecord: Sendable {
        public var name: String
        public var kind: PluginRegistration.Kind
        public var summary: String?
        public var typeName: String
        public var nibName: String?
        public var attributes: [AttributeRecord]
        public var scenes: [String]
    }

    /// One attribute, as recorded.
    public struct AttributeRecord: Sendable {
        public var name: String
        public var type: String
        public var defaultValue: String?
        public var summary: String?
    }

    /// The cache file.
    public let file: String
    var entries: [String: Record] = [:]
    var loaded = false
    var dirty = false
    /// Scans a library that has no fresh record (a subprocess, or in-process).
    public var scanner: (String) -> Record

    /// A cache stored in `file`.
    public init(file: String, scanner: ((String) -> Record)? = nil) {
        self.file = file
        self.scanner = scanner ?? RegistryCache.scanInProcess
    }

    func loadIfNeeded() {
        guard !loaded else { return }
        loaded = true
        entries = readFile()
    }

    /// Fresh records for every library on the search path, scanning the
    /// ones that changed; writes the cache back if anything was rescanned.
    public func records(for searchPath: PluginSearchPath) -> [Record] {
        loadIfNeeded()
        var result: [Record] = []
        for (_, path) in searchPath.libraries() {
            let canonical = canonicalPath(path)
            let status = FileStatus(canonical)
            if let record = entries[canonical], record.size == status.size, record.mtimeSeconds == status.mtimeSeconds,
                record.mtimeNanoseconds == status.mtimeNanoseconds
            {
                result.append(record)
                continue
            }
            var record = scanner(canonical)
            record.size = status.size
            record.mtimeSeconds = status.mtimeSeconds
            record.mtimeNanoseconds = status.mtimeNanoseconds
            entries[canonical] = record
            dirty = true
            result.append(record)
        }
        save()
        return result
    }

    /// Records a plugin the host just loaded.
    func record(_ plugin: LoadedPlugin, status: FileStatus) {
        guard let path = plugin.path else { return }
        loadIfNeeded()
        entries[path] = Record(plugin, path: path, status: status)
        dirty = true
        save()
    }

    /// Writes the cache file if it changed.
    public func save() {
        guard dirty else { return }
        dirty = false
        writeFile(entries)
    }

    /// Scans a library in this process: an ELF check for the entry point,
    /// then a load into a throwaway registrar (the library stays mapped).
    public static func scanInProcess(_ path: String) -> Record {
        let status = FileStatus(path)
        var record = Record(
            path: path, size: status.size, mtimeSeconds: status.mtimeSeconds, mtimeNanoseconds: status.mtimeNanoseconds,
            isPlugin: false, name: "", version: "", summary: "", abiVersion: 0, compilerVersion: 0, registrations: [],
            error: nil)
        guard ELFSymbols.defines(PluginABI.abiSymbol, in: path) else { return record }
        record.isPlugin = true
        record.name = PluginSearchPath.pluginName(fromFile: baseName(path)) ?? path
        do {
            let (plugin, _) = try PluginLoader.load(path: path)
            record = Record(plugin, path: path, status: status)
        } catch {
            record.error = error.message
        }
        return record
    }
}

extension RegistryCache.Record {
    init(_ plugin: LoadedPlugin, path: String, status: FileStatus) {
        self.init(
            path: path, size: status.size, mtimeSeconds: status.mtimeSeconds, mtimeNanoseconds: status.mtimeNanoseconds,
            isPlugin: true, name: plugin.name, version: plugin.version, summary: plugin.summary,
            abiVersion: plugin.abiVersion, compilerVersion: plugin.compilerVersion,
            registrations: plugin.registrations.map { r in
                RegistryCache.RegistrationRecord(
                    name: r.name, kind: r.kind, summary: r.summary, typeName: r.typeName, nibName: r.nibName,
                    attributes: r.attributes.map {
                        RegistryCache.AttributeRecord(
                            name: $0.name, type: $0.type.description, defaultValue: $0.defaultValue?.description,
                            summary: $0.summary)
                    },
                    scenes: r.scenes)
            },
            error: nil)
    }
}

func baseName(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
}
