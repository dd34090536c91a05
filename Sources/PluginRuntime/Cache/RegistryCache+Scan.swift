@_spi(Host) import CellKit
import CellKitSupport
@_spi(Host) import PluginDiscovery

/// Scanning a library in this process (a `dlopen`): what the worker, the
/// `--scan-plugin` child and the tests do; the session scans in a child.
extension RegistryCache {
    /// A cache stored in `file` that scans libraries in this process, after its trust check.
    package convenience init(file: String) {
        self.init(file: file, scanner: { RegistryCache.scanInProcess($0) })
        self.scanner = { [unowned self] in RegistryCache.scanInProcess($0, trustPolicy: self.trustPolicy) }
    }

    /// Records a plugin the host just loaded.
    package func record(_ plugin: LoadedPlugin, status: FileInfo?) {
        guard let path = plugin.path else { return }
        loadIfNeeded()
        let record = Record(plugin, path: path, status: status)
        // The usual case: the cache already says exactly this. Writing the whole file again would be wasted.
        if let known = entry(path), known.json == record.json { return }
        entries[path] = record
        dirty = true
        save()
    }

    /// Scans a library in this process: the trust check (unless
    /// `trustPolicy` is `nil`), an ELF check for the entry point, then a load
    /// into a throwaway registrar (the library stays mapped).
    package static func scanInProcess(_ path: String, trustPolicy: TrustPolicy? = TrustPolicy()) -> Record {
        let status = try? fileInfo(path)
        let name = PluginSearchPath.pluginName(fromFile: Path.basename(path)) ?? path
        if let trustPolicy {
            do {
                try trustPolicy.check(path)
            } catch {
                return Record(refused: path, name: name, status: status, reason: error.refusalReason)
            }
        }
        var record = Record(
            path: path, size: status?.size ?? 0, mtimeSeconds: status?.modificationTime.seconds ?? 0,
            mtimeNanoseconds: status?.modificationTime.nanoseconds ?? 0,
            isPlugin: false, name: "", version: "", summary: "", abiVersion: 0, compilerVersion: 0, registrations: [],
            error: nil)
        let isPlugin: Bool
        do {
            isPlugin = try ELFSymbols.defines(PluginABI.abiSymbol, in: path)
        } catch {
            // A damaged library is listed as broken, with what is wrong; it is never opened.
            record.isPlugin = true
            record.name = name
            record.error = error.reason
            return record
        }
        guard isPlugin else { return record }
        record.isPlugin = true
        record.name = name
        do {
            let (plugin, _) = try PluginLoader.load(path: path)
            record = Record(plugin, path: path, status: status)
        } catch {
            record.error = error.message
            // Refused for its compiler or SDK: what it was built with says whether a rebuild fixes it.
            if error.code == .compilerMismatch || error.code == .abiMismatch,
                let built = PluginLoader.reportedBuild(path: path)
            {
                (record.abiVersion, record.compilerVersion) = built
            }
        }
        return record
    }
}

extension RegistryCache.Record {
    package init(_ plugin: LoadedPlugin, path: String, status: FileInfo?) {
        self.init(
            path: path, size: status?.size ?? 0, mtimeSeconds: status?.modificationTime.seconds ?? 0,
            mtimeNanoseconds: status?.modificationTime.nanoseconds ?? 0,
            isPlugin: true, name: plugin.name, version: plugin.version, summary: plugin.summary,
            abiVersion: plugin.abiVersion, compilerVersion: plugin.compilerVersion,
            registrations: plugin.registrations.map {
                RegistryCache.RegistrationRecord($0) { name, type, defaultValue, summary in
                    RegistryCache.AttributeRecord(
                        name: name, type: type.description, defaultValue: defaultValue?.description, summary: summary)
                }
            },
            error: nil)
    }
}
