/// A parsed nib: a text template that draws a view the way it looks in the terminal.
///
/// Literal characters are drawn as they are, `{name}` is an outlet (a `Label` connected by
/// name to the owner's outlet), and a spring such as `{~}` or `{~─}` takes up the slack so
/// the template stretches to any width. The grammar is documented in `docs/nib-format.md`.
///
/// ```swift
/// let card = try NibTemplate.parse("""
///     ╭─ {name:bold} {~─} {role:dim,right} ─╮
///     │ {bio:wrap} {~} │
///     ╰{~─}╯
///     """, name: "ProfileCell")
/// card.outletNames    // ["name", "role", "bio"]
/// card.minimumWidth   // 8
/// let texts = ["Ada", "Engineer", "Wrote the first program"]   // by outlet, in order
/// let layout = card.layout(width: 40,
///     naturalWidth: { outlet in TerminalWidth.of(texts[outlet]) },
///     wrappedLineCount: { outlet, width in TextLayout.wrapped(texts[outlet], toWidth: width).count })
/// layout.height       // 3 or more: the bio line repeats once per wrapped row
/// ```
///
/// A template is parsed once and is immutable; laying it out allocates only the
/// placement arrays (see ``NibTemplate/Line/layout(width:into:naturalWidth:wrappedLineCount:)``
/// for a form that reuses a buffer).
struct NibTemplate: Sendable, Hashable {
    /// The nib's name, without `.nib` (`ProfileCell`).
    let name: String
    /// The file name used in diagnostics: the `file` given to ``parse(_:name:file:)``, or
    /// `<name>.nib`.
    let file: String
    /// The drawn lines, top to bottom (comment-only lines and leading/trailing blank lines
    /// removed).
    let lines: [Line]
    /// Every outlet, in order of first appearance; `outlets[i].index == i`.
    let outlets: [Outlet]
    /// The outlet names, in order of first appearance.
    let outletNames: [String]
    /// The width at which every line fits without clipping: the widest line's literals plus
    /// its outlets' fixed (`width=`) or minimum (`min=`) widths; springs count 0.
    let minimumWidth: Int
    /// The source lines, for diagnostics that point into the nib later (outlet checks).
    let sourceLines: [String]

    init(name: String, file: String, lines: [Line], outlets: [Outlet], sourceLines: [String]) {
        self.name = name
        self.file = file
        self.lines = lines
        self.outlets = outlets
        self.outletNames = outlets.map(\.name)
        self.minimumWidth = lines.map(\.minimumWidth).max() ?? 0
        self.sourceLines = sourceLines
    }

    /// Parses a nib's text.
    ///
    /// - Parameters:
    ///   - source: the nib's text (UTF-8 decoded; `\n` or `\r\n` line ends).
    ///   - name: the nib's name, without `.nib`.
    ///   - file: the file name for diagnostics; `<name>.nib` when nil.
    /// - Throws: ``NibParseError``, carrying one ``Diagnostic`` per problem, in source order,
    ///   each with `file:line:col`, the source line and a fix.
    ///
    /// ```swift
    /// do {
    ///     _ = try NibTemplate.parse("{name:bol}", name: "Card")
    /// } catch {
    ///     print(error)
    ///     // Card.nib:1:7: error: unknown modifier 'bol' on outlet 'name'
    ///     //   {name:bol}
    ///     //         ^~~
    ///     //   did you mean 'bold'?
    /// }
    /// ```
    static func parse(
        _ source: String, name: String, file: String? = nil
    ) throws(NibParseError) -> NibTemplate {
        var parser = NibParser(name: name, file: file ?? "\(name).nib")
        return try parser.parse(source)
    }

    /// The outlet with this name, if the nib has one.
    func outlet(named name: String) -> Outlet? {
        outlets.first { $0.name == name }
    }

    /// A diagnostic that points at an outlet in the nib, with its source line, for errors
    /// found after parsing (an outlet the owner lacks, for instance).
    ///
    /// ```swift
    /// // not compiled: a diagnostic of a parsed template the host holds
    /// let d = template.diagnostic(
    ///     at: template.outlet(named: "role")!,
    ///     message: "ProfileCell has no outlet 'role'",
    ///     notes: ["ProfileCell's outlets: name, bio"])
    /// ```
    func diagnostic(
        at outlet: Outlet, message: String, notes: [String] = []
    ) -> Diagnostic {
        let line = outlet.location.line
        let source = line >= 1 && line <= sourceLines.count ? sourceLines[line - 1] : nil
        return Diagnostic(
            message: message, location: outlet.location, length: outlet.name.count,
            sourceLine: source, notes: notes)
    }
}

extension NibTemplate {
    /// One line of a template. It draws as one row, or as several when it holds a `wrap`
    /// outlet (see ``NibLineLayout``).
    struct Line: Sendable, Hashable {
        /// The pieces of the line, left to right.
        let segments: [Segment]
        /// The line's number in the nib file, from 1.
        let sourceLine: Int
        /// Literal widths plus the outlets' fixed or minimum widths (springs count 0).
        let minimumWidth: Int
        /// The index in ``segments`` of the line's `wrap` outlet, if it has one.
        let wrapSegment: Int?
        /// Whether the line has at least one spring or stretching outlet (and so stretches
        /// to any width).
        var hasSprings: Bool { springWeights > 0 }
        /// The layout data of each segment, flattened for the per-row layout loop.
        let items: [NibLayoutItem]
        /// The sum of the springs' weights and the stretching outlets' (1 each); 0 when
        /// nothing on the line stretches.
        let springWeights: Int

        init(segments: [Segment], sourceLine: Int) {
            self.segments = segments
            self.sourceLine = sourceLine
            var items: [NibLayoutItem] = []
            items.reserveCapacity(segments.count)
            var minimum = 0
            var wrap: Int?
            var weights = 0
            for (index, segment) in segments.enumerated() {
                switch segment {
                case .literal(let literal):
                    items.append(NibLayoutItem(literalWidth: literal.width))
                    minimum += literal.width
                case .outlet(let outlet):
                    items.append(NibLayoutItem(outlet: outlet))
                    minimum += outlet.minimumWidth
                    if outlet.wraps, wrap == nil { wrap = index }
                    if outlet.stretches { weights += 1 }
                case .spring(let spring):
                    items.append(NibLayoutItem(springWeight: spring.weight))
                    weights += spring.weight
                }
            }
            self.items = items
            self.minimumWidth = minimum
            self.wrapSegment = wrap
            self.springWeights = weights
        }
    }

    /// A piece of a line.
    enum Segment: Sendable, Hashable {
        /// Text drawn as written (escapes resolved, comments removed).
        case literal(Literal)
        /// `{name:modifiers}`: a label's text.
        case outlet(Outlet)
        /// `{~}`, `{~─}`, `{~2-=}`: a fill that takes up slack.
        case spring(Spring)
    }

    /// Literal text: `╭─ `, or a styled `{"╭─":dim}`.
    struct Literal: Sendable, Hashable {
        /// The text, with `{{`/`}}` resolved.
        let text: String
        /// Its display width in terminal columns, measured once at parse time.
        let width: Int
        /// Plain unless written `{"text":style}`.
        let style: NibStyle
        /// What the literal draws on the continuation rows of a wrapped line: its box-drawing
        /// characters (U+2500–U+257F), `|` and `+` kept, every other character replaced by
        /// spaces of the same width. Same width as ``text``.
        let continuationText: String
        /// True when ``continuationText`` has anything but spaces.
        let repeatsOnContinuation: Bool

        init(text: String, style: NibStyle = .plain) {
            self.text = text
            self.width = TerminalWidth.of(text)
            self.style = style
            var continuation = ""
            var repeats = false
            for character in text {
                if Literal.continues(character) {
                    continuation.append(character)
                    repeats = true
                } else if character == " " {
                    continuation.append(" ")
                } else {
                    let columns = TerminalWidth.of(String(character))
                    continuation += String(repeating: " ", count: columns)
                }
            }
            self.continuationText = continuation
            self.repeatsOnContinuation = repeats
        }

        /// Box drawing (U+2500–U+257F), `|` and `+` continue a border on wrapped rows.
        static func continues(_ character: Character) -> Bool {
            if character == "|" || character == "+" { return true }
            guard character.unicodeScalars.count == 1,
                let scalar = character.unicodeScalars.first
            else { return false }
            return (0x2500...0x257F).contains(scalar.value)
        }
    }

    /// An outlet: `{name}` with its modifiers.
    struct Outlet: Sendable, Hashable {
        /// The outlet's name; it connects to the owner's outlet of that name.
        let name: String
        /// The outlet's position in ``NibTemplate/outlets`` and ``NibTemplate/outletNames``;
        /// the layout's `naturalWidth` closure receives it.
        let index: Int
        /// Where the outlet's name is in the nib.
        let location: SourceLocation
        /// bold, dim, …, `fg=`, `bg=`.
        let style: NibStyle
        /// `left` (default), `center`, `right`: where the text sits when its slot is wider.
        let alignment: Alignment
        /// `width=N`: always N columns (clipped only when the line itself does not fit).
        let fixedWidth: Int?
        /// `min=N`: at least N columns, padded by alignment; never shrunk below N.
        let minWidth: Int?
        /// `max=N`: at most N columns.
        let maxWidth: Int?
        /// What happens when the text is wider than its slot: truncate (tail by default) or
        /// wrap.
        let overflow: Overflow
        /// `placeholder="…"`: what the view shows, dimmed, while the label's text is empty.
        let placeholder: String?
        /// `collapse`: while the label's text is empty, the outlet's line takes no rows
        /// at all (a card without a bio is a line shorter).
        let collapsesWhenEmpty: Bool
        /// `stretch`: the outlet asks for its `min` only and takes the slack of its line,
        /// shared with the line's springs like a spring of weight 1 (a bar, a gauge).
        let stretches: Bool

        init(
            name: String, index: Int, location: SourceLocation, style: NibStyle = .plain,
            alignment: Alignment = .left, fixedWidth: Int? = nil, minWidth: Int? = nil,
            maxWidth: Int? = nil, overflow: Overflow = .truncate(.tail),
            placeholder: String? = nil, collapsesWhenEmpty: Bool = false, stretches: Bool = false
        ) {
            self.name = name
            self.index = index
            self.location = location
            self.style = style
            self.alignment = alignment
            self.fixedWidth = fixedWidth
            self.minWidth = minWidth
            self.maxWidth = maxWidth
            self.overflow = overflow
            self.placeholder = placeholder
            self.collapsesWhenEmpty = collapsesWhenEmpty
            self.stretches = stretches
        }

        /// True for a `wrap` outlet.
        var wraps: Bool { overflow == .wrap }

        /// The columns the outlet always keeps: `width=N`, else `min=N`, else 0.
        var minimumWidth: Int { fixedWidth ?? minWidth ?? 0 }

        /// The width the outlet asks for when its text is `natural` columns wide: the fixed
        /// width, or the natural width clamped to `min`…`max`.
        func preferredWidth(natural: Int) -> Int {
            if let fixedWidth { return fixedWidth }
            var width = Swift.max(0, natural)
            if let maxWidth { width = Swift.min(width, maxWidth) }
            if let minWidth { width = Swift.max(width, minWidth) }
            return width
        }
    }

    /// A spring: `{~}`, `{~─}`, `{~-=}`, `{~2}`, `{~2"0"}`, `{~─:dim}`.
    struct Spring: Sendable, Hashable {
        /// The fill pattern (a space when none is written), repeated from the spring's left
        /// edge.
        let fill: String
        /// The fill's display width (at least 1).
        let fillWidth: Int
        /// The share of slack, relative to the other springs on the line (default 1).
        let weight: Int
        /// Styles and colours of the fill.
        let style: NibStyle
        /// Each fill character and its width, for drawing.
        let fillUnits: [FillUnit]

        struct FillUnit: Sendable, Hashable {
            var text: String
            var width: Int
        }

        init(fill: String, weight: Int, style: NibStyle = .plain) {
            self.fill = fill
            self.weight = weight
            self.style = style
            self.fillUnits = fill.map {
                FillUnit(text: String($0), width: TerminalWidth.of(String($0)))
            }
            self.fillWidth = TerminalWidth.of(fill)
        }
    }

    /// Where an outlet's text sits in a wider slot.
    enum Alignment: String, Sendable, Hashable, CaseIterable {
        case left, center, right
    }

    /// How an outlet's text is cut when it is wider than its slot.
    enum Truncation: String, Sendable, Hashable, CaseIterable {
        /// `Ada Lovel…` (the default)
        case tail
        /// `…Lovelace`
        case head
        /// `Ada…elace`
        case middle
        /// `Ada Lovela`: cut, no ellipsis (`clip`)
        case clip
    }

    /// What an outlet does with text wider than its slot.
    enum Overflow: Sendable, Hashable {
        /// Cut the text to one row (`truncate=…` or `clip`; tail truncation by default).
        case truncate(Truncation)
        /// Word-wrap the text; its line repeats once per wrapped row (`wrap`).
        case wrap
    }
}
