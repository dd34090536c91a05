/// The base of every view a table or collection reuses: cells, header and
/// footer views, supplementary views.
///
/// A reused view is handed out again by `dequeue…` after
/// ``prepareForReuse()`` has been called on it; override that to clear what
/// the previous row left behind.
///
/// ```swift
/// final class BadgeCell: TableViewCell, Reusable {
///     let badge = Label()
///     override func prepareForReuse() {
///         super.prepareForReuse()
///         badge.style = .plain
///     }
/// }
/// ```
open class ReusableView: View {
    /// The identifier the view was dequeued under, or `nil` if it was made directly.
    @exclusivity(unchecked) public internal(set) var reuseIdentifier: String?
    /// The queue and entry the view goes back to (so giving it back needs no lookup).
    @exclusivity(unchecked) var reusePool: (queue: ObjectIdentifier, index: Int)?

    /// Creates the view. Tables and collections make every cell this way:
    /// subclasses set up their subviews in their own `required init()`.
    public required init() {}

    /// Called just before a reused view is returned by a dequeue call. The
    /// default does nothing; overrides must call `super`.
    open func prepareForReuse() {}

    /// Adds `content` as a subview that fills this view: the content view
    /// of a table's and a collection's cell.
    final func addFillingSubview(_ content: View) {
        content.pinEdges()
        addSubview(content)
    }
}
