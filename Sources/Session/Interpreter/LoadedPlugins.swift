@_spi(Host) import CellKit
import CellKitSupport
@_spi(Host) import PluginDiscovery
@_spi(Host) import WorkerProtocol

/// The plugins of a session: where they are found (``host``), where they are
/// loaded (``backend``), what they registered (``catalog``) and how often the
/// worker crashed in each (``quarantine``). It runs `load`, `reload`,
/// `plugins`, `cells` and `describe`, and resolves the cell names the other
/// commands use, loading a plugin from the path when one has the name.
final class LoadedPlugins {
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
    /// Where listings and notes go (the interpreter's output).
    var output: ConsoleOutput
    /// `set rebuild=`: whether `load` rebuilds a stale plugin (``loadStale(_:refusal:allowUnsafe:_:at:)``).
    var rebuild = RebuildChoice.never
    /// Starts a worker of its own for a rebuilt plugin's validation; `nil`
    /// where there is no worker executable (nothing is rebuilt then).
    var newWorker: (() -> WorkerBackend)?

    init(host: PluginLocator, backend: any PluginBackend, output: ConsoleOutput) {
        self.host = host
        self.backend = backend
        self.output = output
        for plugin in backend.preloaded { catalog.add(plugin) }
    }

    /// `load PLUGIN`: returns the name the session records (so `save` writes the `load`).
    func load(_ c: ValidatedCommand, sources: SourceContext) throws(ConsoleError) -> String? {
        guard let argument = c.arguments["plugin"] else { return nil }
        let name = argument.text
        // A waiver counts only from the person (see `commandsComeFromThePerson`).
        let waiver = c.bool("allow-unsafe")
        let waiverRefused = waiver == true && !sources.commandsComeFromThePerson
        let isPath = name.hasSuffix(".so") || name.contains("/")
        if !isPath, let plugin = catalog.plugin(named: name) {
            output.printNote(alreadyLoaded(plugin))
            return name
        }
        let path: String
        do {
            path = isPath ? sources.resolvePath(name) : try host.locate(name)
        } catch {
            var failure = Self.pluginError(error, c, at: argument.span)
            if error.code == .notFound, let hint = unbuiltExamplePlugin(name), !failure.diagnostics.isEmpty {
                failure.diagnostics[0].notes.append(hint)
            }
            throw failure
        }
        if c.bool("force") == true { forgiveCrashes(ofPluginAt: path, named: isPath ? nil : name) }
        var refusalNote: String?
        if waiverRefused {
            let source =
                switch argument.span.location.file {
                case "<recovered>": "a recovered session"
                case "<stdin>": "a script on standard input"
                case let file: file
                }
            refusalNote =
                CommandHint.option(.load, "allow-unsafe", "true")
                + " was not honoured: it comes from \(source), not from you; to grant it, "
                + CommandHint.grantUnsafeLoad(name)
        }
        try loadPlugin(
            path, allowUnsafe: (waiverRefused ? nil : waiver) ?? host.allowUnsafePlugins, c, at: argument.span,
            refusalNote: refusalNote)
        return name
    }

    /// Loads the library at `path` through the backend and adds what it
    /// registered to the catalog; says so on standard error, in one line
    /// (naming the cell it was loaded `for`, when a name loaded it). The path
    /// goes to the worker as given (its trust check follows it link by link);
    /// `refusalNote` is added to a refusal for unsafe permissions.
    func loadPlugin(
        _ path: String, allowUnsafe: Bool, _ c: ValidatedCommand, at span: SourceSpan, refusalNote: String? = nil,
        for name: String? = nil
    ) throws(ConsoleError) {
        let canonical = Path.canonical(path) ?? path
        if let plugin = catalog.plugin(atPath: canonical) {
            output.printNote(alreadyLoaded(plugin))
            return
        }
        guard fileExists(canonical) else {
            throw Self.pluginError(
                PluginError(
                    .missingFile, "\(path): no such file",
                    fix: "check the path, or build the plugin first (swift build)", path: path), c, at: span)
        }
        if let quarantine = quarantineError(forPluginAt: canonical) { throw Self.pluginError(quarantine, c, at: span) }
        let absolute = (try? Path.absolute(path)) ?? path
        let plugin: PluginInfo
        let wasLoaded: Bool
        do throws(BackendError) {
            (plugin, wasLoaded) = try backend.load(path: absolute, allowUnsafe: allowUnsafe)
        } catch {
            if case .plugin(let refusal) = error, Self.isStale(refusal) {
                plugin = try loadStale(absolute, refusal: refusal, allowUnsafe: allowUnsafe, c, at: span)
                wasLoaded = false
            } else {
                var failure = backendError(error, c, at: span, loading: canonical)
                if case .plugin(let refusal) = error, refusal.code == .unsafePermissions, let refusalNote,
                    !failure.diagnostics.isEmpty
                {
                    failure.diagnostics[0].notes.append(refusalNote)
                }
                throw failure
            }
        }
        catalog.add(plugin)
        if wasLoaded && name == nil {
            output.printError(alreadyLoaded(plugin))
        } else {
            // (Loaded for a name again after a command that failed, as the session sees it, though not the worker.)
            let from = plugin.path.map { " from \(displayPath($0))" } ?? ""
            let reason = name.map { " for \($0)" } ?? ""
            output.printNote("loaded \(plugin.name) \(plugin.version)\(reason)\(from): \(plugin.contentsSummary)")
        }
    }

    /// The command's optional `plugin` argument, which must name a loaded
    /// plugin (`reload NAME`, `cells NAME`): otherwise an error at it, with
    /// the nearest loaded name or the `load` that fixes it.
    private func loadedPluginArgument(_ c: ValidatedCommand) throws(ConsoleError) -> Command.Argument? {
        let given = c.arguments["plugin"]
        guard let argument = given, catalog.plugin(named: argument.text) == nil else { return given }
        let names = catalog.plugins.map(\.name)
        throw ConsoleError(
            .script,
            c.command.diagnostic(
                "no plugin named '\(argument.text)' is loaded", at: argument.span,
                notes: [Suggestions.didYouMean(argument.text, in: names) ?? "load it first: load \(argument.text)"]))
    }

    /// `reload [PLUGIN]`: a new worker loads every plugin again from its file
    /// (the interpreter then draws the current screen again).
    func reload(_ c: ValidatedCommand) throws(ConsoleError) {
        let argument = try loadedPluginArgument(c)
        if let name = argument?.text { quarantine.forgive(name) } else { quarantine.forgiveAll() }
        let failures: [Diagnostic]
        do {
            failures = try reloadPlugins().flatMap { path, error in
                backendError(error, c, at: c.command.nameSpan, loading: path).diagnostics
            }
        } catch {
            throw backendError(error, c, at: argument?.span ?? c.command.nameSpan)
        }
        if !failures.isEmpty { throw ConsoleError(.plugin, failures) }
    }

    /// Loads every plugin again in a new worker and updates the catalog;
    /// says how many on standard error; returns the loads that failed.
    func reloadPlugins() throws(BackendError) -> [(path: String, error: BackendError)] {
        let results = try backend.reload()
        var failures: [(path: String, error: BackendError)] = []
        for (path, result) in results {
            switch result {
            case .success(let plugin): catalog.replace(plugin)
            case .failure(let error): failures.append((path, error))
            }
        }
        let count = results.count - failures.count
        output.printNote("reloaded \(count) plugin\(count == 1 ? "" : "s") in a new worker")
        return failures
    }

    /// What `--watch` watches: the loaded plugins' libraries and their
    /// resource folders (`NAME.resources` or `…_NAME.resources` next to the library).
    func watchedFiles() -> (files: [String], folders: [String]) {
        var files: [String] = []
        var folders: [String] = []
        for plugin in catalog.plugins {
            guard let path = plugin.path else { continue }
            files.append(path)
            let dir = Path.dirname(path)
            if let names = try? listDirectory(dir) {
                let resources = "\(plugin.name).resources"
                for name in names where name == resources || name.hasSuffix("_" + resources) {
                    folders.append(dir + "/" + name)
                }
            }
        }
        return (files, folders)
    }

    private func alreadyLoaded(_ plugin: PluginInfo) -> String {
        let from = plugin.path.map { " from \(displayPath($0))" } ?? ""
        return "\(plugin.name) is already loaded\(from); nothing to do"
    }

    /// When `name` is one of the example plugins of the checkout this
    /// cellkit was built in, and is not built yet (`swift run cellkit` builds
    /// only cellkit), how to build it.
    func unbuiltExamplePlugin(_ name: String) -> String? {
        for directory in host.searchPath.directories {
            let parts = directory.split(separator: "/", omittingEmptySubsequences: false)
            guard let build = parts.lastIndex(of: ".build") else { continue }
            let root = parts[..<build].joined(separator: "/")
            let sources = (root.isEmpty ? "." : root) + "/Plugins/" + name
            if fileExists(root + "/Package.swift"), fileExists(sources) {
                return "\(name) is an example plugin of this checkout (Plugins/\(name)) and is not built yet: "
                    + "`swift build` builds every plugin (`swift run cellkit` builds cellkit only)"
            }
        }
        return nil
    }

    /// `cellkit plugins --json`: what ``listPlugins()`` lists, for tools (docs/json-output.md).
    func pluginsJSON() -> String {
        var plugins: [JSONValue] = catalog.plugins.map { plugin in
            MachineReadable.plugin(
                name: plugin.name, version: plugin.version, sdk: Self.sdk(plugin.abiVersion), state: "loaded",
                reason: nil,
                path: plugin.path, provides: plugin.contentsCounts)
        }
        if let cache = host.cache {
            for record in cache.records(for: host.searchPath) where record.isPlugin {
                guard !catalog.plugins.contains(where: { $0.name == record.name || $0.path == record.path }) else {
                    continue
                }
                let state =
                    record.refusal != nil
                    ? "refused" : record.staleReason != nil ? "stale" : record.error != nil ? "broken" : "available"
                plugins.append(
                    MachineReadable.plugin(
                        name: record.name, version: record.version, sdk: Self.sdk(record.abiVersion), state: state,
                        reason: record.refusal ?? Self.staleState(record) ?? record.error, path: record.path,
                        provides: record.contentsCounts))
            }
        }
        return MachineReadable.text(
            MachineReadable.document(
                "plugins",
                [
                    ("searchPath", .array(host.searchPath.directories.map { .string($0) })),
                    ("plugins", .array(plugins)),
                ]))
    }

    /// The SDK a plugin was built against, as `plugins` shows it: `1.0`; empty when unknown (0).
    static func sdk(_ version: UInt32) -> String { version == 0 ? "" : PluginABI.versionDescription(version) }

    func listPlugins() {
        let loaded = catalog.plugins
        var rows: [[String]] = [["PLUGIN", "VERSION", "SDK", "STATE", "PROVIDES", "PATH"]]
        for plugin in loaded {
            rows.append([
                plugin.name, plugin.version, Self.sdk(plugin.abiVersion), "loaded", plugin.contentsSummary,
                plugin.path.map(displayPath) ?? "(built in)",
            ])
        }
        var stale = 0
        if let cache = host.cache {
            let records = cache.records(for: host.searchPath)
            if let notice = cache.notice { output.printError("note: \(notice)") }
            for record in records where record.isPlugin {
                guard !loaded.contains(where: { $0.name == record.name || $0.path == record.path }) else { continue }
                if record.staleReason != nil { stale += 1 }
                let state =
                    record.refusal.map { "refused: \($0)" } ?? Self.staleState(record).map { "stale: \($0)" }
                    ?? record.error.map { "broken: \($0)" } ?? "available"
                rows.append([
                    record.name, record.version, Self.sdk(record.abiVersion), state, record.contentsSummary,
                    displayPath(record.path),
                ])
            }
        }
        if rows.count == 1 {
            output.print("no plugins loaded or found on the plugin path (\(host.searchPath))")
            return
        }
        output.print(TextTable.format(rows))
        if stale > 0 {
            output.printError(
                "note: \(counted(stale, "plugin")) must be rebuilt for this cellkit's Swift and SDK; "
                    + "cellkit plugin rebuild rebuilds "
                    + (stale == 1 ? "it from its package" : "them from their packages"))
        }
    }

    /// Why a stale plugin does not load, and the command that fixes it
    /// (`cellkit plugin rebuild NAME`); `nil` for a plugin that is not stale.
    static func staleState(_ record: RegistryCache.Record) -> String? {
        record.staleReason.map {
            "\($0); fix: \(StalePlugin.fix(name: record.name, pluginDirectory: Path.dirname(record.path)))"
        }
    }

    func listCells(_ c: ValidatedCommand) throws(ConsoleError) {
        let filter = try loadedPluginArgument(c)
        let items = catalog.allItems().filter { filter == nil || $0.plugin == filter?.text }
        guard !items.isEmpty else {
            output.print("no cells yet: load a plugin first (load BasicCells)")
            return
        }
        var rows: [[String]] = [["NAME", "KIND", "ATTRIBUTES", "SUMMARY"]]
        for item in items {
            rows.append([
                item.qualifiedName, item.kind.noun(plural: false),
                item.info.attributes.map(\.name).joined(separator: ","),
                item.info.summary ?? "",
            ])
        }
        output.print(TextTable.format(rows))
    }

    func describe(_ c: ValidatedCommand) throws(ConsoleError) {
        guard let argument = c.arguments["cell"] else { return }
        let item = try resolve(argument.text, kinds: Set(PluginRegistration.Kind.allCases), c, at: argument.span).item
        if c.options["format"]?.value.text == "json" {
            output.print(MachineReadable.text(MachineReadable.describe(item)))
            return
        }
        var header = "\(item.qualifiedName)   \(item.kind.noun(plural: false))"
        if let nib = item.info.nibName { header += "   nib \(nib).nib" }
        output.print(header)
        if let summary = item.info.summary, !summary.isEmpty { output.print("  \(summary)") }
        if item.kind == .dataSource {
            let endings = item.info.fileExtensions.map { "." + $0 }.joined(separator: ", ")
            output.print(
                "  reads " + (endings.isEmpty ? "" : "files ending \(endings), and ")
                    + "any file with format=\(item.name); its options:")
        }
        let attributes = item.info.attributes
        if attributes.isEmpty {
            if !item.info.scenes.isEmpty {
                output.print("  scenes: \(item.info.scenes.joined(separator: ", "))")
            } else {
                output.print("  no attributes")
            }
            return
        }
        let rows = attributes.map { a in
            [
                "  " + a.name, a.type.description,
                a.defaultValue.map { Script.format(StoryboardWriter.value($0)) } ?? "", a.summary ?? "",
            ]
        }
        output.print(TextTable.format(rows, header: false))
    }
}

extension LoadedPlugins {
    /// Resolves a cell-like name, pointing at `span` when it fails. A cell of
    /// a plugin on the path that is not loaded yet is loaded now (the cache
    /// says which plugin has it), so scripts need not `load` first: its name
    /// comes back as `loaded`, for the session to record.
    func resolve(
        _ name: String, kinds: Set<PluginRegistration.Kind>, _ c: ValidatedCommand, at span: SourceSpan
    ) throws(ConsoleError) -> (item: CatalogItem, loaded: String?) {
        do {
            return (try catalog.resolve(name, kinds: kinds), nil)
        } catch {
            if error.code == .unknownName, let provider = host.cachedProvider(of: name, kinds: kinds) {
                try loadPlugin(provider.path, allowUnsafe: host.allowUnsafePlugins, c, at: span, for: name)
                do {
                    return (try catalog.resolve(name, kinds: kinds), provider.plugin)
                } catch let again {
                    throw Self.pluginError(again, c, at: span)
                }
            }
            var failure = Self.pluginError(error, c, at: span)
            if error.code == .unknownName, !failure.diagnostics.isEmpty {
                failure.diagnostics[0].notes = unknownNameNotes(name, kinds: kinds, loadedFix: error.fix)
            }
            throw failure
        }
    }

    /// What to say of a name that neither a loaded plugin nor, by the
    /// registry cache, a plugin on the path has among `kinds`: that one of
    /// them has it as another kind (the loaded plugins' answer, `loadedFix`),
    /// else the nearest name any of them has (a plugin is loaded for a name,
    /// so one not loaded yet counts: `TextCel` is `TextCell`); then why what
    /// some libraries on the path provide is unknown (refused by the trust
    /// check, or broken).
    private func unknownNameNotes(_ name: String, kinds: Set<PluginRegistration.Kind>, loadedFix: String?)
        -> [String]
    {
        let records = host.cache?.records(for: host.searchPath) ?? []
        var notes: [String] = []
        if (try? catalog.resolve(name)) != nil, let loadedFix {
            notes.append(loadedFix)  // "… is a nib, not a cell"
        } else if let (plugin, other) = Self.registration(named: name, in: records) {
            let what = PluginRegistration.Kind.describe(kinds)
            notes.append("\(plugin).\(other.name) is a \(other.kind.noun(plural: false)), not a \(what)")
        } else if let near = Suggestions.nearest(to: name, in: Self.names(in: catalog, records, kinds: kinds)) {
            notes.append("did you mean '\(near)'?")
        } else {
            notes.append("`cells` lists what the loaded plugins provide; `cellkit plugins`, the plugins on the path")
        }
        return notes + unreadLibrariesNotes(records)
    }

    /// The names of `kinds` that the loaded plugins (`catalog`) and, by the
    /// registry cache's `records`, the plugins on the path not loaded yet
    /// have, short and qualified, sorted: what a cell's name may be, for
    /// suggestions and completion.
    static func names(
        in catalog: PluginCatalog, _ records: [RegistryCache.Record], kinds: Set<PluginRegistration.Kind>?
    ) -> [String] {
        var names = catalog.names(kinds: kinds)
        for record in records where record.isPlugin && record.error == nil {
            for registration in record.registrations where kinds?.contains(registration.kind) ?? true {
                names += [registration.name, record.name + "." + registration.name]
            }
        }
        return Array(Set(names)).sorted()
    }

    /// The plugin on the path, by the cache, that has something called
    /// `name` (short or qualified), of any kind.
    private static func registration(named name: String, in records: [RegistryCache.Record])
        -> (plugin: String, RegistryCache.RegistrationRecord)?
    {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        for record in records where record.isPlugin && (parts.count == 1 || record.name == parts[0]) {
            if let found = record.registrations.first(where: { $0.name == parts.last }) { return (record.name, found) }
        }
        return nil
    }

    /// For libraries on the plugin path whose contents are unknown — refused
    /// by the trust check (never opened), or broken (their scan failed) — a
    /// note for each kind naming the first, and how many more.
    func unreadLibrariesNotes(_ records: [RegistryCache.Record]) -> [String] {
        func note(_ unread: [(name: String, reason: String)], _ what: String) -> String? {
            guard let first = unread.first else { return nil }
            let others = unread.count > 1 ? " and \(unread.count - 1) more" : ""
            return
                "\(first.name) on the plugin path \(what) (\(first.reason))\(others), so what it provides is unknown; "
                + "`cellkit plugins` lists it"
        }
        let refused = records.compactMap { record in record.refusal.map { (record.name, $0) } }
        let broken = records.compactMap { record in record.isPlugin ? record.error.map { (record.name, $0) } : nil }
        return [note(refused, "was not opened"), note(broken, "is broken")].compactMap { $0 }
    }

    /// A plugin error as a diagnostic at `span`.
    static func pluginError(_ error: PluginError, _ c: ValidatedCommand, at span: SourceSpan) -> ConsoleError {
        let kind: ConsoleError.Kind =
            switch error.code {
            case .unknownName, .ambiguousName: .script
            default: .plugin
            }
        return ConsoleError(
            kind, c.command.diagnostic(shown(error).message, at: span, notes: error.fix.map { [$0] } ?? []))
    }

    /// `error` as it is shown: its message is one line, so a name in it
    /// that holds a line break (`load "Bad\nName"`) shows it as a picture
    /// (`'Bad␊Name'`), as every control character of a message is shown.
    static func shown(_ error: PluginError) -> PluginError {
        var shown = error
        shown.message = TextLayout.sanitized(error.message)
        return shown
    }
}

extension RegistryCache.Record {
    /// `3 cells, 1 nib`.
    var contentsSummary: String { PluginRegistration.Kind.summary(of: registrations.map(\.kind)) }

    /// How many of each kind it registers, for `plugins --json`.
    var contentsCounts: [(PluginRegistration.Kind, Int)] {
        PluginRegistration.Kind.counts(of: registrations.map(\.kind))
    }
}
