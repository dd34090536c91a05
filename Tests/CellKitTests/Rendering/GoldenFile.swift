import CellKitTesting
import Testing

/// The SDK rendering tests' golden files: `Golden/<name>.txt` next to this file.
///
/// ```swift
/// GoldenFile.check(table.renderCanvas(width: 40).text, named: "table-40")
/// ```
enum GoldenFile {
    static let files = GoldenFiles(directory: String(#filePath.dropLast("/GoldenFile.swift".count)) + "/Golden")

    /// Compares `actual` (a newline is added at the end if missing) with `Golden/<name>.txt`.
    static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        files.check(
            actual.hasSuffix("\n") ? actual : actual + "\n", named: name + ".txt", sourceLocation: sourceLocation)
    }

    /// Renders at each width, one after the other, each under a `width N:` caption.
    static func atWidths(_ widths: [Int], _ render: (Int) -> String) -> String {
        widths.map { "width \($0):\n" + render($0) }.joined(separator: "\n\n")
    }
}
