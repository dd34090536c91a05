import Foundation
import Testing

/// Golden files: expected output kept in a folder beside a test target's
/// sources and compared with what the code produces now. Run the tests with
/// `CELLKIT_RECORD_GOLDENS=1` to write the current output instead, then
/// review the change with `git diff`.
///
/// ```swift
/// let goldens = GoldenFiles(directory: "/…/Tests/PluginTests/Golden", rerecord: "swift test --filter PluginTests")
/// goldens.check(table.renderCanvas(width: 40).text + "\n", named: "ProgressCell.txt")
/// ```
public struct GoldenFiles: Sendable {
    /// The folder the golden files are in.
    public let directory: String
    /// The command that re-records them, for the failure message.
    public let rerecord: String

    /// Golden files in `directory`.
    public init(directory: String, rerecord: String) {
        self.directory = directory
        self.rerecord = rerecord
    }

    /// Whether this run records golden files instead of checking them.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["CELLKIT_RECORD_GOLDENS"] == "1" }

    /// Compares `actual` byte for byte with the golden file `name` (a path
    /// under ``directory``), or records it; a mismatch fails the test with a
    /// line diff.
    public func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let path = directory + "/" + name
        if Self.isRecording {
            do {
                let url = URL(fileURLWithPath: path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: url, options: .atomic)
            } catch {
                Issue.record("could not record \(path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            Issue.record(
                "no golden file \(path); record it with CELLKIT_RECORD_GOLDENS=1 \(rerecord)",
                sourceLocation: sourceLocation)
            return
        }
        if Array(data) == Array(actual.utf8) { return }
        Issue.record(
            """
            \(name) differs from the output (- golden, + output, | marks line ends):
            \(Self.diff(String(decoding: data, as: UTF8.self), actual))
            If the new output is right, re-record: CELLKIT_RECORD_GOLDENS=1 \(rerecord)
            """, sourceLocation: sourceLocation)
    }

    /// A line diff of `old` and `new`, with two lines of context around each
    /// change; `|` marks line ends, so trailing spaces show.
    public static func diff(_ old: String, _ new: String) -> String {
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
}
