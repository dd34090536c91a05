@_spi(Host) import CellKit
import CellKitSupport
import DataBinding
import PluginDiscovery
import Synchronization
import WorkerProtocol

/// Binds rows to data files: the binding a `rows CELL from FILE` command
/// makes (its mappings, checked against the cell; the check pass over every
/// record), and watched files read again. It keeps no state: the session's
/// rows are the ``ScreenComposer``'s, the limits the ``SourceContext``'s.
enum DataBinder {
    /// How many errors in one data file are reported before the rest are counted.
    static let maximumDataErrors = 10

    /// The binding of `rows CELL from FILE` (`cellArgument`, `fileArgument`)
    /// to `item`, the resolved cell: every record of the file is checked
    /// against the mapped attributes.
    static func binding(
        _ c: ValidatedCommand, cell cellArgument: Command.Argument, file fileArgument: Command.Argument,
        to item: CatalogItem, sources: SourceContext, plugins: LoadedPlugins
    ) throws(ConsoleError) -> Binding {
        let path = sources.dataOverride ?? sources.resolvePath(fileArgument.text)
        let selection = try rowSelection(of: c)
        if let source = try pluginSource(for: path, c, plugins: plugins) {
            return try sourceBinding(
                c, cell: cellArgument, file: fileArgument, to: item, source: source, selection: selection,
                sources: sources, plugins: plugins)
        }
        // The options of a plugin's data source do not apply to a file cellkit reads itself.
        for name in sourceOptionNames {
            guard let option = c.options[name] else { continue }
            throw ConsoleError(
                .script,
                c.command.diagnostic(
                    "\(name)= is an option of a data source, such as SQLite's; \(fileArgument.text) is read as "
                        + RecordFormats.format(forPath: path, named: c.option("format")).name.uppercased(),
                    at: option.nameSpan,
                    notes: ["remove it, or name the database: a file ending .db, .sqlite or .sqlite3, or format=sqlite"]
                ))
        }
        let (mappings, bound) = try self.mappings(of: c, item)

        let replaced =
            sources.dataOverride.map {
                ["(\(Path.basename($0)) is read instead of \(Path.basename(fileArgument.text)): --data)"]
            } ?? []
        let before = DataFileIdentity(of: path)
        let file = try DataFile.open(
            path, format: RecordFormats.format(forPath: path, named: c.option("format")), c, at: fileArgument.span,
            recordLimit: sources.limits.dataRecordBytes)
        /// The binding of the file as it is now, with its records' count and chunks.
        func binding(count: Int, identity: DataFileIdentity, chunks: [RecordChunker.ChunkStart]) -> Binding {
            Binding(
                cell: CellReference(written: cellArgument.text, qualified: item.qualifiedName), file: fileArgument.text,
                path: sources.canonicalFilePath(path), format: file.format.name, mappings: mappings, count: count,
                identity: identity, chunks: chunks, watch: c.bool("watch") ?? false)
        }
        if let parts = sources.shardChecks, selection.isEmpty, let before {
            // `render --shard K/N`: the part's records alone are checked, once the part is known (``PartCheck``).
            let binding = binding(count: 0, identity: before, chunks: [])
            parts.add(
                binding,
                PartCheck(
                    path: path, format: file.format, bound: bound, cell: item.name, command: c,
                    span: fileArgument.span, notes: replaced, recordLimit: sources.limits.dataRecordBytes))
            return binding
        }
        let count: Int
        do {
            count = try Self.check(file, bound, cell: item.name)
        } catch {
            throw error.consoleError(c, at: fileArgument.span, notes: replaced)
        }
        guard let identity = DataFileIdentity(of: path), identity == before else {
            throw ConsoleError(
                .io,
                c.command.diagnostic(
                    "\(path) changed while it was read", at: fileArgument.span,
                    notes: ["run the command again once whatever writes it has finished"]))
        }
        let checked = binding(count: count, identity: identity, chunks: file.chunkStarts ?? [])
        guard !selection.isEmpty else { return checked }
        return try derive(
            checked, from: path, format: file.format, selection, limits: sources.limits, c: c,
            fileSpan: fileArgument.span)
    }

    /// The mappings of a `rows` command: `attr=.field`, `attr=[.a, 2, .b]`,
    /// `attr="{.a} {.b}"`, or `attr=value` for every row; and the bound ones
    /// (each with where it is in the script, for errors). Every attribute is
    /// checked against the cell's attribute types; all errors are thrown together.
    static func mappings(of c: ValidatedCommand, _ item: CatalogItem) throws(ConsoleError)
        -> (mappings: [Binding.Mapping], bound: [BoundAttribute])
    {
        var mappings: [Binding.Mapping] = []
        var bound: [BoundAttribute] = []
        var errors: [Diagnostic] = []
        for attribute in c.attributes {
            guard let descriptor = AttributeChecker.descriptor(attribute, of: item, c, errors: &errors) else {
                continue
            }
            switch attribute.value {
            case .field(let path):
                mappings.append(.field(attribute: attribute.name, path: path))
                bound.append(BoundAttribute(attribute: attribute, descriptor: descriptor, source: .field(path)))
            case .list(let elements) where attribute.value.containsField:
                let strings = descriptor.type == .strings
                guard descriptor.type == .numbers || strings else {
                    errors.append(
                        c.command.diagnostic(
                            "\(attribute.name)=: a list is not \(descriptor.type.articleName)", at: attribute.valueSpan,
                            notes: [
                                "lists are for [Double] and [String] attributes; \(item.name).\(attribute.name) is \(descriptor.type.articleName)"
                            ]))
                    continue
                }
                var elementsOK = true
                for (i, element) in elements.enumerated() {
                    switch element {
                    case .field: continue
                    case .text where strings: continue
                    case .text(let text) where Double(text.trimmedForNumber)?.isFinite == true: continue
                    case .list where strings:
                        errors.append(
                            c.command.diagnostic(
                                "\(attribute.name)=: a list inside a list is not text", at: attribute.elementSpan(i),
                                notes: ["each element is text or a field reference: [.id, .name, \"n/a\"]"]))
                        elementsOK = false
                    default:
                        errors.append(
                            c.command.diagnostic(
                                "\(attribute.name)=: '\(element)' is not a number", at: attribute.elementSpan(i),
                                notes: ["each element is a number or a field reference: [.min, 0.5, .max]"]))
                        elementsOK = false
                    }
                }
                guard elementsOK else { continue }
                mappings.append(.list(attribute: attribute.name, elements: elements))
                bound.append(BoundAttribute(attribute: attribute, descriptor: descriptor, source: .list(elements)))
            case .text(let text) where text.contains("{."):
                // A template: text made of each record's fields.
                do {
                    if let template = try TextTemplate.parse(text) {
                        mappings.append(.template(attribute: attribute.name, text: text))
                        bound.append(
                            BoundAttribute(attribute: attribute, descriptor: descriptor, source: .template(template)))
                    }
                } catch {
                    errors.append(
                        c.command.diagnostic(
                            "\(attribute.name)=: \(error.message)", at: attribute.templateSpan(at: error.offset),
                            notes: [error.fix]))
                }
            default:
                do {
                    let value = try AttributeChecker.value(of: attribute, as: descriptor.type)
                    mappings.append(.constant(AttributeSetting(name: attribute.name, value: value)))
                } catch {
                    errors.append(error.diagnostic(c, attribute, descriptor: descriptor, owner: item.name))
                }
            }
        }
        if !errors.isEmpty { throw ConsoleError(.script, errors) }
        return (mappings, bound)
    }
}

/// Why the records of a data file do not check against a binding.
struct DataCheckFailure: Error {
    /// The file could not be read, or is not a table of records.
    var open: DataTable.OpenError?
    /// Fields no record has: mistakes in the script, at their place in it.
    var scriptProblems: [(message: String, span: SourceSpan, notes: [String])] = []
    /// Values that do not fit their attributes: the first ten, with their place in the file.
    var dataErrors: [Diagnostic] = []

    /// The error of the command that bound the file (its name at `span`).
    func consoleError(_ c: ValidatedCommand, at span: SourceSpan, notes: [String]) -> ConsoleError {
        if let open { return open.consoleError(c, at: span) }
        if !scriptProblems.isEmpty {
            return ConsoleError(
                .script,
                scriptProblems.map { c.command.diagnostic($0.message, at: $0.span, notes: $0.notes + notes) })
        }
        return ConsoleError(.script, dataErrors)
    }

    /// One line for a status line: the first problem, where it is.
    var summary: String {
        switch open {
        case .io(let message)?: return message
        case .data(let diagnostic)?: return diagnostic.headline
        case nil: break
        }
        if let problem = scriptProblems.first { return problem.message }
        return dataErrors.first?.headline ?? "the file does not check"
    }
}

extension Diagnostic {
    /// `file:line:col: message`, on one line.
    var headline: String {
        "\(location.file):\(location.line):\(location.column): \(message)"
    }
}

extension DataBinder {
    /// Checks every record of `file` against the bound attributes, in one
    /// pass over its chunks, and returns how many records it has.
    ///
    /// A field no record has is the script's mistake (an error at the field
    /// in the script); any other problem is the data's, with its place in
    /// the file: the first ``maximumDataErrors``, then a count of the rest.
    /// Ctrl-C (`interrupted`, looked at between chunks) stops the pass: no
    /// rows are added, and the error says so.
    static func check(
        _ file: DataFile, _ bound: [BoundAttribute], cell: String, wholeFile: Bool = true,
        interrupted: () -> Bool = { REPLSignals.interruptRequested.load(ordering: .sequentiallyConsistent) }
    ) throws(DataCheckFailure) -> Int {
        var count = 0
        var dataErrors: [Diagnostic] = []
        var moreErrors = 0
        // One per field path of each binding: `[.id, .nmae]` has two, and finding `.id` says nothing of `.nmae`.
        func noPresence() -> [[FieldPresence]] {
            bound.map { [FieldPresence](repeating: .init(), count: $0.fieldPaths.count) }
        }
        var presence = noPresence()  // (one pass: never reset)
        // The quickest reading the format has for a check of these attributes (a CSV check of text counts the
        // records without keeping their fields; a JSON one checks them without a parse). A record cut short or too
        // long is reported with the others, not alone.
        file.read(bound, to: .check(errorLimit: maximumDataErrors))
        // Text from fields has little to check per record: the check waits on the parse, so two chunks parse side
        // by side. Anything else keeps this thread busy too, and a second parse would make three threads on two cores.
        file.readAhead = file.reader.checksLittle ? 2 : 1
        var index = 0
        while true {
            if interrupted() {
                throw DataCheckFailure(
                    open: .io("the check was interrupted (Ctrl-C) after \(count) records; no rows were added"))
            }
            let next: DataTable?
            do {
                next = try file.table(chunk: index)
            } catch {
                throw DataCheckFailure(open: error)
            }
            guard let table = next else { break }
            if index == 0 {
                // Fields the first chunk says no record has (a CSV file's columns are its header's): the script's
                // mistake, before any record is checked.
                var failure = DataCheckFailure()
                for binding in bound {
                    for (fieldPath, span) in binding.fieldPaths {
                        if let problem = table.records.missingField(fieldPath, in: file.path) {
                            failure.scriptProblems.append((problem.message, span, problem.notes))
                        }
                    }
                }
                if !failure.scriptProblems.isEmpty { throw failure }
            }
            for (i, binding) in bound.enumerated() {
                for (j, (fieldPath, _)) in binding.fieldPaths.enumerated() { presence[i][j].add(table, fieldPath) }
            }
            // Errors past the first ten are counted, not made (a typo can fail every record of a large file).
            let quota = max(0, maximumDataErrors - dataErrors.count)
            // Records cut short or too long: reported, and the chunk's values checked once they are whole.
            var errors = RecordErrors(diagnostics: Array(table.recordErrors.prefix(quota)))
            errors.more = table.recordErrors.count - errors.diagnostics.count + table.moreRecordErrors
            if errors.count == 0 { errors = checkRecords(of: table, bound, cell: cell, quota: quota) }
            if !errors.diagnostics.isEmpty && !table.positioned {
                // Read without positions, for speed: read again with them, for the errors.
                do {
                    if let positioned = try file.table(chunk: index, positions: true) {
                        errors = checkRecords(of: positioned, bound, cell: cell, quota: quota)
                    }
                } catch {
                    throw DataCheckFailure(open: error)
                }
            }
            for error in errors.diagnostics {
                if dataErrors.count < maximumDataErrors {
                    dataErrors.append(error)
                } else {
                    moreErrors += 1
                }
            }
            moreErrors += errors.more
            count += table.count
            index += 1
        }
        // A field that no record has is a mistake in the script, not in the data. (Of a part of the file, a
        // field no record has may be another part's.)
        var failure = DataCheckFailure()
        for (i, binding) in bound.enumerated() where wholeFile {
            for (j, (fieldPath, span)) in binding.fieldPaths.enumerated() {
                if let problem = presence[i][j].missingEverywhere(fieldPath, in: file.path) {
                    failure.scriptProblems.append((problem.message, span, problem.notes))
                }
            }
        }
        if !failure.scriptProblems.isEmpty { throw failure }
        if !dataErrors.isEmpty {
            if moreErrors > 0 {
                dataErrors[dataErrors.count - 1].notes.append(
                    "\(moreErrors) more error\(moreErrors == 1 ? "" : "s") in \(file.path) not shown")
            }
            throw DataCheckFailure(dataErrors: dataErrors)
        }
        return count
    }
}

extension DataBinder {
    /// The errors of one table's records: the first ``maximumDataErrors``, and how many more.
    struct RecordErrors {
        var diagnostics: [Diagnostic] = []
        var more = 0
        var count: Int { diagnostics.count + more }
    }

    /// Checks every record of `table`; the first `quota` errors are made
    /// (with their positions and notes), the rest only counted, cheaply where
    /// the records say a binding fits or fails without its value (text made
    /// of fields: ``ChunkRecords/alwaysFits(_:)``, ``ChunkRecords/fits(_:record:)``).
    static func checkRecords(
        of table: DataTable, _ bound: [BoundAttribute], cell: String, quota: Int = maximumDataErrors
    ) -> RecordErrors {
        var errors = RecordErrors()
        let records = table.records
        // Those that may fail (text from CSV fields cannot; nor can anything a check counted only).
        let checked = bound.filter { !records.alwaysFits($0) }
        guard !checked.isEmpty else { return errors }
        for record in 0..<table.count {
            for binding in checked {
                switch records.fits(binding, record: record) {
                case true?:
                    continue
                case false? where errors.diagnostics.count >= quota:
                    errors.more += 1  // it fails: no need to make its error
                    continue
                default:
                    break
                }
                do {
                    _ = try table.value(record: record, for: binding, cell: cell)
                } catch {
                    if errors.diagnostics.count < quota {
                        errors.diagnostics.append(error)
                    } else {
                        errors.more += 1
                    }
                }
            }
        }
        return errors
    }
}

// MARK: - Watched data files

extension DataBinder {
    /// The data files of `screen` bound with `watch=true`.
    static func watchedFiles(of screen: Screen) -> [String] {
        var paths: [String] = []
        for section in screen.sections {
            for case .bound(let binding) in section.rows where binding.watch {
                // A plugin's source may read other files too (a database's -wal).
                let read = binding.derivation?.path ?? binding.path
                for path in [read] + (binding.source?.fingerprint.files ?? []) where !paths.contains(path) {
                    paths.append(path)
                }
            }
        }
        return paths
    }

    /// What reading the watched files of a screen again found.
    struct DataRefresh {
        /// Whether a binding now has other records (the screen is to be drawn again).
        var changed = false
        /// Why a file that changed was not taken (its rows are as they were), one line each.
        var errors: [String] = []
    }

    /// Checks again each watched binding of `screen` whose file changed
    /// since it was checked, and takes the new records of those that check:
    /// a file half written keeps its last good binding, and says why.
    static func refresh(
        _ screen: inout Screen, catalog: PluginCatalog, limits: InputLimits,
        checkSource: (Binding, _ exact: Bool) throws(BackendError) -> SourceCheck
    ) -> DataRefresh {
        var refresh = DataRefresh()
        for s in screen.sections.indices {
            for r in screen.sections[s].rows.indices {
                guard case .bound(var binding) = screen.sections[s].rows[r], binding.watch,
                    let before = DataFileIdentity(of: binding.derivation?.path ?? binding.path)
                else { continue }
                if let source = binding.source {
                    // A plugin's source: checked again in the worker when any file it reads changed.
                    let files = source.fingerprint.files
                    guard
                        before != binding.identity
                            || files.map({ DataFileIdentity(of: $0) }) != source.fingerprint.identities
                    else { continue }
                    do throws(BackendError) {
                        let check = try checkSource(binding, false)
                        if let problem = check.problems.first {
                            refresh.errors.append(
                                "\(binding.file)\(problem.place.map { ", \($0)" } ?? ""): \(problem.message)")
                            continue
                        }
                        binding.count = check.count
                        binding.identity = before
                        binding.source?.fingerprint = check.fingerprint
                        binding.source?.starts = check.starts
                        binding.source?.estimated = check.estimated
                        screen.sections[s].rows[r] = .bound(binding)
                        refresh.changed = true
                    } catch {
                        refresh.errors.append("\(binding.file): \(error)")
                    }
                    continue
                }
                guard before != (binding.derivation?.identity ?? binding.identity) else { continue }
                let path = binding.derivation?.path ?? binding.path
                let format = RecordFormats.format(forPath: path, named: binding.derivation?.format ?? binding.format)
                let attributes = (try? catalog.resolve(binding.cell.qualified))?.info.attributes ?? []
                let bound = binding.mappings.compactMap { mapping in
                    attributes.first { $0.name == mapping.attribute }.flatMap { BoundAttribute(mapping, type: $0.type) }
                }
                do throws(DataCheckFailure) {
                    let file: DataFile
                    do {
                        file = try DataFile(
                            path, format: format, recordLimit: limits.dataRecordBytes, positions: false)
                    } catch {
                        throw DataCheckFailure(open: error)
                    }
                    let count = try Self.check(file, bound, cell: binding.cell.written)
                    guard DataFileIdentity(of: path) == before else {
                        refresh.errors.append("\(binding.file) changed while it was read")
                        continue
                    }
                    if let derivation = binding.derivation {
                        // Sorted or filtered: the records written again.
                        binding.path = path
                        binding.format = derivation.format
                        binding.identity = before
                        do throws(ConsoleError) {
                            binding = try derive(
                                binding, from: path, format: format,
                                try rowSelection(sort: derivation.sort, filter: derivation.filter), limits: limits,
                                c: nil, fileSpan: nil)
                        } catch {
                            refresh.errors.append(
                                "\(binding.file): " + (error.diagnostics.first?.message ?? "\(error)"))
                            continue
                        }
                    } else {
                        binding.count = count
                        binding.identity = before
                        binding.chunks = file.chunkStarts ?? []
                    }
                    screen.sections[s].rows[r] = .bound(binding)
                    refresh.changed = true
                } catch {
                    refresh.errors.append(error.summary)
                }
            }
        }
        return refresh
    }
}
