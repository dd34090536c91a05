import Glibc
import Testing

/// Golden files: expected output kept in a folder beside a test's source
/// and compared with what the code produces now. Run the tests with
/// `CELLKIT_RECORD_GOLDENS=1` to write the current output instead, then
/// review the change with `git diff`.
///
/// ```swift
/// @Test func helloCell() {
///     let cell = HelloCell()
///     GoldenFiles().check(renderedText(cell, widths: [40, 10]), named: "HelloCell.txt")
///     // compares with Tests/WeatherCellsTests/Golden/HelloCell.txt
/// }
/// ```
public struct GoldenFiles: Sendable {
    /// The environment variable that makes ``check(_:named:sourceLocation:)`` record.
    public static let recordVariable = "CELLKIT_RECORD_GOLDENS"

    /// The folder the golden files are in.
    public let directory: String

    /// Golden files in `directory`.
    public init(directory: String) {
        self.directory = directory
    }

    /// Golden files in the folder `folder` next to the calling test's source file.
    public init(folder: String = "Golden", nextTo file: StaticString = #filePath) {
        let path = "\(file)"
        let parent = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        self.init(directory: parent + "/" + folder)
    }

    /// Whether this run records golden files instead of checking them.
    public static var isRecording: Bool {
        getenv(recordVariable).map { String(cString: $0) } == "1"
    }

    /// Compares `actual` byte for byte with the golden file `name` (a path
    /// under ``directory``; a newline is added to `actual` when it has none),
    /// or records it. A mismatch fails the test with a line diff and the
    /// command that re-records.
    public func check(_ actual: String, named name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let path = directory + "/" + name
        let text = actual.hasSuffix("\n") ? actual : actual + "\n"
        let rerecord = "\(Self.recordVariable)=1 swift test"
        if Self.isRecording {
            if let failure = Self.write(text, to: path) {
                Issue.record("could not record \(path): \(failure)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let golden = Self.read(path) else {
            Issue.record("no golden file \(path); record it with \(rerecord)", sourceLocation: sourceLocation)
            return
        }
        if golden == text { return }
        Issue.record(
            """
            \(name) differs from the output (- golden, + output, | marks line ends):
            \(Self.diff(golden, text))
            If the new output is right, re-record: \(rerecord)
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

    // MARK: - Files (no Foundation)

    static func read(_ path: String) -> String? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n <= 0 { break }
            bytes += chunk[..<n]
        }
        return ferror(file) == 0 ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// Writes `text` to a temporary file beside `path` and renames it over
    /// `path`, creating folders on the way; the error text, or `nil`.
    static func write(_ text: String, to path: String) -> String? {
        var folder = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: false).dropLast() {
            folder += folder.isEmpty && path.hasPrefix("/") && component.isEmpty ? "/" : "\(component)/"
            if mkdir(folder, 0o755) != 0 && errno != EEXIST { return String(cString: strerror(errno)) }
        }
        let temporary = path + ".recording"
        guard let file = fopen(temporary, "wb") else { return String(cString: strerror(errno)) }
        let bytes = Array(text.utf8)
        let written = fwrite(bytes, 1, bytes.count, file)
        let closed = fclose(file)
        guard written == bytes.count, closed == 0 else { return "short write" }
        return rename(temporary, path) == 0 ? nil : String(cString: strerror(errno))
    }
}
