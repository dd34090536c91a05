import Testing

@_spi(Host) @testable import CellKit

@Suite("Nib layout")
struct NibLayoutTests {
    static let example = """
        ╭─ {name:bold} {~─} {role:dim,right} ─╮
        │ {bio:wrap} {~} │
        ╰{~─}╯
        """

    /// name "Ada Lovelace" (12), role "Analyst" (7), bio 60 columns unwrapped.
    static let exampleWidths = [12, 7, 60]
    static func exampleRows(_ outlet: Int, _ width: Int) -> Int {
        (exampleWidths[outlet] + width - 1) / width
    }

    static func placements(_ pairs: [(Int, Int)]) -> [NibPlacement] {
        pairs.map { NibPlacement(x: $0.0, width: $0.1) }
    }

    @Test func exampleAtWidth40() throws {
        let t = try NibTemplate.parse(Self.example, name: "ProfileCell")
        let layout = t.layout(
            width: 40, naturalWidth: { Self.exampleWidths[$0] },
            wrappedLineCount: Self.exampleRows)
        #expect(
            layout.lines[0].placements
                == Self.placements([(0, 3), (3, 12), (15, 1), (16, 13), (29, 1), (30, 7), (37, 3)]))
        #expect(
            layout.lines[1].placements
                == Self.placements([(0, 2), (2, 35), (37, 1), (38, 0), (38, 2)]))
        #expect(layout.lines[2].placements == Self.placements([(0, 1), (1, 38), (39, 1)]))
        #expect(layout.lines.map(\.rowCount) == [1, 2, 1])
        #expect(layout.height == 4)
        #expect(layout.width == 40)
    }

    @Test func exampleAtWidth20() throws {
        let t = try NibTemplate.parse(Self.example, name: "ProfileCell")
        let layout = t.layout(
            width: 20, naturalWidth: { Self.exampleWidths[$0] },
            wrappedLineCount: Self.exampleRows)
        // 27 columns wanted, 7 too many: name (the widest) is cut to role's 7, then both to 6.
        #expect(
            layout.lines[0].placements
                == Self.placements([(0, 3), (3, 6), (9, 1), (10, 0), (10, 1), (11, 6), (17, 3)]))
        #expect(
            layout.lines[1].placements
                == Self.placements([(0, 2), (2, 15), (17, 1), (18, 0), (18, 2)]))
        #expect(layout.lines[2].placements == Self.placements([(0, 1), (1, 18), (19, 1)]))
        #expect(layout.lines.map(\.rowCount) == [1, 4, 1])
        #expect(layout.height == 6)
        #expect(layout.rows.map(\.line) == [0, 1, 1, 1, 1, 2])
        #expect(layout.rows.map(\.wrapRow) == [0, 0, 1, 2, 3, 0])
        #expect(layout.row(3).isContinuation)
        #expect(layout.row(3).placements == layout.lines[1].placements)
        #expect(!layout.row(5).isContinuation)
    }

    @Test func exampleRendered() throws {
        let t = try NibTemplate.parse(Self.example, name: "ProfileCell")
        let values = [
            "name": "Ada Lovelace", "role": "Analyst",
            "bio": "Wrote the first program, for an engine that was never built.",
        ]
        #expect(
            NibDrawing.render(t, width: 40, values: values) == [
                "╭─ Ada Lovelace ───────────── Analyst ─╮",
                "│ Wrote the first program, for an      │",
                "│ engine that was never built.         │",
                "╰──────────────────────────────────────╯",
            ])
        #expect(
            NibDrawing.render(t, width: 20, values: values) == [
                "╭─ Ada L…  Analy… ─╮",
                "│ Wrote the first  │",
                "│ program, for an  │",
                "│ engine that was  │",
                "│ never built.     │",
                "╰──────────────────╯",
            ])
    }

    // MARK: - Shrinking

    struct Shrink: CustomTestStringConvertible, Sendable {
        var source: String
        var natural: [Int]
        var width: Int
        var widths: [Int]
        var testDescription: String { "\(source) natural \(natural) at \(width)" }
    }

    static let shrinkCases: [Shrink] = [
        // Widest first; ties lose from the right; leftover columns stay on the left.
        Shrink(source: "{a}{b}{c}", natural: [10, 6, 3], width: 19, widths: [10, 6, 3]),
        Shrink(source: "{a}{b}{c}", natural: [10, 6, 3], width: 18, widths: [9, 6, 3]),
        Shrink(source: "{a}{b}{c}", natural: [10, 6, 3], width: 15, widths: [6, 6, 3]),
        Shrink(source: "{a}{b}{c}", natural: [10, 6, 3], width: 14, widths: [6, 5, 3]),
        Shrink(source: "{a}{b}{c}", natural: [10, 6, 3], width: 11, widths: [4, 4, 3]),
        Shrink(source: "{a}{b}{c}", natural: [10, 6, 3], width: 8, widths: [3, 3, 2]),
        Shrink(source: "{a}{b}{c}", natural: [10, 6, 3], width: 2, widths: [1, 1, 0]),
        Shrink(source: "{a}{b}{c}", natural: [10, 6, 3], width: 0, widths: [0, 0, 0]),
        // min is a floor.
        Shrink(source: "{a:min=8}{b}", natural: [10, 10], width: 12, widths: [8, 4]),
        Shrink(source: "{a:min=8}{b}", natural: [10, 10], width: 5, widths: [5, 0]),
        Shrink(source: "{a:min=8}{b}", natural: [2, 3], width: 20, widths: [8, 3]),
        // max caps, width fixes; a fixed width never shrinks, only clips.
        Shrink(source: "{a:max=4}{b}", natural: [10, 3], width: 20, widths: [4, 3]),
        Shrink(source: "{a:width=10}{b}", natural: [1, 20], width: 15, widths: [10, 5]),
        Shrink(source: "{a:width=10}{b}", natural: [1, 20], width: 8, widths: [8, 0]),
        // The wrap outlet gives up columns first, down to 10 (or its min).
        Shrink(source: "{t} {d:wrap}", natural: [30, 35], width: 50, widths: [30, 1, 19]),
        Shrink(source: "{t} {d:wrap}", natural: [30, 35], width: 40, widths: [29, 1, 10]),
        Shrink(source: "{t} {d:wrap}", natural: [30, 6], width: 30, widths: [23, 1, 6]),
        Shrink(source: "{t} {d:wrap,min=20}", natural: [30, 35], width: 50, widths: [29, 1, 20]),
        Shrink(source: "{t} {d:wrap,min=2}", natural: [30, 35], width: 40, widths: [30, 1, 9]),
        // Literals clip at the right edge once outlets are at their floors.
        Shrink(source: "abc{a}def", natural: [5], width: 4, widths: [3, 0, 1]),
        Shrink(source: "abc{a:min=2}def", natural: [5], width: 7, widths: [3, 2, 2]),
        // Springs share slack: cumulative rounding, by weight.
        Shrink(source: "{~}{~}", natural: [], width: 5, widths: [2, 3]),
        Shrink(source: "{~}{~}{~}{~}", natural: [], width: 2, widths: [0, 1, 0, 1]),
        Shrink(source: "{~}{~}{~}", natural: [], width: 2, widths: [0, 1, 1]),
        Shrink(source: "{~}{~2}", natural: [], width: 9, widths: [3, 6]),
        Shrink(source: "{~}{~2}", natural: [], width: 10, widths: [3, 7]),
        Shrink(source: "x{~}{a}{~3}y", natural: [4], width: 14, widths: [1, 2, 4, 6, 1]),
        // No spring: the line keeps its natural width.
        Shrink(source: "ab{a}", natural: [3], width: 40, widths: [2, 3]),
    ]

    @Test(arguments: shrinkCases)
    func shrinks(_ c: Shrink) throws {
        let t = try NibTemplate.parse(c.source, name: "T")
        let layout = t.lines[0].layout(
            width: c.width, naturalWidth: { c.natural[$0] }, wrappedLineCount: { _, _ in 1 })
        #expect(layout.placements.map(\.width) == c.widths)
        #expect(
            NibReferenceLayout.widths(t.lines[0], width: c.width, natural: { c.natural[$0] })
                == c.widths)
    }

    // MARK: - Wrap rows

    @Test func wrapRowsComeFromTheClosureAtThePlacedWidth() throws {
        let t = try NibTemplate.parse("│ {d:wrap} │", name: "T")
        var asked: [Int] = []
        let rows = t.lines[0].layout(
            width: 14, naturalWidth: { _ in 40 },
            wrappedLineCount: { outlet, width in
                asked.append(width)
                #expect(outlet == 0)
                return 4
            }
        ).rowCount
        #expect(rows == 4)
        #expect(asked == [10])
    }

    @Test func wrapRowsAreAtLeastOneAndNotAskedAtWidthZero() throws {
        let t = try NibTemplate.parse("│ {d:wrap} │", name: "T")
        var calls = 0
        let narrow = t.lines[0].layout(
            width: 4, naturalWidth: { _ in 40 },
            wrappedLineCount: { _, _ in
                calls += 1
                return 9
            })
        #expect(narrow.rowCount == 1)
        #expect(calls == 0)
        let empty = t.lines[0].layout(
            width: 40, naturalWidth: { _ in 0 }, wrappedLineCount: { _, _ in 0 })
        #expect(empty.rowCount == 1)
        let zero = t.lines[0].layout(
            width: 40, naturalWidth: { _ in 5 }, wrappedLineCount: { _, _ in 0 })
        #expect(zero.rowCount == 1)
    }

    @Test func reusesTheBuffer() throws {
        let t = try NibTemplate.parse(Self.example, name: "T")
        var buffer: [NibPlacement] = []
        for width in [40, 20, 3] {
            for (index, line) in t.lines.enumerated() {
                let rows = line.layout(
                    width: width, into: &buffer, naturalWidth: { Self.exampleWidths[$0] },
                    wrappedLineCount: Self.exampleRows)
                let fresh = t.layout(
                    width: width, naturalWidth: { Self.exampleWidths[$0] },
                    wrappedLineCount: Self.exampleRows
                ).lines[index]
                #expect(buffer == fresh.placements)
                #expect(rows == fresh.rowCount)
            }
        }
    }

    @Test func negativeWidthIsZero() throws {
        let t = try NibTemplate.parse("ab{~}{a}", name: "T")
        let layout = t.lines[0].layout(
            width: -5, naturalWidth: { _ in 3 }, wrappedLineCount: { _, _ in 1 })
        #expect(layout.placements == Self.placements([(0, 0), (0, 0), (0, 0)]))
    }

    // MARK: - Sweeps

    static let sweepTemplates = [
        example,
        "{a} {b:min=4} {c:max=10}",
        "│{~}{title:center}{~}│",
        "{~}{a:right}{~2}{b}{~3─}",
        "| {k:width=8} | {v:wrap} |",
        "{a:width=30}{b}{c:min=5}",
        #"{"╭─":dim}{~─:dim}{"─╮":dim}"#,
        "no springs here",
        "{x}{y}{z}",
        "{t:bold} {d:wrap,min=12} {~-=} {u:max=6}|",
        "  {a:width=3}{~}{b:min=1,max=2}{~9}{c:wrap}  ",
    ]

    /// Natural widths to try for every outlet: all equal, then mixed.
    static func naturalSets(outlets: Int) -> [[Int]] {
        var sets = [0, 1, 5, 13, 40, 200].map { Array(repeating: $0, count: outlets) }
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<12 {
            sets.append(
                (0..<outlets).map { _ in
                    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    return Int((seed >> 33) % 70)
                })
        }
        return sets
    }

    @Test(arguments: sweepTemplates)
    func sweep(_ source: String) throws {
        let t = try NibTemplate.parse(source, name: "T")
        for natural in Self.naturalSets(outlets: t.outlets.count) {
            for width in 0...120 {
                let layout = t.layout(
                    width: width, naturalWidth: { natural[$0] },
                    wrappedLineCount: { outlet, w in (natural[outlet] + w - 1) / w })
                var height = 0
                for (line, laid) in zip(t.lines, layout.lines) {
                    check(line, laid, width: width, natural: natural)
                    height += laid.rowCount
                }
                #expect(layout.height == height)
                #expect(layout.rows.count == height)
            }
        }
    }

    private func check(
        _ line: NibTemplate.Line, _ laid: NibLineLayout, width: Int, natural: [Int]
    ) {
        let context = "width \(width), natural \(natural), line \(line.sourceLine)"
        #expect(laid.placements.count == line.segments.count, "\(context)")
        // Edge to edge from 0, never past the width.
        var x = 0
        for placement in laid.placements {
            #expect(placement.x == x, "\(context)")
            #expect(placement.width >= 0, "\(context)")
            x += placement.width
        }
        #expect(x <= width, "\(context)")
        // The same as the column-at-a-time reference.
        #expect(
            laid.placements.map(\.width)
                == NibReferenceLayout.widths(line, width: width, natural: { natural[$0] }),
            "\(context)")
        // Springs fill exactly when there is slack.
        var preferred = 0
        for segment in line.segments {
            switch segment {
            case .literal(let literal): preferred += literal.width
            case .outlet(let outlet):
                preferred += outlet.preferredWidth(natural: natural[outlet.index])
            case .spring: break
            }
        }
        if preferred <= width {
            if line.hasSprings {
                #expect(x == width, "\(context)")
            } else {
                #expect(x == preferred, "\(context)")
            }
        }
        // From the minimum width up, nothing is clipped and every floor holds.
        if width >= line.minimumWidth {
            for (segment, placement) in zip(line.segments, laid.placements) {
                switch segment {
                case .literal(let literal):
                    #expect(placement.width == literal.width, "\(context)")
                case .outlet(let outlet):
                    #expect(placement.width >= outlet.minimumWidth, "\(context)")
                    #expect(
                        placement.width <= outlet.preferredWidth(natural: natural[outlet.index]))
                case .spring:
                    break
                }
            }
        }
        // Wrap rows.
        if let wrap = line.wrapSegment, case .outlet(let outlet) = line.segments[wrap],
            laid.placements[wrap].width > 0
        {
            let w = laid.placements[wrap].width
            #expect(laid.rowCount == max(1, (natural[outlet.index] + w - 1) / w), "\(context)")
        } else {
            #expect(laid.rowCount == 1, "\(context)")
        }
    }

    // MARK: - Drawing helpers

    @Test(arguments: [
        ("{~}", 3, "   "), ("{~─}", 4, "────"), ("{~-=}", 5, "-=-=-"), ("{~-=}", 0, ""),
        ("{~- }", 6, "- - - "), ("{~─}", 1, "─"),
    ])
    func springDrawn(_ source: String, _ width: Int, _ expected: String) throws {
        let t = try NibTemplate.parse(source, name: "T")
        guard case .spring(let spring) = t.lines[0].segments[0] else {
            Issue.record("not a spring")
            return
        }
        #expect(spring.drawn(width: width) == expected)
        #expect(TerminalWidth.of(spring.drawn(width: width)) == width)
    }

    @Test func literalDrawn() throws {
        let t = try NibTemplate.parse("│ Name ─╮", name: "T")
        guard case .literal(let literal) = t.lines[0].segments[0] else {
            Issue.record("not a literal")
            return
        }
        #expect(literal.drawn(width: 9) == "│ Name ─╮")
        #expect(literal.drawn(width: 4) == "│ Na")
        #expect(literal.drawn(width: 0) == "")
        #expect(literal.drawn(width: 9, continuation: true) == "│      ─╮")
        #expect(literal.drawn(width: 3, continuation: true) == "│  ")
    }

    @Test(arguments: [
        ("Ada Lovelace", 8, NibTemplate.Truncation.tail, "Ada Lov…"),
        ("Ada Lovelace", 8, .head, "…ovelace"),
        ("Ada Lovelace", 8, .middle, "Ada…lace"),
        ("Ada Lovelace", 8, .clip, "Ada Love"),
        ("Ada Lovelace", 4, .tail, "Ada…"),
        ("Ada Lovelace", 1, .tail, "…"),
        ("Ada Lovelace", 0, .tail, ""),
    ])
    func truncation(
        _ text: String, _ width: Int, _ mode: NibTemplate.Truncation, _ expected: String
    ) {
        #expect(
            NibDrawing.place(text, width: width, alignment: .left, truncation: mode) == expected)
    }

    @Test func continuationRowsDrawBordersAndTheWrapOutletOnly() throws {
        let t = try NibTemplate.parse("| {k:width=5} | {v:wrap} + x |", name: "T")
        let rows = NibDrawing.render(
            t, width: 30, values: ["k": "key", "v": "one two three four five six seven"])
        #expect(
            rows == [
                "| key   | one two three  + x |",
                "|       | four five six  +   |",
                "|       | seven          +   |",
            ])
    }
}
