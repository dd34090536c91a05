@_spi(Host) import CellKit
import Foundation
import Testing

@testable import Worker

#if canImport(FoundationXML)
    import FoundationXML
#endif

extension OutputTests {
    @Suite struct SVGWriterTests {
        // MARK: - Golden files

        @Test func screenMatchesGolden() throws {
            assertGolden(try OutputScreens.svg(OutputScreens.screen(), title: "Team"), named: "screen.svg")
        }

        @Test func bordersMatchGolden() throws {
            assertGolden(try OutputScreens.svg(OutputScreens.borders(), title: "Borders"), named: "borders.svg")
        }

        @Test func withoutWindowChromeMatchesGolden() throws {
            assertGolden(
                try OutputScreens.svg(OutputScreens.borders(), title: "Borders", windowChrome: false),
                named: "borders-plain.svg")
        }

        // MARK: - Properties

        @Test(arguments: ["screen", "borders"], [true, false])
        func parsesAsXMLWithOneTextPerRowOnTheGrid(_ name: String, chrome: Bool) throws {
            let canvas = name == "screen" ? OutputScreens.screen() : OutputScreens.borders()
            let svg = try OutputScreens.svg(canvas, title: name, windowChrome: chrome)
            let document = try XMLDocument(xmlString: svg)
            let root = try #require(document.rootElement())
            #expect(root.name == "svg")
            #expect(root.uri == "http://www.w3.org/2000/svg")

            let rows = try root.nodes(forXPath: "//*[local-name()='g'][@class='text']/*[local-name()='text']")
            #expect(rows.count == canvas.height)
            #expect(try root.nodes(forXPath: "//*[local-name()='circle']").count == (chrome ? 3 : 0))

            // Every run starts on the grid, every character of a run too.
            let cell = Double(SVGWriter.cellWidth) / 10
            for span in try root.nodes(forXPath: "//*[local-name()='tspan']") {
                let xs = try #require(xmlAttribute("x", of: span))
                let values = xs.split(separator: " ").map { Double($0)! }
                #expect(!values.isEmpty)
                for x in values { #expect(isMultiple(x, of: cell), "x=\(x) in \(span.xmlString)") }
                if values.count > 1 { #expect(values.count == span.stringValue?.unicodeScalars.count) }
            }
            for rect in try root.nodes(forXPath: "//*[local-name()='g'][@class='backgrounds']/*") {
                let element = try #require(rect as? XMLElement)
                for name in ["x", "width"] {
                    let value = try #require(xmlAttribute(name, of: element).flatMap(Double.init))
                    #expect(isMultiple(value, of: cell))
                }
                let y = try #require(xmlAttribute("y", of: element).flatMap(Double.init))
                #expect(isMultiple(y, of: Double(SVGWriter.lineHeight) / 10))
            }

            // The text of each row is the canvas row, without what is drawn as
            // geometry and without the blanks between positioned runs.
            for (y, row) in rows.enumerated() {
                let expected = canvas.text(ofRow: y).unicodeScalars.filter {
                    $0 != " " && !MarkupBoxDrawing.draws($0.value)
                }
                let actual = (row.stringValue ?? "").unicodeScalars.filter { $0 != " " }
                #expect(
                    String(String.UnicodeScalarView(actual)) == String(String.UnicodeScalarView(expected)), "row \(y)")
            }
        }

        @Test func sizeFollowsTheCanvas() throws {
            let canvas = Canvas(width: 30, height: 4)
            canvas.draw("hello", at: .zero, style: .plain)
            let plain = try XMLDocument(xmlString: try OutputScreens.svg(canvas, title: "", windowChrome: false))
            let root = try #require(plain.rootElement())
            // 30 × 8.4 + 2 × 14 = 280; 4 × 17 + 2 × 14 = 96.
            #expect(xmlAttribute("width", of: root) == "280")
            #expect(xmlAttribute("height", of: root) == "96")
            #expect(xmlAttribute("viewBox", of: root) == "0 0 280 96")
            let framed = try XMLDocument(xmlString: try OutputScreens.svg(canvas, title: "x"))
            #expect(xmlAttribute("height", of: framed.rootElement()) == "126")
        }

        @Test func backgroundsMergeAcrossRunsOfTheSameColour() throws {
            let canvas = Canvas(width: 12, height: 1)
            canvas.fill(Rect(x: 0, y: 0, width: 12, height: 1), style: .reverse)
            canvas.draw("bold", at: Point(x: 2, y: 0), style: Style.reverse.adding(.bold))
            let svg = try OutputScreens.svg(canvas, title: "", windowChrome: false)
            let document = try XMLDocument(xmlString: svg)
            let rects = try document.nodes(forXPath: "//*[local-name()='g'][@class='backgrounds']/*")
            #expect(rects.count == 1)
            #expect(xmlAttribute("width", of: rects.first) == "100.8")
        }

        @Test func textIsEscaped() throws {
            let canvas = Canvas(width: 20, height: 1)
            canvas.draw("a<b>&\"c\"'d'", at: .zero, style: .plain)
            let svg = try OutputScreens.svg(canvas, title: "<&>")
            #expect(svg.contains(">a&lt;b&gt;&amp;&quot;c&quot;&#39;d&#39;</tspan>"))
            #expect(svg.contains("<title>&lt;&amp;&gt;</title>"))
            _ = try XMLDocument(xmlString: svg)
        }

        @Test func runsCarryTheirStyle() throws {
            let canvas = Canvas(width: 20, height: 1)
            var x = canvas.draw("ab", at: .zero, style: Style.bold.foreground(.red))
            x = canvas.draw(" it", at: Point(x: x, y: 0), style: .italic)
            canvas.draw("un", at: Point(x: x + 1, y: 0), style: .underline)
            let svg = try OutputScreens.svg(canvas, title: "", windowChrome: false)
            let red = MarkupTheme.default.ansi[1].hex
            #expect(svg.contains(#"<tspan x="0 8.4" fill="\#(red)" font-weight="bold">ab</tspan>"#))
            #expect(svg.contains(#"<tspan x="25.2 33.6" font-style="italic">it</tspan>"#))
            #expect(svg.contains(#"<tspan x="50.4 58.8">un</tspan>"#))
            // The underline spans both cells of the run, under the baseline.
            #expect(svg.contains(#"<path d="M50.4 14.8h16.8v1h-16.8z"/>"#))
        }

        @Test func wideCharactersAreCentredOnTheirTwoCells() throws {
            let canvas = Canvas(width: 8, height: 1)
            canvas.draw("a漢b", at: .zero, style: .plain)
            let svg = try OutputScreens.svg(canvas, title: "", windowChrome: false)
            #expect(
                svg.contains(
                    #"<tspan x="0">a</tspan><tspan x="16.8" text-anchor="middle">漢</tspan><tspan x="25.2">b</tspan>"#))
        }

        @Test func refusesMoreRowsThanItHolds() throws {
            let writer = SVGWriter(output: MemoryOutput(), title: "", maximumRows: 5)
            try writer.write(Canvas(width: 4, height: 3))
            #expect(throws: MarkupWriterError.tooManyRows(format: "SVG", limit: 5)) {
                try writer.write(Canvas(width: 4, height: 3))
            }
            try writer.write(Canvas(width: 4, height: 2))
        }

        @Test func finishWithoutRowsIsAnEmptyWindow() throws {
            let out = MemoryOutput()
            let writer = SVGWriter(output: out, title: "empty")
            try writer.finish()
            try writer.finish()
            let document = try XMLDocument(xmlString: out.string)
            #expect(try document.nodes(forXPath: "//*[local-name()='g'][@class='text']/*").isEmpty)
            #expect(throws: MarkupWriterError.self) { try writer.write(Canvas(width: 1, height: 1)) }
        }
    }
}

/// An attribute's value. (`XMLElement.attribute(forName:)` finds nothing on
/// elements in a namespace with swift-corelibs-foundation, so look it up by hand.)
func xmlAttribute(_ name: String, of node: XMLNode?) -> String? {
    (node as? XMLElement)?.attributes?.first { $0.name == name }?.stringValue
}

func isMultiple(_ value: Double, of unit: Double) -> Bool {
    let n = (value / unit).rounded()
    return abs(n * unit - value) < 0.001
}
