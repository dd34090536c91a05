@_spi(Host) import CellKit
import CellKitSupport

/// The screen model as JSON (`render format=json`): what a program reading
/// CellKit's output needs — every section and row with its cell and
/// attributes (rows bound to a data file are expanded and name their file).
///
/// ```json
/// {"screen": "Dashboard", "kind": "list", "width": 72, "border": "rounded", "title": "Morning report",
///  "sections": [{"title": "Today", "header": "BasicCells.SectionHeader",
///                "rows": [{"cell": "BasicCells.TextCell", "attributes": {"text": "Good morning", "style": "bold"}}]}]}
/// ```
package struct ScreenJSON {
    package let screen: Screen
    /// The records of a bound row source (read from its file), as settings.
    package var records: (Binding, _ section: Int, _ source: Int) throws -> [[AttributeSetting]] = { _, _, _ in [] }

    package func value() throws -> JSONValue {
        var object: JSONObject = ["screen": .string(screen.name), "kind": .string(screen.kind.rawValue)]
        if let width = screen.width { object.updateValue(.int(width), forKey: "width") }
        object.updateValue(.string(screen.border.name), forKey: "border")
        if let title = screen.title { object.updateValue(.string(title), forKey: "title") }
        if screen.kind == .grid {
            if let columns = screen.columns { object.updateValue(.int(columns), forKey: "columns") }
            if let itemWidth = screen.itemWidth { object.updateValue(.int(itemWidth), forKey: "itemWidth") }
            if let spacing = screen.spacing { object.updateValue(.int(spacing), forKey: "spacing") }
        } else {
            object.updateValue(.bool(screen.separators), forKey: "separators")
        }
        object.updateValue(
            .array(try screen.sections.enumerated().map { try section($1, index: $0) }), forKey: "sections")
        return .object(object)
    }

    /// Pretty JSON; `width` is the width it was rendered at.
    package func serialized(width: Int) throws -> String {
        guard case .object(var object) = try value() else { return "" }
        object.updateValue(.int(width), forKey: "renderedWidth")
        return try JSONValue.object(object).serialized(.pretty) + "\n"
    }

    private func section(_ section: Section, index: Int) throws -> JSONValue {
        var object = JSONObject()
        if let title = section.title { object.updateValue(.string(title), forKey: "title") }
        if let header = section.header { object.updateValue(.string(header.qualified), forKey: "header") }
        if let footer = section.footer { object.updateValue(.string(footer), forKey: "footer") }
        if let cell = section.footerCell { object.updateValue(.string(cell.qualified), forKey: "footerCell") }
        var rows: [JSONValue] = []
        for (sourceIndex, source) in section.rows.enumerated() {
            switch source {
            case .row(let row):
                rows.append(Self.row(row.cell, row.attributes, source: nil))
            case .bound(let binding):
                for (i, record) in try records(binding, index, sourceIndex).enumerated() {
                    rows.append(Self.row(binding.cell, record, source: (binding.file, i)))
                }
            }
        }
        object.updateValue(.array(rows), forKey: "rows")
        return .object(object)
    }

    private static func row(_ cell: CellReference, _ settings: [AttributeSetting], source: (String, Int)?) -> JSONValue
    {
        var object: JSONObject = ["cell": .string(cell.qualified)]
        object.updateValue(
            .object(JSONObject(settings.map { (key: $0.name, value: json($0.value)) })), forKey: "attributes")
        if let (file, index) = source {
            object.updateValue(.object(["file": .string(file), "record": .int(index)]), forKey: "source")
        }
        return .object(object)
    }

    package static func json(_ value: AttributeValue) -> JSONValue {
        switch value {
        case .int(let v): .int(v)
        case .double(let v): .double(v)
        case .bool(let v): .bool(v)
        case .string(let v), .enumeration(let v): .string(v)
        case .color(let c): .string(c.description)
        case .numbers(let values): .array(values.map { .double($0) })
        case .strings(let values): .array(values.map { .string($0) })
        }
    }

    package init(screen: Screen) {
        self.screen = screen
    }
}
