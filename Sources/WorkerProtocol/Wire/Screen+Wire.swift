@_spi(Host) import CellKit
import CellKitSupport

// The screen model on the wire (see ``WireCodable``): what a `render` or a
// `show` request carries. Every stored property is written and read back, in
// the same order; `Binding.watch` alone is not, the session's own (it watches
// the files; the worker only draws). The round-trip and coverage tests are in
// Tests/WorkerProtocolTests/Wire.

extension Screen: WireCodable {
    package func encode(into w: inout WireWriter) {
        w.write(name)
        w.write(rawValue: kind)
        w.write(width)
        w.write(border.name)
        w.write(title)
        w.write(columns)
        w.write(itemWidth)
        w.write(spacing)
        w.write(separators)
        w.write(sections)
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> Screen {
        var screen = Screen(name: try r.string())
        screen.kind = try r.rawValue(named: "screen kind")
        screen.width = try r.optional()
        let border = try r.string()
        do {
            screen.border = try BoxStyle(parsing: border)
        } catch {
            throw WireError("no border '\(border)'")
        }
        screen.title = try r.optional()
        screen.columns = try r.optional()
        screen.itemWidth = try r.optional()
        screen.spacing = try r.optional()
        screen.separators = try r.bool()
        screen.sections = try r.array()
        return screen
    }
}

extension Section: WireCodable {
    package func encode(into w: inout WireWriter) {
        w.write(title)
        w.write(header)
        w.write(footer)
        w.write(footerCell)
        w.write(rows)
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> Section {
        Section(
            title: try r.optional(), header: try r.optional(), footer: try r.optional(), footerCell: try r.optional(),
            rows: try r.array())
    }
}

extension RowSource: WireCodable {
    package func encode(into w: inout WireWriter) {
        switch self {
        case .row(let row):
            w.write(tag: Tag.row)
            w.write(row)
        case .bound(let binding):
            w.write(tag: Tag.bound)
            w.write(binding)
        }
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> RowSource {
        switch try r.tag(Tag.self, named: "row source") {
        case .row: return .row(try r.read())
        case .bound: return .bound(try r.read())
        }
    }

    /// Each case's first byte on the wire.
    fileprivate enum Tag: UInt8 {
        case row = 0
        case bound = 1
    }
}

extension Row: WireCodable {
    package func encode(into w: inout WireWriter) {
        w.write(cell)
        w.write(attributes)
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> Row {
        Row(cell: try r.read(), attributes: try r.array())
    }
}

extension Binding: WireCodable {
    package func encode(into w: inout WireWriter) {
        w.write(cell)
        w.write(file)
        w.write(path)
        w.write(format)
        w.write(mappings)
        w.write(count)
        w.write(identity)
        w.write(chunks)
        w.write(source)
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> Binding {
        let cell: CellReference = try r.read()
        let file = try r.string()
        let path = try r.string()
        let format = try r.string()
        let mappings: [Mapping] = try r.array()
        let count = try r.int()
        guard count >= 0 else { throw WireError("a binding of \(count) records") }
        return Binding(
            cell: cell, file: file, path: path, format: format, mappings: mappings, count: count,
            identity: try r.read(), chunks: try r.array(), source: try r.optional())
    }
}

extension SourceBinding: WireCodable {
    package func encode(into w: inout WireWriter) {
        w.write(name)
        w.write(options)
        w.write(fingerprint)
        w.write(starts)
        w.write(estimated)
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> SourceBinding {
        SourceBinding(
            name: try r.string(), options: try r.array(), fingerprint: try r.read(), starts: try r.array(),
            estimated: try r.bool())
    }
}

extension SourceCheck: WireCodable {
    package func encode(into w: inout WireWriter) {
        w.write(count)
        w.write(estimated)
        w.write(fingerprint)
        w.write(starts)
        w.write(problems)
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> SourceCheck {
        let count = try r.int()
        guard count >= 0 else { throw WireError("a source of \(count) records") }
        return SourceCheck(
            count: count, estimated: try r.bool(), fingerprint: try r.read(), starts: try r.array(),
            problems: try r.array())
    }
}

extension SourceProblem: WireCodable {
    package func encode(into w: inout WireWriter) {
        w.write(message)
        w.write(fix)
        w.write(field)
        w.write(place)
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> SourceProblem {
        SourceProblem(try r.string(), fix: try r.optional(), field: try r.optional(), place: try r.optional())
    }
}

extension SourceOption: WireCodable {
    package func encode(into w: inout WireWriter) {
        w.write(name)
        w.write(value)
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> SourceOption {
        SourceOption(name: try r.string(), value: try r.string())
    }
}

extension SourceFingerprint: WireCodable {
    package func encode(into w: inout WireWriter) {
        w.write(files)
        w.write(identities.count)
        for identity in identities { w.write(identity) }
        w.write(token)
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> SourceFingerprint {
        let files: [String] = try r.array()
        let count = try r.int()
        guard count == files.count else {
            throw WireError("a fingerprint of \(files.count) files with \(count) identities")
        }
        var identities: [DataFileIdentity?] = []
        for _ in 0..<count { identities.append(try r.optional()) }
        return SourceFingerprint(files: files, identities: identities, token: try r.string())
    }
}

/// A chunk start as its four numbers; whether a list of them can be the
/// file's is checked where it is used (`RecordChunker.adopt`).
extension RecordChunker.ChunkStart: WireCodable {
    package func encode(into w: inout WireWriter) {
        w.write(offset)
        w.write(record)
        w.write(line)
        w.write(lineStart)
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> RecordChunker.ChunkStart {
        RecordChunker.ChunkStart(offset: try r.int(), record: try r.int(), line: try r.int(), lineStart: try r.int())
    }
}

extension Binding.Mapping: WireCodable {
    package func encode(into w: inout WireWriter) {
        switch self {
        case .field(let attribute, let path):
            w.write(tag: Tag.field)
            w.write(attribute)
            w.write(path)
        case .list(let attribute, let elements):
            w.write(tag: Tag.list)
            w.write(attribute)
            w.write(elements)
        case .constant(let setting):
            w.write(tag: Tag.constant)
            w.write(setting)
        case .template(let attribute, let text):
            w.write(tag: Tag.template)
            w.write(attribute)
            w.write(text)
        }
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> Binding.Mapping {
        switch try r.tag(Tag.self, named: "mapping") {
        case .field: return .field(attribute: try r.string(), path: try r.read())
        case .list: return .list(attribute: try r.string(), elements: try r.array())
        case .constant: return .constant(try r.read())
        case .template: return .template(attribute: try r.string(), text: try r.string())
        }
    }

    /// Each case's first byte on the wire.
    fileprivate enum Tag: UInt8 {
        case field = 0
        case list = 1
        case constant = 2
        case template = 3
    }
}

extension DataFileIdentity: WireCodable {
    package func encode(into w: inout WireWriter) {
        w.write(size)
        w.write(seconds)
        w.write(nanoseconds)
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> DataFileIdentity {
        DataFileIdentity(size: try r.int(), seconds: try r.int(), nanoseconds: try r.int())
    }
}

extension FieldPath: WireCodable {
    package func encode(into w: inout WireWriter) { w.write(components) }

    package static func decode(_ r: inout WireReader) throws(WireError) -> FieldPath { FieldPath(try r.array()) }
}

extension FieldPath.Component: WireCodable {
    package func encode(into w: inout WireWriter) {
        switch self {
        case .key(let key):
            w.write(tag: Tag.key)
            w.write(key)
        case .index(let index):
            w.write(tag: Tag.index)
            w.write(index)
        }
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> FieldPath.Component {
        switch try r.tag(Tag.self, named: "field path component") {
        case .key: return .key(try r.string())
        case .index: return .index(try r.int())
        }
    }

    /// Each case's first byte on the wire.
    fileprivate enum Tag: UInt8 {
        case key = 0
        case index = 1
    }
}

extension Command.Value: WireCodable {
    package func encode(into w: inout WireWriter) {
        switch self {
        case .text(let text):
            w.write(tag: Tag.text)
            w.write(text)
        case .field(let path):
            w.write(tag: Tag.field)
            w.write(path)
        case .list(let elements):
            w.write(tag: Tag.list)
            w.write(elements)
        }
    }

    /// Lists nest at most as deep as a script may write them
    /// (``Command/Value/maximumNesting``): deeper, the message is refused
    /// before the nesting can exhaust the stack.
    package static func decode(_ r: inout WireReader) throws(WireError) -> Command.Value { try decode(&r, depth: 0) }

    private static func decode(_ r: inout WireReader, depth: Int) throws(WireError) -> Command.Value {
        switch try r.tag(Tag.self, named: "value") {
        case .text: return .text(try r.string())
        case .field: return .field(try r.read())
        case .list:
            guard depth < Command.Value.maximumNesting else {
                throw WireError("lists are nested more than \(Command.Value.maximumNesting) deep")
            }
            return .list(try r.array { r throws(WireError) in try decode(&r, depth: depth + 1) })
        }
    }

    /// Each case's first byte on the wire.
    fileprivate enum Tag: UInt8 {
        case text = 0
        case field = 1
        case list = 2
    }
}

extension CellReference: WireCodable {
    package func encode(into w: inout WireWriter) {
        w.write(written)
        w.write(qualified)
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> CellReference {
        CellReference(written: try r.string(), qualified: try r.string())
    }
}

extension AttributeSetting: WireCodable {
    package func encode(into w: inout WireWriter) {
        w.write(name)
        w.write(value)
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> AttributeSetting {
        AttributeSetting(name: try r.string(), value: try r.read())
    }
}

extension AttributeValue: WireCodable {
    package func encode(into w: inout WireWriter) {
        switch self {
        case .int(let v):
            w.write(tag: Tag.int)
            w.write(v)
        case .double(let v):
            w.write(tag: Tag.double)
            w.write(v)
        case .bool(let v):
            w.write(tag: Tag.bool)
            w.write(v)
        case .string(let v):
            w.write(tag: Tag.string)
            w.write(v)
        case .enumeration(let v):
            w.write(tag: Tag.enumeration)
            w.write(v)
        case .color(let v):
            w.write(tag: Tag.color)
            w.write(v.description)
        case .numbers(let v):
            w.write(tag: Tag.numbers)
            w.write(v)
        case .strings(let v):
            w.write(tag: Tag.strings)
            w.write(v)
        }
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> AttributeValue {
        switch try r.tag(Tag.self, named: "attribute value") {
        case .int: return .int(try r.int())
        case .double: return .double(try r.double())
        case .bool: return .bool(try r.bool())
        case .string: return .string(try r.string())
        case .enumeration: return .enumeration(try r.string())
        case .color:
            let text = try r.string()
            do {
                return .color(try Color(parsing: text))
            } catch {
                throw WireError("no colour '\(text)'")
            }
        case .numbers: return .numbers(try r.array())
        case .strings: return .strings(try r.array())
        }
    }

    /// Each case's first byte on the wire: its type's (``AttributeTag``).
    fileprivate typealias Tag = AttributeTag
}
