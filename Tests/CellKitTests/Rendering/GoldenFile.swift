import Foundation
import Testing

/// Golden files for the SDK's rendering tests: the expected text is kept in
/// `Golden/<name>.txt` next to this file and compared line by line. Run with
/// `CELLKIT_RECORD_GOLDENS=1` to write the current output instead, then
/// review the change with `git diff`.
///
/// ```swift
/// GoldenFile.check(table.renderCanvas(width: 40).text, named: "table-40")
/// ```
enum GoldenFile {
    /// `Tests/CellKitTests/Rendering/Golden`.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static var isRecording: Bool { ProcessInfo.processInfo.environment["CELLKIT_RECORD_GOLDENS"] == "1" }

    /// Compares `actual` with the golden file `name`, or records it.
    static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name + ".txt")
        let text = actual.hasSuffix("\n") ? actual : actual + "\n"
        if isRecording {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            } catch {
                Issue.record("could not record \(url.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record(
                "no golden file \(url.path); record it with CELLKIT_RECORD_GOLDENS=1", sourceLocation: sourceLocation)
            return
        }
        guard expected != text else { return }
        Issue.record(
            """
            \(name).txt differs from the output (- golden, + output, | marks line ends):
            \(diff(expected, text))
            If the new output is right, re-record: CELLKIT_RECORD_GOLDENS=1 swift test --filter CellKitTests.Golden
            """, sourceLocation: sourceLocation)
    }

    /// A line diff of `old` and `new`, with two lines of context around each
    /// change; `|` marks line ends, so trailing spaces show.
    static func diff(_ old: String, _ new: String) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Longest common subsequence, from the end.
        var lcs = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var lines: [(mark: Character, text: String)] = []
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count && j < b.count && a[i] == b[j] {
                lines.append((" ", a[i]))
                i += 1
                j += 1
            } else if i < a.count && (j == b.count || lcs[i + 1][j] >= lcs[i][j + 1]) {
                lines.append(("-", a[i]))
                i += 1
            } else {
                lines.append(("+", b[j]))
                j += 1
            }
        }
        var shown = [Bool](repeating: false, count: lines.count)
        for k in lines.indices where lines[k].mark != " " {
            for c in max(0, k - 2)...min(lines.count - 1, k + 2) { shown[c] = true }
        }
        var out: [String] = []
        var last = -1
        for k in lines.indices where shown[k] {
            if last >= 0 && k > last + 1 { out.append("   ...") }
            out.append("\(lines[k].mark) \(lines[k].text)|")
            last = k
        }
        return out.joined(separator: "\n")
    }

    /// Renders at each width, one after the other, each under a `width N:` caption.
    static func atWidths(_ widths: [Int], _ render: (Int) -> String) -> String {
        widths.map { "width \($0):\n" + render($0) }.joined(separator: "\n\n")
    }
}
