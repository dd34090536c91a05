@_spi(Host) import CellKit
import CellKitSupport
import PluginHost

// MARK: - rows CELL from FILE

extension Interpreter {
    /// How many errors in one data file are reported before the rest are counted.
    static let maximumDataErrors = 10

    func rows(_ c: ValidatedCommand) throws(ConsoleError) {
        let index = try currentScreenIndex(c)
        guard let cellArgument = c.arguments["cell"], let fileArgument = c.arguments["file"] else { return }
        let item = try resolve(cellArgument.text, kinds: Self.rowKinds, c, at: cellArgument.span)

        // The mappings: attr=.field, attr=[.a, 2, .b], or attr=value for every row.
        var mappings: [Binding.Mapping] = []
        var bound: [BoundAttribute] = []
        var errors: [Diagnostic] = []
        for attribute in c.attributes {
            guard let descriptor = descriptor(attribute, of: item, c, errors: &errors) else { continue }
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
                        let span =
                            attribute.elementSpans.indices.contains(i) ? attribute.elementSpans[i] : attribute.valueSpan
                        errors.append(
                            c.command.diagnostic(
                                "\(attribute.name)=: a list inside a list is not text", at: span,
                                notes: ["each element is text or a field reference: [.id, .name, \"n/a\"]"]))
                        elementsOK = false
                    default:
                        let span =
                            attribute.elementSpans.indices.contains(i) ? attribute.elementSpans[i] : attribute.valueSpan
                        errors.append(
                            c.command.diagnostic(
                                "\(attribute.name)=: '\(element)' is not a number", at: span,
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
                    let value = try value(of: attribute, as: descriptor.type)
                    mappings.append(.constant(AttributeSetting(name: attribute.name, value: value)))
                } catch {
                    errors.append(error.diagnostic(c, attribute, descriptor: descriptor, owner: item.name))
                }
            }
        }
        if !errors.isEmpty { throw ConsoleError(.script, errors) }

        let path = dataOverride ?? resolvePath(fileArgument.text)
        let replaced =
            dataOverride.map {
                ["(\(Path.basename($0)) is read instead of \(Path.basename(fileArgument.text)): --data)"]
            } ?? []
        let before = DataFileIdentity(of: path)
        let file = try DataFile.open(path, c, at: fileArgument.span, maximumBytes: limits.dataFileBytes)
        let count = try check(file, bound, cell: item.name, c, at: fileArgument.span, notes: replaced)
        guard let identity = DataFileIdentity(of: path), identity == before else {
            throw ConsoleError(
                .io,
                c.command.diagnostic(
                    "\(path) changed while it was read", at: fileArgument.span,
                    notes: ["run the command again once whatever writes it has finished"]))
        }
        let binding = Binding(
            cell: CellReference(written: cellArgument.text, qualified: item.qualifiedName), file: fileArgument.text,
            path: canonicalFilePath(path), mappings: mappings, count: count, identity: identity)
        let section = session.screens[index].currentSectionIndex()
        session.screens[index].sections[section].rows.append(.bound(binding))
    }
}

extension Interpreter {
    /// Checks every record of `file` against the bound attributes, in one
    /// pass over its chunks, and returns how many records it has.
    ///
    /// A field no record has is the script's mistake (an error at the field
    /// in the script); any other problem is the data's, with its place in
    /// the file: the first ``maximumDataErrors``, then a count of the rest.
    func check(
        _ file: DataFile, _ bound: [BoundAttribute], cell: String, _ c: ValidatedCommand, at span: SourceSpan,
        notes replaced: [String]
    ) throws(ConsoleError) -> Int {
        var count = 0
        var dataErrors: [Diagnostic] = []
        var moreErrors = 0
        var presence = [DataTable.FieldPresence](repeating: .init(), count: bound.count)
        var index = 0
        while true {
            let next: DataTable?
            do {
                next = try file.table(chunk: index)
            } catch {
                throw error.consoleError(c, at: span)
            }
            guard let table = next else { break }
            if file.isWhole && index > 0 {
                // The file could not be cut after all: check it again, whole.
                (count, dataErrors, moreErrors) = (0, [], 0)
                presence = [DataTable.FieldPresence](repeating: .init(), count: bound.count)
            }
            if index == 0 || file.isWhole, case .csv = table.storage {
                // A CSV file's columns are known from its header: check them before any record.
                var errors: [Diagnostic] = []
                for binding in bound {
                    for (fieldPath, span) in binding.fieldPaths {
                        if let problem = table.missingEverywhere(fieldPath) {
                            errors.append(
                                c.command.diagnostic(problem.message, at: span, notes: problem.notes + replaced))
                        }
                    }
                }
                if !errors.isEmpty { throw ConsoleError(.script, errors) }
            }
            for (i, binding) in bound.enumerated() {
                for (fieldPath, _) in binding.fieldPaths { presence[i].add(table, fieldPath) }
            }
            for record in 0..<table.count {
                for binding in bound {
                    do {
                        _ = try table.value(record: record, for: binding, cell: cell)
                    } catch {
                        if dataErrors.count < Self.maximumDataErrors {
                            dataErrors.append(error)
                        } else {
                            moreErrors += 1
                        }
                    }
                }
            }
            count += table.count
            if file.isWhole { break }
            index += 1
        }
        // A field that no record has is a mistake in the script, not in the data.
        var errors: [Diagnostic] = []
        for (i, binding) in bound.enumerated() {
            for (fieldPath, span) in binding.fieldPaths {
                if let problem = presence[i].missingEverywhere(fieldPath, in: file.path) {
                    errors.append(c.command.diagnostic(problem.message, at: span, notes: problem.notes + replaced))
                }
            }
        }
        if !errors.isEmpty { throw ConsoleError(.script, errors) }
        if !dataErrors.isEmpty {
            if moreErrors > 0 {
                dataErrors[dataErrors.count - 1].notes.append(
                    "\(moreErrors) more error\(moreErrors == 1 ? "" : "s") in \(file.path) not shown")
            }
            throw ConsoleError(.script, dataErrors)
        }
        return count
    }
}
