import Foundation
import Testing

/// The folder golden files live in: `Tests/ConsoleTests/Output/Golden/`,
/// found from this source file's path (it is excluded from the test target,
/// so nothing is copied into the build).
let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

/// Whether this run re-records golden files: `CELLKIT_RECORD_GOLDENS=1`.
var isRecordingGoldens: Bool { ProcessInfo.processInfo.environment["CELLKIT_RECORD_GOLDENS"] == "1" }

/// Compares `actual` byte for byte with the golden file `named` (a path
/// under `Tests/ConsoleTests/Output/Golden/`, e.g. `"screen.svg"`).
///
/// On a mismatch it fails the test with a diff of the first differing lines
/// (the test runner prints it). With `CELLKIT_RECORD_GOLDENS=1` in the environment it writes
/// `actual` to the file instead (creating folders) and passes; review the
/// change with `git diff` before committing it.
///
/// ```swift
/// assertGolden(out.string, named: "screen.html")
/// // CELLKIT_RECORD_GOLDENS=1 swift test --filter Output   re-records
/// ```
func assertGolden(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let url = goldenDirectory.appendingPathComponent(name)
    if isRecordingGoldens {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url, options: .atomic)
            print("recorded golden file \(url.path)")
        } catch {
            Issue.record("could not record golden file \(url.path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
        Issue.record(
            "no golden file \(url.path); record it with CELLKIT_RECORD_GOLDENS=1 swift test --filter Output",
            sourceLocation: sourceLocation)
        return
    }
    if Array(data) == Array(actual.utf8) { return }
    let diff = goldenDiff(expected: String(decoding: data, as: UTF8.self), actual: actual, name: name)
    Issue.record(
        """
        output differs from golden file \(name); if the change is intended, re-record with \
        CELLKIT_RECORD_GOLDENS=1 swift test --filter Output and review the diff
        \(diff)
        """,
        sourceLocation: sourceLocation)
}

/// A unified-style diff of the first lines that differ, with up to three
/// lines of context and at most `limit` lines from each side. When both
/// texts have the same number of lines, each differing line is shown with
/// its neighbours; otherwise the first block between the common head and
/// the common tail is.
func goldenDiff(expected: String, actual: String, name: String, limit: Int = 12) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    func same(_ a: Substring, _ b: Substring) -> Bool { a.utf8.elementsEqual(b.utf8) }
    var lines = ["--- golden/\(name)", "+++ actual"]
    if old.count == new.count {
        let differing = old.indices.filter { !same(old[$0], new[$0]) }
        var shownUpTo = -1
        for i in differing.prefix(limit) {
            let from = max(shownUpTo + 1, i - 3)
            if from > shownUpTo + 1 || shownUpTo < 0 { lines.append("@@ line \(i + 1) @@") }
            for j in from..<i where same(old[j], new[j]) { lines.append(" \(old[j])") }
            lines.append("-\(old[i])")
            lines.append("+\(new[i])")
            shownUpTo = i
        }
        if differing.count > limit { lines.append("… \(differing.count - limit) more lines differ") }
        if differing.isEmpty { lines.append("(the files differ only in bytes that are not lines)") }
        return lines.joined(separator: "\n")
    }
    var first = 0
    while first < old.count, first < new.count, same(old[first], new[first]) { first += 1 }
    // The common tail, not reaching back past `first` on either side.
    var tail = 0
    while tail < old.count - first, tail < new.count - first, same(old[old.count - 1 - tail], new[new.count - 1 - tail])
    {
        tail += 1
    }
    let removed = old[first..<(old.count - tail)]
    let added = new[first..<(new.count - tail)]
    lines.append("@@ line \(first + 1): \(old.count) lines in the golden file, \(new.count) in the output @@")
    for line in old[max(0, first - 3)..<first] { lines.append(" \(line)") }
    for line in removed.prefix(limit) { lines.append("-\(line)") }
    if removed.count > limit { lines.append("-… \(removed.count - limit) more lines") }
    for line in added.prefix(limit) { lines.append("+\(line)") }
    if added.count > limit { lines.append("+… \(added.count - limit) more lines") }
    return lines.joined(separator: "\n")
}
