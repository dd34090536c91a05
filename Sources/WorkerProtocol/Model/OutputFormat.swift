@_spi(Host) import CellKit

/// What `render` writes: plain text, ANSI, HTML, SVG, or the screen model as JSON.
package enum OutputFormat: String, CaseIterable, Sendable {
    case plain, ansi, html, svg, json

    /// The formats' names as a usage writes a choice: `plain|ansi|html|svg|json`.
    package static let choices = allCases.map(\.rawValue).joined(separator: "|")

    /// How to name a file so that its extension implies a format (the fix when
    /// it does not): "name the file .txt, .ans, .html, .svg or .json".
    package static let namingHint = "name the file .txt, .ans, .html, .svg or .json"

    /// The format a file's extension implies: `.txt`, `.ans`/`.ansi`, `.html`/`.htm`, `.svg`, `.json`.
    package init?(fileExtensionOf path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "txt", "text": self = .plain
        case "ans", "ansi": self = .ansi
        case "html", "htm": self = .html
        case "svg": self = .svg
        case "json": self = .json
        default: return nil
        }
    }
}
