@_spi(Host) import CellKit
import CellKitSupport

/// What plugins on disk register, recorded when they were last loaded, in
/// the manner of GStreamer's registry: keyed by path, size and modification
/// time, so listing plugins and completing names needs no `dlopen`.
///
/// A record whose file changed (size or mtime) is stale and is scanned
/// again; a cache file that cannot be read is rebuilt, never trusted.
package final class RegistryCache {
    /// One library file, as last seen.
    package struct Record: Sendable {
        package var path: String
        package var size: Int
        package var mtimeSeconds: Int
        package var mtimeNanoseconds: Int
        /// Whether the file is a CellKit plugin at all (libCellKit.so is not).
        package var isPlugin: Bool
        package var name: String
        package var version: String
        package var summary: String
        package var abiVersion: UInt32
        package var compilerVersion: UInt32
        package var registrations: [RegistrationRecord]
        /// Why the last scan failed, if it did.
        package var error: String?
        /// Why the trust check refused to open the library (it was not scanned); never stored in the cache file.
        package var refusal: String?

        /// A record.
        package init(
            path: String, size: Int, mtimeSeconds: Int, mtimeNanoseconds: Int, isPlugin: Bool, name: String,
            version: String, summary: String, abiVersion: UInt32, compilerVersion: UInt32,
            registrations: [RegistrationRecord], error: String?, refusal: String? = nil
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
            self.refusal = refusal
        }
    }

    /// One registered item, as recorded: its attributes as the cache file writes them.
    package typealias RegistrationRecord = RegistrationInfo<AttributeRecord>

    /// One attribute, as recorded.
    package struct AttributeRecord: Equatable, Sendable {
        package var name: String
        package var type: String
        package var defaultValue: String?
        package var summary: String?

        package init(name: String, type: String, defaultValue: String?, summary: String?) {
            self.name = name
            self.type = type
            self.defaultValue = defaultValue
            self.summary = summary
        }
    }

    /// The cache file.
    package let file: String
    /// The records decoded so far, by canonical path.
    package var entries: [String: Record] = [:]
    /// The records read from the file and not decoded yet: each is its line's
    /// bytes in ``fileBytes``. Only the records of libraries on the search path
    /// are ever decoded; the others are written back as they were read.
    var undecoded: [String: Range<Int>] = [:]
    /// The cache file as read.
    var fileBytes: [UInt8] = []
    var loaded = false
    package var dirty = false
    /// False when the cache file is not a regular file: it is then never written.
    var writable = true
    /// Limits on the file read (``defaultMaximumFileSize``, ``defaultMaximumEntries``); tests lower them.
    package var maximumFileSize = RegistryCache.defaultMaximumFileSize
    package var maximumEntries = RegistryCache.defaultMaximumEntries
    /// What was wrong with the cache file, if anything (it was ignored and
    /// rebuilt, or is not used at all), for the caller to show once.
    package internal(set) var notice: String?
    /// Scans a library that has no fresh record (a subprocess, or in-process).
    /// It is given the canonical path, after the trust check passed.
    package var scanner: (String) -> Record
    /// The check applied to every library on the path before it is scanned,
    /// and before a record of it is used: scanning opens the library, which
    /// runs its code. `nil` skips it (`--allow-unsafe-plugins`).
    package var trustPolicy: TrustPolicy? = TrustPolicy()

    /// A cache stored in `file`.
    /// The session scans in a child process (`--scan-plugin`); PluginRuntime's
    /// `init(file:)` scans in this process.
    package init(file: String, scanner: @escaping (String) -> Record) {
        self.file = file
        self.scanner = scanner
    }

    /// A cache that neither reads nor writes a file (`--no-cache`): each
    /// library on the path is scanned when first needed, for this process
    /// only, so listing and loading on first use work as with a cache file.
    package static func inMemory(scanner: @escaping (String) -> Record) -> RegistryCache {
        let cache = RegistryCache(file: "", scanner: scanner)
        cache.loaded = true
        cache.writable = false
        return cache
    }

    package func loadIfNeeded() {
        guard !loaded else { return }
        loaded = true
        readFile()
    }

    /// The record of `path`, decoding it from the file's line if not yet done.
    /// A line that does not decode is dropped (the library is scanned again).
    package func entry(_ path: String) -> Record? {
        if let record = entries[path] { return record }
        guard let range = undecoded.removeValue(forKey: path) else { return nil }
        guard let value = try? JSONParser().parse(Array(fileBytes[range])), let record = Record(json: value),
            record.path == path, record.refusal == nil
        else {
            dirty = true
            return nil
        }
        entries[path] = record
        return record
    }

    /// Fresh records for every library on the search path, scanning the
    /// ones that changed; writes the cache back if anything was rescanned.
    ///
    /// A library the trust policy refuses is neither scanned nor served from
    /// the cache: its record says why (``Record/refusal``) and has no registrations.
    package func records(for searchPath: PluginSearchPath) -> [Record] {
        loadIfNeeded()
        var result: [Record] = []
        var safeDirectories = Set<String>()
        for (name, path) in searchPath.libraries() {
            let canonical = Path.canonical(path) ?? path
            let status = try? fileInfo(canonical)
            if let trustPolicy {
                do {
                    try trustPolicy.check(path, checkedDirectories: &safeDirectories)
                } catch {
                    result.append(Record(refused: canonical, name: name, status: status, reason: error.refusalReason))
                    forget(canonical)
                    continue
                }
            }
            let size = status?.size ?? 0
            let modified = status?.modificationTime ?? FileTimestamp(seconds: 0, nanoseconds: 0)
            if let record = entry(canonical), record.size == size, record.mtimeSeconds == modified.seconds,
                record.mtimeNanoseconds == modified.nanoseconds
            {
                result.append(record)
                continue
            }
            var record = scanner(canonical)
            if record.refusal != nil {  // the scanner's own check refused it
                result.append(record)
                forget(canonical)
                continue
            }
            record.size = size
            record.mtimeSeconds = modified.seconds
            record.mtimeNanoseconds = modified.nanoseconds
            entries[canonical] = record
            dirty = true
            result.append(record)
        }
        save()
        return result
    }

    /// Drops what the cache held for a library that is refused now.
    private func forget(_ canonical: String) {
        if entries.removeValue(forKey: canonical) != nil || undecoded.removeValue(forKey: canonical) != nil {
            dirty = true
        }
    }

    /// Writes the cache file if it changed.
    package func save() {
        guard dirty else { return }
        dirty = false
        writeFile()
    }
}

extension RegistryCache.Record {
    /// A library the trust check refused: not opened, so nothing is known of
    /// it but its name; listed (as refused) so the person sees why.
    package init(refused path: String, name: String, status: FileInfo?, reason: String) {
        self.init(
            path: path, size: status?.size ?? 0, mtimeSeconds: status?.modificationTime.seconds ?? 0,
            mtimeNanoseconds: status?.modificationTime.nanoseconds ?? 0,
            isPlugin: true, name: name, version: "", summary: "", abiVersion: 0, compilerVersion: 0, registrations: [],
            error: nil, refusal: reason)
    }
}
