/// Supplies a ``TableView``'s sections and rows: UIKit's
/// `UITableViewDataSource`, with the same shape.
///
/// Only the row count and the cell are required.
///
/// ```swift
/// final class Names: TableViewDataSource {
///     let names = ["Ada", "Grace", "Katherine"]
///     func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { names.count }
///     func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
///         let cell: NameCell = tableView.dequeueReusableCell(for: indexPath)
///         cell.label.text = names[indexPath.row]
///         return cell
///     }
/// }
/// ```
public protocol TableViewDataSource: AnyObject {
    /// How many sections; 1 by default.
    func numberOfSections(in tableView: TableView) -> Int
    /// How many rows in `section`.
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// The configured cell for a row, dequeued from `tableView`.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
    /// A title for the section's default header view, or `nil` for none.
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
    /// A title for the section's default footer view, or `nil` for none.
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String?
}

// MARK: - Default implementations

extension TableViewDataSource {
    /// One section.
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    /// No header title.
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// No footer title.
    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
}

/// Customises a ``TableView``'s heights and section views: UIKit's
/// `UITableViewDelegate`. Every method is optional.
///
/// ```swift
/// extension Names: TableViewDelegate {
///     func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Int { 2 }
/// }
/// ```
public protocol TableViewDelegate: AnyObject {
    /// A row's height in lines; ``TableView/automaticDimension`` lets the cell size itself.
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Int
    /// A custom header view (dequeue it from `tableView`), or `nil` for the default.
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> TableViewHeaderFooterView?
    /// A custom footer view (dequeue it from `tableView`), or `nil` for the default.
    func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> TableViewHeaderFooterView?
}

// MARK: - Default implementations

extension TableViewDelegate {
    /// The table's ``TableView/rowHeight``: the cell's own height when it is
    /// ``TableView/automaticDimension``.
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Int {
        tableView.rowHeight
    }
    /// `nil`: the section's title, if any, in the default header view.
    public func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> TableViewHeaderFooterView? {
        nil
    }
    /// `nil`: the section's footer title, if any, in the default footer view.
    public func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> TableViewHeaderFooterView? {
        nil
    }
}
