@_spi(Host) import CellKit

/// What a row shows when its cell could not be made at render time (a
/// plugin's nib went missing, say): the error, in red, in place of the row.
final class ErrorCell: TableViewCell {
    let label = Label()

    required init() {
        super.init()
        label.style = Style(foreground: .red)
        label.pinEdges()
        contentView.addSubview(label)
    }
}
