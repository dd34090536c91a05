/// The root view of an instantiated nib: draws the template's literals and
/// springs and places one view per outlet, laid out for whatever width it is
/// given.
///
/// Made by ``Nib/instantiate(withOwner:)``; the owner's `@Outlet` labels and
/// `@ViewOutlet` views are the ones placed, so the owner sets their text (or
/// what they draw) and the nib decides where they go and how they look.
final class NibView: View {
    let template: NibTemplate
    let nibName: String
    /// One view per outlet, by outlet index: a label, or an owner's view outlet.
    private(set) var views: [View] = []
    /// The label of each outlet, by outlet index; nil for a view outlet.
    private var labels: [Label?] = []
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
        let connected = try connect(owner: owner)
        views = connected.map(\.view)
        labels = connected.map(\.label)
        for (outlet, view) in zip(template.outlets, views) {
            if let label = view as? Label { Self.apply(outlet, to: label) }
            addSubview(view)
        }
        guard let owner else { return }
        var outlets: [String: Label] = [:]
        var codeOnly: Set<String> = []
        for outlet in connected {
            if let label = outlet.label { outlets[outlet.name] = label }
            if outlet.isCodeOnly { codeOnly.insert(outlet.name) }
        }
        owner.connectedOutlets = outlets
        owner.codeOnlyOutlets = codeOnly
    }

    required init() {
        fatalError("a NibView is made by Nib.instantiate(withOwner:)")
    }

    /// The owner's outlets in outlet order — or new labels when the owner
    /// declares none — after checking the two sides agree.
    private func connect(owner: View?) throws(CellKitError) -> [DeclaredOutlet] {
        let declared = owner?.declaredOutlets() ?? []
        guard let owner, !declared.isEmpty else {
            return template.outlets.map { DeclaredOutlet(name: $0.name, view: Label(), isCodeOnly: false) }
        }
        let ownerName = String(describing: type(of: owner))
        let byName = Dictionary(declared.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var result: [DeclaredOutlet] = []
        for outlet in template.outlets {
            guard let found = byName[outlet.name] else {
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
            if found.label == nil, let modifier = Self.textModifier(of: outlet) {
                let viewType = String(describing: type(of: found.view))
                throw CellKitError(
                    .outletMismatch,
                    "\(nibName).nib gives {\(outlet.name)} '\(modifier)', but \(ownerName).\(outlet.name) is a "
                        + "\(viewType) it draws itself, not a label",
                    fix:
                        "remove '\(modifier)' from {\(outlet.name)}: a view outlet takes width=, min= and stretch only",
                    diagnostic: template.diagnostic(
                        at: outlet, message: "'\(modifier)' applies to labels; \(outlet.name) is a \(viewType)",
                        notes: ["a view outlet takes width=, min= and stretch only"]))
            }
            result.append(found)
        }
        let names = Set(template.outletNames)
        if let missing = declared.first(where: { !names.contains($0.name) }) {
            throw CellKitError(
                .outletMismatch,
                "\(ownerName) has the outlet @Outlet var \(missing.name), but \(nibName).nib has no {\(missing.name)}",
                fix: "add {\(missing.name)} to \(nibName).nib, or remove the outlet from \(ownerName)")
        }
        return result
    }

    /// A modifier of `outlet` that only a label can honour (styles, `wrap`,
    /// `placeholder`, `collapse`), named as the nib writes it; nil when it has none.
    static func textModifier(of outlet: NibTemplate.Outlet) -> String? {
        if outlet.wraps { return "wrap" }
        if outlet.placeholder != nil { return "placeholder" }
        if outlet.collapsesWhenEmpty { return "collapse" }
        if outlet.style != .plain { return "style" }
        return nil
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

    /// A label's text width (its placeholder's while empty); 0 for a view outlet,
    /// which is as wide as its `width=`, `min=` or `stretch` make it.
    private func naturalWidth(_ outlet: Int) -> Int {
        guard let label = labels[outlet] else { return 0 }
        if label.text.isEmpty, let placeholder = template.outlets[outlet].placeholder {
            return TerminalWidth.of(placeholder)
        }
        return label.textWidth
    }

    private func wrappedLineCount(_ outlet: Int, _ width: Int) -> Int {
        TextLayout.wrapped(labels[outlet]?.text ?? "", toWidth: width).count
    }

    /// Whether outlet `index` is a label with no text.
    private func isEmptyLabel(_ index: Int) -> Bool {
        labels[index]?.text.isEmpty ?? false
    }

    /// Lays every line out at `width` into the reused buffers; returns the height.
    @discardableResult
    private func layOut(width: Int) -> Int {
        var height = 0
        for (i, line) in template.lines.enumerated() {
            rowCounts[i] = line.layout(
                width: width, into: &placements[i], naturalWidth: naturalWidth, wrappedLineCount: wrappedLineCount)
            if !collapsing[i].isEmpty && collapsing[i].allSatisfy(isEmptyLabel) { rowCounts[i] = 0 }
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
                views[outlet.index].frame = Rect(
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
                        if row == 0, isEmptyLabel(outlet.index), let placeholder = outlet.placeholder {
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
