@_spi(Host) import CellKit

/// A table cell hosting any view (and passing reuse on to it).
final class HostingTableCell: TableViewCell, HostingView {
    var content = View()
    var container: View { contentView }

    override func prepareForReuse() {
        super.prepareForReuse()
        (content as? ReusableView)?.prepareForReuse()
    }
}
