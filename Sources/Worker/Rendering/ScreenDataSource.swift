@_spi(Host) import CellKit
import PluginDiscovery
import PluginRuntime
import WorkerProtocol

/// Feeds a ``Screen`` to a ``TableView`` (list) or ``CollectionView`` (grid):
/// finds each row's cell type in the plugin registry, dequeues a cell, and
/// sets every attribute (the row's value, or the attribute's default, so a
/// reused cell never shows the previous row's values).
final class ScreenDataSource {
    let screen: Screen
    let host: PluginHost
    /// Errors met while drawing (a cell that could not be made); the row shows
    /// the error instead. Render commands report these after drawing.
    private(set) var errors: [RenderFailure] = []
    /// Rows dequeued so far.
    private(set) var rowsDrawn = 0
    /// Data files that could not be read as they were when `rows` checked them.
    private(set) var dataErrors: [RenderFailure] = []
    /// Where the worker notes the row it works on, so a crash can name it.
    var breadcrumb: Breadcrumb?
    private var notedCell: String?

    /// Per section, the first row of each row source (for finding a row's source).
    private(set) var starts: [[Int]] = []
    private var plans: [String: CellPlan] = [:]
    private var lastPlan: CellPlan?
    /// The views configured so far, and the attributes their last rows set.
    private var configured: [ObjectIdentifier: Configured] = [:]

    /// A cell type's attributes, with their defaults, resolved once; an
    /// attribute's index in `attributes` is its slot.
    final class CellPlan {
        let item: RegisteredItem
        let qualified: String
        let attributes: [AttributeDescriptor]
        let slots: [String: Int]
        /// Each attribute's setter, by slot: what every row calls.
        let setters: [@Sendable (View, AttributeValue) throws(ValueError) -> Void]
        /// By slot, what sets a `String` or `[String]` property from text as it is (``SlotValue``).
        let textSetters: [(@Sendable (View, String) -> Void)?]
        let textsSetters: [(@Sendable (View, [String]) -> Void)?]

        init(item: RegisteredItem) {
            self.item = item
            qualified = item.qualifiedName
            attributes = item.registration.attributes
            setters = attributes.map(\.setter)
            textSetters = attributes.map { $0.setter(of: String.self) }
            textsSetters = attributes.map { $0.setter(of: [String].self) }
            var slots: [String: Int] = [:]
            for (slot, attribute) in attributes.enumerated() { slots[attribute.name] = slot }
            self.slots = slots
        }

        /// Sets the row's `value` at `slot` on `target`: text in its own
        /// type when the property takes it (``SlotValue``), anything else as
        /// an `AttributeValue`, converted.
        func set(_ value: SlotValue, at slot: Int, on target: View) throws(ValueError) {
            switch value {
            case .text(let text):
                guard let set = textSetters[slot] else { return try setters[slot](target, .string(text)) }
                set(target, text)
            case .texts(let texts):
                guard let set = textsSetters[slot] else { return try setters[slot](target, .strings(texts)) }
                set(target, texts)
            case .value(let boxed):
                try setters[slot](target, boxed.value)
            }
        }
    }

    /// The values of the row being configured, by slot of its cell's attributes.
    private var values: [SlotValue?] = []
    /// The constants of the row being configured, converted once per run of
    /// bound rows (``BoundRun/constants``), by slot; empty for a literal row.
    private var constants: [PreparedValue?] = []

    init(screen: Screen, host: PluginHost) {
        self.screen = screen
        self.host = host
        starts = screen.sections.map { section in
            var total = 0
            return section.rows.map { source in
                defer { total += source.count }
                return total
            }
        }
    }

    // MARK: - Building the view

    /// The table or collection that draws the screen, with every cell type registered.
    func makeView() -> any ScrollableContent {
        switch screen.kind {
        case .list:
            let table = TableView()
            table.border = screen.border
            table.title = screen.title
            table.separatorStyle = screen.separators ? .line : .none
            for reference in cellReferences() {
                table.register(identifier: reference.qualified, typeName: reference.qualified) { [unowned self] in
                    self.makeTableCell(reference)
                }
            }
            table.dataSource = self
            table.delegate = self
            return table
        case .grid:
            let grid = CollectionView()
            grid.border = screen.border
            grid.title = screen.title
            let spacing = screen.spacing ?? 1
            if let itemWidth = screen.itemWidth, screen.columns == nil {
                grid.layout = CollectionViewGridLayout(itemWidth: itemWidth, spacing: spacing)
            } else {
                grid.layout = CollectionViewGridLayout(columns: screen.columns ?? 2, spacing: spacing)
            }
            for reference in cellReferences() {
                grid.register(identifier: reference.qualified, typeName: reference.qualified) { [unowned self] in
                    let cell = HostingCollectionCell()
                    cell.host(self.makeContent(reference))
                    return cell
                }
            }
            grid.dataSource = self
            return grid
        }
    }

    private func cellReferences() -> [CellReference] {
        var seen = Set<String>()
        var result: [CellReference] = []
        for section in screen.sections {
            for source in section.rows {
                if seen.insert(source.cell.qualified).inserted { result.append(source.cell) }
            }
        }
        return result
    }

    func plan(_ reference: CellReference) throws(PluginError) -> CellPlan {
        // Rows of one cell type come in runs: the last plan, without hashing its name.
        if let last = lastPlan, last.qualified == reference.qualified { return last }
        if let plan = plans[reference.qualified] {
            lastPlan = plan
            return plan
        }
        let item = try host.registry.resolve(reference.qualified)
        let plan = CellPlan(item: item)
        plans[reference.qualified] = plan
        lastPlan = plan
        return plan
    }

    /// The reuse identifier `reference`'s cell is dequeued by: its plan's
    /// name, the very string every row of its type is dequeued by (a bound
    /// run's rows too), so that the reuse queue tells it from the last one
    /// at once. (Each `CellReference` of a script holds a copy of the name:
    /// compared as text, it cost 120 instructions a row drawn.)
    private func identifier(of reference: CellReference) -> String {
        (try? plan(reference))?.qualified ?? reference.qualified
    }

    private func makeContent(_ reference: CellReference) -> View {
        do {
            return try host.makeView(try plan(reference).item)
        } catch {
            errors.append(RenderFailure(error, cell: reference.written))
            let cell = ErrorCell()
            cell.label.text = "⚠ \(reference.written): \(error.message)"
            return cell
        }
    }

    private func makeTableCell(_ reference: CellReference) -> TableViewCell {
        let view = makeContent(reference)
        if let cell = view as? TableViewCell { return cell }
        let host = HostingTableCell()
        host.host(view)
        return host
    }

    // MARK: - Rows

    /// The rows of each binding, by section and row source, opened at first use.
    private var boundRows: [Int: [Int: BoundRows]] = [:]
    /// Bindings that could not be opened (their rows are drawn with defaults).
    private var failedBindings: Set<Int> = []

    /// The rows of the binding at `source` of `section`, or `nil` (the error recorded).
    func rows(of binding: Binding, section: Int, source: Int) -> BoundRows? {
        if let rows = boundRows[section]?[source] { return rows }
        let key = section << 32 | source
        guard !failedBindings.contains(key) else { return nil }
        do {
            let attributes = (try? plan(binding.cell))?.attributes.map { AttributeInfo(name: $0.name, type: $0.type) }
            let rows = try BoundRows(
                binding, attributes: attributes ?? [], plan: plan(section: section, source: source),
                source: binding.source.flatMap { try? host.registry.resolve($0.name, kinds: [.dataSource]) }?
                    .registration.dataSource)
            boundRows[section, default: [:]][source] = rows
            return rows
        } catch {
            failedBindings.insert(key)
            dataErrors.append(error.failure)
            return nil
        }
    }

    /// The rows this data source will be asked for, in order, counted
    /// across the sections (set before drawing): a worker that draws some
    /// blocks of a table's rows (``RenderPart``) reads only their records.
    /// `nil`: every row, in order.
    var plannedRows: [Range<Int>]?

    /// Which records of the binding at `source` of `section` the planned rows read, in order.
    private func plan(section: Int, source: Int) -> [Range<Int>]? {
        guard let plannedRows, case .bound(let binding) = screen.sections[section].rows[source] else { return nil }
        let first = (0..<section).reduce(0) { $0 + numberOfRows($1) } + starts[section][source]
        let records = first..<first + binding.count
        return plannedRows.compactMap { rows in
            let shared = rows.clamped(to: records)
            return shared.isEmpty ? nil : shared.lowerBound - first..<shared.upperBound - first
        }
    }

    /// The index of the row source (a `row`, a run of `rows`) of `section` that holds its row `row`.
    func source(holding row: Int, inSection section: Int) -> Int {
        let sectionStarts = starts[section]
        var lo = 0
        var hi = sectionStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if sectionStarts[mid] <= row { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Puts row `row` of `section`'s values into `values` (by slot of its
    /// cell's attributes) and returns its cell.
    func loadRow(section: Int, row: Int) -> CellReference {
        // Bound rows come in long runs: the run of the row before, without a search.
        if let run = lastRun, run.section == section, row >= run.start, row < run.end {
            return fill(run, row: row)
        }
        let lo = source(holding: row, inSection: section)
        let sectionStarts = starts[section]
        switch screen.sections[section].rows[lo] {
        case .row(let r):
            guard let plan = try? plan(r.cell) else { return r.cell }
            clearValues(plan.attributes.count)
            constants = []
            filledBy = nil
            fullRow = nil
            madeRow = nil
            for setting in r.attributes {
                if let slot = plan.slots[setting.name] { values[slot] = SlotValue(setting.value) }
            }
            return r.cell
        case .bound(let b):
            guard let plan = try? plan(b.cell) else { return b.cell }
            guard let rows = rows(of: b, section: section, source: lo) else {
                clearValues(plan.attributes.count)
                constants = []
                filledBy = nil
                fullRow = nil
                madeRow = nil
                return b.cell
            }
            let run = BoundRun(
                section: section, start: sectionStarts[lo], end: sectionStarts[lo] + b.count, cell: b.cell,
                plan: plan, rows: rows,
                constants: rows.constants.reduce(into: [PreparedValue?](repeating: nil, count: plan.attributes.count)) {
                    // A constant the attribute does not take stays a value: its error is reported with the row.
                    $0[$1.slot] = try? plan.attributes[$1.slot].prepared($1.value)
                })
            lastRun = run
            return fill(run, row: row)
        }
    }

    /// A run of bound rows: where it is, and what fills its rows.
    private final class BoundRun {
        let section: Int
        let start: Int
        let end: Int
        let cell: CellReference
        /// The cell type's plan.
        let plan: CellPlan
        /// How many attributes the cell has.
        var slots: Int { plan.attributes.count }
        let rows: BoundRows
        /// The binding's constants, converted once, by slot: set on every row without converting them again.
        let constants: [PreparedValue?]
        /// Every slot a row of the run sets when all its values are there, in
        /// order, with the constant that slot is set to (`nil`: the row's
        /// value, the `made`th of a record's values made ahead: ``BoundRows/madeValues(of:)``).
        let steps: [(slot: Int, constant: PreparedValue?, made: Int)]
        /// ``steps`` without the constants: what a full row sets on a view
        /// that holds the run's constants already.
        let valueSteps: [(slot: Int, constant: PreparedValue?, made: Int)]
        init(
            section: Int, start: Int, end: Int, cell: CellReference, plan: CellPlan, rows: BoundRows,
            constants: [PreparedValue?]
        ) {
            self.section = section
            self.start = start
            self.end = end
            self.cell = cell
            self.plan = plan
            self.rows = rows
            self.constants = constants
            let given = Set(rows.filledSlots).union(constants.indices.filter { constants[$0] != nil })
            let bound = rows.boundSlots
            steps = given.sorted().map { slot in
                let constant = slot < constants.count ? constants[slot] : nil
                // (A slot bound twice takes the last mapping's value, as `fill` writes it.)
                return (slot, constant, constant == nil ? bound.lastIndex(of: slot) ?? 0 : 0)
            }
            valueSteps = steps.filter { $0.constant == nil }
            constantValues = rows.constantValues(skipping: constants)
        }
        /// The constants a row's values hold: those not prepared (their error is reported with each row).
        let constantValues: [(slot: Int, value: SlotValue)]
        /// Whether a full row made ahead is set from the values made (``steps``'
        /// `made`): when a row's values hold no constant.
        var setsMadeRows: Bool { constantValues.isEmpty }
    }
    private var lastRun: BoundRun?

    private func fill(_ run: BoundRun, row: Int) -> CellReference {
        madeRow = nil
        // A full row made ahead is left where it is: the full-row path reads it there (most rows).
        if run.setsMadeRows, let made = try? run.rows.madeValues(of: row - run.start) {
            madeRow = made
            fullRow = run
            return run.cell
        }
        // The rows of a run fill the same slots: the buffer is cleared when another run (or a literal row) used it.
        if filledBy !== run { clearValues(run.slots) }
        filledBy = run
        constants = run.constants  // (the run's array, not a copy)
        fullRow = nil
        do {
            if try run.rows.fill(record: row - run.start, into: &values, constants: run.constantValues) {
                fullRow = run
            }
        } catch {
            if dataErrors.count < 10 { dataErrors.append(error.failure) }
            clearValues(run.slots)
            filledBy = nil
        }
        return run.cell
    }

    /// The run whose row `values` holds when that row gives every attribute
    /// the run sets (its steps); `nil` for any other row.
    private var fullRow: BoundRun?

    /// The run whose row `values` holds (every slot it does not fill is `nil`).
    private var filledBy: BoundRun?

    /// The loaded row's values when they are a full row made ahead
    /// (``BoundRows/madeValues(of:)``) and not copied to `values` yet.
    private var madeRow: (values: [SlotValue?], at: Int)?

    /// Copies the loaded full row's made values to `values`, for the general way.
    private func copyMadeRow(of run: BoundRun) {
        guard let (made, at) = madeRow else { return }
        madeRow = nil
        if filledBy !== run { clearValues(run.slots) }
        filledBy = run
        constants = run.constants
        for (index, slot) in run.rows.boundSlots.enumerated() { values[slot] = made[at + index] }
    }

    private func clearValues(_ count: Int) {
        if values.count != count {
            values = [SlotValue?](repeating: nil, count: count)
        } else {
            for slot in values.indices { values[slot] = nil }
        }
    }

    /// Sets the loaded row's values on `view`: first the defaults, then the
    /// row's values, so the row draws as on a new cell. The first time a
    /// view is configured, and whenever its previous row set an attribute
    /// this one does not, every attribute the row does not give is set to
    /// its default, in order (a default's setter may fill another attribute:
    /// a `percent` of 0 writes a `pct` text, which `pct`'s own default then
    /// clears, as on a new cell). A row that gives what the row before gave
    /// sets its values only: the cell's reset put back the rest. (Setting
    /// every attribute of every row was most of the time of a large render.)
    func configure(_ view: View, reference: CellReference) {
        guard let plan = try? plan(reference) else { return }
        let entry: Configured
        if let last = lastConfigured, last.view === view {
            entry = last  // a table reuses one cell row after row: no lookup, no cast
        } else if let known = configured[ObjectIdentifier(view)] {
            entry = known
        } else {
            entry = Configured(view: view, attributes: plan.attributes)
            configured[ObjectIdentifier(view)] = entry
        }
        lastConfigured = entry
        if let run = fullRow, entry.fullRowOf === run {
            // The row before set the same attributes on this view: set them again, in order, and nothing else.
            configure(entry, run: run, plan: plan, reference: reference)
            return
        }
        entry.holdsConstantsOf = nil
        if let run = fullRow { copyMadeRow(of: run) }
        entry.fullRowOf = fullRow
        let target = entry.target
        let attributes = plan.attributes
        let given = min(values.count, attributes.count)
        let constants = self.constants
        /// Whether the row gives a value for `slot`.
        func gives(_ slot: Int) -> Bool {
            (slot < given && values[slot] != nil) || (slot < constants.count && constants[slot] != nil)
        }
        func set(
            _ slot: Int, _ value: SlotValue?, _ constant: PreparedValue? = nil, fallback: AttributeValue? = nil
        ) {
            self.set(slot, on: target, plan: plan, reference: reference, value, constant, fallback: fallback)
        }
        // Defaults before the row's values, never after: an attribute whose
        // setter fills another (a `percent` that writes the `pct` outlet's
        // text) is not undone by that other's default. All of them, in order,
        // when any must be put back (a default's setter may fill another
        // attribute, which its own default then clears, as on a new cell).
        var defaults = entry.isNew
        for slot in attributes.indices where entry.set[slot] && !gives(slot) {
            defaults = true
            break
        }
        if defaults {
            for slot in attributes.indices where !gives(slot) {
                entry.set[slot] = false
                set(slot, nil, fallback: attributes[slot].defaultValue)
            }
        }
        for slot in attributes.indices {
            if slot < constants.count, let constant = constants[slot] {
                entry.set[slot] = true
                set(slot, nil, constant)
            } else if slot < given, let value = values[slot] {
                entry.set[slot] = true
                set(slot, value)
            }
        }
        entry.isNew = false
        // What this row set, the next configure sets again (to its value or its default): the cell's reset in
        // `prepareForReuse` need not put them back first.
        if entry.set != entry.handedOver {
            entry.handedOver = entry.set
            target.attributesTheHostSets = entry.declaredSlots.map { $0.map { entry.set[$0] } ?? false }
        }
    }

    /// Configures `entry`'s view with a full row of `run` when the view's
    /// last row was one too: no attribute is put back to its default (the
    /// row sets what the row before set), so each of the run's steps is set,
    /// in order. The same as the general way for such a row, with less to
    /// look at.
    private func configure(_ entry: Configured, run: BoundRun, plan: CellPlan, reference: CellReference) {
        if let (made, at) = madeRow, run.setsMadeRows {
            set(made, at: at, of: run, on: entry)
            return
        }
        let target = entry.target
        let (steps, errorCount) = steps(of: run, on: entry)
        for (slot, constant, _) in steps {
            set(slot, on: target, plan: plan, reference: reference, values[slot], constant)
        }
        if let errorCount { entry.holdsConstantsOf = errors.count == errorCount ? run : nil }
    }

    /// Sets a full row of `run` made ahead (the record's values start at `at`
    /// of `made`) on `entry`'s view: each of the run's steps, in order,
    /// straight from the values made, with no copy through `values`.
    private func set(_ made: [SlotValue?], at: Int, of run: BoundRun, on entry: Configured) {
        let target = entry.target
        let (steps, errorCount) = steps(of: run, on: entry)
        for (slot, constant, index) in steps {
            set(
                slot, on: target, plan: run.plan, reference: run.cell, constant == nil ? made[at + index] : nil,
                constant)
        }
        if let errorCount { entry.holdsConstantsOf = errors.count == errorCount ? run : nil }
    }

    /// The steps a full row of `run` sets on `entry`'s view: only the row's
    /// values when the view holds the run's constants already, else all of
    /// them. With all of them on a view whose type keeps the attributes the
    /// host sets (``View/keepsAttributesBetweenRows``), also the render's
    /// error count before them: when none of the row's settings failed
    /// after it, the view holds the run's constants from then on (a failing
    /// one is set, and reported, again on the next row); `nil` otherwise.
    @inline(__always)
    private func steps(of run: BoundRun, on entry: Configured) -> (
        steps: [(slot: Int, constant: PreparedValue?, made: Int)], errorCount: Int?
    ) {
        if entry.holdsConstantsOf === run { return (run.valueSteps, nil) }
        return (run.steps, entry.keepsAttributes ? errors.count : nil)
    }

    /// Sets the prepared `constant`, else `value`, else the `fallback`, at
    /// `slot` of `target`; an error is the cell's, reported with the render.
    private func set(
        _ slot: Int, on target: View, plan: CellPlan, reference: CellReference, _ value: SlotValue?,
        _ constant: PreparedValue?, fallback: AttributeValue? = nil
    ) {
        do {
            if let constant {
                try constant.apply(to: target)
            } else if let value {
                try plan.set(value, at: slot, on: target)
            } else if let fallback {
                try plan.setters[slot](target, fallback)
            }
        } catch {
            errors.append(RenderFailure(error, cell: reference.written, attribute: plan.attributes[slot].name))
        }
    }

    /// The entry configured last.
    private var lastConfigured: Configured?

    /// Most rows of a large render: a full row made ahead (``BoundRows/madeValues(of:)``)
    /// of the run of the row before, on the view the row before was
    /// configured on (a table reuses one cell row after row), whose last row
    /// was a full row of the same run. Its steps are set straight from the
    /// made values, as ``configure(_:reference:)`` would set them, with
    /// nothing looked up or copied on the way; `nil` for any other row,
    /// which goes the general way (nothing is changed before it does).
    private func fullRow(_ tableView: TableView, at indexPath: IndexPath) -> TableViewCell? {
        let row = indexPath.row
        guard let run = lastRun, run.setsMadeRows, let entry = lastConfigured, entry.fullRowOf === run,
            run.section == indexPath.section, row >= run.start, row < run.end,
            let (made, at) = try? run.rows.madeValues(of: row - run.start),
            let cell = try? tableView.tryDequeueReusableCell(withIdentifier: run.plan.qualified, for: indexPath)
        else { return nil }
        guard cell === entry.view else {
            // Another cell (the table had more than one to give): configured the general way.
            fullRow = run
            madeRow = (made, at)
            note(run.cell, indexPath, row: row)
            defer { breadcrumb?.note(.drawing) }
            configure(cell, reference: run.cell)
            return cell
        }
        // The breadcrumb names this run's cell already (the row before was of the run): the row alone.
        rowsDrawn += 1
        if let breadcrumb {
            breadcrumb.note(.configuring)
            breadcrumb.note(section: indexPath.section, row: row)
        }
        defer { breadcrumb?.note(.drawing) }
        set(made, at: at, of: run, on: entry)
        return cell
    }

    /// A view configured before, what in it is configured (the view, or the
    /// view a hosting cell holds), and the attributes (by slot) its last row set.
    ///
    /// The view is held strongly, so its address cannot be reused by another
    /// view while the data source lives (the views it configures are the
    /// table's few reusable cells). Not `weak`: a weak reference gives the
    /// cell a side table, and every retain and release of it then takes the
    /// runtime's slow path (a tenth of a large render).
    private final class Configured {
        let view: View
        let target: View
        var set: [Bool]
        var isNew = true
        /// `set` as the target's ``View/attributesTheHostSets`` last said it.
        var handedOver: [Bool] = []
        /// The run whose full row (``ScreenDataSource/fullRow``) was configured last on the view, if its last row was one.
        var fullRowOf: BoundRun?
        /// Whether the target's type keeps the attributes the host sets
        /// between rows (``View/keepsAttributesBetweenRows``).
        let keepsAttributes: Bool
        /// The run whose constants the target holds, set by a full row of it
        /// (with no error) on a target that keeps them: the run's next full
        /// rows set their values only. `nil` after any other row.
        var holdsConstantsOf: BoundRun?
        /// The slot of each of the target type's declared attributes.
        let declaredSlots: [Int?]
        init(view: View, attributes: [AttributeDescriptor]) {
            self.view = view
            target = view.configurableContent
            set = [Bool](repeating: false, count: attributes.count)
            keepsAttributes = type(of: target).keepsAttributesBetweenRows
            let declared = AttributeDescriptor.declared(by: type(of: target))
            // Only attributes with a default: the host puts back what it knows.
            declaredSlots = declared.map { attribute in
                attributes.firstIndex { $0.name == attribute.name && $0.defaultValue != nil }
            }
        }
    }

    private func numberOfRows(_ section: Int) -> Int {
        screen.sections[section].rows.reduce(0) { $0 + $1.count }
    }
}

// MARK: - List

extension ScreenDataSource: TableViewDataSource, TableViewDelegate {
    func numberOfSections(in tableView: TableView) -> Int { screen.sections.count }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { numberOfRows(section) }

    /// Notes in the breadcrumb which row of which cell is being made and configured.
    private func note(_ reference: CellReference, _ indexPath: IndexPath, row: Int) {
        rowsDrawn += 1
        guard let breadcrumb else { return }
        if notedCell != reference.qualified {
            notedCell = reference.qualified
            let plugin = reference.qualified.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
            breadcrumb.note(.configuring, plugin: plugin, cell: reference.written, screen: screen.name)
        } else {
            breadcrumb.note(.configuring)
        }
        breadcrumb.note(section: indexPath.section, row: row)
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        if let cell = fullRow(tableView, at: indexPath) { return cell }
        let reference = loadRow(section: indexPath.section, row: indexPath.row)
        note(reference, indexPath, row: indexPath.row)
        defer { breadcrumb?.note(.drawing) }
        do {
            let cell = try tableView.tryDequeueReusableCell(withIdentifier: identifier(of: reference), for: indexPath)
            configure(cell, reference: reference)
            return cell
        } catch {
            errors.append(RenderFailure(error, cell: reference.written))
            let cell = ErrorCell()
            cell.label.text = "⚠ \(error.message)"
            return cell
        }
    }

    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        screen.sections[section].header == nil ? screen.sections[section].title : nil
    }

    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        screen.sections[section].footerCell == nil ? screen.sections[section].footer : nil
    }

    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> TableViewHeaderFooterView? {
        guard let reference = screen.sections[section].header else { return nil }
        return sectionView(reference, text: screen.sections[section].title)
    }

    func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> TableViewHeaderFooterView? {
        guard let reference = screen.sections[section].footerCell else { return nil }
        return sectionView(reference, text: screen.sections[section].footer)
    }

    /// A header or footer view of a registered type, given the section's text
    /// through its `title` or `text` attribute. Made fresh: sections are few.
    private func sectionView(_ reference: CellReference, text: String?) -> TableViewHeaderFooterView {
        let content = makeContent(reference)
        if let text, let plan = try? plan(reference),
            let attribute = plan.attributes.first(where: { $0.name == "title" })
                ?? plan.attributes.first(where: { $0.name == "text" })
        {
            try? attribute.apply(.string(text), to: content)
        }
        if let view = content as? TableViewHeaderFooterView { return view }
        let host = HostingHeaderFooterView()
        host.host(content)
        return host
    }
}

// MARK: - Grid

extension ScreenDataSource: CollectionViewDataSource {
    func numberOfSections(in collectionView: CollectionView) -> Int { screen.sections.count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        numberOfRows(section)
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let reference = loadRow(section: indexPath.section, row: indexPath.item)
        note(reference, indexPath, row: indexPath.item)
        defer { breadcrumb?.note(.drawing) }
        do {
            let cell = try collectionView.tryDequeueReusableCell(
                withIdentifier: identifier(of: reference), for: indexPath)
            configure(cell, reference: reference)
            return cell
        } catch {
            errors.append(RenderFailure(error, cell: reference.written))
            let cell = HostingCollectionCell()
            let error = ErrorCell()
            error.label.text = "⚠ \(reference.written)"
            cell.host(error)
            return cell
        }
    }

    func collectionView(_ collectionView: CollectionView, titleForHeaderInSection section: Int) -> String? {
        screen.sections[section].title
    }

    func collectionView(_ collectionView: CollectionView, titleForFooterInSection section: Int) -> String? {
        screen.sections[section].footer
    }
}
