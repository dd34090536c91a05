@_spi(Host) import CellKit
import DataBinding
import WorkerProtocol

// MARK: - screen, section, row

extension Interpreter {
    /// The cells, items and nibs a row can use.
    static let rowKinds: Set<PluginRegistration.Kind> = [.cell, .item, .nib]
    /// What a section header or footer can be.
    static let sectionViewKinds: Set<PluginRegistration.Kind> = [.headerFooter, .supplementary, .cell, .item, .nib]

    func screen(_ c: ValidatedCommand) throws(ConsoleError) {
        guard let nameArgument = c.arguments["name"] else { return }
        let name = nameArgument.text
        let existing = session.screenIndex(named: name)
        var screen: Screen
        if let existing {
            screen = session.screens[existing]
            if let layout = c.arguments["layout"], layout.text != screen.kind.rawValue {
                throw ConsoleError(
                    .script,
                    c.command.diagnostic(
                        "screen '\(name)' is a \(screen.kind.rawValue); a screen's layout cannot change",
                        at: layout.span,
                        notes: [
                            "\(CommandHint.quoted(.screen, name)) switches to it; choose another name for a new \(layout.text) screen"
                        ]))
            }
        } else {
            screen = Screen(name: name)
            if let layout = c.argument("layout") { screen.kind = Screen.Kind(rawValue: layout) ?? .list }
        }
        // Options of the other layout: only the interpreter knows an existing screen's.
        for (option, attribute) in c.options.sorted(by: {
            $0.value.nameSpan.location.column < $1.value.nameSpan.location.column
        }) {
            guard let layout = c.spec.option(named: option)?.layout, layout != screen.kind.rawValue else { continue }
            let how =
                existing == nil
                ? "write \(CommandHint.quoted(.screen, name, layout, options: [option: "…"])), or leave it out"
                : "\(name) is a \(screen.kind.rawValue); leave \(option)= out"
            throw ConsoleError(
                .script,
                c.command.diagnostic(
                    "\(option)= is for \(layout) screens", at: attribute.nameSpan, notes: [how]))
        }
        if let width = c.integer("width") { screen.width = width }
        if let border = c.option("border") { screen.border = (try? BoxStyle(parsing: border)) ?? .none }
        if let title = c.option("title") { screen.title = title }
        if let columns = c.integer("columns") { screen.columns = columns }
        if let itemWidth = c.integer("item-width") { screen.itemWidth = itemWidth }
        if let spacing = c.integer("spacing") { screen.spacing = spacing }
        if let separators = c.bool("separators") { screen.separators = separators }
        if let existing {
            session.screens[existing] = screen
            session.current = existing
        } else {
            session.append(screen)
        }
    }

    func section(_ c: ValidatedCommand) throws(ConsoleError) {
        let index = try currentScreenIndex(c)
        var section = Section()
        section.title = c.argument("title")
        section.footer = c.option("footer")
        if let header = c.options["header"], let name = header.value.text {
            let item = try resolve(name, kinds: Self.sectionViewKinds, c, at: header.valueSpan)
            section.header = CellReference(written: name, qualified: item.qualifiedName)
        }
        if let footer = c.options["footer-cell"], let name = footer.value.text {
            let item = try resolve(name, kinds: Self.sectionViewKinds, c, at: footer.valueSpan)
            section.footerCell = CellReference(written: name, qualified: item.qualifiedName)
        }
        session.screens[index].sections.append(section)
    }

    func row(_ c: ValidatedCommand) throws(ConsoleError) {
        let index = try currentScreenIndex(c)
        guard let cellArgument = c.arguments["cell"] else { return }
        let item = try resolve(cellArgument.text, kinds: Self.rowKinds, c, at: cellArgument.span)
        let attributes = try settings(for: c.attributes, of: item, c)
        let section = session.screens[index].currentSectionIndex()
        session.screens[index].sections[section].rows.append(
            .row(
                Row(
                    cell: CellReference(written: cellArgument.text, qualified: item.qualifiedName),
                    attributes: attributes)))
    }

    /// Checks `name=value` attributes against the cell's attributes: names
    /// (with a suggestion), types (with the expected type), duplicates.
    func settings(for attributes: [Command.Attribute], of item: CatalogItem, _ c: ValidatedCommand)
        throws(ConsoleError)
        -> [AttributeSetting]
    {
        var result: [AttributeSetting] = []
        var errors: [Diagnostic] = []
        for attribute in attributes {
            guard let descriptor = descriptor(attribute, of: item, c, errors: &errors) else { continue }
            do {
                result.append(
                    AttributeSetting(name: attribute.name, value: try value(of: attribute, as: descriptor.type)))
            } catch {
                errors.append(error.diagnostic(c, attribute, descriptor: descriptor, owner: item.name))
            }
        }
        if !errors.isEmpty { throw ConsoleError(.script, errors) }
        return result
    }

    /// The descriptor of an attribute, or a diagnostic in `errors` (unknown name, given twice).
    func descriptor(
        _ attribute: Command.Attribute, of item: CatalogItem, _ c: ValidatedCommand, errors: inout [Diagnostic]
    ) -> AttributeInfo? {
        let known = item.info.attributes
        guard let descriptor = known.first(where: { $0.name == attribute.name }) else {
            errors.append(c.command.unknownAttribute(attribute, of: item.name, known: known.map(\.name)))
            return nil
        }
        if let first = c.attributes.first(where: { $0.name == attribute.name }), first.nameSpan != attribute.nameSpan {
            errors.append(
                c.command.diagnostic(
                    "'\(attribute.name)' is given twice", at: attribute.nameSpan, notes: ["keep one of them"]))
            return nil
        }
        return descriptor
    }

    /// A script value read as an attribute type.
    func value(of attribute: Command.Attribute, as type: AttributeType) throws(AttributeValueError) -> AttributeValue {
        switch attribute.value {
        case .text(let text):
            do {
                return try type.parse(text)
            } catch {
                throw AttributeValueError(error: error, elementIndex: nil)
            }
        case .list(let elements) where type == .strings:
            var strings: [String] = []
            for (i, element) in elements.enumerated() {
                guard let text = element.text else {
                    throw AttributeValueError(
                        error: ValueError(
                            "a list inside a list is not text", fix: "write text like [ID, \"Full name\"]"),
                        elementIndex: i)
                }
                strings.append(text)
            }
            return .strings(strings)
        case .list(let elements):
            guard type == .numbers else {
                throw AttributeValueError(
                    error: ValueError(
                        "a list is not \(type.articleName)", fix: "lists are for [Double] and [String] attributes"),
                    elementIndex: nil)
            }
            var numbers: [Double] = []
            for (i, element) in elements.enumerated() {
                guard let text = element.text, let number = Double(text.trimmedForNumber), number.isFinite else {
                    throw AttributeValueError(
                        error: ValueError("'\(element)' is not a number", fix: "write numbers like [1, 2.5, 3]"),
                        elementIndex: i)
                }
                numbers.append(number)
            }
            return .numbers(numbers)
        case .field:
            throw AttributeValueError(
                error: ValueError(
                    "a field reference needs a data file",
                    fix: "use \(CommandHint.quoted(.rows, "CELL", "from", "FILE", "\(attribute.name)=.field"))"),
                elementIndex: nil)
        }
    }
}

/// A value that did not fit its attribute's type (and where, in a list).
struct AttributeValueError: Error {
    var error: ValueError
    var elementIndex: Int?

    func diagnostic(
        _ c: ValidatedCommand, _ attribute: Command.Attribute, descriptor: AttributeInfo, owner: String
    )
        -> Diagnostic
    {
        let span =
            elementIndex.flatMap { attribute.elementSpans.indices.contains($0) ? attribute.elementSpans[$0] : nil }
            ?? attribute.valueSpan
        var notes = ["\(owner).\(attribute.name) is \(descriptor.type.articleName)"]
        if let fix = error.fix { notes.insert(fix, at: 0) }
        return c.command.diagnostic("\(attribute.name)=: \(error.message)", at: span, notes: notes)
    }
}
