@_spi(Host) import CellKit
import CellKitSupport
import DataBinding
@_spi(Host) import PluginDiscovery
import PluginRuntime
import WorkerProtocol

/// The worker's side of `rows … from FILE` when a plugin's data source reads
/// the file (``WorkerRequest/checkSource(_:)``): the session may not run the
/// plugin's code, so the worker opens the source, counts its records and
/// checks the first batch of them against the cell's attributes. A
/// database's other values are checked as they are drawn (an error names
/// the record's place), since reading every record before the first frame
/// would cost what drawing them does.
enum SourceChecker {
    /// How many records are checked before the rows are accepted.
    static let checkedRecords = 1024
    /// How many problems are reported.
    static let maximumProblems = 10
    /// The fewest records a source's quick upper bound stands for: fewer are
    /// counted at once (a count of a million rows takes SQLite about 0.1 s here).
    static let estimatedFrom = 1_000_000

    static func check(_ binding: Binding, host: PluginHost, exact: Bool = true) -> SourceCheck {
        check(binding, registry: host.registry, exact: exact)
    }

    /// The check, against the plugins of `registry` (thread-safe: ``ExactCounts`` counts on a thread of its own).
    static func check(_ binding: Binding, registry: PluginRegistry, exact: Bool = true) -> SourceCheck {
        guard let sourceBinding = binding.source else {
            return SourceCheck(problems: [SourceProblem("\(binding.file) is not read by a plugin's data source")])
        }
        let type: any DataSource.Type
        let attributes: [AttributeDescriptor]
        do {
            guard
                let found = try registry.resolve(sourceBinding.name, kinds: [.dataSource]).registration.dataSource
            else { return SourceCheck(problems: [SourceProblem("\(sourceBinding.name) is not a data source")]) }
            type = found
            attributes = try registry.resolve(binding.cell.qualified).registration.attributes
        } catch {
            return SourceCheck(problems: [SourceProblem(error.message, fix: error.fix)])
        }
        let bound = binding.mappings.compactMap { mapping in
            attributes.first { $0.name == mapping.attribute }.flatMap { BoundAttribute(mapping, type: $0.type) }
        }
        let reader: SourceRecordReader
        do {
            reader = try SourceRecordReader(bound, cell: binding.cell.written)
        } catch {
            return SourceCheck(problems: [
                SourceProblem(
                    "the \(type.format.name) data source gives fields by name, not \(error.path)",
                    fix: "bind a field by its name: \(error.attributeName)=.NAME",
                    field: error.path.description)
            ])
        }
        let request: DataRequest
        do {
            request = try DataRequest(binding, fields: reader.fields)
        } catch {
            return SourceCheck(problems: [SourceProblem("sort= or where=: \(error.message)", fix: error.fix)])
        }
        let source: any DataSource
        var check = SourceCheck()
        do {
            source = try type.init(request)
            if !exact, let bound = try source.estimatedCount(), bound >= estimatedFrom {
                check.count = bound
                check.estimated = true
            } else {
                check.count = try source.count()
            }
            // Where blocks of a shared render start: about as many ranges as a render of 64 workers has blocks.
            check.starts = try source.split(0..<check.count, parts: 1024).map(\.lowerBound).filter { $0 > 0 }
            let fingerprint = try source.fingerprint()
            check.fingerprint = SourceFingerprint(now: fingerprint.files, token: fingerprint.token)
        } catch {
            return SourceCheck(problems: [SourceProblem(error.message, fix: error.fix, field: error.field)])
        }
        var batch = DataBatch(fieldCount: reader.fields.count, capacity: min(checkedRecords, max(1, check.count)))
        do {
            try source.read(from: 0, into: &batch)
        } catch {
            check.problems.append(
                SourceProblem(
                    error.message, fix: error.fix, field: error.field, place: error.place.map(source.describe)))
            return check
        }
        if let (at, count) = batch.misshapen {
            check.problems.append(
                SourceProblem(
                    "the \(type.format.name) data source gave record \(at + 1) \(count) values for "
                        + "\(reader.fields.count) fields",
                    fix: "this is a bug in the plugin that registers it"))
            return check
        }
        for record in 0..<batch.count {
            for attribute in 0..<reader.count {
                do {
                    _ = try reader.value(of: attribute, record: record, in: batch)
                } catch {
                    guard check.problems.count < maximumProblems else { return check }
                    check.problems.append(
                        SourceProblem(
                            error.message, fix: error.fix, field: error.field,
                            place: source.describe(batch.places[record])))
                }
            }
        }
        return check
    }
}
