import CellKit

/// A greeting: `Hello, NAME!`, with the name in an accent colour.
final class HelloCell: TableViewCell, Reusable, Inspectable {
    private let greeting = Label()

    /// Who to greet.
    var name = "world" { didSet { update() } }
    /// The colour of the name.
    var accent: Color = .cyan { didSet { update() } }

    required init() {
        super.init()
        greeting.pinEdges()
        contentView.addSubview(greeting)
        update()
    }

    private func update() {
        greeting.text = "Hello, \(name)!"
        greeting.style = Style.bold.foreground(accent)
    }

    static var inspectableAttributes: [InspectableAttribute<HelloCell>] {
        [
            .init("name", \.name, summary: "who to greet"),
            .init("accent", \.accent, summary: "the colour of the greeting"),
        ]
    }
}
