@_spi(Host) import CellKit
import Foundation
import Testing

@testable import Worker

#if canImport(FoundationXML)
    import FoundationXML
#endif

extension OutputTests {
    @Suite struct HTMLWriterTests {
        // MARK: - Golden files

        @Test func screenMatchesGolden() throws {
            assertGolden(try OutputScreens.html(OutputScreens.screen(), title: "Team"), named: "screen.html")
        }

        @Test func bordersMatchGolden() throws {
            assertGolden(try OutputScreens.html(OutputScreens.borders(), title: "Borders"), named: "borders.html")
        }

        // MARK: - Properties

        @Test(arguments: ["screen", "borders"])
        func oneLinePerRowWithTheCanvasText(_ name: String) throws {
            let canvas = name == "screen" ? OutputScreens.screen() : OutputScreens.borders()
            let html = try OutputScreens.html(canvas, title: name)
            let pre = try preBlock(html)
            #expect(pre.hasSuffix("\n"))
            let lines = pre.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == canvas.height)

            // The text of each line, tags removed and entities decoded, is the row's text.
            let document = try XMLDocument(xmlString: "<pre>\(pre)</pre>", options: .nodePreserveWhitespace)
            let text = document.rootElement()?.stringValue ?? ""
            let rows = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(rows.count == canvas.height)
            for (y, row) in rows.enumerated() {
                #expect(trimmingTrailingSpaces(row) == canvas.text(ofRow: y), "row \(y)")
            }
        }

        @Test func markupInTextIsEscaped() throws {
            let canvas = Canvas(width: 40, height: 2)
            canvas.draw("<script>alert('x')</script>", at: .zero, style: .plain)
            canvas.draw("a & b \"q\" <i>", at: Point(x: 0, y: 1), style: .bold)
            let pre = try preBlock(try OutputScreens.html(canvas, title: "<title> & \"quotes\""))
            var rest = Substring(pre)
            while let lt = rest.firstIndex(of: "<") {
                let tag = rest[lt...]
                #expect(
                    tag.hasPrefix("<span ") || tag.hasPrefix("<span>") || tag.hasPrefix("</span>"),
                    "unescaped < at \(tag.prefix(20))")
                rest = rest[rest.index(after: lt)...]
            }
            #expect(pre.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
            #expect(pre.contains("a &amp; b &quot;q&quot; &lt;i&gt;"))
            let html = try OutputScreens.html(canvas, title: "<title> & \"quotes\"")
            #expect(html.contains("<title>&lt;title&gt; &amp; &quot;quotes&quot;</title>"))
        }

        @Test func controlCharactersBecomePictures() throws {
            let canvas = Canvas(width: 3, height: 1)
            canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), with: "\u{07}")
            canvas.fill(Rect(x: 1, y: 0, width: 1, height: 1), with: "\u{7F}")
            canvas.fill(Rect(x: 2, y: 0, width: 1, height: 1), with: "\u{85}")
            #expect(try preBlock(try OutputScreens.html(canvas, title: "")) == "␇␡\u{FFFD}\n")
        }

        @Test func stylesBecomeClassesAndColours() throws {
            let canvas = Canvas(width: 20, height: 1)
            var x = canvas.draw("a", at: .zero, style: Style.bold.foreground(.red))
            x = canvas.draw("b", at: Point(x: x, y: 0), style: Style().foreground(.palette(208)))
            x = canvas.draw("c", at: Point(x: x, y: 0), style: .reverse)
            x = canvas.draw(
                "d", at: Point(x: x, y: 0), style: Style(attributes: [.underline, .strikethrough, .italic]))
            x = canvas.draw("e", at: Point(x: x, y: 0), style: Style(foreground: .red, background: .rgb(1, 2, 3)))
            x = canvas.draw("f", at: Point(x: x, y: 0), style: .dim)
            x = canvas.draw(
                "g", at: Point(x: x, y: 0), style: Style(foreground: .blue, background: .yellow, attributes: .reverse))
            canvas.draw("h", at: Point(x: x, y: 0), style: Style().foreground(.palette(9)))
            let pre = try preBlock(try OutputScreens.html(canvas, title: ""))
            let theme = MarkupTheme.default
            let dimmed = theme.foreground.mixed(with: theme.background, MarkupLook.dimming).hex
            #expect(
                pre == """
                    <span class="bold fg-1">a</span><span style="color:#ff8700">b</span>\
                    <span class="fg-inverse bg-inverse">c</span><span class="italic underline strike">d</span>\
                    <span class="fg-1" style="background:#010203">e</span><span style="color:\(dimmed)">f</span>\
                    <span class="fg-3 bg-4">g</span><span class="fg-9">h</span>

                    """)
        }

        @Test func trailingPlainBlanksAreTrimmedButVisibleOnesKept() throws {
            let canvas = Canvas(width: 10, height: 3)
            canvas.draw("ab", at: .zero, style: .bold)
            canvas.draw("c", at: Point(x: 0, y: 1), style: .plain)
            canvas.fill(Rect(x: 1, y: 1, width: 3, height: 1), style: .reverse)
            canvas.draw("  ", at: Point(x: 0, y: 2), style: .underline)
            #expect(
                try preBlock(try OutputScreens.html(canvas, title: ""))
                    == "<span class=\"bold\">ab</span>\nc<span class=\"fg-inverse bg-inverse\">   </span>\n<span class=\"underline\">  </span>\n"
            )
        }

        @Test func wideCharactersAreInlineBlocksTwoCellsWide() throws {
            let canvas = Canvas(width: 8, height: 1)
            canvas.draw("a漢🚀b", at: .zero, style: .plain)
            #expect(
                try preBlock(try OutputScreens.html(canvas, title: ""))
                    == "a<span class=\"wide\">漢</span><span class=\"wide\">🚀</span>b\n")
        }

        // MARK: - Streaming

        @Test func streamsInBoundedChunks() throws {
            let out = ChunkRecordingOutput()
            let writer = HTMLWriter(output: out, title: "long")
            let canvas = Canvas(width: 60, height: 1)
            for i in 0..<20_000 {
                canvas.reset(width: 60, height: 1)
                canvas.draw(
                    "row \(i) <\(i)>", at: .zero,
                    style: i % 2 == 0 ? .bold : Style().foreground(.rgb(UInt8(i % 256), 0, 0)))
                try writer.write(canvas)
                if i == 0 { #expect(out.chunks.isEmpty, "the head waits in the buffer with the first rows") }
            }
            let beforeFinish = out.chunks.count
            #expect(beforeFinish > 3, "rows are flushed as they come")
            try writer.finish()
            #expect(out.chunks.allSatisfy { $0 < HTMLWriter.flushThreshold + 1024 })
            let pre = try preBlock(out.string)
            #expect(pre.split(separator: "\n").count == 20_000)
            #expect(out.string.hasSuffix("</pre>\n</body>\n</html>\n"))
        }

        @Test func finishWithoutRowsIsAnEmptyPage() throws {
            let out = MemoryOutput()
            let writer = HTMLWriter(output: out, title: "empty")
            try writer.finish()
            try writer.finish()
            #expect(try preBlock(out.string) == "")
            #expect(throws: MarkupWriterError.self) { try writer.write(Canvas(width: 1, height: 1)) }
        }
    }
}

/// The content of the page's `<pre>`, after the newline that follows its start tag.
func preBlock(_ html: String) throws -> String {
    let open = "<pre class=\"cellkit\">\n"
    let start = try #require(html.range(of: open))
    let end = try #require(html.range(of: "</pre>", range: start.upperBound..<html.endIndex))
    return String(html[start.upperBound..<end.lowerBound])
}

func trimmingTrailingSpaces(_ s: some StringProtocol) -> String {
    var t = String(s)
    while t.hasSuffix(" ") { t.removeLast() }
    return t
}

/// A ``TextOutput`` that keeps what it gets and the size of each write.
final class ChunkRecordingOutput: TextOutput {
    private(set) var bytes: [UInt8] = []
    private(set) var chunks: [Int] = []

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        self.bytes.append(contentsOf: bytes)
        chunks.append(bytes.count)
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
