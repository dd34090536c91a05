@_spi(Host) import CellKit

// A loaded plugin's metadata on the wire (see ``WireCodable``): what the
// worker answers to `load`. Every stored property is written and read back,
// in the same order; the tests are in Tests/ConsoleTests/Wire.

extension PluginInfo: WireCodable {
    package func encode(into w: inout WireWriter) {
        w.write(name)
        w.write(version)
        w.write(summary)
        w.write(path)
        w.write(Int(abiVersion))
        w.write(Int(compilerVersion))
        w.write(items)
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> PluginInfo {
        let name = try r.string()
        let version = try r.string()
        let summary = try r.string()
        let path: String? = try r.optional()
        let abi = try r.int()
        let compiler = try r.int()
        guard let abiVersion = UInt32(exactly: abi), let compilerVersion = UInt32(exactly: compiler) else {
            throw WireError("an ABI or compiler version is out of range")
        }
        return PluginInfo(
            name: name, version: version, summary: summary, path: path, abiVersion: abiVersion,
            compilerVersion: compilerVersion, items: try r.array())
    }
}

extension ItemInfo: WireCodable {
    package func encode(into w: inout WireWriter) {
        w.write(name)
        w.write(rawValue: kind)
        w.write(summary)
        w.write(typeName)
        w.write(nibName)
        w.write(scenes)
        w.write(attributes)
        w.write(codeOnlyOutlets)
        w.write(fileExtensions)
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> ItemInfo {
        let name = try r.string()
        let kind: PluginRegistration.Kind = try r.rawValue(named: "kind")
        let summary: String? = try r.optional()
        let typeName = try r.string()
        let nibName: String? = try r.optional()
        let scenes: [String] = try r.array()
        let attributes: [AttributeInfo] = try r.array()
        return ItemInfo(
            name: name, kind: kind, summary: summary, typeName: typeName, nibName: nibName, attributes: attributes,
            scenes: scenes, codeOnlyOutlets: try r.array(), fileExtensions: try r.array())
    }
}

extension AttributeInfo: WireCodable {
    package func encode(into w: inout WireWriter) {
        w.write(name)
        w.write(type)
        w.write(defaultValue)
        w.write(summary)
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> AttributeInfo {
        AttributeInfo(
            name: try r.string(), type: try r.read(), defaultValue: try r.optional(), summary: try r.optional())
    }
}

extension AttributeType: WireCodable {
    package func encode(into w: inout WireWriter) {
        switch self {
        case .int: w.write(UInt8(0))
        case .double: w.write(UInt8(1))
        case .bool: w.write(UInt8(2))
        case .string: w.write(UInt8(3))
        case .enumeration(let cases):
            w.write(UInt8(4))
            w.write(cases)
        case .color: w.write(UInt8(5))
        case .numbers: w.write(UInt8(6))
        case .strings: w.write(UInt8(7))
        }
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> AttributeType {
        switch try r.byte() {
        case 0: return .int
        case 1: return .double
        case 2: return .bool
        case 3: return .string
        case 4: return .enumeration(try r.array())
        case 5: return .color
        case 6: return .numbers
        case 7: return .strings
        case let other: throw WireError("no attribute type \(other)")
        }
    }
}
