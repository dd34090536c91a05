import CellKitTesting
import Testing

/// The output writers' golden files, under `Tests/WorkerTests/Output/Golden/`.
let outputGoldens = GoldenFiles(directory: String(#filePath.dropLast("/GoldenFile.swift".count)) + "/Golden")

/// Compares `actual` byte for byte with the golden file `named` (e.g. `"screen.svg"`),
/// or records it with `CELLKIT_RECORD_GOLDENS=1`.
///
/// ```swift
/// assertGolden(out.string, named: "screen.html")
/// ```
func assertGolden(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    outputGoldens.check(actual, named: name, sourceLocation: sourceLocation)
}
