/// The root view of an instantiated nib: draws the template's literals and
/// springs and places one ``Label`` per outlet, laid out for whatever width
/// it is given.
///
/// Made by ``Nib/instantiate(withOwner:)``; the owner's `@Outlet` labels are
/// the ones placed, so the owner sets their text and the nib decides where
/// they go and how they look.
final class NibView: View {
    let template: NibTemplate
    let nibName: String
    /// One label per outlet, by outlet index.
    private(set) var labels: [Label] = []
    /// Per line: the placements of the last layout, and the rows the line takes.
    private var placements: [[NibPlacement]]
    private var rowCounts: [Int]
    private var laidOutWidth = -1
    /// Per line, the outlets marked `collapse`: the line takes no rows while they are all empty.
    private let collapsing: [[Int]]

    init(template: NibTemplate, owner: View?, nibName: String) throws(CellKitError) {
        self.template = template
        self.nibName = nibName
        placements = Array(repeating: [], count: template.lines.count)
        rowCounts = Array(repeating: 1, count: template.lines.count)
        collapsing = template.lines.map { line in
            line.segments.compactMap { segment in
                if case .outlet(let outlet) = segment, outlet.collapsesWhenEmpty { return outlet.index }
                return nil
            }
        }
        super.init()
        labels = try connect(owner: owner)
        for (outlet, label) in zip(template.outlets, labels) {
            Self.apply(outlet, to: label)
            addSubview(label)
        }
        owner?.connectedOutlets = Dictionary(uniqueKeysWithValues: zip(template.outletNames, labels))
    }

    required init() {
        fatalError("a NibView is made by Nib.instantiate(withOwner:)")
    }

    /// The owner's `@Outlet` labels in outlet order — or new labels when the
    /// owner declares none — after checking the two sides agree.
    private func connect(owner: View?) throws(CellKitError) -> [Label] {
        let declared = owner?.declaredOutlets() ?? []
        guard let owner, !declared.isEmpty else { return template.outlets.map { _ in Label() } }
        let ownerName = String(describing: type(of: owner))
        let byName = Dictionary(declared.map { ($0.name, $0.label) }, uniquingKeysWith: { first, _ in first })
        var labels: [Label] = []
        for outlet in template.outlets {
            guard let label = byName[outlet.name] else {
                throw CellKitError(
                    .outletMismatch,
                    "\(nibName).nib has the outlet {\(outlet.name)}, but \(ownerName) has no @Outlet named '\(outlet.name)'",
                    fix:
                        "add `@Outlet var \(outlet.name): Label` to \(ownerName), or remove {\(outlet.name)} from \(nibName).nib",
                    diagnostic: template.diagnostic(
                        at: outlet, message: "\(ownerName) has no @Outlet named '\(outlet.name)'",
                        notes: [
                            "add `@Outlet var \(outlet.name): Label` to \(ownerName), or remove {\(outlet.name)} from the nib"
                        ]))
            }
            labels.append(label)
        }
        let names = Set(template.outletNames)
        if let missing = declared.first(where: { !names.contains($0.name) }) {
            throw CellKitError(
                .outletMismatch,
                "\(ownerName) has the outlet @Outlet var \(missing.name), but \(nibName).nib has no {\(missing.name)}",
                fix: "add {\(missing.name)} to \(nibName).nib, or remove the outlet from \(ownerName)")
        }
        return labels
    }

    /// Gives a label the nib's style, alignment and overflow for its outlet.
    static func apply(_ outlet: NibTemplate.Outlet, to label: Label) {
        label.style = outlet.style.cellKitStyle
        switch outlet.alignment {
        case .left: label.alignment = .left
        case .center: label.alignment = .center
        case .right: label.alignment = .right
        }
        switch outlet.overflow {
        case .wrap:
            label.lineBreakMode = .wordWrapping
            label.numberOfLines = 0
        case .truncate(let mode):
            label.numberOfLines = 1
            switch mode {
            case .tail: label.lineBreakMode = .truncatingTail
            case .head: label.lineBreakMode = .truncatingHead
            case .middle: label.lineBreakMode = .truncatingMiddle
            case .clip: label.lineBreakMode = .clipping
            }
        }
    }

    // MARK: - Layout

    private func naturalWidth(_ outlet: Int) -> Int {
        let label = labels[outlet]
        if label.text.isEmpty, let placeholder = template.outlets[outlet].placeholder {
            return TerminalWidth.of(placeholder)
        }
        return TerminalWidth.of(label.text)
    }

    private func wrappedLineCount(_ outlet: Int, _ width: Int) -> Int {
        TextLayout.wrapped(labels[outlet].text, toWidth: width).count
    }

    /// Lays every line out at `width` into the reused buffers; returns the height.
    @discardableResult
    private func layOut(width: Int) -> Int {
        var height = 0
        for (i, line) in template.lines.enumerated() {
            rowCounts[i] = line.layout(
                width: width, into: &placements[i], naturalWidth: naturalWidth, wrappedLineCount: wrappedLineCount)
            if !collapsing[i].isEmpty && collapsing[i].allSatisfy({ labels[$0].text.isEmpty }) { rowCounts[i] = 0 }
            height += rowCounts[i]
        }
        laidOutWidth = width
        return height
    }

    override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width, height: layOut(width: size.width))
    }

    override func layoutSubviews() {
        layOut(width: bounds.width)
        var y = 0
        for (i, line) in template.lines.enumerated() {
            for (s, segment) in line.segments.enumerated() {
                guard case .outlet(let outlet) = segment else { continue }
                let p = placements[i][s]
                labels[outlet.index].frame = Rect(
                    x: p.x, y: y, width: p.width, height: outlet.wraps ? rowCounts[i] : min(1, rowCounts[i]))
            }
            y += rowCounts[i]
        }
    }

    override func draw(in context: DrawingContext) {
        if laidOutWidth != context.size.width { layoutSubviews() }
        var y = 0
        for (i, line) in template.lines.enumerated() {
            for row in 0..<rowCounts[i] {
                for (s, segment) in line.segments.enumerated() {
                    let p = placements[i][s]
                    guard p.width > 0 else { continue }
                    switch segment {
                    case .literal(let literal):
                        guard row == 0 || literal.repeatsOnContinuation else { continue }
                        context.draw(
                            literal.drawn(width: p.width, continuation: row > 0), at: Point(x: p.x, y: y + row),
                            style: literal.style.cellKitStyle)
                    case .spring(let spring):
                        let style = spring.style.cellKitStyle
                        if spring.fillWidth == 1, spring.fill.unicodeScalars.count == 1,
                            let scalar = spring.fill.unicodeScalars.first
                        {
                            if scalar != " " || !style.isPlain {
                                context.fill(
                                    Rect(x: p.x, y: y + row, width: p.width, height: 1), with: scalar, style: style)
                            }
                        } else {
                            context.draw(spring.drawn(width: p.width), at: Point(x: p.x, y: y + row), style: style)
                        }
                    case .outlet(let outlet):
                        if row == 0, labels[outlet.index].text.isEmpty, let placeholder = outlet.placeholder {
                            let text = TextLayout.truncated(placeholder, toWidth: p.width)
                            context.draw(text, at: Point(x: p.x, y: y), style: outlet.style.cellKitStyle.adding(.dim))
                        }
                    }
                }
            }
            y += rowCounts[i]
        }
    }
}

extension NibStyle {
    /// The SDK style for a nib style (the flags share their bits).
    var cellKitStyle: Style {
        Style(
            foreground: foreground?.cellKitColor ?? .default, background: background?.cellKitColor ?? .default,
            attributes: TextAttributes(rawValue: flags.rawValue))
    }
}

extension NibColor {
    var cellKitColor: Color {
        switch self {
        case .default: .default
        case .named: paletteIndex.flatMap { Color.NamedColor(rawValue: $0) }.map(Color.named) ?? .default
        case .palette(let i): .palette(i)
        case .rgb(let r, let g, let b): .rgb(r, g, b)
        }
    }
}
