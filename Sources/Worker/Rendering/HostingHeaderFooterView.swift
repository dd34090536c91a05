@_spi(Host) import CellKit

/// A table section header or footer hosting any view.
final class HostingHeaderFooterView: TableViewHeaderFooterView, HostingView {
    var content = View()
    var container: View {
        textLabel.isHidden = true
        return contentView
    }
}
