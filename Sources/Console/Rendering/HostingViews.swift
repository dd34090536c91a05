import CellKit

/// Views that let any registered view stand where a table or collection
/// expects its own kind: a plugin's table cell as a grid item, a cell as a
/// section header. The hosted view fills the host and gets its reuse calls.
final class HostingTableCell: TableViewCell {
    private(set) var content = View()

    func host(_ view: View) {
        content.removeFromSuperview()
        content = view
        view.pinEdges()
        contentView.addSubview(view)
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        (content as? ReusableView)?.prepareForReuse()
    }
}

/// A collection cell hosting any view.
final class HostingCollectionCell: CollectionViewCell {
    private(set) var content = View()

    func host(_ view: View) {
        content.removeFromSuperview()
        content = view
        view.pinEdges()
        contentView.addSubview(view)
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        (content as? ReusableView)?.prepareForReuse()
    }
}

/// A table section header or footer hosting any view.
final class HostingHeaderFooterView: TableViewHeaderFooterView {
    private(set) var content = View()

    func host(_ view: View) {
        textLabel.isHidden = true
        content.removeFromSuperview()
        content = view
        view.pinEdges()
        contentView.addSubview(view)
    }
}

/// A collection supplementary view hosting any view.
final class HostingSupplementaryView: CollectionReusableView {
    private(set) var content = View()

    func host(_ view: View) {
        content.removeFromSuperview()
        content = view
        view.pinEdges()
        addSubview(view)
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
        if let host = self as? HostingTableCell { return host.content }
        if let host = self as? HostingCollectionCell { return host.content }
        if let host = self as? HostingHeaderFooterView { return host.content }
        if let host = self as? HostingSupplementaryView { return host.content }
        return self
    }
}
