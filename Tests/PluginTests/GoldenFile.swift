import TestSupport
import Testing

/// The plugins' golden files: `Golden/<name>.txt` next to this file.
///
/// ```swift
/// GoldenFile.check(table.renderCanvas(width: 40).text, named: "ProgressCell")
/// ```
enum GoldenFile {
    static let files = GoldenFiles(
        directory: String(#filePath.dropLast("/GoldenFile.swift".count)) + "/Golden",
        rerecord: "swift test --filter PluginTests")

    /// Compares `actual` (a newline is added at the end if missing) with `Golden/<name>.txt`.
    static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        files.check(
            actual.hasSuffix("\n") ? actual : actual + "\n", named: name + ".txt", sourceLocation: sourceLocation)
    }
}
