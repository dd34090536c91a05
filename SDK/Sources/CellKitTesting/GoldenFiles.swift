import Glibc
import Testing

/// Golden files: expected output kept in a folder beside a test's source
/// and compared with what the code produces now.
///
/// - A golden that differs fails the test with a line diff, and the output
///   is written to an artifacts folder (``artifactsVariable``, by default
///   `.build/golden-artifacts/` of the package) under the golden's own name,
///   so an SVG or ANSI golden can be opened and judged by eye.
/// - `CELLKIT_RECORD_GOLDENS=1` (or `all`) writes the current output over
///   every golden instead; `missing` writes only the goldens that do not
///   exist yet and checks the rest. Each file recorded is printed. Review
///   the change with `git diff`.
///
/// ```swift
/// @Test func helloCell() {
///     let cell = HelloCell()
///     GoldenFiles().check(renderedText(cell, widths: [40, 10]), named: "HelloCell.txt")
///     // compares with Tests/WeatherCellsTests/Golden/HelloCell.txt
/// }
/// ```
public struct GoldenFiles: Sendable {
    /// The environment variable that makes ``check(_:named:sourceLocation:)``
    /// record: `1` or `all` records every golden, `missing` only those not
    /// there yet; unset, empty, `0` or `never` only checks.
    public static let recordVariable = "CELLKIT_RECORD_GOLDENS"

    /// The environment variable naming the folder where the output of a
    /// failed check is written.
    public static let artifactsVariable = "CELLKIT_GOLDEN_ARTIFACTS"

    /// Which goldens a run writes instead of checking.
    public enum RecordMode: String, Sendable, CaseIterable {
        /// Check every golden; a missing one fails.
        case never
        /// Write the goldens that do not exist; check the others.
        case missing
        /// Write every golden.
        case all

        /// The mode `CELLKIT_RECORD_GOLDENS` asks for, or `nil` for a value it does not know.
        public init?(environmentValue value: String?) {
            switch value ?? "" {
            case "", "0", "never": self = .never
            case "1", "all": self = .all
            case "missing": self = .missing
            default: return nil
            }
        }
    }

    /// What a check did.
    public enum Outcome: Equatable, Sendable {
        /// The output is the golden.
        case matched
        /// The output was written to the golden (`isNew`: there was none).
        case recorded(path: String, isNew: Bool)
        /// The output differs from the golden, or there is none: the message
        /// says how, and the output is at `artifact` when it could be written.
        case failed(message: String, artifact: String?)
    }

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

    /// Whether this run records every golden file instead of checking them
    /// (`CELLKIT_RECORD_GOLDENS=1`): for tests that keep their expected output
    /// elsewhere (in a document) and rewrite it themselves.
    public static var isRecording: Bool { recordMode == .all }

    /// The mode `CELLKIT_RECORD_GOLDENS` asks for (``RecordMode/never`` for a value it does not know).
    public static var recordMode: RecordMode { RecordMode(environmentValue: environment(recordVariable)) ?? .never }

    /// Compares `actual` byte for byte with the golden file `name` (a path
    /// under ``directory``; a newline is added to `actual` when it has none),
    /// or records it, as `CELLKIT_RECORD_GOLDENS` says. A mismatch fails the
    /// test with a line diff, where the output was written, and the command
    /// that re-records; a recording prints what it wrote.
    public func check(_ actual: String, named name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let value = Self.environment(Self.recordVariable)
        guard let mode = RecordMode(environmentValue: value) else {
            Issue.record(
                "\(Self.recordVariable)=\(value ?? "") is not a recording mode: write 1 (or all), missing, or 0",
                sourceLocation: sourceLocation)
            return
        }
        switch check(actual, named: name, mode: mode) {
        case .matched: break
        case .recorded(let path, let isNew):
            print("recorded \(isNew ? "new golden" : "golden") \(path)")
        case .failed(let message, _):
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }

    /// The check behind ``check(_:named:sourceLocation:)``, with the mode
    /// given: compares, records or fails, and writes the artifact of a
    /// failure (to ``artifactsDirectory``).
    public func check(_ actual: String, named name: String, mode: RecordMode) -> Outcome {
        let path = directory + "/" + name
        let text = actual.hasSuffix("\n") ? actual : actual + "\n"
        let golden = Self.read(path)
        if golden == text { return .matched }
        if mode == .all || (mode == .missing && golden == nil) {
            if let failure = Self.write(text, to: path) {
                return .failed(message: "could not record \(path): \(failure)", artifact: nil)
            }
            return .recorded(path: path, isNew: golden == nil)
        }
        let artifact = artifactsDirectory + "/" + name
        let written = Self.write(text, to: artifact) == nil ? artifact : nil
        let shown = written.map { "the output is at \($0)" } ?? "the output could not be written to \(artifact)"
        guard let golden else {
            return .failed(
                message: """
                    no golden file \(path) (\(shown)); record it with \(Self.recordVariable)=missing swift test
                    """, artifact: written)
        }
        return .failed(
            message: """
                \(name) differs from the output (- golden, + output, | marks line ends):
                \(Self.diff(golden, text))
                \(shown)
                If the new output is right, re-record: \(Self.recordVariable)=1 swift test
                """, artifact: written)
    }

    /// Where the output of a failed check goes: `CELLKIT_GOLDEN_ARTIFACTS`,
    /// else `.build/golden-artifacts/` in the package that holds ``directory``
    /// (the folder with `Package.swift`), under the goldens' path in it; else
    /// a folder in `/tmp`.
    public var artifactsDirectory: String {
        if let folder = Self.environment(Self.artifactsVariable), !folder.isEmpty { return folder }
        var parts = directory.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var relative: [String] = []
        while parts.count > 1 {
            let root = parts.joined(separator: "/")
            if access(root + "/Package.swift", F_OK) == 0 {
                return ([root, ".build", "golden-artifacts"] + relative.reversed()).joined(separator: "/")
            }
            relative.append(parts.removeLast())
        }
        return "/tmp/cellkit-golden-artifacts-\(getuid())" + directory
    }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
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
