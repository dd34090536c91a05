@_spi(Host) import CellKit

/// A view that lets any registered view stand where a table or collection
/// expects its own kind: a plugin's table cell as a grid item, a cell as a
/// section header. The hosted view fills the host.
protocol HostingView: View {
    /// The hosted view.
    var content: View { get set }
    /// The view the hosted view is added to.
    var container: View { get }
}

extension HostingView {
    /// Replaces the hosted view.
    func host(_ view: View) {
        content.removeFromSuperview()
        content = view
        view.pinEdges()
        container.addSubview(view)
    }
}

/// A table cell hosting any view (and passing reuse on to it).
final class HostingTableCell: TableViewCell, HostingView {
    var content = View()
    var container: View { contentView }

    override func prepareForReuse() {
        super.prepareForReuse()
        (content as? ReusableView)?.prepareForReuse()
    }
}

/// A collection cell hosting any view (and passing reuse on to it).
final class HostingCollectionCell: CollectionViewCell, HostingView {
    var content = View()
    var container: View { contentView }

    override func prepareForReuse() {
        super.prepareForReuse()
        (content as? ReusableView)?.prepareForReuse()
    }
}

/// A table section header or footer hosting any view.
final class HostingHeaderFooterView: TableViewHeaderFooterView, HostingView {
    var content = View()
    var container: View {
        textLabel.isHidden = true
        return contentView
    }
}

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

extension View {
    /// The view scripts configure: the hosted view inside a hosting wrapper, else the view itself.
    var configurableContent: View {
        (self as? any HostingView)?.content ?? self
    }
}
