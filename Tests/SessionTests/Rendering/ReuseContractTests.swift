@_spi(Host) import CellKit
import TestSupport
import Testing

@testable import Session

/// A cell as a plugin author writes one: `percent` fills the `pct` label
/// from code, and `pct` is an attribute too (declared after it, as a nib's
/// outlets are listed after the declared attributes).
private final class TaskCell: TableViewCell, Reusable, Inspectable {
    private let line = Label()
    var task = "" { didSet { draw() } }
    var percent = 0 { didSet { pct = "\(percent)%" } }
    var pct = "" { didSet { draw() } }

    required init() {
        super.init()
        line.pinEdges()
        contentView.addSubview(line)
    }

    private func draw() { line.text = "\(task) [\(pct)]" }

    override func prepareForReuse() {
        super.prepareForReuse()
        resetAttributesToDefaults()
    }

    static var inspectableAttributes: [InspectableAttribute<TaskCell>] {
        [
            .init("task", \.task, summary: "what to do"),
            .init("percent", \.percent, summary: "how far along"),
            .init("pct", \.pct, summary: "the percentage, as text"),
        ]
    }
}

private enum TaskCells: Plugin {
    static let name = "TaskCells"
    static let version = "1.0.0"
    static func register(in registrar: PluginRegistrar) throws {
        try registrar.register(TaskCell.self, summary: "a task and how far along it is")
    }
}

/// The reuse contract (docs/sdk-guide.md): defaults go in before a row's
/// values, on the first row as on every reused one, so a row draws the same
/// whatever came before it.
@Suite struct ReuseContractTests {
    @Test func theFirstRowDrawsAsTheSecondWhenASetterFillsAnotherAttribute() {
        let s = ScriptSession(plugins: [TaskCells.self])
        s.succeed(
            """
            screen A width=20
            row TaskCell task=a percent=100
            row TaskCell task=a percent=100
            row TaskCell task=b percent=5 pct=half
            row TaskCell task=a percent=100
            render
            """)
        // Row 3 gives `pct` after `percent`: its own value wins, as written.
        #expect(s.takeOutput() == "a [100%]\na [100%]\nb [half]\na [100%]\n")
    }

    /// Rows that each set another subset of the attributes, one cell reused
    /// for all: each draws what its own attributes say, as on a new cell. (The
    /// host sets again, to the row's value or the default, every attribute the
    /// cell's last row set, and the cell's reset leaves those to it.)
    @Test func rowsSettingAnyAttributesDrawAsOnANewCell() {
        var random = SeededGenerator(seed: 18)
        var script = "screen A width=30\n"
        var expected = ""
        for i in 0..<300 {
            var attributes: [String] = []
            let task = Bool.random(using: &random) ? "t\(i)" : nil
            let percent = Bool.random(using: &random) ? Int.random(in: 0...100, using: &random) : nil
            let pct = Int.random(in: 0..<4, using: &random) == 0 ? "p\(i)" : nil
            if let task { attributes.append("task=\(task)") }
            if let percent { attributes.append("percent=\(percent)") }
            if let pct { attributes.append("pct=\(pct)") }
            script += "row TaskCell \(attributes.joined(separator: " "))\n"
            expected += "\(task ?? "") [\(pct ?? percent.map { "\($0)%" } ?? "")]\n"
        }
        let s = ScriptSession(plugins: [TaskCells.self])
        s.succeed(script + "render")
        #expect(s.takeOutput() == expected)
    }

    /// Bound rows: a record whose member is `null` gives its attribute the default,
    /// never the value of the record before it (the worker keeps its buffer
    /// of values from row to row of a binding, and writes every slot).
    @Test func aRecordWithoutAMemberDrawsTheDefaultNotThePreviousRecordsValue() {
        let files = TemporaryFiles()
        files.write(
            "tasks.json",
            """
            [{"t": "a", "p": 10, "x": "one"}, {"t": "b", "p": 20, "x": null}, {"t": "c", "p": null, "x": "three"},
             {"t": null, "p": 40, "x": null}]
            """)
        let s = ScriptSession(plugins: [TaskCells.self])
        s.succeed(
            """
            screen A width=30
            rows TaskCell from "\(files.path("tasks.json"))" task=.t percent=.p pct=.x
            render
            """)
        #expect(s.takeOutput() == "a [one]\nb [20%]\nc [three]\n [40%]\n")
    }

    /// Runs of bound rows, full and not, with a constant set after an
    /// attribute whose setter overwrites it, between literal rows and a CSV
    /// binding whose text goes to an Int attribute: every row draws as on a
    /// new cell. (A full row of the run the cell's last row was of sets the
    /// run's attributes again in order, and nothing else.)
    @Test func runsOfFullAndPartialBoundRowsDrawAsOnANewCell() {
        let (records, model) = Self.tasks(200, seed: 26, missingOneIn: 5)
        let files = TemporaryFiles()
        files.write("tasks.json", "[" + records.joined(separator: ",\n") + "]")
        files.write("tasks.csv", "t,p\n" + (0..<50).map { "c\($0),\($0 * 2)" }.joined(separator: "\n") + "\n")
        let s = ScriptSession(plugins: [TaskCells.self])
        s.succeed(
            """
            screen A width=30
            rows TaskCell from "\(files.path("tasks.json"))" task=.t percent=.p pct=fixed
            row TaskCell task=lit percent=7
            rows TaskCell from "\(files.path("tasks.csv"))" task=.t percent=.p
            rows TaskCell from "\(files.path("tasks.json"))" task=.t percent=.p
            render
            """)
        var expected = Self.drawn(model, pct: "fixed")
        expected += "lit [7%]\n"
        expected += (0..<50).map { "c\($0) [\($0 * 2)%]\n" }.joined()
        expected += Self.drawn(model)
        #expect(s.takeOutput() == expected)
    }

    /// The same where most rows are drawn from values made ahead (a file of
    /// several chunks: every chunk after the first is read, and its rows'
    /// values made, on another thread) and set straight from them, the row
    /// before's run on the same cell (`ScreenDataSource.fullRow`): full and
    /// partial rows, a constant set after the attribute whose setter
    /// overwrites it, draw as on a new cell.
    @Test func rowsSetFromValuesMadeAheadDrawAsOnANewCell() {
        let (records, model) = Self.tasks(90_000, seed: 28, missingOneIn: 7)
        let files = TemporaryFiles()
        files.write("tasks.jsonl", records.joined(separator: "\n") + "\n")  // 2 MB: three chunks
        let s = ScriptSession(plugins: [TaskCells.self])
        s.succeed(
            """
            screen A width=30
            rows TaskCell from "\(files.path("tasks.jsonl"))" task=.t percent=.p pct=fixed
            rows TaskCell from "\(files.path("tasks.jsonl"))" task=.t percent=.p
            render
            """)
        let expected = Self.drawn(model, pct: "fixed") + Self.drawn(model)
        // Compared line by line: a failure names the first wrong row, not two megabytes.
        let lines = s.takeOutput().split(separator: "\n", omittingEmptySubsequences: false)
        let wanted = expected.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == wanted.count)
        let wrong = zip(lines, wanted).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(
            wrong == nil, "row \(wrong?.offset ?? 0): \(wrong?.element.0 ?? "") instead of \(wrong?.element.1 ?? "")")
    }

    /// `count` task records as JSON objects, each member null one time in
    /// `missingOneIn`, and what they hold.
    static func tasks(_ count: Int, seed: UInt64, missingOneIn missing: Int) -> (
        records: [String], model: [(task: String?, percent: Int?)]
    ) {
        var random = SeededGenerator(seed: seed)
        var records: [String] = []
        var model: [(task: String?, percent: Int?)] = []
        for i in 0..<count {
            let task = Int.random(in: 0..<missing, using: &random) == 0 ? nil : "t\(i)"
            let percent =
                Int.random(in: 0..<missing, using: &random) == 0 ? nil : Int.random(in: 0...100, using: &random)
            model.append((task, percent))
            records.append(
                "{\"t\": \(task.map { "\"\($0)\"" } ?? "null"), \"p\": \(percent.map(String.init) ?? "null")}")
        }
        return (records, model)
    }

    /// The lines `TaskCell` draws for `model`'s rows: `pct` when a constant
    /// sets it, else each row's percent.
    static func drawn(_ model: [(task: String?, percent: Int?)], pct: String? = nil) -> String {
        model.map { "\($0.task ?? "") [\(pct ?? $0.percent.map { "\($0)%" } ?? "")]\n" }.joined()
    }
}
