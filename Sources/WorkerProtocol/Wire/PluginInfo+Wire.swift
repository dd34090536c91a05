@_spi(Host) import CellKit
import PluginDiscovery

// A loaded plugin's metadata on the wire (see ``WireCodable``): what the
// worker answers to `load`. Every stored property is written and read back,
// in the same order; the tests are in Tests/WorkerProtocolTests/Wire.

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
        case .int: w.write(tag: Tag.int)
        case .double: w.write(tag: Tag.double)
        case .bool: w.write(tag: Tag.bool)
        case .string: w.write(tag: Tag.string)
        case .enumeration(let cases):
            w.write(tag: Tag.enumeration)
            w.write(cases)
        case .color: w.write(tag: Tag.color)
        case .numbers: w.write(tag: Tag.numbers)
        case .strings: w.write(tag: Tag.strings)
        }
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> AttributeType {
        switch try r.tag(Tag.self, named: "attribute type") {
        case .int: return .int
        case .double: return .double
        case .bool: return .bool
        case .string: return .string
        case .enumeration: return .enumeration(try r.array())
        case .color: return .color
        case .numbers: return .numbers
        case .strings: return .strings
        }
    }

    /// Each case's first byte on the wire: ``AttributeTag``.
    fileprivate typealias Tag = AttributeTag
}

/// The first byte on the wire of an attribute type and of a value of that
/// type alike (`AttributeType.int` and `AttributeValue.int(_)` are both 0).
enum AttributeTag: UInt8 {
    case int = 0
    case double = 1
    case bool = 2
    case string = 3
    case enumeration = 4
    case color = 5
    case numbers = 6
    case strings = 7
}
