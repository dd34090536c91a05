@_spi(Host) import CellKit

/// A collection cell hosting any view (and passing reuse on to it).
final class HostingCollectionCell: CollectionViewCell, HostingView {
    var content = View()
    var container: View { contentView }

    override func prepareForReuse() {
        super.prepareForReuse()
        (content as? ReusableView)?.prepareForReuse()
    }
}
