#if DEBUG
    @_spi(Host) import CellKit

    /// A cell with an attribute of every type scripts set.
    final class TextCell: TableViewCell, Reusable, Inspectable {
        private let line = Label()
        var text = "" { didSet { update() } }
        var count = 0 { didSet { update() } }
        var ratio = 0.5 { didSet { update() } }
        var on = false { didSet { update() } }
        var accent: Color = .blue { didSet { update() } }
        var history: [Double] = [] { didSet { update() } }

        required init() {
            super.init()
            line.pinEdges()
            contentView.addSubview(line)
            update()
        }

        private func update() {
            line.text = "\(text) \(count) \(AttributeValue.double(ratio)) \(on) \(AttributeValue.numbers(history))"
            line.style = Style(foreground: accent)
        }

        static var inspectableAttributes: [InspectableAttribute<TextCell>] {
            [
                .init("text", \.text), .init("count", \.count), .init("ratio", \.ratio), .init("on", \.on),
                .init("accent", \.accent), .init("history", \.history),
            ]
        }
    }

    /// A section header.
    final class Banner: TableViewHeaderFooterView, Reusable, Inspectable {
        private let label = Label()
        var title = "" { didSet { label.text = "== \(title) ==" } }

        required init() {
            super.init()
            label.pinEdges()
            contentView.addSubview(label)
        }

        static var inspectableAttributes: [InspectableAttribute<Banner>] { [.init("title", \.title)] }
    }

    /// A grid item.
    final class Tile: CollectionViewCell, Reusable, Inspectable {
        private let label = Label()
        var caption = "" { didSet { label.text = "[\(caption)]" } }

        required init() {
            super.init()
            label.pinEdges()
            contentView.addSubview(label)
        }

        static var inspectableAttributes: [InspectableAttribute<Tile>] { [.init("caption", \.caption)] }
    }

    /// The plugin the storyboard harness registers in-process: a typed cell
    /// (`TextCell`), a nib cell (`Card`), a header (`Banner`), a grid item (`Tile`).
    enum FuzzCells: Plugin {
        static let name = "FuzzCells"
        static let version = "1.0.0"
        static let summary = "cells for the storyboard fuzz harness"

        static func register(in registrar: PluginRegistrar) throws {
            try registrar.register(TextCell.self)
            try registrar.register(
                nibSource: "╭─ {name:bold} {~─} {role:dim,right} ─╮\n│ {bio:wrap,placeholder=\"none\"} {~} │\n╰{~─}╯\n",
                named: "Card")
            try registrar.register(Banner.self)
            try registrar.register(Tile.self)
        }
    }
#endif
