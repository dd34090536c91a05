import CellKit

/// A person, drawn by `ProfileCell.nib`: name and role on the top border, a
/// bio that wraps inside the box, the name in an accent colour.
final class ProfileCell: TableViewCell, NibReusable, Inspectable {
    @Outlet var name: Label
    @Outlet var role: Label
    @Outlet var bio: Label

    /// The colour of the name.
    var accent: Color = .blue { didSet { name.style = Style.bold.foreground(accent) } }

    required init() {
        super.init()
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        resetAttributesToDefaults()
    }

    static var inspectableAttributes: [InspectableAttribute<ProfileCell>] {
        [
            .init(
                "name", type: .string, summary: "the person's name",
                get: { .string($0.name.text) }, set: { cell, value in cell.name.text = value.description }),
            .init(
                "role", type: .string, summary: "their role, right-aligned on the border",
                get: { .string($0.role.text) }, set: { cell, value in cell.role.text = value.description }),
            .init(
                "bio", type: .string, summary: "a few words about them; wraps",
                get: { .string($0.bio.text) }, set: { cell, value in cell.bio.text = value.description }),
            .init("accent", \.accent, summary: "the colour of the name"),
        ]
    }
}
