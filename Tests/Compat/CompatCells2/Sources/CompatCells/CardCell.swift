import CellKit

/// A card drawn by `Resources/CardCell.nib`: each `{outlet}` in the nib is
/// an `@Outlet` here, and a String attribute scripts can set.
final class CardCell: TableViewCell, NibReusable {
    @Outlet var title: Label
    @Outlet var detail: Label
}
