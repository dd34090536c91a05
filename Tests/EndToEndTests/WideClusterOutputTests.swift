import CellKitSupport
import Testing

/// Regression tests for the writers' heap overflow (issue 8): rows whose
/// grapheme clusters take far more bytes than columns (a ZWJ family is 25
/// bytes in 2 columns) used up the bytes a writer had reserved for the row,
/// and the writes after them went past the end of its buffer. Each format is
/// rendered through the public path (a script, `cellkit run`) at widths up
/// to the 10,000 maximum, and the output is checked, not only survived.
/// (The AddressSanitizer pass of `.ci/run` turns any overflow here into a
/// failure even when it would not crash.)
@Suite struct WideClusterOutputTests {
    static let family = "👨‍👩‍👧‍👦"  // 7 scalars, 25 bytes, 2 columns
    static let coder = "👩🏽‍💻"  // 4 scalars, 15 bytes, 2 columns
    static let flag = "🇯🇵"  // 2 scalars, 8 bytes, 2 columns
    static let accent = "e\u{301}\u{323}\u{302}"  // 4 scalars, 7 bytes, 1 column

    /// The rows of the screen, as the plain text each must come out as.
    ///
    /// At the widest widths, a row of clusters comes before each row of
    /// clusters then ASCII, and leaves the writer's buffer that much fuller:
    /// the second row's clusters end just short of the buffer's end and the
    /// ASCII after them crosses it, the arrangement that overflowed. The
    /// first rows step by 1,750 bytes (less than the 2,000 bytes of ASCII)
    /// up to 64 KiB, so one of them lands there whatever the buffer's size
    /// between 100 and 164 KiB (a sweep, not a case tuned to one size).
    static func rows(width: Int) -> [String] {
        let mixedClusters = (width / 2) * 8 / 10
        let mixed =
            String(repeating: family, count: mixedClusters) + String(repeating: "a", count: width - 2 * mixedClusters)
        var rows: [String] = []
        if width >= 8000 {
            for lead in stride(from: 1, through: 2600, by: 70) {
                rows.append(String(repeating: family, count: lead))
                rows.append(mixed)
            }
        } else {
            rows += [String(repeating: family, count: width / 2), mixed]
        }
        rows.append(String(repeating: coder + flag + accent + "x", count: width / 6))
        rows.append(String(repeating: accent, count: width))
        rows.append(String(repeating: "ab" + family, count: width / 4))
        return rows
    }

    static func script(width: Int, format: String, file: String) -> String {
        var lines = ["load BasicCells", "screen S list width=\(width)"]
        for (i, row) in rows(width: width).enumerated() {
            // Every other row styled, so the ANSI writer switches styles mid-screen.
            lines.append("row TextCell text=\"\(row)\"" + (i % 2 == 0 ? " style=bold" : ""))
        }
        lines.append("render to \(file) format=\(format)")
        return lines.joined(separator: "\n") + "\n"
    }

    func render(width: Int, format: String, color: Bool = false) throws -> String {
        let scratch = try Scratch()
        let file = "out.\(format)"
        try scratch.write("wide.cellkit", Self.script(width: width, format: format, file: file))
        let result = try scratch.cellkit(["run", "wide.cellkit"] + (color ? ["--color", "always"] : []))
        #expect(result.status == 0, "\(result.standardError)")
        return try #require(scratch.read(file))
    }

    static let widths = [2, 80, 1000, 4096, 10000]

    @Test(arguments: widths) func plainTextHasEveryClusterOfEveryRow(width: Int) throws {
        let text = try render(width: width, format: "plain")
        #expect(text == Self.rows(width: width).map { $0 + "\n" }.joined())
    }

    @Test(arguments: widths) func ansiHasEveryClusterOfEveryRow(width: Int) throws {
        let text = try render(width: width, format: "ansi")
        let plain = Self.stripEscapes(text)
        #expect(plain == Self.rows(width: width).map { $0 + "\n" }.joined())
        #expect(text.contains("\u{1B}[0;1m"), "the bold rows are styled")
    }

    @Test(arguments: widths) func htmlHasEveryClusterOfEveryRow(width: Int) throws {
        let html = try render(width: width, format: "html")
        let expected = Self.rows(width: width).joined()
        #expect(Self.count(Self.family, in: html) == Self.count(Self.family, in: expected))
        #expect(Self.count(Self.accent, in: html) == Self.count(Self.accent, in: expected))
        #expect(html.hasSuffix("</html>\n"))
    }

    @Test(arguments: widths) func svgHasEveryClusterOfEveryRow(width: Int) throws {
        let svg = try render(width: width, format: "svg")
        let expected = Self.rows(width: width).joined()
        #expect(Self.count(Self.family, in: svg) == Self.count(Self.family, in: expected))
        #expect(Self.count(Self.coder, in: svg) == Self.count(Self.coder, in: expected))
        #expect(svg.hasSuffix("</svg>\n"))
    }

    @Test(arguments: widths) func jsonHasEveryRowsText(width: Int) throws {
        let json = try render(width: width, format: "json")
        var strings: [String] = []
        Self.collectStrings(try JSONParser().parse(Array(json.utf8)), into: &strings)
        for row in Self.rows(width: width) { #expect(strings.contains(row)) }
    }

    // MARK: - Helpers

    static func stripEscapes(_ text: String) -> String {
        var result = ""
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            if scalar == "\u{1B}" {
                // CSI: ESC [ parameters final-byte
                _ = iterator.next()
                while let next = iterator.next(), !(0x40...0x7E).contains(next.value) {}
                continue
            }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    static func count(_ needle: String, in haystack: String) -> Int {
        haystack.ranges(of: needle).count
    }

    static func collectStrings(_ value: JSONValue, into strings: inout [String]) {
        switch value {
        case .string(let s): strings.append(s)
        case .array(let elements): for element in elements { collectStrings(element, into: &strings) }
        case .object(let object): for member in object.values { collectStrings(member, into: &strings) }
        default: break
        }
    }
}
