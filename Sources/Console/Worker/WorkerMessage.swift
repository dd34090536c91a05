@_spi(Host) import CellKit

/// What the session asks the worker (docs/design.md, "The protocol").
enum WorkerRequest: Equatable {
    /// Load the plugin library at `path` (found and named by the session);
    /// `allowUnsafe` is the person's waiver of the ownership checks.
    case load(path: String, allowUnsafe: Bool)
    /// Draw `screen` at `width` in `format`; the bytes come back in chunks.
    /// With a `part`, only that worker's blocks, each ended by an empty chunk.
    case render(Screen, format: OutputFormat, width: Int, colors: ColorMode, part: RenderPart? = nil)
    /// `show`: open a view over `screen` at the top.
    /// A view over the screen, at the top, or where the open view was
    /// (`keepPosition`: the screen's data changed under `show`).
    case openView(Screen, colors: ColorMode, columns: Int, rows: Int, keepPosition: Bool)
    /// `show`: apply `action`, then draw a frame if `draw`.
    case viewAction(ScrollView.Action?, columns: Int, rows: Int, draw: Bool)
    /// `show` ended: the cells that could not be drawn.
    case closeView
    /// `cellkit validate`: make every cell, nib and scene of these loaded plugins.
    case validate(plugins: [String])

    func encode(into w: inout WireWriter) {
        switch self {
        case .load(let path, let allowUnsafe):
            w.write(UInt8(1))
            w.write(path)
            w.write(allowUnsafe)
        case .render(let screen, let format, let width, let colors, let part):
            w.write(UInt8(2))
            screen.encode(into: &w)
            w.write(format.rawValue)
            w.write(width)
            w.write(colors.rawValue)
            w.write(part != nil)
            part?.encode(into: &w)
        case .openView(let screen, let colors, let columns, let rows, let keepPosition):
            w.write(UInt8(3))
            screen.encode(into: &w)
            w.write(colors.rawValue)
            w.write(columns)
            w.write(rows)
            w.write(keepPosition)
        case .viewAction(let action, let columns, let rows, let draw):
            w.write(UInt8(4))
            w.write(action != nil)
            if let action { action.encode(into: &w) }
            w.write(columns)
            w.write(rows)
            w.write(draw)
        case .closeView:
            w.write(UInt8(5))
        case .validate(let plugins):
            w.write(UInt8(6))
            w.write(plugins) { $0.write($1) }
        }
    }

    static func decode(_ r: inout WireReader) throws(WireError) -> WorkerRequest {
        switch try r.byte() {
        case 1:
            return .load(path: try r.string(), allowUnsafe: try r.bool())
        case 2:
            let screen = try Screen.decode(&r)
            let formatName = try r.string()
            guard let format = OutputFormat(rawValue: formatName) else { throw WireError("no format '\(formatName)'") }
            let width = try r.int()
            let colorName = try r.string()
            guard let colors = ColorMode(rawValue: colorName) else { throw WireError("no colour mode '\(colorName)'") }
            let part = try r.bool() ? try RenderPart.decode(&r) : nil
            return .render(screen, format: format, width: width, colors: colors, part: part)
        case 3:
            let screen = try Screen.decode(&r)
            let colorName = try r.string()
            guard let colors = ColorMode(rawValue: colorName) else { throw WireError("no colour mode '\(colorName)'") }
            return .openView(
                screen, colors: colors, columns: try r.int(), rows: try r.int(), keepPosition: try r.bool())
        case 4:
            let action = try r.bool() ? try ScrollView.Action.decode(&r) : nil
            return .viewAction(action, columns: try r.int(), rows: try r.int(), draw: try r.bool())
        case 5:
            return .closeView
        case 6:
            return .validate(plugins: try r.array { r throws(WireError) in try r.string() })
        case let other:
            throw WireError("no request \(other)")
        }
    }
}

/// What the worker answers.
enum WorkerResponse: Equatable {
    /// The first message of a worker: which build it is.
    case hello(protocolVersion: Int, abi: Int, compiler: Int)
    /// A plugin was loaded (or had been): its metadata.
    case loaded(PluginInfo, wasAlreadyLoaded: Bool)
    /// A plugin was refused.
    case pluginError(code: String, message: String, fix: String?, path: String?)
    /// Rendered bytes; more follow.
    case chunk([UInt8])
    /// The render is complete: rows drawn, the cells that could not be drawn,
    /// the data files that could not be read.
    case rendered(rows: Int, cellErrors: [String], dataErrors: [String])
    /// The render failed (writing, or the screen could not be built).
    case failed(String)
    /// A frame of `show`, or nothing when none was asked for.
    case frame([UInt8])
    /// The view is closed: the cells that could not be drawn.
    case viewClosed(cellErrors: [String])
    /// What `validate` checked, and every failure.
    case validated(checked: Int, failures: [String])

    func encode(into w: inout WireWriter) {
        switch self {
        case .hello(let version, let abi, let compiler):
            w.write(UInt8(1))
            w.write(version)
            w.write(abi)
            w.write(compiler)
        case .loaded(let plugin, let was):
            w.write(UInt8(2))
            plugin.encode(into: &w)
            w.write(was)
        case .pluginError(let code, let message, let fix, let path):
            w.write(UInt8(3))
            w.write(code)
            w.write(message)
            w.write(fix)
            w.write(path)
        case .chunk(let bytes):
            w.write(UInt8(4))
            w.write(bytes: bytes)
        case .rendered(let rows, let errors, let dataErrors):
            w.write(UInt8(5))
            w.write(rows)
            w.write(errors) { $0.write($1) }
            w.write(dataErrors) { $0.write($1) }
        case .failed(let message):
            w.write(UInt8(6))
            w.write(message)
        case .frame(let bytes):
            w.write(UInt8(7))
            w.write(bytes: bytes)
        case .viewClosed(let errors):
            w.write(UInt8(8))
            w.write(errors) { $0.write($1) }
        case .validated(let checked, let failures):
            w.write(UInt8(9))
            w.write(checked)
            w.write(failures) { $0.write($1) }
        }
    }

    static func decode(_ r: inout WireReader) throws(WireError) -> WorkerResponse {
        switch try r.byte() {
        case 1: return .hello(protocolVersion: try r.int(), abi: try r.int(), compiler: try r.int())
        case 2: return .loaded(try PluginInfo.decode(&r), wasAlreadyLoaded: try r.bool())
        case 3:
            return .pluginError(
                code: try r.string(), message: try r.string(), fix: try r.optionalString(), path: try r.optionalString()
            )
        case 4: return .chunk(try r.rawBytes())
        case 5:
            return .rendered(
                rows: try r.int(), cellErrors: try r.array { r throws(WireError) in try r.string() },
                dataErrors: try r.array { r throws(WireError) in try r.string() })
        case 6: return .failed(try r.string())
        case 7: return .frame(try r.rawBytes())
        case 8: return .viewClosed(cellErrors: try r.array { r throws(WireError) in try r.string() })
        case 9:
            return .validated(checked: try r.int(), failures: try r.array { r throws(WireError) in try r.string() })
        case let other: throw WireError("no response \(other)")
        }
    }
}

extension ScrollView.Action {
    func encode(into w: inout WireWriter) {
        switch self {
        case .scroll(let lines):
            w.write(UInt8(0))
            w.write(lines)
        case .pages(let n):
            w.write(UInt8(1))
            w.write(n)
        case .halfPages(let n):
            w.write(UInt8(2))
            w.write(n)
        case .top: w.write(UInt8(3))
        case .bottom: w.write(UInt8(4))
        case .redraw: w.write(UInt8(5))
        case .suspend: w.write(UInt8(6))
        case .quit: w.write(UInt8(7))
        case .ignore: w.write(UInt8(8))
        }
    }

    static func decode(_ r: inout WireReader) throws(WireError) -> ScrollView.Action {
        switch try r.byte() {
        case 0: return .scroll(lines: try r.int())
        case 1: return .pages(try r.int())
        case 2: return .halfPages(try r.int())
        case 3: return .top
        case 4: return .bottom
        case 5: return .redraw
        case 6: return .suspend
        case 7: return .quit
        case 8: return .ignore
        case let other: throw WireError("no scroll action \(other)")
        }
    }
}

// MARK: - The screen model

extension Screen {
    func encode(into w: inout WireWriter) {
        w.write(name)
        w.write(kind.rawValue)
        w.write(width)
        w.write(border.name)
        w.write(title)
        w.write(columns)
        w.write(itemWidth)
        w.write(spacing)
        w.write(separators)
        w.write(sections) { w, section in section.encode(into: &w) }
    }

    static func decode(_ r: inout WireReader) throws(WireError) -> Screen {
        var screen = Screen(name: try r.string())
        let kind = try r.string()
        guard let k = Kind(rawValue: kind) else { throw WireError("no screen kind '\(kind)'") }
        screen.kind = k
        screen.width = try r.optionalInt()
        let border = try r.string()
        do {
            screen.border = try BoxStyle(parsing: border)
        } catch {
            throw WireError("no border '\(border)'")
        }
        screen.title = try r.optionalString()
        screen.columns = try r.optionalInt()
        screen.itemWidth = try r.optionalInt()
        screen.spacing = try r.optionalInt()
        screen.separators = try r.bool()
        screen.sections = try r.array { r throws(WireError) in try Section.decode(&r) }
        return screen
    }
}

extension Section {
    func encode(into w: inout WireWriter) {
        w.write(title)
        w.write(header.map { [$0] } ?? []) { $1.encode(into: &$0) }
        w.write(footer)
        w.write(footerCell.map { [$0] } ?? []) { $1.encode(into: &$0) }
        w.write(rows) { w, source in
            switch source {
            case .row(let row):
                w.write(UInt8(0))
                row.cell.encode(into: &w)
                w.write(row.attributes) { $1.encode(into: &$0) }
            case .bound(let binding):
                w.write(UInt8(1))
                binding.encode(into: &w)
            }
        }
    }

    static func decode(_ r: inout WireReader) throws(WireError) -> Section {
        var section = Section()
        section.title = try r.optionalString()
        section.header = try r.array { r throws(WireError) in try CellReference.decode(&r) }.first
        section.footer = try r.optionalString()
        section.footerCell = try r.array { r throws(WireError) in try CellReference.decode(&r) }.first
        section.rows = try r.array { r throws(WireError) -> RowSource in
            switch try r.byte() {
            case 0:
                let cell = try CellReference.decode(&r)
                return .row(
                    Row(cell: cell, attributes: try r.array { r throws(WireError) in try AttributeSetting.decode(&r) }))
            case 1:
                return .bound(try Binding.decode(&r))
            case let other:
                throw WireError("no row source \(other)")
            }
        }
        return section
    }
}

extension Binding {
    func encode(into w: inout WireWriter) {
        cell.encode(into: &w)
        w.write(file)
        w.write(path)
        w.write(mappings) { w, mapping in
            switch mapping {
            case .field(let attribute, let path):
                w.write(UInt8(0))
                w.write(attribute)
                path.encode(into: &w)
            case .list(let attribute, let elements):
                w.write(UInt8(1))
                w.write(attribute)
                w.write(elements) { $1.encode(into: &$0) }
            case .constant(let setting):
                w.write(UInt8(2))
                setting.encode(into: &w)
            case .template(let attribute, let text):
                w.write(UInt8(3))
                w.write(attribute)
                w.write(text)
            }
        }
        w.write(count)
        w.write(identity.size)
        w.write(identity.seconds)
        w.write(identity.nanoseconds)
    }

    static func decode(_ r: inout WireReader) throws(WireError) -> Binding {
        let cell = try CellReference.decode(&r)
        let file = try r.string()
        let path = try r.string()
        let mappings = try r.array { r throws(WireError) -> Mapping in
            switch try r.byte() {
            case 0: return .field(attribute: try r.string(), path: try FieldPath.decode(&r))
            case 1:
                return .list(
                    attribute: try r.string(),
                    elements: try r.array { r throws(WireError) in try Command.Value.decode(&r) })
            case 2: return .constant(try AttributeSetting.decode(&r))
            case 3: return .template(attribute: try r.string(), text: try r.string())
            case let other: throw WireError("no mapping \(other)")
            }
        }
        let count = try r.int()
        guard count >= 0 else { throw WireError("a binding of \(count) records") }
        let identity = DataFileIdentity(size: try r.int(), seconds: try r.int(), nanoseconds: try r.int())
        return Binding(cell: cell, file: file, path: path, mappings: mappings, count: count, identity: identity)
    }
}

extension FieldPath {
    func encode(into w: inout WireWriter) {
        w.write(components) { w, component in
            switch component {
            case .key(let key):
                w.write(UInt8(0))
                w.write(key)
            case .index(let index):
                w.write(UInt8(1))
                w.write(index)
            }
        }
    }

    static func decode(_ r: inout WireReader) throws(WireError) -> FieldPath {
        FieldPath(
            try r.array { r throws(WireError) -> Component in
                switch try r.byte() {
                case 0: return .key(try r.string())
                case 1: return .index(try r.int())
                case let other: throw WireError("no field path component \(other)")
                }
            })
    }
}

extension Command.Value {
    func encode(into w: inout WireWriter) {
        switch self {
        case .text(let text):
            w.write(UInt8(0))
            w.write(text)
        case .field(let path):
            w.write(UInt8(1))
            path.encode(into: &w)
        case .list(let elements):
            w.write(UInt8(2))
            w.write(elements) { $1.encode(into: &$0) }
        }
    }

    static func decode(_ r: inout WireReader) throws(WireError) -> Command.Value {
        switch try r.byte() {
        case 0: return .text(try r.string())
        case 1: return .field(try FieldPath.decode(&r))
        case 2: return .list(try r.array { r throws(WireError) in try Command.Value.decode(&r) })
        case let other: throw WireError("no value \(other)")
        }
    }
}

extension CellReference {
    func encode(into w: inout WireWriter) {
        w.write(written)
        w.write(qualified)
    }

    static func decode(_ r: inout WireReader) throws(WireError) -> CellReference {
        CellReference(written: try r.string(), qualified: try r.string())
    }
}

extension AttributeSetting {
    func encode(into w: inout WireWriter) {
        w.write(name)
        value.encode(into: &w)
    }

    static func decode(_ r: inout WireReader) throws(WireError) -> AttributeSetting {
        AttributeSetting(name: try r.string(), value: try AttributeValue.decode(&r))
    }
}

extension AttributeValue {
    func encode(into w: inout WireWriter) {
        switch self {
        case .int(let v):
            w.write(UInt8(0))
            w.write(v)
        case .double(let v):
            w.write(UInt8(1))
            w.write(v)
        case .bool(let v):
            w.write(UInt8(2))
            w.write(v)
        case .string(let v):
            w.write(UInt8(3))
            w.write(v)
        case .enumeration(let v):
            w.write(UInt8(4))
            w.write(v)
        case .color(let v):
            w.write(UInt8(5))
            w.write(v.description)
        case .numbers(let v):
            w.write(UInt8(6))
            w.write(v) { $0.write($1) }
        case .strings(let v):
            w.write(UInt8(7))
            w.write(v) { $0.write($1) }
        }
    }

    static func decode(_ r: inout WireReader) throws(WireError) -> AttributeValue {
        switch try r.byte() {
        case 0: return .int(try r.int())
        case 1: return .double(try r.double())
        case 2: return .bool(try r.bool())
        case 3: return .string(try r.string())
        case 4: return .enumeration(try r.string())
        case 5:
            let text = try r.string()
            do {
                return .color(try Color(parsing: text))
            } catch {
                throw WireError("no colour '\(text)'")
            }
        case 6: return .numbers(try r.array { r throws(WireError) in try r.double() })
        case 7: return .strings(try r.array { r throws(WireError) in try r.string() })
        case let other: throw WireError("no attribute value \(other)")
        }
    }
}

extension AttributeType {
    func encode(into w: inout WireWriter) {
        switch self {
        case .int: w.write(UInt8(0))
        case .double: w.write(UInt8(1))
        case .bool: w.write(UInt8(2))
        case .string: w.write(UInt8(3))
        case .enumeration(let cases):
            w.write(UInt8(4))
            w.write(cases) { $0.write($1) }
        case .color: w.write(UInt8(5))
        case .numbers: w.write(UInt8(6))
        case .strings: w.write(UInt8(7))
        }
    }

    static func decode(_ r: inout WireReader) throws(WireError) -> AttributeType {
        switch try r.byte() {
        case 0: return .int
        case 1: return .double
        case 2: return .bool
        case 3: return .string
        case 4: return .enumeration(try r.array { r throws(WireError) in try r.string() })
        case 5: return .color
        case 6: return .numbers
        case 7: return .strings
        case let other: throw WireError("no attribute type \(other)")
        }
    }
}

// MARK: - Plugin metadata

extension PluginInfo {
    func encode(into w: inout WireWriter) {
        w.write(name)
        w.write(version)
        w.write(summary)
        w.write(path)
        w.write(Int(abiVersion))
        w.write(Int(compilerVersion))
        w.write(items) { w, item in
            w.write(item.name)
            w.write(item.kind.rawValue)
            w.write(item.summary)
            w.write(item.typeName)
            w.write(item.nibName)
            w.write(item.scenes) { $0.write($1) }
            w.write(item.attributes) { w, a in
                w.write(a.name)
                a.type.encode(into: &w)
                w.write(a.defaultValue != nil)
                a.defaultValue?.encode(into: &w)
                w.write(a.summary)
            }
        }
    }

    static func decode(_ r: inout WireReader) throws(WireError) -> PluginInfo {
        let name = try r.string()
        let version = try r.string()
        let summary = try r.string()
        let path = try r.optionalString()
        let abi = try r.int()
        let compiler = try r.int()
        let items = try r.array { r throws(WireError) -> ItemInfo in
            let itemName = try r.string()
            let kindName = try r.string()
            guard let kind = PluginRegistration.Kind(rawValue: kindName) else {
                throw WireError("no kind '\(kindName)'")
            }
            let itemSummary = try r.optionalString()
            let typeName = try r.string()
            let nibName = try r.optionalString()
            let scenes = try r.array { r throws(WireError) in try r.string() }
            let attributes = try r.array { r throws(WireError) -> AttributeInfo in
                let attributeName = try r.string()
                let type = try AttributeType.decode(&r)
                let defaultValue = try r.bool() ? try AttributeValue.decode(&r) : nil
                return AttributeInfo(
                    name: attributeName, type: type, defaultValue: defaultValue, summary: try r.optionalString())
            }
            return ItemInfo(
                name: itemName, kind: kind, summary: itemSummary, typeName: typeName, nibName: nibName,
                attributes: attributes, scenes: scenes)
        }
        guard let abiVersion = UInt32(exactly: abi), let compilerVersion = UInt32(exactly: compiler) else {
            throw WireError("an ABI or compiler version is out of range")
        }
        return PluginInfo(
            name: name, version: version, summary: summary, path: path, abiVersion: abiVersion,
            compilerVersion: compilerVersion, items: items)
    }
}
