@_spi(Host) import CellKit
import CellKitSupport

/// Whether `name` can be a plugin's name: a Swift identifier, whose letters may be any
/// alphabetic character.
package func isPluginName(_ name: String) -> Bool {
    isIdentifier(name, unicodeLetters: true)
}

extension PluginRegistration {
    /// A data source's options (`table=`), which a script sets as it sets a cell's attributes.
    package var sourceOptions: [DataOption] { dataFormat?.options ?? [] }
    /// A data source's file name endings, without the dot.
    package var fileExtensions: [String] { dataFormat?.fileExtensions ?? [] }
}

extension PluginRegistration.Kind {
    /// `cell`/`cells`, `nib`/`nibs`, `header/footer view`/`…views`.
    package func noun(plural: Bool) -> String {
        let base: String =
            switch self {
            case .cell: "cell"
            case .item: "item"
            case .headerFooter: "header/footer view"
            case .supplementary: "supplementary view"
            case .nib: "nib"
            case .storyboard: "storyboard"
            case .loader: "loader"
            case .dataSource: "data source"
            @unknown default: rawValue
            }
        return plural ? base + "s" : base
    }

    /// `cell`, `header/footer view`, or the kinds' nouns joined by "or": what a name was looked up as.
    package static func describe(_ kinds: Set<PluginRegistration.Kind>?) -> String {
        guard let kinds, !kinds.isEmpty else { return "cell, view, nib or storyboard" }
        if kinds.isSubset(of: [.cell, .item, .nib]) { return "cell" }
        if kinds.isSubset(of: [.headerFooter, .supplementary, .cell, .item, .nib]) && kinds.contains(.headerFooter) {
            return "header/footer view"
        }
        return kinds.map { $0.noun(plural: false) }.sorted().joined(separator: " or ")
    }
}
