#if DEBUG
    @_spi(Host) import CellKit

    @testable import Session
    @testable import Worker
    @testable import WorkerProtocol

    /// Clusters and styles drawn into a canvas 1 to 10,000 columns wide (the
    /// first two bytes), 1 to 4 rows high, then written by all five writers:
    /// plain, ANSI (in every colour mode), HTML, SVG, and JSON (the screen model
    /// holding the rows' text). The plain output must be the canvas's text;
    /// every place a search finds must show its text; a reset must blank every cell.
    enum CanvasHarness {
        /// Clusters far longer in bytes than in columns, wide ones, zero-width
        /// ones, controls, and plain ASCII.
        static let clusters = [
            "👨‍👩‍👧‍👦", "👩🏽‍💻", "🇯🇵", "e\u{301}\u{323}\u{302}", "日", "a", " ", "\t", "\u{1B}", "\u{200B}", "\u{301}",
            "❤\u{FE0F}", "\r\n", "<&>\"'", "\u{FEFF}", "ｗ", "한", "x",
        ]

        static func run(_ data: [UInt8]) {
            var input = FuzzInput(data)
            let width = input.int(in: 1...10_000)
            let height = Int(input.byte() % 4) + 1
            let canvas = Canvas(width: width, height: height)
            while !input.isAtEnd {
                let op = input.byte()
                let x = input.int(in: -4...width)
                let y = Int(input.byte()) % height
                let style = style(&input)
                switch op % 4 {
                case 0:
                    let cluster = input.pick(clusters)
                    canvas.draw(
                        String(repeating: cluster, count: input.int(in: 1...5_000)), at: Point(x: x, y: y), style: style
                    )
                case 1:
                    let text = String(decoding: input.take(Int(input.byte())), as: UTF8.self)
                    canvas.draw(text, at: Point(x: x, y: y), style: style)
                case 2:
                    let rect = Rect(x: x, y: y, width: input.int(in: -1...width), height: Int(input.byte() % 5))
                    canvas.fill(rect, with: input.pick(["─", "█", " ", "x"]), style: style)
                default:
                    let rect = Rect(x: x, y: y, width: input.int(in: -1...width), height: Int(input.byte() % 5))
                    canvas.restyle(rect) { _ in style }
                }
            }
            write(canvas)
            search(canvas)
            // Blanked for the next piece, as a render and a search blank it: every cell.
            canvas.reset(width: canvas.width, height: canvas.height)
            for y in 0..<canvas.height {
                for x in 0..<canvas.width {
                    precondition(canvas[x, y] == Canvas.Cell.blank, "a cell is not blank after reset")
                }
            }
        }

        /// `show`'s search along every row, for texts the drawing above may
        /// hold: each place it finds shows the text, and each next place is further on.
        static func search(_ canvas: Canvas) {
            for text in ["x", "a", "日", "─", "xx", "a x", "█ ", "e\u{301}\u{323}\u{302}", "␛"] {
                guard let pattern = TextPattern(text) else { continue }
                let shape = Canvas(width: pattern.width, height: 1)
                shape.draw(text, at: .zero, style: .plain)
                for y in 0..<canvas.height {
                    var from = 0
                    while let x = canvas.column(of: pattern, inRow: y, from: from) {
                        precondition(x >= from && x + pattern.width <= canvas.width, "a match outside the row")
                        for k in 0..<pattern.width {
                            precondition(
                                canvas.character(of: canvas[x + k, y]) == shape.character(of: shape[k, 0]),
                                "a match that does not show the text")
                        }
                        from = x + 1
                    }
                }
            }
        }

        static func style(_ input: inout FuzzInput) -> Style {
            Style(
                foreground: color(&input), background: color(&input),
                attributes: TextAttributes(rawValue: input.byte() & 0x3F))
        }

        static func color(_ input: inout FuzzInput) -> Color {
            switch input.byte() % 4 {
            case 0: .default
            case 1: .named(Color.NamedColor.allCases[Int(input.byte()) % Color.NamedColor.allCases.count])
            case 2: .palette(input.byte())
            default: .rgb(input.byte(), input.byte(), input.byte())
            }
        }

        static func write(_ canvas: Canvas) {
            let plain = MemoryOutput()
            let writer = PlainTextWriter(output: plain)
            try? writer.write(canvas)
            try? writer.finish()
            let expected = (0..<canvas.height).map { canvas.text(ofRow: $0) + "\n" }.joined()
            precondition(plain.string == expected, "the plain text is not the canvas's text")

            for mode in [ColorMode.none, .ansi16, .ansi256, .truecolor] {
                let ansi = ANSIWriter(output: MemoryOutput(), colorMode: mode)
                try? ansi.write(canvas)
                try? ansi.finish()
            }
            let html = HTMLWriter(output: MemoryOutput(), title: "Fuzz <&>")
            try? html.write(canvas)
            try? html.finish()
            let svg = SVGWriter(output: MemoryOutput(), title: "Fuzz <&>")
            try? svg.write(canvas)
            try? svg.finish()

            var screen = Screen(name: "Fuzz")
            screen.width = canvas.width
            let cell = CellReference(written: "TextCell", qualified: "BasicCells.TextCell")
            screen.sections = [
                Section(
                    rows: (0..<canvas.height).map { y in
                        .row(
                            Row(
                                cell: cell,
                                attributes: [AttributeSetting(name: "text", value: .string(canvas.text(ofRow: y)))]))
                    })
            ]
            _ = try? ScreenJSON(screen: screen).serialized(width: canvas.width)
        }
    }
#endif
