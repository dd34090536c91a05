@_spi(Host) import CellKit
import CellKitSupport

// MARK: - The cache file

extension RegistryCache {
    /// `$XDG_CACHE_HOME/cellkit/registry.json` (`~/.cache/cellkit/registry.json`).
    public static func defaultFile(environment: [String: String]) -> String? {
        let env = Environment(environment)
        guard let home = env.homeDirectory() else { return nil }
        return XDGDirectories(environment: env, home: home).cacheHome + "/cellkit/registry.json"
    }

    /// The format version of the file; a file of another version is rebuilt.
    static let formatVersion = 1

    /// Reads the cache file. A file that is missing, unreadable, of another
    /// format or another host ABI is ignored (and rebuilt on the next save).
    func readFile() -> [String: Record] {
        guard let text = try? readTextFile(file), let value = try? JSONParser().parse(text),
            value["version"]?.intValue == Self.formatVersion,
            value["abi"]?.intValue == Int(PluginABI.version),
            value["compiler"]?.intValue == Int(PluginABI.compilerVersion),
            let plugins = value["plugins"]?.arrayValue
        else { return [:] }
        var result: [String: Record] = [:]
        for entry in plugins {
            guard let record = Record(json: entry) else { return [:] }  // corrupt: trust none of it
            result[record.path] = record
        }
        return result
    }

    /// Writes the cache file atomically (a crash never leaves half a cache).
    func writeFile(_ entries: [String: Record]) {
        let value: JSONValue = [
            "version": .int(Self.formatVersion), "abi": .int(Int(PluginABI.version)),
            "compiler": .int(Int(PluginABI.compilerVersion)),
            "plugins": .array(entries.keys.sorted().compactMap { entries[$0]?.json }),
        ]
        guard let text = try? value.serialized(.pretty) else { return }
        try? createDirectories(Path.dirname(file))
        try? atomicWrite(file, text + "\n")
    }
}

extension RegistryCache.Record {
    /// The record as JSON (what `cellkit --scan-plugin` prints and the cache file holds).
    public var json: JSONValue {
        var object: JSONObject = [
            "path": .string(path), "size": .int(size), "mtime": .int(mtimeSeconds),
            "mtimeNanoseconds": .int(mtimeNanoseconds),
            "isPlugin": .bool(isPlugin), "name": .string(name), "version": .string(version),
            "summary": .string(summary),
            "abi": .int(Int(abiVersion)), "compiler": .int(Int(compilerVersion)),
        ]
        if let error { object.updateValue(.string(error), forKey: "error") }
        object.updateValue(
            .array(
                registrations.map { r in
                    var entry: JSONObject = [
                        "name": .string(r.name), "kind": .string(r.kind.rawValue), "type": .string(r.typeName),
                    ]
                    if let summary = r.summary { entry.updateValue(.string(summary), forKey: "summary") }
                    if let nib = r.nibName { entry.updateValue(.string(nib), forKey: "nib") }
                    if !r.scenes.isEmpty { entry.updateValue(.array(r.scenes.map { .string($0) }), forKey: "scenes") }
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
    public init?(json: JSONValue) {
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
                    scenes: r["scenes"]?.arrayValue?.compactMap(\.stringValue) ?? []))
        }
        self.init(
            path: path, size: size, mtimeSeconds: mtime, mtimeNanoseconds: nanos, isPlugin: isPlugin, name: name,
            version: version, summary: summary, abiVersion: UInt32(clamping: abi),
            compilerVersion: UInt32(clamping: compiler),
            registrations: records, error: json["error"]?.stringValue)
    }
}
