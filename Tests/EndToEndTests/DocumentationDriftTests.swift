import Foundation
import TestSupport
import Testing

/// The documents say what is true of the repository: the files they name
/// exist, and the unsafe-code audit lists every unsafe construct the code has.
///
/// When one of these fails after a change, the change left a document behind:
/// fix the document (the message says which line of which file).
@Suite struct DocumentationDriftTests {
    static let root = TestPaths.repositoryRoot

    /// The documents a reader follows: docs/, the READMEs and the SDK's DocC
    /// catalog. The CHANGELOG is history: it may name files that are gone.
    static let documents: [String] = {
        var result = ["README.md", "SDK/README.md", "Tests/Fixtures/README.md", "Examples/README.md"]
        result += files(under: "docs", extension: "md")
        result += files(under: "SDK/Sources", extension: "md")
        return result.filter { FileManager.default.fileExists(atPath: root + "/" + $0) }
    }()

    /// Named in a document but not in this repository, on purpose: the files of
    /// the plugin `docs/writing-a-plugin.md` has the reader scaffold, and what a
    /// build generates.
    static let notInTheRepository: Set<String> = [
        "Sources/WeatherCells/", "Sources/WeatherCells/HelloCell.swift", "WeatherCells.swift",
        "Tests/WeatherCellsTests/", "Tests/WeatherCellsTests/Golden/CardCell.txt", "Examples/hello.cellkit",
        "docs/CellKit.doccarchive", "Examples/status.cellkit", "Examples/status.kv",
    ]

    @Test func everyFileADocumentNamesExists() throws {
        let tracked = Set(Self.files(under: "", extension: nil).map { $0.split(separator: "/").last.map(String.init)! })
        let pathPattern = try Regex(
            #"(?:SDK/|Sources/|Plugins/|Tests/|Scripts/|\.ci/|Examples/|docs/)[A-Za-z0-9_./+-]+"#)
        let namePattern = try Regex(#"[A-Za-z0-9_+-]+\.swift\b"#)
        var missing: [String] = []
        for document in Self.documents {
            let text = try String(contentsOfFile: Self.root + "/" + document, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for match in line.matches(of: pathPattern) {
                    var path = String(line[match.range])
                    while let last = path.last, ".,:;)".contains(last) { path.removeLast() }
                    if path.contains("*") || Self.notInTheRepository.contains(path) { continue }
                    if !FileManager.default.fileExists(atPath: Self.root + "/" + path) {
                        missing.append("\(document):\(number + 1): \(path) does not exist")
                    }
                }
                for match in line.matches(of: namePattern) {
                    let name = String(line[match.range])
                    if !tracked.contains(name) && !Self.notInTheRepository.contains(name) {
                        missing.append("\(document):\(number + 1): no file is called \(name)")
                    }
                }
            }
        }
        #expect(missing.isEmpty, "documents name files that are not there:\n\(missing.joined(separator: "\n"))")
    }

    /// `docs/contributing.md` keeps its four recipes, and every suite or test
    /// target it says to run (`--filter NAME`) is there: a renamed suite would
    /// leave a recipe whose command runs nothing.
    @Test func theContributingGuideRunsTestsThatExist() throws {
        let guide = try String(contentsOfFile: Self.root + "/docs/contributing.md", encoding: .utf8)
        for recipe in [
            "add a cell attribute type", "add a data source", "add a console command", "change the wire protocol",
        ] {
            #expect(guide.contains("## Recipe: \(recipe)"), "docs/contributing.md has no recipe '\(recipe)'")
        }
        let tests = Self.files(under: "Tests", extension: "swift").map {
            (path: $0, text: (try? String(contentsOfFile: Self.root + "/" + $0, encoding: .utf8)) ?? "")
        }
        let filter = try Regex(#"--filter ([A-Z][a-z][A-Za-z]*)"#)
        var missing: [String] = []
        for match in guide.matches(of: filter) {
            let name = String(guide[match.range].dropFirst("--filter ".count))
            let isTarget = FileManager.default.fileExists(atPath: Self.root + "/Tests/" + name)
            if !isTarget && !tests.contains(where: { $0.text.contains("struct \(name) ") }) { missing.append(name) }
        }
        #expect(
            missing.isEmpty,
            "docs/contributing.md runs suites that no test declares: \(missing.joined(separator: ", ")); name the suite as it is now"
        )
    }

    /// The pattern `docs/unsafe-code.md` gives for finding unsafe code.
    static var unsafePattern: Regex<Substring> {
        #/Unsafe[A-Za-z]*Pointer|unsafeBitCast|unowned\(unsafe\)|nonisolated\(unsafe\)|enforce-exclusivity|@exclusivity/#
    }

    /// Every line the audit's grep finds, as `path:line: text`.
    static func unsafeLines() throws -> [(path: String, text: String)] {
        var result: [(String, String)] = []
        let pattern = unsafePattern
        let paths =
            ["SDK/Sources", "Sources", "Plugins"].flatMap { files(under: $0, extension: nil) } + ["SDK/Package.swift"]
        for path in paths {
            guard let text = try? String(contentsOfFile: root + "/" + path, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n", omittingEmptySubsequences: false)
            where line.contains(pattern) {
                result.append((path, String(line)))
            }
        }
        return result
    }

    @Test func theUnsafeCodeAuditCountsWhatItsGrepFinds() throws {
        let audit = try String(contentsOfFile: Self.root + "/docs/unsafe-code.md", encoding: .utf8)
        let found = try Self.unsafeLines().count
        let stated = audit.firstMatch(of: #/\((\d+) lines/#).flatMap { Int($0.1) }
        #expect(
            stated == found,
            "docs/unsafe-code.md says its grep finds \(stated.map(String.init) ?? "no number of") lines; it finds \(found): update the number, and the entries for what changed"
        )
    }

    @Test func theUnsafeCodeAuditNamesEveryFileWithUnsafeCode() throws {
        let audit = try String(contentsOfFile: Self.root + "/docs/unsafe-code.md", encoding: .utf8)
        let files = Set(try Self.unsafeLines().map(\.path))
        let unnamed = files.filter { path in !audit.contains(String(path.split(separator: "/").last!)) }.sorted()
        #expect(
            unnamed.isEmpty,
            "docs/unsafe-code.md has no entry for the unsafe code in:\n\(unnamed.joined(separator: "\n"))\nadd one (what it buys, its invariant, the test that checks it)"
        )
    }

    /// Each entry of the audit names files that still have what it says they have:
    /// an `unsafeBitCast`, `unowned(unsafe)` or `nonisolated(unsafe)` named in an
    /// entry is in one of the files the entry names.
    @Test func eachUnsafeCodeEntryIsStillTrue() throws {
        let audit = try String(contentsOfFile: Self.root + "/docs/unsafe-code.md", encoding: .utf8)
        let sources = Set(["SDK/Sources", "Sources", "Plugins"].flatMap { Self.files(under: $0, extension: nil) })
        var stale: [String] = []
        for (number, row) in audit.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where row.hasPrefix("| `") {
            let whereCell = row.dropFirst(2).prefix { $0 != "|" }
            let named = whereCell.matches(of: #/[A-Za-z0-9_+-]+\.swift/#).map { String(whereCell[$0.range]) }
            let files = sources.filter { path in named.contains { path.hasSuffix("/" + $0) } }
            guard !files.isEmpty else { continue }
            let texts = files.compactMap { try? String(contentsOfFile: Self.root + "/" + $0, encoding: .utf8) }
            for keyword in ["unsafeBitCast", "unowned(unsafe)", "nonisolated(unsafe)"] where whereCell.contains(keyword)
            {
                let count = whereCell.ranges(of: keyword).count
                let inCode = texts.reduce(0) { $0 + $1.ranges(of: keyword).count }
                if inCode < count {
                    stale.append(
                        "docs/unsafe-code.md:\(number + 1): names \(count) `\(keyword)` in \(named.joined(separator: ", ")); the code has \(inCode)"
                    )
                }
            }
        }
        #expect(stale.isEmpty, "entries of the audit that are no longer true:\n\(stale.joined(separator: "\n"))")
    }

    /// The repository's files under `folder` (relative paths), skipping build output.
    static func files(under folder: String, extension pathExtension: String?) -> [String] {
        let base = folder.isEmpty ? root : root + "/" + folder
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        var result: [String] = []
        while let relative = walker.nextObject() as? String {
            if relative.hasPrefix(".build") || relative.contains("/.build") || relative.hasPrefix(".git")
                || relative.contains("/.swiftpm")
            {
                walker.skipDescendants()
                continue
            }
            if let pathExtension, !relative.hasSuffix("." + pathExtension) { continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: base + "/" + relative, isDirectory: &isDirectory),
                !isDirectory.boolValue
            else { continue }
            result.append(folder.isEmpty ? relative : folder + "/" + relative)
        }
        return result
    }
}
