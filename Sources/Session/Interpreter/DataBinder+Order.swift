@_spi(Host) import CellKit
import CellKitSupport
import DataBinding
import Glibc
import Synchronization
import WorkerProtocol

// MARK: - sort= and where=

extension DataBinder {
    /// What `sort=` and `where=` of a `rows` command ask for, read and
    /// checked (errors at their place in the script, inside the expression).
    struct RowSelection {
        var filter: RowFilter?
        var order: RowOrder?
        /// The fields they read, each where it is written: a field no record has is an error there.
        var fields: [(path: FieldPath, span: SourceSpan)] = []
        /// As written, for `save`.
        var sortWritten: Command.Value?
        var filterWritten: String?

        var isEmpty: Bool { filter == nil && order == nil }
    }

    /// The `sort=` and `where=` of `c`, read; all errors thrown together.
    static func rowSelection(of c: ValidatedCommand) throws(ConsoleError) -> RowSelection {
        try rowSelection(c.options, of: c.command)
    }

    /// The `sort=` and `where=` among `options`, of `command`.
    static func rowSelection(_ options: [String: Command.Attribute], of command: Command) throws(ConsoleError)
        -> RowSelection
    {
        var selection = RowSelection()
        var errors: [Diagnostic] = []
        func report(_ problem: RowFilter.ParseError, in attribute: Command.Attribute, at span: SourceSpan? = nil) {
            let place = span ?? attribute.templateSpan(at: problem.offset)
            errors.append(
                command.diagnostic(
                    "\(attribute.name)=: \(problem.message)",
                    at: SourceSpan(place.location, length: span == nil ? problem.length : place.length),
                    notes: [problem.fix]))
        }
        if let attribute = options["where"] {
            if case .text(let text) = attribute.value {
                do {
                    let filter = try RowFilter.parse(text)
                    selection.filter = filter
                    selection.filterWritten = text
                    for (path, offset) in filter.fields {
                        let start = attribute.templateSpan(at: offset)
                        selection.fields.append((path, SourceSpan(start.location, length: path.description.count)))
                    }
                } catch {
                    report(error, in: attribute)
                }
            } else {
                errors.append(
                    command.diagnostic(
                        "where= is an expression in quotes", at: attribute.valueSpan,
                        notes: [#"for example where='.status == "failed" and .duration > 30'"#]))
            }
        }
        if let attribute = options["sort"] {
            var keys: [RowOrder.Key] = []
            func key(_ value: Command.Value, at span: SourceSpan, element: Bool) {
                switch value {
                case .field(let path):
                    keys.append(RowOrder.Key(field: path, descending: false))
                    selection.fields.append((path, span))
                case .text(let text):
                    do {
                        let key = try RowOrder.parseKey(text)
                        keys.append(key)
                        selection.fields.append((key.field, span))
                    } catch {
                        report(error, in: attribute, at: element ? span : nil)
                    }
                case .list:
                    errors.append(
                        command.diagnostic(
                            "sort=: a list inside a list is not a field", at: span,
                            notes: ["write the fields in one list: sort=[.team, -.age]"]))
                }
            }
            if case .list(let elements) = attribute.value {
                for (i, element) in elements.enumerated() { key(element, at: attribute.elementSpan(i), element: true) }
                if elements.isEmpty {
                    errors.append(
                        command.diagnostic(
                            "sort=: no field to sort by", at: attribute.valueSpan,
                            notes: ["name one at least: sort=[.team, -.age]"]))
                }
            } else {
                key(attribute.value, at: attribute.valueSpan, element: false)
            }
            selection.order = RowOrder(keys: keys)
            selection.sortWritten = attribute.value
        }
        if !errors.isEmpty { throw ConsoleError(.script, errors) }
        return selection
    }

    /// `sort=` and `where=` as a saved binding wrote them (read when its
    /// command ran: they read).
    static func rowSelection(sort: Command.Value?, filter: String?) throws(ConsoleError) -> RowSelection {
        let nowhere = SourceSpan(SourceLocation(file: "", line: 1, column: 1), length: 1)
        var attributes: [String: Command.Attribute] = [:]
        for (name, value) in [("sort", sort), ("where", filter.map { Command.Value.text($0) })] {
            guard let value else { continue }
            attributes[name] = Command.Attribute(
                name: name, value: value, nameSpan: nowhere, valueSpan: nowhere, elementSpans: [])
        }
        let command = Command(
            name: "rows", nameSpan: nowhere, arguments: [], attributes: Array(attributes.values), source: [""],
            end: nowhere)
        return try rowSelection(attributes, of: command)
    }

    /// The binding `binding` of the file at `path` (checked) becomes once
    /// the records that pass `selection` are written, in its order, to a
    /// private file of their own, which it then reads.
    static func derive(
        _ binding: Binding, from path: String, format: any RecordFormat, _ selection: RowSelection,
        limits: InputLimits, c: ValidatedCommand?, fileSpan: SourceSpan?
    ) throws(ConsoleError) -> Binding {
        func failure(_ message: String, kind: ConsoleError.Kind = .io, at span: SourceSpan? = nil, notes: [String] = [])
            -> ConsoleError
        {
            guard let c else {
                // A watched file read again: the message goes to a status line.
                return ConsoleError(
                    kind, Diagnostic(message: message, location: SourceLocation(file: path, line: 1, column: 1)))
            }
            return ConsoleError(
                kind, c.command.diagnostic(message, at: span ?? fileSpan ?? c.command.nameSpan, notes: notes))
        }
        let output: TemporaryFile
        do {
            output = try DerivedRowFiles.next()
        } catch {
            throw failure(
                "cannot make a private folder for the sorted rows: \(error)",
                notes: ["set TMPDIR to a folder you can write to"])
        }
        let written: DerivedRows.Written
        do throws(DerivedRows.Failure) {
            let file: DataFile
            do {
                file = try DataFile(path, format: format, recordLimit: limits.dataRecordBytes, positions: false)
            } catch {
                throw DerivedRows.Failure.open(error)
            }
            written = try DerivedRows.write(
                file, filter: selection.filter, order: selection.order, fields: selection.fields.map(\.path),
                to: output.path, directory: Path.dirname(output.path),
                interrupted: { REPLSignals.interruptRequested.load(ordering: .sequentiallyConsistent) })
        } catch {
            switch error {
            case .open(let error):
                guard let c, let fileSpan else { throw failure(DataCheckFailure(open: error).summary) }
                throw DataCheckFailure(open: error).consoleError(c, at: fileSpan, notes: [])
            case .missingField(let index, let message, let notes):
                throw failure(message, kind: .script, at: selection.fields[index].span, notes: notes)
            case .data(let diagnostics):
                throw ConsoleError(.script, diagnostics)
            case .io(let message):
                throw failure(
                    "cannot write the sorted rows: \(message)",
                    notes: ["free some space in \(Path.dirname(output.path)), or set TMPDIR to another folder"])
            case .interrupted:
                throw failure("sorting was interrupted (Ctrl-C); no rows were added")
            }
        }
        guard let identity = DataFileIdentity(of: output.path) else {
            throw failure("cannot read \(output.path), just written")
        }
        var derived = binding
        derived.derivation = Binding.Derivation(
            sort: selection.sortWritten, filter: selection.filterWritten, path: binding.path, format: binding.format,
            identity: binding.identity, file: output)
        derived.path = output.path
        derived.format = written.format
        derived.count = written.count
        derived.identity = identity
        derived.chunks = []
        return derived
    }
}

/// The private folder the sorted and filtered rows of this session are
/// written to (mode 0700, in `$TMPDIR` or `/tmp`), made when first needed;
/// each file in it is removed with the last binding that reads it, and
/// the folder and what is in it when the session exits or a signal ends it.
enum DerivedRowFiles {
    private static let state = Mutex<(folder: TemporaryFile?, count: Int)>((nil, 0))

    /// A new file's name in the folder (mode 0600 once written), owned by the caller.
    static func next() throws(FileError) -> TemporaryFile {
        let result = state.withLock { state -> Result<TemporaryFile, FileError> in
            if state.folder == nil {
                do throws(FileError) {
                    state.folder = TemporaryFile(try PrivateDirectory.makeTemporary(prefix: "cellkit-rows"))
                } catch {
                    return .failure(error)
                }
                // At exit, every file in it, tracked by a signal handler's slot or not (past 64 of them).
                atexit { DerivedRowFiles.removeAll() }
            }
            state.count += 1
            return .success(TemporaryFile(Path.join(state.folder!.path, "rows-\(state.count)")))
        }
        return try result.get()
    }

    /// The folder, once made (for tests).
    static var folder: String? { state.withLock { $0.folder?.path } }

    /// Removes the files in the folder and the folder (the process is exiting).
    static func removeAll() {
        guard let folder else { return }
        for name in (try? listDirectory(folder)) ?? [] { unlink(Path.join(folder, name)) }
        rmdir(folder)
    }
}
