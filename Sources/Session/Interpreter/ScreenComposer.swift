@_spi(Host) import CellKit
import DataBinding
import WorkerProtocol

/// Composes the session's screens: owns the ``Session`` model (screens,
/// the current one, the initial one, the plugins loaded) and runs `screen`,
/// `section`, `row`, `initial` and `screens`; `rows … from` adds the row a
/// ``DataBinder`` made. Cell names are resolved through ``plugins``.
final class ScreenComposer {
    /// What has been composed.
    var session = Session()
    /// Where cell names are resolved (and plugins loaded for them).
    let plugins: LoadedPlugins
    /// Where `screens` lists (the interpreter's output).
    var output: ConsoleOutput

    init(plugins: LoadedPlugins, output: ConsoleOutput) {
        self.plugins = plugins
        self.output = output
    }

    /// The cells, items and nibs a row can use.
    static let rowKinds: Set<PluginRegistration.Kind> = [.cell, .item, .nib]
    /// What a section header or footer can be.
    static let sectionViewKinds: Set<PluginRegistration.Kind> = [.headerFooter, .supplementary, .cell, .item, .nib]

    /// `screen NAME`: a new screen, or back to one.
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

    /// `section [TITLE]`: a section of the current screen.
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

    /// `row CELL attr=value…`: a row of the current section.
    func row(_ c: ValidatedCommand) throws(ConsoleError) {
        let index = try currentScreenIndex(c)
        guard let cellArgument = c.arguments["cell"] else { return }
        let item = try resolve(cellArgument.text, kinds: Self.rowKinds, c, at: cellArgument.span)
        let attributes = try AttributeChecker.settings(for: c.attributes, of: item, c)
        let section = session.screens[index].currentSectionIndex()
        session.screens[index].sections[section].rows.append(
            .row(
                Row(
                    cell: CellReference(written: cellArgument.text, qualified: item.qualifiedName),
                    attributes: attributes)))
    }

    /// `rows CELL from FILE …`: a row bound to a data file, as `bind` makes
    /// it from the cell and file arguments and the resolved cell (``DataBinder``).
    func rows(
        _ c: ValidatedCommand,
        bind: (_ cell: Command.Argument, _ file: Command.Argument, CatalogItem) throws(ConsoleError) -> Binding
    ) throws(ConsoleError) {
        let index = try currentScreenIndex(c)
        guard let cellArgument = c.arguments["cell"], let fileArgument = c.arguments["file"] else { return }
        let item = try resolve(cellArgument.text, kinds: Self.rowKinds, c, at: cellArgument.span)
        let binding = try bind(cellArgument, fileArgument, item)
        let section = session.screens[index].currentSectionIndex()
        session.screens[index].sections[section].rows.append(.bound(binding))
    }

    /// `initial [SCREEN]`: the storyboard's initial scene.
    func initial(_ c: ValidatedCommand) throws(ConsoleError) {
        let index = try targetScreen(c)
        session.initialScreen = session.screens[index].name
    }

    /// `screens`: the screens, the current one and the initial one.
    func listScreens() {
        guard !session.screens.isEmpty else {
            output.print("no screens yet; create one with `\(CommandHint.usage(.screen))`")
            return
        }
        var rows: [[String]] = [["", "SCREEN", "KIND", "SECTIONS", "ROWS", "WIDTH"]]
        for (i, screen) in session.screens.enumerated() {
            var mark = i == session.current ? "*" : " "
            if session.initialScreen == screen.name { mark += "▸" }
            rows.append([
                mark, screen.name, screen.kind.rawValue, String(screen.sections.count), String(screen.rowCount),
                screen.width.map(String.init) ?? "auto",
            ])
        }
        output.print(TextTable.format(rows) + "\n(* current, ▸ initial)")
    }

    // MARK: - Screens and names

    /// The screen a command names (its `screen` argument), or the current one.
    func targetScreen(_ c: ValidatedCommand) throws(ConsoleError) -> Int {
        if let argument = c.arguments["screen"] {
            guard let index = session.screenIndex(named: argument.text) else {
                let names = session.screens.map(\.name)
                throw ConsoleError(
                    .script,
                    c.command.diagnostic(
                        "no screen named '\(argument.text)'", at: argument.span,
                        notes: [
                            Suggestions.didYouMean(argument.text, in: names)
                                ?? (names.isEmpty
                                    ? "no screens yet; create one with \(CommandHint.quoted(.screen, "NAME"))"
                                    : "screens: \(names.joined(separator: ", "))")
                        ]))
            }
            return index
        }
        return try currentScreenIndex(c)
    }

    /// The current screen, or an error saying how to make one.
    func currentScreenIndex(_ c: ValidatedCommand) throws(ConsoleError) -> Int {
        guard let current = session.current else {
            throw ConsoleError(
                .script,
                c.command.diagnostic(
                    "there is no screen yet", at: c.command.nameSpan,
                    notes: ["start one with `\(CommandHint.usage(.screen))`, then add sections and rows"]))
        }
        return current
    }

    /// Resolves a cell-like name through ``plugins``, pointing at `span` when
    /// it fails; a plugin loaded for it is recorded, so that `save` writes
    /// the `load` that makes the name resolve again.
    func resolve(
        _ name: String, kinds: Set<PluginRegistration.Kind>, _ c: ValidatedCommand, at span: SourceSpan
    ) throws(ConsoleError) -> CatalogItem {
        let (item, loaded) = try plugins.resolve(name, kinds: kinds, c, at: span)
        if let loaded { session.noteLoaded(loaded) }
        return item
    }
}
