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

extension View {
    /// The view scripts configure: the hosted view inside a hosting wrapper, else the view itself.
    var configurableContent: View {
        (self as? any HostingView)?.content ?? self
    }
}
