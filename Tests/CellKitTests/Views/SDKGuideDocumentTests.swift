import Foundation
import TestSupport
import Testing

/// docs/sdk-guide.md read against SDKGuideTests.swift, which compiles and runs
/// its examples: every line of code of the guide's Swift examples is in the
/// tests, and every output the guide shows (a trailing `// value`, comment
/// lines under an expression, a text block under a `print`) is what the tests
/// expect of that expression. Spaces and line breaks aside (swift-format wraps
/// the tests' copies), the guide and the tests cannot drift apart.
@Suite struct SDKGuideDocumentTests {
    /// A line of code of the guide, with the output it shows, if any.
    struct Line: CustomTestStringConvertible, Sendable {
        var number: Int
        var code: String
        /// A Swift value (`"…"`, `7`, `.palette(208)`), or after `print`, text.
        var output: String?
        /// Whether the output is a ```text block (a multi-line string in the tests).
        var outputIsBlock = false
        var testDescription: String { "sdk-guide.md:\(number): \(code)" }
    }

    static let guide: String = {
        TemporaryDirectory.readText(TestPaths.repositoryRoot + "/docs/sdk-guide.md") ?? ""
    }()

    /// SDKGuideTests.swift, squeezed, with `Guide.` unqualified.
    static let tests: String = {
        let text =
            TemporaryDirectory.readText(TestPaths.repositoryRoot + "/Tests/CellKitTests/Views/SDKGuideTests.swift")
            ?? ""
        return squeezed(text.replacingOccurrences(of: "Guide.", with: ""))
    }()

    /// `text` without spaces and line breaks, and without the trailing commas swift-format adds to wrapped lists.
    static func squeezed(_ text: some StringProtocol) -> String {
        String(text.filter { !$0.isWhitespace })
            .replacingOccurrences(of: ",]", with: "]").replacingOccurrences(of: ",)", with: ")")
    }

    /// The code lines of the guide's Swift blocks, and its text blocks that no `print` shows.
    static let parsed: (lines: [Line], texts: [String]) = {
        var lines: [Line] = []
        var texts: [String] = []
        var block: String?
        var text: [String] = []
        var lastWasExpression = false
        for (index, raw) in guide.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if block == nil, line.hasPrefix("```") {
                block = String(line.dropFirst(3))
                text = []
                continue
            }
            if line == "```" {
                if block == "text" {
                    if let last = lines.last, last.code.hasPrefix("print("), last.output == nil {
                        lines[lines.count - 1].output = text.joined(separator: "\n")
                        lines[lines.count - 1].outputIsBlock = true
                    } else {
                        texts += text
                    }
                }
                block = nil
                continue
            }
            if block == "text" { text.append(String(raw)) }
            guard block == "swift", !line.isEmpty else {
                lastWasExpression = false
                continue
            }
            if line.hasPrefix("//") {
                // Comment lines under an expression are what it shows.
                if lastWasExpression {
                    let shown = String(line.dropFirst(2).drop { $0 == " " })
                    lines[lines.count - 1].output = lines[lines.count - 1].output.map { $0 + "\n" + shown } ?? shown
                }
                continue
            }
            var entry = Line(number: index + 1, code: line)
            if let comment = line.range(of: " // ") ?? line.range(of: "  //") {
                entry.code = line[..<comment.lowerBound].trimmingCharacters(in: .whitespaces)
                entry.output = line[comment.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: "/ "))
            }
            lines.append(entry)
            lastWasExpression = isExpression(entry.code) && entry.output == nil
        }
        return (lines, texts)
    }()

    /// Whether a line of code is an expression (whose value the guide may show).
    static func isExpression(_ code: String) -> Bool {
        let statements = ["let ", "var ", "final ", "enum ", "func ", "static ", "for ", "do ", "}", "@", "."]
        return !code.contains(" = ") && !statements.contains { code.hasPrefix($0) } && !code.hasSuffix("{")
    }

    /// What the tests must hold for a line that shows an output: its expression compared with the output.
    static func expectation(_ line: Line) -> String? {
        guard let output = line.output, isExpression(line.code) else { return nil }
        if line.code.hasPrefix("print("), line.code.hasSuffix(")") {
            var expression = String(line.code.dropFirst(6).dropLast())
            if expression == "error" { expression = #""\(error)""# }
            if line.outputIsBlock { return squeezed(expression + "==\"\"\"" + output + "\"\"\"") }
            return squeezed(expression + "==\"" + output.replacingOccurrences(of: "\n", with: "\\n") + "\"")
        }
        if output.contains("\n") {
            if output.hasPrefix("[") { return squeezed(line.code + "==" + output) }
            return squeezed(line.code + "==\"" + output.replacingOccurrences(of: "\n", with: "\\n") + "\"")
        }
        guard let first = output.first else { return nil }
        if first == "\"" || first == "[" || first == "." { return squeezed(line.code + "==" + output) }
        if first.isNumber { return squeezed(line.code + "==" + output.prefix { $0.isNumber }) }
        return nil  // a remark, not a value
    }

    @Test func theGuideHasExamples() {
        #expect(Self.parsed.lines.count > 200, "docs/sdk-guide.md not found, or its Swift examples were not read")
        #expect(Self.parsed.lines.count { Self.expectation($0) != nil } >= 30)
    }

    @Test(arguments: parsed.lines)
    func codeIsInTheTests(_ line: Line) {
        var code = line.code
        if code.hasPrefix("print("), code.hasSuffix(")") { code = String(code.dropFirst(6).dropLast()) }
        if code == "error" { code = #""\(error)""# }
        var squeezed = Self.squeezed(code)
        if squeezed.hasSuffix(",") { squeezed.removeLast() }  // the tests' copy may end its list there
        let found = Self.tests.contains(squeezed)
        #expect(found, "not in SDKGuideTests.swift: \(squeezed)")
    }

    @Test(arguments: parsed.lines.filter { expectation($0) != nil })
    func outputIsWhatTheTestsExpect(_ line: Line) throws {
        let expected = try #require(Self.expectation(line))
        let found = Self.tests.contains(expected)
        #expect(found, "SDKGuideTests.swift does not expect \(expected)")
    }

    @Test func textBlocksAreInTheTests() {
        for line in Self.parsed.texts where !line.isEmpty {
            let found = Self.tests.contains(Self.squeezed(line))
            #expect(found, "not in SDKGuideTests.swift: \(line)")
        }
    }
}
