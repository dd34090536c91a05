import CellKitTesting
import Testing

/// The plugins' golden files: `Golden/<name>.txt` next to this file, checked
/// with the SDK's testing kit as a plugin author's tests check theirs.
///
/// ```swift
/// GoldenFile.check(table.renderCanvas(width: 40).text, named: "ProgressCell")
/// ```
enum GoldenFile {
    static let files = GoldenFiles()

    /// Compares `actual` (a newline is added at the end if missing) with `Golden/<name>.txt`.
    static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        files.check(actual, named: name + ".txt", sourceLocation: sourceLocation)
    }
}
