@_spi(Host) import CellKit
import Testing

@testable import Worker

extension OutputTests {
    @Suite struct MarkupBytesTests {
        @Test func documentedExample() {
            var out = MarkupBytes()
            out.append("<b>")
            out.appendEscaped("a < b & \"c\"")
            out.appendTenths(84)
            #expect(out.string == "<b>a &lt; b &amp; &quot;c&quot;8.4")
        }

        @Test(arguments: [(0, "0"), (84, "8.4"), (170, "17"), (-42, "-4.2"), (-5, "-0.5"), (12345, "1234.5")])
        func tenths(_ value: Int, _ expected: String) {
            var out = MarkupBytes()
            out.appendTenths(value)
            #expect(out.string == expected)
        }

        @Test func everyScalarIsSafeInXML() {
            var out = MarkupBytes()
            out.appendEscaped("\u{0}\u{9}\u{A}\u{1B}\u{7F}\u{85}\u{FFFE}\u{FFFF}é😀'")
            #expect(out.string == "␀␉␊␛␡\u{FFFD}\u{FFFD}\u{FFFD}é😀&#39;")
        }

        @Test func themeColoursAsHex() {
            #expect(MarkupTheme.default.background.hex == "#1e1e2e")
            #expect(MarkupTheme.default.foreground.hex == "#cdd6f4")
            #expect(MarkupTheme.default.ansi.count == 16)
            #expect(MarkupRGB(0, 0, 0).mixed(with: MarkupRGB(255, 255, 255), 0.5).hex == "#808080")
            let theme = MarkupTheme.default
            #expect(theme.rgb(of: MarkupLook(Style().foreground(.red), theme: theme).text).hex == "#f38ba8")
            #expect(MarkupLook(Style().foreground(.palette(1)), theme: theme).text == .ansi(1))
            #expect(MarkupLook(Style().foreground(.palette(196)), theme: theme).text == .rgb(MarkupRGB(255, 0, 0)))
        }
    }
}
