@_spi(Host) import CellKit
import CellKitSupport
import DataBinding
import Glibc
@_spi(Host) import PluginDiscovery
import WorkerProtocol

// MARK: - Files a plugin's data source reads

extension DataBinder {
    /// The options every data source may be given on `rows` that a file
    /// cellkit reads itself does not take (the SQLite source's).
    static let sourceOptionNames = ["table", "query"]

    /// The data source a plugin registered that reads the file at `path`:
    /// the one `format=` names when it is not one cellkit reads itself, else
    /// the one claiming the file's name ending (`.db`). A plugin on the path
    /// that has it is loaded first, as a cell's plugin is. `nil` for the
    /// files cellkit reads itself.
    static func pluginSource(for path: String, _ c: ValidatedCommand, plugins: LoadedPlugins) throws(ConsoleError)
        -> CatalogItem?
    {
        if let name = c.option("format") {
            if RecordFormats.format(named: name) != nil { return nil }
            let span = c.options["format"]?.valueSpan ?? c.command.nameSpan
            do {
                return try plugins.resolve(name, kinds: [.dataSource], c, at: span).item
            } catch {
                let formats = RecordFormats.names + plugins.dataSourceNames()
                throw ConsoleError(
                    .script,
                    c.command.diagnostic(
                        "format=\(name): no such format", at: span,
                        notes: [
                            Suggestions.didYouMean(name, in: formats) ?? "formats: " + formats.joined(separator: ", ")
                        ]
                    ))
            }
        }
        let name = Path.basename(path).lowercased()
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, RecordFormats.format(claiming: path) == nil
        else { return nil }
        let ending = String(name[name.index(after: dot)...])
        guard let provider = plugins.dataSource(claiming: ending) else { return nil }
        if let item = provider.item { return item }
        let span = c.arguments["file"]?.span ?? c.command.nameSpan
        return try plugins.resolve(provider.qualifiedName, kinds: [.dataSource], c, at: span).item
    }

    /// The binding of `rows CELL from FILE` (`cellArgument`, `fileArgument`)
    /// to `item` when `source`, a plugin's data source, reads the file: the
    /// worker opens it, counts its records and checks the first ones; its
    /// problems are errors at the script's place (the field's mapping, or
    /// the file), naming the source's own place.
    static func sourceBinding(
        _ c: ValidatedCommand, cell cellArgument: Command.Argument, file fileArgument: Command.Argument,
        to item: CatalogItem, source: CatalogItem, selection: RowSelection = RowSelection(), sources: SourceContext,
        plugins: LoadedPlugins
    ) throws(ConsoleError) -> Binding {
        // The source's options are set apart from the cell's attributes.
        let optionNames = source.info.attributes.map(\.name)
        var options = try selectionOptions(c, selection, source: source, optionNames: optionNames)
        var command = c
        command.attributes = []
        for (name, attribute) in c.options.sorted(by: {
            $0.value.nameSpan.location.column < $1.value.nameSpan.location.column
        })
        where sourceOptionNames.contains(name) {
            guard optionNames.contains(name) else {
                throw ConsoleError(
                    .script,
                    c.command.diagnostic(
                        "the \(source.qualifiedName) data source takes no \(name)=", at: attribute.nameSpan,
                        notes: [
                            optionNames.isEmpty
                                ? "it takes no options" : "its options are " + optionNames.joined(separator: ", ")
                        ]))
            }
            options.append(SourceOption(name: name, value: attribute.value.text ?? attribute.value.description))
        }
        for attribute in c.attributes {
            if optionNames.contains(attribute.name) {
                options.append(
                    SourceOption(name: attribute.name, value: attribute.value.text ?? attribute.value.description))
            } else {
                command.attributes.append(attribute)
            }
        }
        let (mappings, bound) = try mappings(of: command, item)
        let path = sources.dataOverride ?? sources.resolvePath(fileArgument.text)
        var binding = Binding(
            cell: CellReference(written: cellArgument.text, qualified: item.qualifiedName), file: fileArgument.text,
            path: sources.canonicalFilePath(path), format: source.name, mappings: mappings, count: 0,
            identity: DataFileIdentity(of: path) ?? DataFileIdentity(size: -1, seconds: 0, nanoseconds: 0),
            watch: c.bool("watch") ?? false,
            source: SourceBinding(name: source.qualifiedName, options: options))
        let check: SourceCheck
        do throws(BackendError) {
            check = try plugins.backend.checkSource(binding, exact: false)
        } catch {
            throw plugins.backendError(error, c, at: fileArgument.span)
        }
        guard check.problems.isEmpty else {
            let kind: ConsoleError.Kind = isRegularFile(path) && access(path, R_OK) == 0 ? .script : .io
            throw ConsoleError(
                kind,
                check.problems.map { problem in
                    // A problem with a field points at the mapping that uses it.
                    let span =
                        problem.field.flatMap { field in
                            (bound.flatMap(\.fieldPaths) + selection.fields.map { ($0.path, $0.span) })
                                .first { $0.0.topLevelKey == field }?.1
                        } ?? fileArgument.span
                    let place = problem.place.map { ", \($0)" } ?? ""
                    return c.command.diagnostic(
                        "\(fileArgument.text)\(place): \(problem.message)", at: span,
                        notes: problem.fix.map { [$0] } ?? [])
                })
        }
        binding.count = check.count
        binding.source?.fingerprint = check.fingerprint
        binding.source?.starts = check.starts
        binding.source?.estimated = check.estimated
        guard let identity = DataFileIdentity(of: path), identity == binding.identity else {
            throw ConsoleError(
                .io,
                c.command.diagnostic(
                    "\(path) changed while it was read", at: fileArgument.span,
                    notes: ["run the command again once whatever writes it has finished"]))
        }
        return binding
    }
}

extension DataBinder {
    /// `sort=` and `where=` as options of a plugin's data source: refused
    /// unless it declares them (it sorts and filters itself: SQLite's
    /// `ORDER BY` and `WHERE`), and then given as the options `sort` (a key
    /// a line) and `where` (as written), whose fields must be names.
    static func selectionOptions(
        _ c: ValidatedCommand, _ selection: RowSelection, source: CatalogItem, optionNames: [String]
    ) throws(ConsoleError) -> [SourceOption] {
        var options: [SourceOption] = []
        for name in ["sort", "where"] {
            guard let option = c.options[name] else { continue }
            guard optionNames.contains(name) else {
                throw ConsoleError(
                    .script,
                    c.command.diagnostic(
                        "the \(source.qualifiedName) data source does not sort or filter its records: it takes no "
                            + "\(name)=", at: option.nameSpan,
                        notes: [
                            optionNames.isEmpty
                                ? "it takes no options" : "its options are " + optionNames.joined(separator: ", ")
                        ]))
            }
        }
        let nested = selection.fields.filter { $0.path.topLevelKey == nil }
        if !nested.isEmpty {
            throw ConsoleError(
                .script,
                nested.map {
                    c.command.diagnostic(
                        "the \(source.qualifiedName) data source gives fields by name, not \($0.path)", at: $0.span,
                        notes: ["name a column: .name, or .\"Full Name\""])
                })
        }
        if let order = selection.order { options.append(SourceOption(name: "sort", value: order.optionText)) }
        if let filter = selection.filterWritten { options.append(SourceOption(name: "where", value: filter)) }
        return options
    }
}

extension LoadedPlugins {
    /// The names of the data sources the catalog and the plugins on the path have, for messages.
    func dataSourceNames() -> [String] {
        var names = Set(catalog.allItems(kinds: [.dataSource]).map(\.name))
        for record in host.cache?.records(for: host.searchPath) ?? [] where record.isPlugin {
            for registration in record.registrations where registration.kind == .dataSource {
                names.insert(registration.name)
            }
        }
        return names.sorted()
    }

    /// The data source that claims files named `….ending`: a loaded one, or
    /// one of a plugin on the path (by its qualified name, to be loaded).
    func dataSource(claiming ending: String) -> (item: CatalogItem?, qualifiedName: String)? {
        if let item = catalog.allItems(kinds: [.dataSource]).first(where: { $0.info.fileExtensions.contains(ending) }) {
            return (item, item.qualifiedName)
        }
        for record in host.cache?.records(for: host.searchPath) ?? [] where record.isPlugin && record.error == nil {
            if let registration = record.registrations.first(where: {
                $0.kind == .dataSource && $0.fileExtensions.contains(ending)
            }) {
                return (nil, record.name + "." + registration.name)
            }
        }
        return nil
    }
}
