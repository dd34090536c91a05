@_spi(Host) import CellKit
import CellKitSupport
import Glibc
import PluginDiscovery
import Synchronization
import WorkerProtocol

/// The interactive console: a prompt with line editing, history kept across
/// sessions, completion, help; every command journaled so `--recover` can
/// rebuild the screens after a crash. No error ends the session.
///
/// Start-up does only what the first prompt needs: the history file is read,
/// the plugin directories are listed for the banner's count; the journal file
/// is created at the first command, the registry cache read at the first Tab
/// that needs cell names.
final class REPL {
    let context: Context
    let recover: Bool
    /// `--watch`: a rebuilt plugin or an edited nib is loaded again on its
    /// own — at once in `show`, before the next command at the prompt.
    var watch = false
    private var watcher: FileWatcher?
    private var watchedFiles: (files: [String], folders: [String]) = ([], [])
    /// How many commands were typed at the prompt: diagnostics name the
    /// command they are about as `<prompt N>`, as ipython's `In [N]` does,
    /// then the line within it and the column (`<prompt 3>:1:14`).
    private(set) var entries = 0

    /// The name diagnostics give the command typed `entry`-th.
    static func source(ofEntry entry: Int) -> String { "<prompt \(entry)>" }

    /// Where a diagnostic about the whole of the last command typed points.
    private var lastEntry: SourceLocation { SourceLocation(file: Self.source(ofEntry: entries), line: 1, column: 1) }

    static let prompt = "cellkit> "
    static let continuationPrompt = "     ...> "

    init(context: Context, recover: Bool) {
        self.context = context
        self.recover = recover
    }

    var interpreter: Interpreter { context.interpreter }
    var output: ConsoleOutput { interpreter.output }

    func run() -> Int32 {
        let terminal = FileDescriptorTerminal(environment: context.environment)
        let history = loadHistory()
        let editor = LineEditor(terminal: terminal, history: history)
        editor.completion = { [unowned self] line, cursor in self.completion.complete(line, cursor: cursor) }
        editor.onIdle = { [unowned self] in self.redrawIfDataChanged() }
        REPLSignals.install()

        let base = context.output
        interpreter.output = ConsoleOutput(
            standardOutput: InterruptibleOutput(base.standardOutput), standardError: base.standardError,
            isTerminal: base.isTerminal, quiet: base.quiet)
        let journal = Journal.directory(environment: context.environment).map { Journal(directory: $0) }
        printBanner(journalDirectory: journal?.directory)
        if recover { recoverSession(into: journal) }
        interpreter.journal = journal
        // Off a terminal that can be drawn on (a pipe, TERM=dumb), `show` renders like `render`.
        if terminal.supportsLineEditing {
            interpreter.showScreen = { [unowned self] screen throws(ConsoleError) in
                try self.show(screen, on: terminal)
            }
        }

        while !interpreter.quitRequested {
            guard let text = readCommand(editor) else { break }
            if !text.allSatisfy(\.isWhitespace) { entries += 1 }
            REPLSignals.interruptRequested.store(false, ordering: .sequentiallyConsistent)
            reloadIfChanged()
            // Typed at the prompt: the person's own commands (a waiver counts); not when piped in.
            interpreter.sources.commandsComeFromThePerson = isatty(0) == 1
            interpreter.run(text, file: Self.source(ofEntry: entries), keepGoing: true)
            interpreter.sources.commandsComeFromThePerson = false
            REPLSignals.interruptRequested.store(false, ordering: .sequentiallyConsistent)
            reportStorageProblems(journal: journal, history: history)
        }
        journal?.close()
        return 0
    }

    // MARK: - Watching

    /// The watcher over the current screen's `watch=true` data files, and which files they are.
    private var dataWatcher: (files: [String], watcher: FileWatcher)?

    /// At the prompt: when a watched data file of the current screen changed,
    /// its rows are read again and the screen drawn again above the prompt;
    /// a file that does not check keeps the rows, and the error says why.
    private func redrawIfDataChanged() -> String? {
        guard let index = interpreter.session.current else { return nil }
        let files = interpreter.watchedDataFiles(screen: index)
        guard !files.isEmpty else {
            dataWatcher = nil
            return nil
        }
        if dataWatcher?.files != files {
            // Newly watched: a change before the watch began is found by the files' identities.
            dataWatcher = FileWatcher(files: files).map { (files, $0) }
        } else {
            guard let watcher = dataWatcher?.watcher, watcher.drain() else { return nil }
        }
        let refresh = interpreter.refreshWatchedData(screen: index)
        var text = refresh.errors.map { "cellkit: error: \($0) (the rows are as they were)\n" }.joined()
        if refresh.changed { text += interpreter.renderedText(ofScreen: index) }
        return text.isEmpty ? nil : text
    }

    /// The watcher over the loaded plugins' files, made again when they change.
    private func currentWatcher() -> FileWatcher? {
        guard watch else { return nil }
        let files = interpreter.watchedFiles()
        if watcher == nil || files.files != watchedFiles.files || files.folders != watchedFiles.folders {
            watchedFiles = files
            watcher = FileWatcher(files: files.files, folders: files.folders)
        }
        return watcher
    }

    /// At the prompt: plugins that changed on disk since the last command are loaded again.
    private func reloadIfChanged() {
        guard let watcher = currentWatcher(), watcher.drain() else { return }
        reloadChangedPlugins()
    }

    private func reloadChangedPlugins() {
        output.printError("note: plugin files changed")
        do {
            for (path, error) in try interpreter.reloadPlugins() {
                output.printError("cellkit: error: \(displayPath(path)): \(error)")
            }
        } catch {
            output.printError("cellkit: error: the plugins could not be loaded again: \(error)")
        }
    }

    private var journalProblemReported = false
    private var historyProblemReported = false

    /// Says once, as soon as it happens, that the journal or the history
    /// cannot be written: the session goes on, but a crash would lose it.
    private func reportStorageProblems(journal: Journal?, history: History) {
        if !journalProblemReported, let error = journal?.lastError {
            journalProblemReported = true
            output.printError("cellkit: warning: \(error); this session could not be recovered after a crash")
        }
        if !historyProblemReported, let error = history.lastError {
            historyProblemReported = true
            output.printError("cellkit: warning: history not saved: \(error)")
        }
    }

    /// Reads one command, with continuation lines after a trailing `\`; `nil`
    /// at the end of the input (Ctrl-D).
    private func readCommand(_ editor: LineEditor) -> String? {
        var text = ""
        var prompt = Self.prompt
        while true {
            let result: LineEditor.Result
            do {
                result = try editor.readLine(prompt: prompt)
            } catch {
                output.printError("cellkit: cannot read from the terminal: \(error)")
                return nil
            }
            switch result {
            case .interrupted:
                // Ctrl-C drops the whole command, continuation lines included.
                text = ""
                prompt = Self.prompt
            case .endOfFile:
                // Ctrl-D on a continuation line drops the unfinished command;
                // on the first line it leaves.
                if prompt == Self.continuationPrompt {
                    text = ""
                    prompt = Self.prompt
                    continue
                }
                return nil
            case .line(let line):
                text += (text.isEmpty && prompt == Self.prompt ? "" : "\n") + line
                if Script.needsContinuation(text) {
                    prompt = Self.continuationPrompt
                    continue
                }
                return text
            }
        }
    }

    private func loadHistory() -> History {
        guard let path = HistoryFile.defaultPath(environment: context.environment) else { return History() }
        do {
            return try History(path: path)
        } catch {
            output.printError("cellkit: warning: history not loaded: \(error)")
            return History()
        }
    }

    // MARK: - Banner

    private func printBanner(journalDirectory: String?) {
        let plugins = Self.pluginCount(in: context.host.searchPath.directories)
        output.print(
            "CellKit \(CellKitApp.version) · \(plugins) plugin\(plugins == 1 ? "" : "s") on the path "
                + "(type help, Tab completes, Ctrl-D leaves)")
        if !recover, let journalDirectory, let abandoned = Self.hasAbandonedJournal(in: journalDirectory), abandoned {
            output.printError("note: a session ended without quitting; `cellkit --recover` brings its screens back")
        }
    }

    /// The plugins on the path, counted from the directory listings alone (no
    /// `stat`, no sorting): what the banner needs, at start-up cost.
    static func pluginCount(in directories: [String]) -> Int {
        var names = Set<String>()
        for directory in directories {
            guard let handle = opendir(directory) else { continue }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let isFile =
                    entry.pointee.d_type == UInt8(DT_REG) || entry.pointee.d_type == UInt8(DT_LNK)
                    || entry.pointee.d_type == UInt8(DT_UNKNOWN)
                guard isFile else { continue }
                let file = directoryEntryName(entry)
                if let name = PluginSearchPath.pluginName(fromFile: file) { names.insert(name) }
            }
        }
        return names.count
    }

    /// Whether `directory` holds a journal of a session that ended without
    /// quitting; `nil` when there is no such directory. One listing; the lock
    /// test opens only the journals there are.
    static func hasAbandonedJournal(in directory: String) -> Bool? {
        guard fileExists(directory) else { return nil }
        return Journal.latestAbandoned(in: directory) != nil
    }

    // MARK: - show

    private func show(_ screen: Screen, on terminal: FileDescriptorTerminal) throws(ConsoleError) {
        let colors: ColorMode =
            interpreter.settings.color == .never
            ? .none : ColorMode.detect(environment: context.environment, isTerminal: true)
        if let quarantine = interpreter.quarantineError(for: screen) {
            throw ConsoleError(
                .plugin,
                Diagnostic(
                    message: quarantine.message,
                    location: lastEntry,
                    notes: quarantine.fix.map { [$0] } ?? []))
        }
        // The view owns the terminal: a source's check while it shows (a watched file read
        // again) writes no waiting line over it.
        let backend = interpreter.backend as? WorkerBackend
        let showsWaits = backend?.showsWaits ?? false
        backend?.showsWaits = false
        defer { backend?.showsWaits = showsWaits }
        let view = ScrollView(
            screen: screen, frames: interpreter.backend.frames, terminal: terminal, colors: colors,
            descriptor: terminal.output)
        if let watcher = currentWatcher() {
            view.watcher = watcher
            view.onChange = { [unowned self] in
                _ = try self.interpreter.reloadPlugins()
            }
        }
        // `rows … watch=true`: the screen follows its data files.
        if let index = interpreter.session.screens.firstIndex(where: { $0.name == screen.name }) {
            let files = interpreter.watchedDataFiles(screen: index)
            if !files.isEmpty, let dataWatcher = FileWatcher(files: files) {
                view.dataWatcher = dataWatcher
                view.onDataChange = { [unowned self] in
                    let refresh = self.interpreter.refreshWatchedData(screen: index)
                    return (refresh.changed ? self.interpreter.session.screens[index] : nil, refresh.errors.first)
                }
            }
        }
        do {
            try view.run()
        } catch let failure as WorkerFailure {
            let (message, notes) = interpreter.plugins.explain(failure, loading: nil)
            throw ConsoleError(
                .plugin,
                Diagnostic(
                    message: message, location: lastEntry,
                    notes: notes))
        } catch {
            throw ConsoleError(
                .io,
                Diagnostic(
                    message: "the terminal failed: \(error)",
                    location: lastEntry))
        }
        if let cells = RenderFailure.cellsNotDrawn(view.cellErrors) { output.printError("warning: \(cells)") }
    }

    // MARK: - Completion

    lazy var completion: REPLCompletion = {
        var completion = makeCompletion()
        completion.dataFormats = { [unowned self] in self.cellNames(kinds: [.dataSource]) }
        return completion
    }()

    private func makeCompletion() -> REPLCompletion {
        REPLCompletion(
            screens: { [unowned self] in self.interpreter.session.screens.map(\.name) },
            cells: { [unowned self] in self.cellNames() },
            rowCells: { [unowned self] in self.cellNames(kinds: Interpreter.rowKinds) },
            plugins: { [unowned self] in self.pluginNames() },
            attributes: { [unowned self] cell in self.attributeNames(of: cell) },
            attributeValues: { [unowned self] cell, attribute in self.attributeValues(of: cell, attribute) },
            home: Environment(context.environment).homeDirectory())
    }

    private func pluginNames() -> [String] {
        var names = interpreter.catalog.plugins.map(\.name)
        names += context.host.searchPath.libraries().map(\.name)
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }.sorted()
    }

    /// Cells, header/footer views and nibs of the loaded plugins, and from the
    /// registry cache those of the plugins on the path not loaded yet; short
    /// names and qualified ones.
    private func cellNames(kinds: Set<PluginRegistration.Kind>? = nil) -> [String] {
        let records = context.host.cache?.records(for: context.host.searchPath) ?? []
        return LoadedPlugins.names(in: interpreter.catalog, records, kinds: kinds)
    }

    /// The values Tab offers after `attribute=` on a line of `cell`.
    private func attributeValues(of cell: String, _ attribute: String) -> [String] {
        if let item = try? interpreter.catalog.resolve(cell) {
            return item.info.attributes.first { $0.name == attribute }.map { REPLCompletion.values(of: $0.type) } ?? []
        }
        guard let cache = context.host.cache else { return [] }
        let parts = cell.split(separator: ".", maxSplits: 1).map(String.init)
        let (plugin, short) = parts.count == 2 ? (Optional(parts[0]), parts[1]) : (nil, cell)
        for record in cache.records(for: context.host.searchPath) where plugin == nil || record.name == plugin {
            if let registration = record.registrations.first(where: { $0.name == short }) {
                let type = registration.attributes.first { $0.name == attribute }?.type
                return type.map(REPLCompletion.values(ofTypeNamed:)) ?? []
            }
        }
        return []
    }

    private func attributeNames(of cell: String) -> [String] {
        if let item = try? interpreter.catalog.resolve(cell) {
            return item.info.attributes.map(\.name)
        }
        guard let cache = context.host.cache else { return [] }
        let parts = cell.split(separator: ".", maxSplits: 1).map(String.init)
        let (plugin, short) = parts.count == 2 ? (Optional(parts[0]), parts[1]) : (nil, cell)
        for record in cache.records(for: context.host.searchPath) where plugin == nil || record.name == plugin {
            if let registration = record.registrations.first(where: { $0.name == short }) {
                return registration.attributes.map(\.name)
            }
        }
        return []
    }

    // MARK: - Recovery

    /// The commands recovery replays: those that build the session. Output-only
    /// commands (`render`, `show`, `help`, the lists), `save` (it wrote its file
    /// already) and `quit` are not run again.
    static let replayedCommands: Set<CommandSpec.Name> = [.load, .screen, .section, .row, .rows, .initial, .open, .set]

    /// Replays the latest abandoned session's journal into this session (and
    /// its journal, so a crash now loses nothing either), then removes it, and
    /// the partial journals of earlier recoveries of it. Nothing is removed
    /// until this session's journal durably holds the replay (`recovered`
    /// written and flushed): a recovery killed at any point leaves a journal
    /// the next `--recover` replays in full.
    private func recoverSession(into journal: Journal?) {
        guard let plan = recoveryPlan(journal: journal) else { return }
        let failures = replay(plan, into: journal)
        journal?.finishRecovery()
        if plan.replay.isEmpty || journal?.isIntact == true {
            // The partial ones first: if this ends in between, the complete one is still there.
            for path in plan.partials + plan.replaced + [plan.path] { unlink(path) }
        }
        reportRecovery(plan, failures: failures)
    }

    /// What a recovery replays, worked out from the journals.
    private struct RecoveryPlan {
        /// The journal replayed.
        var path: String
        var contents: Journal.Contents
        /// The journals of earlier recoveries of `path` that ended before they
        /// finished (killed, or the machine went down): `path` holds all they
        /// replayed, and they go with it.
        var partials: [String]
        /// The journal `path` itself recovered in full (an abandoned session it
        /// replaced, still there if that recovery ended before removing it).
        var replaced: [String]
        /// The commands to run again.
        var replay: [Journal.Contents.Entry]
    }

    /// The journal to replay and what to replay of it; `nil` (and a message saying why)
    /// when there is nothing to recover.
    private func recoveryPlan(journal: Journal?) -> RecoveryPlan? {
        guard let directory = journal?.directory ?? Journal.directory(environment: context.environment) else {
            output.printError("cellkit: nothing to recover: no home directory for the session journals")
            return nil
        }
        let abandoned = Journal.abandoned(in: directory)
        guard var path = abandoned.first else {
            output.printError(
                "cellkit: nothing to recover: no session ended without quitting (journals: \(displayPath(directory)))")
            return nil
        }
        var contents: Journal.Contents
        do {
            contents = try Journal.read(path)
        } catch {
            output.printError("cellkit: cannot recover: \(error.description)")
            return nil
        }
        // The newest journal may be that of an earlier --recover that ended while it
        // replayed: the journal it was replaying is the complete one. Replay that in
        // full: every command in it had succeeded, the one that recovery was running
        // too (it was killed, or the machine went down; plugin code runs in the worker).
        if let source = contents.recovering, !contents.recoveryFinished, source != path,
            let complete = try? Journal.read(source)
        {
            path = source
            contents = complete
        }
        let partials = abandoned.filter { other in
            guard other != path, let earlier = try? Journal.read(other) else { return false }
            return earlier.recovering == path && !earlier.recoveryFinished
        }
        var replaced: [String] = []
        if contents.recoveryFinished, let source = contents.recovering, source != path, abandoned.contains(source) {
            replaced.append(source)
        }
        let replay = contents.succeeded.filter { entry in
            guard case .success(let command)? = Script.parse(entry.text, file: "").lines.first?.result,
                let spec = CommandSpec.named(command.name)
            else { return false }
            return Self.replayedCommands.contains(spec.name)
        }
        return RecoveryPlan(path: path, contents: contents, partials: partials, replaced: replaced, replay: replay)
    }

    /// Runs the plan's commands, quietly (the session's output was seen already), each in
    /// the directory it first ran in; the errors.
    private func replay(_ plan: RecoveryPlan, into journal: Journal?) -> [ConsoleError] {
        let visible = interpreter.output
        let quiet = MemoryOutput()
        interpreter.output = ConsoleOutput(standardOutput: quiet, standardError: quiet, isTerminal: false)
        interpreter.journal = journal
        journal?.beginRecovery(of: plan.path)
        interpreter.declarationsOnly = true
        let home = try? Path.currentDirectory()
        var failures: [ConsoleError] = []
        for (index, entry) in plan.replay.enumerated() {
            if let wanted = entry.directory, wanted != (try? Path.currentDirectory()) { _ = chdir(wanted) }
            failures += interpreter.run(entry.text, file: "<recovered>", firstLine: index + 1, keepGoing: true)
        }
        if let home { _ = chdir(home) }
        interpreter.declarationsOnly = false
        interpreter.output = visible
        return failures
    }

    /// Says what was recovered, and what was left out.
    private func reportRecovery(_ plan: RecoveryPlan, failures: [ConsoleError]) {
        let replayed = plan.replay.count - failures.count
        let screens = interpreter.session.screens.map(\.name)
        var summary = "recovered \(replayed) command\(replayed == 1 ? "" : "s")"
        summary +=
            screens.isEmpty
            ? ", no screens"
            : " and \(screens.count) screen\(screens.count == 1 ? "" : "s") (\(screens.joined(separator: ", ")))"
        output.printError(ErrorText.lines(summary, ["from \(displayPath(plan.path))"]))
        if !plan.partials.isEmpty {
            let count = plan.partials.count
            output.printError(
                "an earlier `cellkit --recover` of that session ended before it finished; the complete journal "
                    + "above was replayed in full, and the partial one\(count == 1 ? "" : "s") "
                    + "\(count == 1 ? "it" : "they") left set aside")
        }
        for failure in failures where !failure.diagnostics.isEmpty {
            output.printError("this command failed again and was left out:\n" + failure.description)
        }
        if let crashed = plan.contents.interrupted {
            output.printError(
                ErrorText.lines("skipped the command that was running when that session ended:", [crashed]))
        }
    }
}
