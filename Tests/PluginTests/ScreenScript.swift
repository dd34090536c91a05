@_spi(Host) import CellKit

/// A screen written the way the console's scripts write one, for tests:
///
/// ```
/// table border=rounded title="Today"
/// section
/// header SectionHeader title=Today detail="3 tasks"
/// row KeyValueCell key=Uptime value="12 days"
/// footer SectionFooter text="Updated 09:41"
/// ```
///
/// `table` options: `border` (a box style), `title`, `separators=line`,
/// `columns` (a ColumnsCell `widths` list: the table's column layout, gap 3),
/// `padding`. `tableheader` sets the table's header view. Each `section`
/// starts a section; rows before any start the first. Cells come from the
/// plugins' registrations, their attributes set by name.
struct ScreenScript {
    /// A view by registered name, with its attributes in order.
    struct Item {
        var name: String
        var attributes: [(String, String)]
    }

    struct Section {
        var header: Item?
        var footer: Item?
        var rows: [Item] = []
    }

    var table: [(String, String)] = []
    var tableHeader: Item?
    var sections: [Section] = []

    init(_ text: String) {
        for line in text.split(separator: "\n") {
            let words = Self.words(String(line))
            guard let command = words.first else { continue }
            let pairs = words.dropFirst().map(Self.pair)
            switch command {
            case "table": table = pairs
            case "section": sections.append(Section())
            case "tableheader": tableHeader = Item(name: pairs.first?.0 ?? "", attributes: Array(pairs.dropFirst()))
            default:
                if sections.isEmpty { sections.append(Section()) }
                let item = Item(name: pairs.first?.0 ?? "", attributes: Array(pairs.dropFirst()))
                switch command {
                case "header": sections[sections.count - 1].header = item
                case "footer": sections[sections.count - 1].footer = item
                default: sections[sections.count - 1].rows.append(item)
                }
            }
        }
    }

    /// Splits a line into words; `"..."` quotes spaces, `\"` a quote.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        var started = false
        for c in line {
            if escaped {
                current.append(c)
                escaped = false
            } else if quoted && c == "\\" {
                escaped = true
            } else if c == "\"" {
                quoted.toggle()
                started = true
            } else if c == " " && !quoted {
                if started { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(c)
                started = true
            }
        }
        if started { words.append(current) }
        return words
    }

    static func pair(_ word: String) -> (String, String) {
        guard let eq = word.firstIndex(of: "=") else { return (word, "") }
        return (String(word[..<eq]), String(word[word.index(after: eq)...]))
    }

    /// The table, ready to render; `errors` collects what could not be set.
    func makeTable() throws -> (TableView, ScreenSource) {
        let table = TableView()
        let source = ScreenSource(script: self)
        for (key, value) in self.table {
            switch key {
            case "border": table.border = try BoxStyle(parsing: value)
            case "title": table.title = value
            case "separators": table.separatorStyle = value == "line" ? .line : .none
            case "padding": table.contentPadding = Int(value)
            case "columns":
                table.columnLayout = ColumnLayout(try ColumnsWidths.parse(value), gap: 3)
            default: throw ScreenError(description: "unknown table option '\(key)'")
            }
        }
        for registration in try PluginLibrary.all().values where registration.kind == .cell || registration.kind == .nib
        {
            guard let make = registration.makeView else { continue }
            table.register(identifier: registration.name, typeName: registration.typeName) {
                guard let cell = try make() as? TableViewCell else {
                    throw ScreenError(description: "\(registration.name) is not a table view cell")
                }
                return cell
            }
        }
        if let header = tableHeader { table.tableHeaderView = try source.make(header) }
        table.dataSource = source
        table.delegate = source
        return (table, source)
    }

    struct ScreenError: Error, CustomStringConvertible {
        let description: String
    }
}

/// The widths of a `columns=` table option, as ColumnsCell reads them.
enum ColumnsWidths {
    static func parse(_ text: String) throws -> [ColumnLayout.Width] {
        try text.split(separator: ",").map { item -> ColumnLayout.Width in
            if let n = Int(item) { return .fixed(n) }
            if item == "*" { return .flexible() }
            throw ScreenScript.ScreenError(description: "bad column width '\(item)'")
        }
    }
}

/// The data source and delegate of a ``ScreenScript``'s table.
final class ScreenSource: TableViewDataSource, TableViewDelegate {
    let script: ScreenScript
    /// Attributes that could not be set, and cells that could not be made.
    private(set) var errors: [String] = []

    init(script: ScreenScript) {
        self.script = script
    }

    /// A new view of `item`'s type with its attributes set.
    func make(_ item: ScreenScript.Item) throws -> ReusableView {
        let view = try PluginLibrary.make(item.name)
        try configure(view, item)
        return view
    }

    func configure(_ view: View, _ item: ScreenScript.Item) throws {
        for (name, value) in item.attributes { try view.setAttribute(name, to: value) }
    }

    func numberOfSections(in tableView: TableView) -> Int { script.sections.count }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        script.sections[section].rows.count
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let item = script.sections[indexPath.section].rows[indexPath.row]
        do {
            let cell = try tableView.tryDequeueReusableCell(withIdentifier: item.name, for: indexPath)
            try configure(cell, item)
            return cell
        } catch {
            errors.append("\(indexPath): \(error)")
            return TableViewCell()
        }
    }

    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> TableViewHeaderFooterView? {
        sectionView(script.sections[section].header)
    }

    func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> TableViewHeaderFooterView? {
        sectionView(script.sections[section].footer)
    }

    private func sectionView(_ item: ScreenScript.Item?) -> TableViewHeaderFooterView? {
        guard let item else { return nil }
        do {
            guard let view = try make(item) as? TableViewHeaderFooterView else {
                errors.append("\(item.name) is not a header/footer view")
                return nil
            }
            return view
        } catch {
            errors.append("\(item.name): \(error)")
            return nil
        }
    }
}
