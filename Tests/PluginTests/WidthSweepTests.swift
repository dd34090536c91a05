@_spi(Host) import CellKit
import CellKitTesting
import Testing

/// Every cell at every width from 1 to 200, with ordinary, empty, very long,
/// CJK, emoji and out-of-range attributes: nothing traps, nothing is drawn
/// outside the cell, no line is wider than the width, and a bordered table
/// keeps its borders intact.
@Suite struct WidthSweepTests {
    static let long = String(repeating: "A very long text that keeps going. ", count: 9)
    static let cjk = "漢字のラベルとテキスト"
    static let emoji = "👩‍💻 deploy 🚀 ✅ 👍🏽"

    /// Attribute sets to try, by cell.
    static let variants: [String: [[(String, String)]]] = [
        "TextCell": [
            [("text", "Good morning"), ("style", "bold")],
            [("text", long), ("wrap", "true")], [("text", long), ("alignment", "right")],
            [("text", cjk), ("alignment", "center")], [("text", emoji)],
        ],
        "KeyValueCell": [
            [("key", "Uptime"), ("value", "12 days")], [("key", long), ("value", long)],
            [("key", long), ("value", "1815")], [("key", cjk), ("value", emoji), ("leader", "space")],
            [("value", "only")], [("key", "only")],
        ],
        "ProgressCell": [
            [("label", "Disk"), ("value", "0.72")], [("label", long), ("value", "1e308")],
            [("label", cjk), ("value", "-1e308"), ("thresholds", "[2, -1]")],
            [("label", emoji), ("value", "0.5"), ("labelWidth", "-3")],
            [("label", "x"), ("value", "0.999"), ("labelWidth", "100000")], [("value", "1")],
        ],
        "BadgeCell": [
            [("status", "ok"), ("text", "Backups completed"), ("detail", "03:12")],
            [("status", "error"), ("text", long), ("detail", long)],
            [("status", "warning"), ("text", cjk), ("badge", emoji)], [("status", "info"), ("badge", long)],
            [("status", "neutral"), ("filled", "false"), ("text", emoji), ("detail", cjk)],
        ],
        "SectionHeader": [
            [("title", "Today"), ("subtitle", "Tuesday"), ("detail", "3 tasks")],
            [("title", long), ("subtitle", long), ("detail", long)],
            [("title", cjk), ("subtitle", emoji), ("rule", "false")], [("detail", "only a detail")],
            [("subtitle", "only a subtitle")],
        ],
        "SectionFooter": [
            [("text", "Updated 09:41")], [("text", long), ("alignment", "right")],
            [("text", long), ("wrap", "true")], [("text", cjk), ("alignment", "center")], [("text", emoji)],
        ],
        "SparklineCell": [
            [("label", "Requests"), ("values", "[3, 4, 4, 5, 7, 9, 12]"), ("unit", "/s")],
            [("label", long), ("values", "[1e308, -1e308, 0, 1e308]"), ("unit", long)],
            [("label", cjk), ("values", "[1]"), ("range", "[5, 1]")],
            [("label", emoji), ("values", "[-1, 0, 1]"), ("range", "[0, 1]"), ("labelWidth", "100000")],
            [("values", Array(repeating: "1, 7, 3", count: 100).joined(separator: ", "))], [("label", "no values")],
        ],
        "BarChartCell": [
            [("labels", "Mon, Tue, Wed"), ("values", "[42, 53, 8]")],
            [("labels", "\(long),\(cjk),\(emoji)"), ("values", "[1e308, -1e308, 0]"), ("unit", long)],
            [("labels", "a,b,c,d"), ("values", "[1]"), ("maximum", "-1")],
            [("values", "[0.1, 0.2]"), ("maximum", "0.1"), ("labelWidth", "100000")], [("labels", "only, labels")],
        ],
        "ColumnsCell": [
            [
                ("values", "1|Ada Lovelace|1815"), ("widths", "4,*,6"), ("align", "right,left,right"),
                ("divider", "light"),
            ],
            [("values", "\(long)|\(cjk)|\(emoji)"), ("widths", "100000,2*,0"), ("divider", "double")],
            [("values", "a|b|c|d|e|f|g|h"), ("align", "center")], [("widths", "3,3,3"), ("header", "true")],
            [("values", "\\|escaped\\||x")],
        ],
    ]

    static let names = variants.keys.sorted()

    @Test(arguments: names) func everyWidthFrom1To200(_ name: String) throws {
        let variants = try #require(Self.variants[name])
        for attributes in [[]] + variants {
            let view = try PluginLibrary.make(name)
            for (key, value) in attributes { try view.setAttribute(key, to: value) }
            for width in 1...200 {
                try Self.checkAlone(view, width: width, name: name, attributes: attributes)
                try Self.checkInTable(name, attributes: attributes, width: width)
            }
        }
    }

    /// The testing kit's sweep at one width (nothing drawn outside the
    /// frame, no line wider than `width`), and a bound on the height.
    static func checkAlone(_ view: View, width: Int, name: String, attributes: [(String, String)]) throws {
        let what = Comment(rawValue: "\(name) \(attributes.map { "\($0.0)=\($0.1.prefix(20))" }) at \(width)")
        #expect(sweepWidths(view, widths: width...width) == 0, what)
        // Wrapped text needs at most a line per character.
        let size = view.sizeThatFits(Size(width: width, height: Int.max / 4))
        let tallest = 20 + (attributes.map { $0.1.count }.max() ?? 0)
        #expect(size.height >= 1 && size.height <= tallest, what)
    }

    /// Renders the view as a row (or a header) of a bordered table `width`
    /// wide: every line is at most `width` wide and, between the top and
    /// bottom borders, starts and ends with `│` (or is a header row's rule).
    static func checkInTable(_ name: String, attributes: [(String, String)], width: Int) throws {
        var script = ScreenScript("table border=rounded\nrow TextCell text=after")
        let item = ScreenScript.Item(name: name, attributes: attributes)
        switch name {
        case "SectionHeader": script.sections[0].header = item
        case "SectionFooter": script.sections[0].footer = item
        default: script.sections[0].rows.insert(item, at: 0)
        }
        let (table, source) = try script.makeTable()
        let lines = table.renderCanvas(width: width).text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(source.errors.isEmpty, "\(source.errors)")
        for (i, text) in lines.enumerated() {
            #expect(TerminalWidth.of(text) <= width, "\(name) at \(width): \(text)")
            if width >= 2 && i > 0 && i < lines.count - 1 {
                // A header row (ColumnsCell header=true) has the table's rule under it.
                let rule = text.first == "├" && text.last == "┤" && attributes.contains { $0 == ("header", "true") }
                #expect(
                    text.first == "│" && text.last == "│" || rule, "\(name) at \(width), line \(i): '\(text)'")
            }
        }
    }
}

/// The part of a row that must survive narrowing, at every width it fits.
@Suite struct ImportantPartTests {
    /// The single row `name` draws at `width`.
    static func row(_ name: String, _ attributes: [(String, String)], width: Int) throws -> String {
        let view = try PluginLibrary.make(name)
        for (key, value) in attributes { try view.setAttribute(key, to: value) }
        return view.render(width: width).text
    }

    @Test func aKeyValueRowKeepsItsValueWholeWhileItFits() throws {
        for width in 7...80 {
            let text = try Self.row("KeyValueCell", [("key", "Load average"), ("value", "12 days")], width: width)
            #expect(text.hasSuffix("12 days"), "at \(width): \(text)")
            if width >= 12 { #expect(text.hasPrefix("Lo"), "the key shows from 12 columns: \(text)") }
        }
    }

    @Test func aProgressBarKeepsItsPercentage() throws {
        for width in 3...80 {
            let text = try Self.row("ProgressCell", [("label", "Disk"), ("value", "0.72")], width: width)
            #expect(text.hasSuffix("72%"), "at \(width): \(text)")
        }
        // 100% is 4 wide: at 3 columns the bar is drawn instead.
        #expect(try Self.row("ProgressCell", [("value", "1")], width: 3) == "███")
    }

    @Test func aProgressBarIsPreciseToAnEighthAndClamped() throws {
        // 10 columns of bar (at width 15 without a label): 0.5 → 5 cells, 0.55 → 5.5 cells.
        #expect(try Self.row("ProgressCell", [("value", "0.5")], width: 15) == "█████░░░░░  50%")
        #expect(try Self.row("ProgressCell", [("value", "0.55")], width: 15) == "█████▌░░░░  55%")
        #expect(try Self.row("ProgressCell", [("value", "0.0125")], width: 15) == "▏░░░░░░░░░   1%")
        #expect(try Self.row("ProgressCell", [("value", "7")], width: 15) == "██████████ 100%")
        #expect(try Self.row("ProgressCell", [("value", "-7")], width: 15) == "░░░░░░░░░░   0%")
        #expect(try Self.row("ProgressCell", [("value", "0.999")], width: 15) == "█████████▉  99%")
    }

    @Test func aBadgeKeepsItsIconAtEveryWidth() throws {
        for width in 1...80 {
            let text = try Self.row("BadgeCell", [("status", "error"), ("text", "Deploy failed")], width: width)
            #expect(text.contains("✖"), "at \(width): \(text)")
        }
    }

    @Test func aSparklineKeepsItsLastValue() throws {
        for width in 4...80 {
            let text = try Self.row(
                "SparklineCell", [("label", "Latency"), ("values", "[3, 9, 4]"), ("unit", "ms")], width: width)
            #expect(text.hasSuffix("4ms"), "at \(width): \(text)")
        }
    }

    @Test func aSparklineStretchesAndSamplesToTheWidth() throws {
        // Fewer values than columns: interpolated, first and last at the ends.
        #expect(try Self.row("SparklineCell", [("values", "[0, 7]")], width: 10) == "▁▂▃▄▅▆▇█ 7")
        // More values than columns: the mean of each column's values.
        #expect(try Self.row("SparklineCell", [("values", "[0, 0, 7, 7, 0, 0, 7, 7]")], width: 6) == "▁█▁█ 7")
        // A fixed range, and a flat series at mid height.
        #expect(try Self.row("SparklineCell", [("values", "[5, 5]"), ("range", "[0, 10]")], width: 6) == "▅▅▅▅ 5")
        #expect(try Self.row("SparklineCell", [("values", "[5, 5]")], width: 6) == "▄▄▄▄ 5")
    }

    @Test func aBarChartKeepsEveryValueAndAlignsItsColumns() throws {
        let attributes = [("labels", "Mon,Tue"), ("values", "[42, 5.5]"), ("unit", "ms")]
        for width in 5...80 {
            let lines = try Self.row("BarChartCell", attributes, width: width).split(separator: "\n")
            #expect(lines.count == 2)
            #expect(lines.first?.hasSuffix("42ms") == true && lines.last?.hasSuffix("5.5ms") == true, "at \(width)")
        }
        // At 24 columns: labels get 2/5 (9), values their own width, the bar the rest (8).
        let chart = try Self.row("BarChartCell", attributes, width: 24)
        #expect(
            chart == """
                Mon       ████████  42ms
                Tue       █        5.5ms
                """)
    }

    @Test func columnsFollowTheSDKsColumnLayout() throws {
        let attributes = [("values", "1|Ada Lovelace|1815"), ("widths", "4,*,6"), ("align", "right,left,right")]
        #expect(try Self.row("ColumnsCell", attributes, width: 30) == "   1  Ada Lovelace        1815")
        let divided = attributes + [("divider", "light")]
        let text = try Self.row("ColumnsCell", divided, width: 30)
        #expect(text == "   1 │ Ada Lovelace   │   1815")
        let layout = ColumnLayout([.fixed(4), .flexible(), .fixed(6)], gap: 3)
        for x in layout.dividers(width: 30) {
            #expect(Array(text)[x] == "│")
        }
    }
}
