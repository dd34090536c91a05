import Foundation
import Testing

@_spi(Host) @testable import CellKit

/// The examples of docs/nib-format.md: each nib, drawn with its values at two widths, must
/// appear in the document exactly as the reference renderer draws it.
@Suite("Nib docs")
struct NibDocTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var title: String
        var source: String
        var values: [String: String]
        var widths: [Int]
        var testDescription: String { title }

        /// The rendered rows at a width, trailing spaces removed (as printed in the doc).
        func rendered(at width: Int) throws -> String {
            let template = try NibTemplate.parse(source, name: "Example")
            return NibDrawing.render(template, width: width, values: values)
                .map { row in
                    var row = row
                    while row.last == " " { row.removeLast() }
                    return row
                }
                .joined(separator: "\n")
        }
    }

    static let examples: [Example] = [
        Example(
            title: "profile card",
            source: """
                ╭─ {name:bold} {~─} {role:dim,right} ─╮
                │ {bio:wrap} {~} │
                ╰{~─}╯
                """,
            values: [
                "name": "Ada Lovelace", "role": "Analyst",
                "bio": "Wrote the first program, for an engine that was never built.",
            ],
            widths: [40, 20]),
        Example(
            title: "springs and weights",
            source: """
                {~─} {title:bold} {~─}
                [{a}{~}{b}{~2}{c}]
                """,
            values: ["title": "Q3 Report", "a": "left", "b": "mid", "c": "right"],
            widths: [30, 17]),
        Example(
            title: "truncation",
            source: """
                {path:truncate=head} {~} {size:right,min=7}
                {title:truncate=middle,max=24} {~.} {page:right}
                """,
            values: [
                "path": "/home/ada/notes/engine/program.txt", "size": "4.2 kB",
                "title": "Sketch of the Analytical Engine", "page": "p. 12",
            ],
            widths: [48, 24]),
        Example(
            title: "fixed widths and placeholders",
            source: """
                {key:width=8,right}: {value:placeholder=—}
                {other:width=8,right}: {empty:placeholder=—}
                """,
            values: ["key": "status", "value": "running", "other": "restarts"],
            widths: [30, 12]),
        Example(
            title: "wrapping inside a border",
            source: """
                ┌{~─}┐
                │ {when:dim,width=5} │ {note:wrap} {~} │
                └{~─}┘
                """,
            values: [
                "when": "09:30",
                "note": "Stand-up moved to the big room; bring the printed agenda.",
            ],
            widths: [44, 26]),
        Example(
            title: "escapes and comments",
            source: """
                {# A count badge. Braces are doubled to draw them.}
                {{{count:bold}}} {label} {~} {# a spring pads the row}
                """,
            values: ["count": "3", "label": "unread"],
            widths: [20, 8]),
    ]

    static var document: String? {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/nib-format.md")
        return try? String(contentsOf: url, encoding: .utf8)
    }

    @Test(arguments: examples)
    func documented(_ example: Example) throws {
        let document = try #require(Self.document, "docs/nib-format.md not found")
        #expect(
            document.contains("```\n" + example.source + "\n```"), "nib source of \(example.title)")
        for width in example.widths {
            let block =
                "At width \(width):\n\n```text\n" + (try example.rendered(at: width)) + "\n```"
            #expect(document.contains(block), "\(example.title) at \(width):\n\(block)")
        }
    }

}
