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
    /// Session options set with `set`.
    struct Settings: Equatable {
        var width: Int?
        /// When to write ANSI colour to standard output.
        var color: ColorChoice = .auto
    }

    var session = Session()
    /// The search path, the trust policy and the registry cache. The session
    /// never loads through it: loading and drawing go to ``backend``.
    let host: PluginLocator
    /// Where plugins are loaded and screens drawn: the worker process, or
    /// this process in tests.
    let backend: any PluginBackend
    /// What the loaded plugins registered, as data: what scripts are checked against.
    var catalog = PluginCatalog()
    /// The worker's crashes by plugin, and which plugins are quarantined.
    var quarantine = Quarantine()
    /// Where results and diagnostics go (the REPL wraps it so Ctrl-C can stop a long render).
    var output: ConsoleOutput
    var settings = Settings()
    let environment: [String: String]
    /// The terminal's width, if standard output is one.
    var terminalWidth: () -> Int? = { nil }
    /// Shows a screen interactively (the REPL's scroll view); `nil` renders to standard output.
    var showScreen: ((Screen) throws(ConsoleError) -> Void)?
    /// Records each command as it runs, so a crashed session can be recovered.
    var journal: Journal?
    /// Whether a long render shows its progress on standard error when that is a
    /// terminal (``RenderProgress``): set by `cellkit`, off in tests in this process.
    var showsProgress = false
    /// While true, `render`, `show` and `save` do nothing (storyboards being read for `cellkit render`, recovery).
    var declarationsOnly = false
    /// Set by `quit`.
    private(set) var quitRequested = false
    /// Where the commands being run come from: the scripts and files open, who
    /// typed them, the limits on what they read.
    var sources = SourceContext()

    /// An interpreter whose plugin work goes to `backend`: a worker process
    /// (`WorkerBackend`), or nowhere (`NoWorkerBackend`); never this process.
    package init(host: PluginLocator, output: ConsoleOutput, environment: [String: String], backend: any PluginBackend)
    {
        self.host = host
        self.output = output
        self.environment = environment
        self.backend = backend
        for plugin in self.backend.preloaded { catalog.add(plugin) }
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
        let saved = (settings, catalog)
        do {
            try dispatch(valid)
            journal?.finish(succeeded: true)
        } catch {
            (settings, catalog) = saved
            journal?.finish(succeeded: false)
            throw error
        }
    }

    /// Whether the run in progress goes on after an error.
    var isKeepingGoing: Bool { sources.keepingGoing }

    private func dispatch(_ c: ValidatedCommand) throws(ConsoleError) {
        switch c.name {
        case .load: try load(c)
        case .reload: try reload(c)
        case .plugins: listPlugins()
        case .cells: try listCells(c)
        case .describe: try describe(c)
        case .screen: try screen(c)
        case .section: try section(c)
        case .row: try row(c)
        case .rows: try rows(c)
        case .render: try render(c)
        case .show: try show(c)
        case .initial: try initial(c)
        case .open: try open(c)
        case .save: try save(c)
        case .screens: listScreens()
        case .set: try set(c)
        case .help: help(c)
        case .quit: quitRequested = true
        }
    }

    // MARK: - Helpers

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

    /// A plugin error as a diagnostic at `span`.
    func pluginError(_ error: PluginError, _ c: ValidatedCommand, at span: SourceSpan) -> ConsoleError {
        let kind: ConsoleError.Kind =
            switch error.code {
            case .unknownName, .ambiguousName: .script
            default: .plugin
            }
        return ConsoleError(
            kind, c.command.diagnostic(error.message, at: span, notes: error.fix.map { [$0] } ?? []))
    }

    /// Resolves a cell-like name, pointing at `span` when it fails.
    func resolve(
        _ name: String, kinds: Set<PluginRegistration.Kind>, _ c: ValidatedCommand, at span: SourceSpan
    ) throws(ConsoleError) -> CatalogItem {
        do {
            return try catalog.resolve(name, kinds: kinds)
        } catch {
            // A cell of a plugin on the path that is not loaded yet: load it now (the
            // cache says which plugin has it), so scripts need not `load` first.
            if error.code == .unknownName, let provider = host.cachedProvider(of: name, kinds: kinds) {
                try loadPlugin(provider.path, allowUnsafe: host.allowUnsafePlugins, c, at: span, for: name)
                // So that `save` writes the `load` that makes the name resolve again.
                if !session.loadedPlugins.contains(provider.plugin) {
                    session.loadedPlugins.append(provider.plugin)
                }
                do {
                    return try catalog.resolve(name, kinds: kinds)
                } catch let again {
                    throw pluginError(again, c, at: span)
                }
            }
            var failure = pluginError(error, c, at: span)
            if error.code == .unknownName, let note = refusedLibrariesNote(), !failure.diagnostics.isEmpty {
                failure.diagnostics[0].notes.append(note)
            }
            throw failure
        }
    }

    /// When libraries on the plugin path were refused by the trust check (so
    /// nobody knows what they provide), a note naming them; `nil` otherwise.
    func refusedLibrariesNote() -> String? {
        guard let cache = host.cache else { return nil }
        let refused = cache.records(for: host.searchPath).filter { $0.refusal != nil }
        guard let first = refused.first, let reason = first.refusal else { return nil }
        let others = refused.count > 1 ? " and \(refused.count - 1) more" : ""
        return "\(first.name) on the plugin path was not opened (\(reason))\(others), so what it provides is unknown; "
            + "`cellkit plugins` lists it"
    }
}
