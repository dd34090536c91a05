@_spi(Host) import CellKit
import CellKitSupport
import Glibc

// MARK: - The cache file

extension RegistryCache {
    /// `$XDG_CACHE_HOME/cellkit/registry.json` (`~/.cache/cellkit/registry.json`);
    /// `nil` when there is no home directory, or `~/.cache` would be in a home
    /// that does not exist (it is not created: ``XDGDirectories/mayMake(_:)``).
    package static func defaultFile(environment: [String: String]) -> String? {
        let env = Environment(environment)
        guard let home = env.homeDirectory() else { return nil }
        let directories = XDGDirectories(environment: env, home: home)
        guard directories.mayMake(directories.cacheHome) else { return nil }
        return directories.cacheHome + "/cellkit/registry.json"
    }

    /// The format version of the file; a file of another version is rebuilt.
    ///
    /// Version 2 is one JSON object a line: the header
    /// `{"version":2,"abi":…,"compiler":…}`, then one line a library,
    /// `"PATH"<TAB>{record}`. A run reads the paths only and decodes the
    /// records of the libraries on its search path: a cache of 20,000 records
    /// costs a scan of its bytes, not 20,000 decodings.
    static let formatVersion = 2

    /// The largest cache file that is read by default (128 MiB, far above
    /// the few KB a plugin takes); a larger one is ignored and rebuilt.
    package static let defaultMaximumFileSize = 128 << 20
    /// The most records a cache file may hold by default (100,000); more, and it is ignored and rebuilt.
    package static let defaultMaximumEntries = 100_000

    /// Reads the cache file into ``undecoded``. A file that is missing,
    /// unreadable, of another format or another host ABI is ignored (and
    /// rebuilt on the next save).
    ///
    /// Only a regular file is read (a FIFO, a device or a link to one is
    /// neither read nor written, and ``notice`` says so), and only up to
    /// ``maximumFileSize`` bytes and ``maximumEntries`` records. Records of
    /// files that no longer exist are dropped (the next save leaves them out).
    func readFile() {
        guard let bytes = readBounded() else { return }
        let newline = bytes.firstIndex(of: 0x0A) ?? bytes.count
        guard let header = try? JSONParser().parse(Array(bytes[..<newline])),
            header["version"]?.intValue == Self.formatVersion,
            header["abi"]?.intValue == Int(PluginABI.version),
            header["compiler"]?.intValue == Int(PluginABI.compilerVersion)
        else { return }
        var lines: [String: Range<Int>] = [:]
        var count = 0
        var tooMany = false
        var corrupt = false
        var removed = false
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // memchr: the lines of a large cache are found at memory speed, even in a debug build.
            func find(_ byte: UInt8, from: Int, to: Int) -> Int? {
                guard from < to, let hit = memchr(base + from, Int32(byte), to - from) else { return nil }
                return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            }
            var start = newline + 1
            while start < buffer.count {
                let end = find(0x0A, from: start, to: buffer.count) ?? buffer.count
                defer { start = end + 1 }
                guard end > start else { continue }
                count += 1
                guard count <= maximumEntries else {
                    tooMany = true
                    return
                }
                guard let tab = find(0x09, from: start, to: end),
                    let path = Self.decodePath(UnsafeBufferPointer(rebasing: buffer[start..<tab]))
                else {
                    corrupt = true
                    return
                }
                guard fileExists(path) else {
                    removed = true  // a plugin that was removed: leave it out of the next save
                    continue
                }
                lines[path] = (tab + 1)..<end
            }
        }
        if tooMany {
            notice =
                "the registry cache \(file) holds more than \(maximumEntries) records, the limit; "
                + "it was ignored and is rebuilt"
            return
        }
        if corrupt { return }  // trust none of it
        dirty = dirty || removed
        fileBytes = bytes
        undecoded = lines
    }

    /// A path written as a JSON string.
    static func decodePath(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.count >= 2, bytes[0] == 0x22, bytes[bytes.count - 1] == 0x22, let base = bytes.baseAddress else {
            return nil
        }
        let inner = UnsafeBufferPointer(start: base + 1, count: bytes.count - 2)
        if memchr(base + 1, 0x5C, inner.count) == nil {  // no escapes
            return String(validating: inner, as: UTF8.self)
        }
        return (try? JSONParser().parse(Array(bytes)))?.stringValue
    }

    /// The file's bytes, if it is a regular file within the size limit.
    private func readBounded() -> [UInt8]? {
        // O_NONBLOCK: opening a FIFO must not wait for a writer.
        let descriptor = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        guard status.st_mode & S_IFMT == S_IFREG else {
            writable = false
            notice =
                "the registry cache \(file) is not a regular file (a FIFO, a device, or a link to one); "
                + "it is neither read nor written: remove it, and cellkit makes a new one"
            return nil
        }
        guard status.st_size <= maximumFileSize else {
            notice =
                "the registry cache \(file) is \(status.st_size) bytes, over the limit of \(maximumFileSize >> 20) MiB; "
                + "it was ignored and is rebuilt"
            return nil
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            count += n
        }
        guard count <= Int(status.st_size) else { return nil }  // it grew while read: not a cache being kept
        return Array(bytes[..<count])
    }

    /// Writes the cache file atomically (a crash never leaves half a cache):
    /// the records decoded in this run serialized again, the others copied as
    /// they were read. Not written when its folder could be changed by another
    /// user (``PrivateDirectory``): the cache is only an optimisation.
    func writeFile() {
        guard writable else { return }
        // Only a regular file (or none) is replaced: never write through a FIFO or a device.
        if let info = try? fileInfo(file), !info.isRegularFile { return }
        let header: JSONValue = [
            "version": .int(Self.formatVersion), "abi": .int(Int(PluginABI.version)),
            "compiler": .int(Int(PluginABI.compilerVersion)),
        ]
        guard var bytes = try? header.serializedBytes(.compact) else { return }
        bytes.append(0x0A)
        for path in Set(entries.keys).union(undecoded.keys).sorted() {
            guard let pathBytes = try? JSONValue.string(path).serializedBytes(.compact) else { continue }
            if let record = entries[path] {
                guard let recordBytes = try? record.json.serializedBytes(.compact) else { continue }
                bytes += pathBytes
                bytes.append(0x09)
                bytes += recordBytes
            } else if let range = undecoded[path] {
                bytes += pathBytes
                bytes.append(0x09)
                bytes += fileBytes[range]
            }
            bytes.append(0x0A)
        }
        // Not into a folder another user could change: a link they planted as
        // registry.json would have this write replace the file it points to.
        guard (try? PrivateDirectory.prepare(Path.dirname(file))) != nil else { return }
        _ = try? atomicWrite(file, bytes)
    }
}

extension RegistryCache.Record {
    /// The record as JSON (what `cellkit --scan-plugin` prints and the cache file holds).
    package var json: JSONValue {
        var object: JSONObject = [
            "path": .string(path), "size": .int(size), "mtime": .int(mtimeSeconds),
            "mtimeNanoseconds": .int(mtimeNanoseconds),
            "isPlugin": .bool(isPlugin), "name": .string(name), "version": .string(version),
            "summary": .string(summary),
            "abi": .int(Int(abiVersion)), "compiler": .int(Int(compilerVersion)),
        ]
        if let error { object.updateValue(.string(error), forKey: "error") }
        if let refusal { object.updateValue(.string(refusal), forKey: "refused") }
        object.updateValue(
            .array(
                registrations.map { r in
                    var entry: JSONObject = [
                        "name": .string(r.name), "kind": .string(r.kind.rawValue), "type": .string(r.typeName),
                    ]
                    if let summary = r.summary { entry.updateValue(.string(summary), forKey: "summary") }
                    if let nib = r.nibName { entry.updateValue(.string(nib), forKey: "nib") }
                    if !r.scenes.isEmpty { entry.updateValue(.array(r.scenes.map { .string($0) }), forKey: "scenes") }
                    if !r.fileExtensions.isEmpty {
                        entry.updateValue(.array(r.fileExtensions.map { .string($0) }), forKey: "fileExtensions")
                    }
                    if !r.codeOnlyOutlets.isEmpty {
                        entry.updateValue(.array(r.codeOnlyOutlets.map { .string($0) }), forKey: "codeOnlyOutlets")
                    }
                    entry.updateValue(
                        .array(
                            r.attributes.map { a in
                                var attribute: JSONObject = ["name": .string(a.name), "type": .string(a.type)]
                                if let d = a.defaultValue { attribute.updateValue(.string(d), forKey: "default") }
                                if let s = a.summary { attribute.updateValue(.string(s), forKey: "summary") }
                                return .object(attribute)
                            }), forKey: "attributes")
                    return .object(entry)
                }), forKey: "registrations")
        return .object(object)
    }

    /// A record from JSON, or `nil` if anything is missing or of the wrong type.
    package init?(json: JSONValue) {
        guard let path = json["path"]?.stringValue, let size = json["size"]?.intValue,
            let mtime = json["mtime"]?.intValue, let nanos = json["mtimeNanoseconds"]?.intValue,
            let isPlugin = json["isPlugin"]?.boolValue, let name = json["name"]?.stringValue,
            let version = json["version"]?.stringValue, let summary = json["summary"]?.stringValue,
            let abi = json["abi"]?.intValue, let compiler = json["compiler"]?.intValue,
            let registrations = json["registrations"]?.arrayValue
        else { return nil }
        var records: [RegistryCache.RegistrationRecord] = []
        for r in registrations {
            guard let rName = r["name"]?.stringValue, let kindText = r["kind"]?.stringValue,
                let kind = PluginRegistration.Kind(rawValue: kindText), let type = r["type"]?.stringValue,
                let attributes = r["attributes"]?.arrayValue
            else { return nil }
            var attributeRecords: [RegistryCache.AttributeRecord] = []
            for a in attributes {
                guard let aName = a["name"]?.stringValue, let aType = a["type"]?.stringValue else { return nil }
                attributeRecords.append(
                    RegistryCache.AttributeRecord(
                        name: aName, type: aType, defaultValue: a["default"]?.stringValue,
                        summary: a["summary"]?.stringValue))
            }
            records.append(
                RegistryCache.RegistrationRecord(
                    name: rName, kind: kind, summary: r["summary"]?.stringValue, typeName: type,
                    nibName: r["nib"]?.stringValue, attributes: attributeRecords,
                    scenes: r["scenes"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                    codeOnlyOutlets: r["codeOnlyOutlets"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                    fileExtensions: r["fileExtensions"]?.arrayValue?.compactMap(\.stringValue) ?? []))
        }
        self.init(
            path: path, size: size, mtimeSeconds: mtime, mtimeNanoseconds: nanos, isPlugin: isPlugin, name: name,
            version: version, summary: summary, abiVersion: UInt32(clamping: abi),
            compilerVersion: UInt32(clamping: compiler),
            registrations: records, error: json["error"]?.stringValue, refusal: json["refused"]?.stringValue)
    }
}
