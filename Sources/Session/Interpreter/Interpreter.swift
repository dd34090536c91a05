@_spi(Host) import CellKit
import CellKitSupport
import DataBinding
import Glibc
import PluginDiscovery
import WorkerProtocol

/// Runs commands of the script language against a session: the same for the
/// REPL, script files, `-c`, and storyboards.
///
/// Errors never stop the interpreter itself: each failed command is reported
/// as diagnostics (file:line:col, the source line, a caret, a fix) and the
/// session is left as it was before the command.
final class Interpreter {
    /// The screens being composed, and the ``Session`` model they make.
    let composer: ScreenComposer
    /// The plugins: the catalog, the backend that loads and draws, the quarantine.
    let plugins: LoadedPlugins
    /// Where results and diagnostics go (the REPL wraps it so Ctrl-C can stop a long render).
    var output: ConsoleOutput {
        didSet {
            plugins.output = output
            renderer.output = output
            composer.output = output
        }
    }
    /// Draws screens: `render`, `show`, `save`, and the settings they use.
    let renderer: SessionRenderer
    /// Records each command as it runs, so a crashed session can be recovered.
    var journal: Journal?
    /// Set by `quit`.
    private(set) var quitRequested = false
    /// Where the commands being run come from: the scripts and files open, who
    /// typed them, the limits on what they read.
    var sources = SourceContext()

    /// An interpreter whose plugin work goes to `backend`: a worker process
    /// (`WorkerBackend`), or nowhere (`NoWorkerBackend`); never this process.
    package init(host: PluginLocator, output: ConsoleOutput, environment: [String: String], backend: any PluginBackend)
    {
        self.plugins = LoadedPlugins(host: host, backend: backend, output: output)
        self.renderer = SessionRenderer(plugins: plugins, output: output, environment: environment)
        self.composer = ScreenComposer(plugins: plugins, output: output)
        self.output = output
    }

    // MARK: - Running sources

    /// Runs every command of `text`. Stops at the first error unless
    /// `keepGoing`; returns the errors (already reported on standard error).
    @discardableResult
    func run(_ text: String, file: String, firstLine: Int = 1, keepGoing: Bool = false) -> [ConsoleError] {
        let outer = sources.keepingGoing
        sources.keepingGoing = keepGoing
        defer { sources.keepingGoing = outer }
        var errors: [ConsoleError] = []
        for line in Script.lines(of: text, file: file, firstLine: firstLine) {
            if quitRequested { break }
            switch line.result {
            case .failure(let list):
                let error = ConsoleError(.script, list.diagnostics)
                report(error)
                errors.append(error)
            case .success(let command):
                do {
                    try execute(command)
                } catch {
                    report(error)
                    errors.append(error)
                }
            }
            if !errors.isEmpty && !keepGoing { break }
        }
        return errors
    }

    /// Prints an error's diagnostics to standard error (those of a file it
    /// opened were printed as they happened).
    func report(_ error: ConsoleError) {
        guard !error.diagnostics.isEmpty else { return }
        output.printError(error.description)
    }

    /// Validates and runs one command. The session is changed only if the
    /// command succeeds: every command checks all it needs before it changes
    /// the session, and changes it last (so a failed one leaves it as it was
    /// without a copy to put back: a copy per command made long scripts
    /// quadratic). Settings and the plugin catalog, which are small, are put back.
    func execute(_ command: Command) throws(ConsoleError) {
        let valid: ValidatedCommand
        do {
            valid = try CommandSpec.validate(command)
        } catch {
            throw ConsoleError(.script, error.diagnostics)
        }
        journal?.begin(command)
        let saved = (renderer.settings, plugins.catalog)
        do {
            try dispatch(valid)
            journal?.finish(succeeded: true)
        } catch {
            (renderer.settings, plugins.catalog) = saved
            journal?.finish(succeeded: false)
            throw error
        }
    }

    /// Whether the run in progress goes on after an error.
    var isKeepingGoing: Bool { sources.keepingGoing }

    private func dispatch(_ c: ValidatedCommand) throws(ConsoleError) {
        switch c.name {
        case .load: if let name = try plugins.load(c, sources: sources) { composer.session.noteLoaded(name) }
        case .reload:
            try plugins.reload(c)
            // The current screen, drawn again with what was reloaded.
            if let current = session.current, !renderer.declarationsOnly {
                try renderer.drawAgain(session.screens[current], c)
            }
        case .plugins: plugins.listPlugins()
        case .cells: try plugins.listCells(c)
        case .describe: try plugins.describe(c)
        case .screen: try composer.screen(c)
        case .section: try composer.section(c)
        case .row: try composer.row(c)
        case .rows:
            try composer.rows(c) { cell, file, item throws(ConsoleError) in
                try DataBinder.binding(c, cell: cell, file: file, to: item, sources: sources, plugins: plugins)
            }
        case .render:
            if !renderer.declarationsOnly { try renderer.render(c, session.screens[try composer.targetScreen(c)]) }
        case .show:
            if !renderer.declarationsOnly { try renderer.show(c, session.screens[try composer.targetScreen(c)]) }
        case .initial: try composer.initial(c)
        case .open: try open(c)
        case .save: try renderer.save(c, session)
        case .screens: composer.listScreens()
        case .set: try set(c)
        case .help: help(c)
        case .quit: quitRequested = true
        }
    }

    // MARK: - What the REPL and the commands of `cellkit` reach

    /// What has been composed (``ScreenComposer/session``).
    var session: Session {
        get { composer.session }
        set { composer.session = newValue }
    }
    /// The cells, items and nibs a row can use.
    static let rowKinds = ScreenComposer.rowKinds
    /// The data files of screen `index` bound with `watch=true`.
    func watchedDataFiles(screen index: Int) -> [String] {
        session.screens.indices.contains(index) ? DataBinder.watchedFiles(of: session.screens[index]) : []
    }
    /// Checks again the watched bindings of screen `index` whose files changed
    /// (``DataBinder/refresh(_:catalog:limits:)``).
    func refreshWatchedData(screen index: Int) -> DataBinder.DataRefresh {
        guard composer.session.screens.indices.contains(index) else { return DataBinder.DataRefresh() }
        return DataBinder.refresh(
            &composer.session.screens[index], catalog: plugins.catalog, limits: sources.limits,
            checkSource: { [plugins] binding, exact throws(BackendError) in
                try plugins.backend.checkSource(binding, exact: exact)
            })
    }

    /// What the loaded plugins registered.
    var catalog: PluginCatalog {
        get { plugins.catalog }
        set { plugins.catalog = newValue }
    }
    /// Where plugins are loaded and screens drawn.
    var backend: any PluginBackend { plugins.backend }
    /// Session options set with `set`.
    typealias Settings = SessionRenderer.Settings
    /// The width and colour set with `set` (or `--color`).
    var settings: Settings {
        get { renderer.settings }
        set { renderer.settings = newValue }
    }
    /// The terminal's width, if standard output is one.
    var terminalWidth: () -> Int? {
        get { renderer.terminalWidth }
        set { renderer.terminalWidth = newValue }
    }
    /// Shows a screen interactively (the REPL's scroll view).
    var showScreen: ((Screen) throws(ConsoleError) -> Void)? {
        get { renderer.showScreen }
        set { renderer.showScreen = newValue }
    }
    /// Whether a long render shows its progress (``SessionRenderer/showsProgress``).
    var showsProgress: Bool {
        get { renderer.showsProgress }
        set { renderer.showsProgress = newValue }
    }
    /// While true, `render`, `show` and `save` do nothing (``SessionRenderer/declarationsOnly``).
    var declarationsOnly: Bool {
        get { renderer.declarationsOnly }
        set { renderer.declarationsOnly = newValue }
    }
    /// Screen `index` drawn as text (``SessionRenderer/renderedText(of:)``).
    func renderedText(ofScreen index: Int) -> String { renderer.renderedText(of: session.screens[index]) }
    /// Renders `screen` to a file, whole or not at all (``SessionRenderer/write(_:to:format:width:colors:)``).
    @discardableResult
    func write(_ screen: Screen, to path: String, format: OutputFormat, width: Int, colors: ColorMode)
        throws(BackendError) -> String?
    {
        try renderer.write(screen, to: path, format: format, width: width, colors: colors)
    }
    /// The progress line for a render of `screen`, when one is shown.
    func progress(for screen: Screen, toFile: Bool) -> RenderProgress? {
        renderer.progress(for: screen, toFile: toFile)
    }
    /// A render whose cells could not all be drawn is an error (``SessionRenderer/check(_:)``).
    static func check(_ summary: RenderSummary) throws(BackendError) { try SessionRenderer.check(summary) }
    /// A worker failure as text (``LoadedPlugins/describe(_:)``).
    func describe(_ failure: WorkerFailure) -> String { plugins.describe(failure) }
    /// Loads every plugin again in a new worker (``LoadedPlugins/reloadPlugins()``).
    func reloadPlugins() throws(BackendError) -> [(path: String, error: BackendError)] { try plugins.reloadPlugins() }
    /// What `--watch` watches (``LoadedPlugins/watchedFiles()``).
    func watchedFiles() -> (files: [String], folders: [String]) { plugins.watchedFiles() }
    /// `cellkit plugins` (``LoadedPlugins/listPlugins()``).
    func listPlugins() { plugins.listPlugins() }
    /// `cellkit plugins --json` (``LoadedPlugins/pluginsJSON()``).
    func pluginsJSON() -> String { plugins.pluginsJSON() }
    /// The cells of `screen` that belong to quarantined plugins, as an error.
    func quarantineError(for screen: Screen) -> PluginError? { plugins.quarantineError(for: screen) }
}
