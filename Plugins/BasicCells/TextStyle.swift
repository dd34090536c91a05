import CellKit

/// Named text styles scripts can pick: `style=bold`, `keyStyle=dim`.
public enum TextStyle: String, CaseIterable, AttributeEnum, Sendable {
    case plain, bold, dim, italic, underline, title

    /// The style drawn: `title` is bold cyan.
    var style: Style {
        switch self {
        case .plain: .plain
        case .bold: .bold
        case .dim: .dim
        case .italic: .italic
        case .underline: .underline
        case .title: Style.bold.foreground(.cyan)
        }
    }
}
