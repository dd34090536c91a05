import CellKit

extension Label {
    /// Whether the label wraps long text onto more lines (word by word)
    /// instead of truncating it to one line with `…`.
    var wraps: Bool {
        get { numberOfLines == 0 && lineBreakMode == .wordWrapping }
        set {
            numberOfLines = newValue ? 0 : 1
            lineBreakMode = newValue ? .wordWrapping : .truncatingTail
        }
    }
}
