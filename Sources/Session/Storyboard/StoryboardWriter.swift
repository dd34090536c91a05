@_spi(Host) import CellKit
import CellKitSupport
import DataBinding
import WorkerProtocol

/// Writes a session as a storyboard: the script that, run again, rebuilds
/// exactly the same screens (`save`; round-trip tested).
enum StoryboardWriter {
    static func script(_ session: Session, generator: String = "cellkit") -> String {
        var lines = ["# CellKit storyboard, written by \(generator) save. Open it with: cellkit render FILE#SCREEN"]
        if !session.loadedPlugins.isEmpty {
            lines.append("")
            lines += session.loadedPlugins.map { Script.line("load", [.argument($0)]) }
        }
        for screen in session.screens {
            lines.append("")
            lines.append(screenLine(screen))
            for (i, section) in screen.sections.enumerated() {
                // A first section with rows and nothing else set is the one the first row makes.
                let implicit =
                    i == 0 && !section.rows.isEmpty && section.title == nil && section.header == nil
                    && section.footer == nil && section.footerCell == nil
                if !implicit { lines.append(sectionLine(section)) }
                for source in section.rows { lines.append(rowLine(source, grid: screen.kind == .grid)) }
            }
        }
        if let initial = session.initialScreen {
            lines.append("")
            lines.append(Script.line("initial", [.argument(initial)]))
        }
        if let current = session.current, current != session.screens.count - 1 {
            lines.append(Script.line("screen", [.argument(session.screens[current].name)]))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func screenLine(_ screen: Screen) -> String {
        var parts: [Script.Part] = [.argument(screen.name), .keyword(screen.kind.rawValue)]
        if let width = screen.width { parts.append(.attribute("width", .text(String(width)))) }
        if !screen.border.isNone { parts.append(.attribute("border", .text(screen.border.name))) }
        if let title = screen.title { parts.append(.attribute("title", .text(title))) }
        if let columns = screen.columns { parts.append(.attribute("columns", .text(String(columns)))) }
        if let itemWidth = screen.itemWidth { parts.append(.attribute("item-width", .text(String(itemWidth)))) }
        if let spacing = screen.spacing { parts.append(.attribute("spacing", .text(String(spacing)))) }
        if screen.separators { parts.append(.attribute("separators", .text("true"))) }
        return Script.line("screen", parts)
    }

    static func sectionLine(_ section: Section) -> String {
        var parts: [Script.Part] = []
        if let title = section.title { parts.append(.argument(title)) }
        if let header = section.header { parts.append(.attribute("header", .text(header.written))) }
        if let footer = section.footer { parts.append(.attribute("footer", .text(footer))) }
        if let cell = section.footerCell { parts.append(.attribute("footer-cell", .text(cell.written))) }
        return Script.line("section", parts)
    }

    /// `row`/`rows` in a list, `item`/`items` in a grid (the same commands).
    static func rowLine(_ source: RowSource, grid: Bool = false) -> String {
        switch source {
        case .row(let row):
            return Script.line(grid ? "item" : "row", [.argument(row.cell.written)] + row.attributes.map(attribute))
        case .bound(let binding):
            var parts: [Script.Part] = [.argument(binding.cell.written), .keyword("from"), .argument(binding.file)]
            for mapping in binding.mappings {
                switch mapping {
                case .field(let name, let path): parts.append(.attribute(name, .field(path)))
                case .list(let name, let elements): parts.append(.attribute(name, .list(elements)))
                case .constant(let setting): parts.append(attribute(setting))
                case .template(let name, let text): parts.append(.attribute(name, .text(text)))
                }
            }
            if binding.watch { parts.append(.attribute("watch", .text("true"))) }
            if let sort = binding.derivation?.sort { parts.append(.attribute("sort", sort)) }
            if let filter = binding.derivation?.filter { parts.append(.attribute("where", .text(filter))) }
            if let source = binding.source {
                // A plugin's source: its name (what format= says) and its options (table=, query=).
                let name = source.name.split(separator: ".").last.map(String.init) ?? source.name
                parts.append(.attribute("format", .text(name)))
                for option in source.options {
                    parts.append(
                        .attribute(option.name, option.name == "sort" ? sort(option.value) : .text(option.value)))
                }
            } else if let format = binding.derivation?.format ?? Optional(binding.format),
                format != RecordFormats.format(forPath: binding.file).name
            {
                parts.append(.attribute("format", .text(format)))
            }
            return Script.line(grid ? "items" : "rows", parts)
        }
    }

    /// `sort=` as the option `sort` of a data source holds it (a key a line): `.a`, `-.a`, or a list.
    static func sort(_ text: String) -> Command.Value {
        let keys = text.split(separator: "\n").map { line -> Command.Value in
            guard let key = try? RowOrder.parseKey(String(line)), !key.descending else { return .text(String(line)) }
            return .field(key.field)
        }
        return keys.count == 1 ? keys[0] : .list(keys)
    }

    static func attribute(_ setting: AttributeSetting) -> Script.Part {
        .attribute(setting.name, value(setting.value))
    }

    static func value(_ value: AttributeValue) -> Command.Value {
        switch value {
        case .numbers(let numbers): .list(numbers.map { .text(AttributeValue.double($0).description) })
        default: .text(value.description)
        }
    }
}
