/// A view that can be registered and dequeued by type, without a string
/// identifier: Reusable's `Reusable`.
///
/// Conform a cell and that's it: its identifier is its type's name.
///
/// ```swift
/// final class MyCustomCell: TableViewCell, Reusable { /* And that's it! */ }
/// tableView.register(cellType: MyCustomCell.self)
/// let cell: MyCustomCell = tableView.dequeueReusableCell(for: indexPath)
/// print(MyCustomCell.reuseIdentifier)   // MyCustomCell
/// ```
public protocol Reusable: AnyObject, SendableMetatype {
    /// The identifier cells of this type are registered and dequeued under.
    static var reuseIdentifier: String { get }
}

// MARK: - Default implementations

extension Reusable {
    /// The type's name, such as `"ProfileCell"`.
    public static var reuseIdentifier: String { _typeName(self, qualified: false) }
}

/// A reusable view whose content comes from a nib of the same name:
/// `Reusable & NibLoadable`, as in Reusable.
///
/// ```swift
/// final class ProfileCell: TableViewCell, NibReusable {
///     @Outlet var name: Label
///     @Outlet var role: Label
/// }
/// tableView.register(cellType: ProfileCell.self)   // uses ProfileCell.nib
/// ```
public typealias NibReusable = Reusable & NibLoadable
