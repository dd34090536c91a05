@_spi(Host) import CellKit
import TestSupport
import Testing

@testable import Session

/// A row of a name and a unit, which counts how often its `unit` is set
/// (each cell type below keeps its own count).
private class UnitRow: TableViewCell {
    private let line = Label()
    var name = "" { didSet { draw() } }
    var unit = "" {
        didSet {
            Self.unitWasSet()
            draw()
        }
    }

    required init() {
        super.init()
        line.pinEdges()
        contentView.addSubview(line)
    }

    private func draw() { line.text = "\(name) \(unit)" }

    class func unitWasSet() {}
}

/// A cell that keeps the attributes the console sets between rows
/// (`View.keepsAttributesBetweenRows`).
private final class KeepingCell: UnitRow, Reusable, Inspectable {
    nonisolated(unsafe) static var unitSets = 0
    override class func unitWasSet() { unitSets += 1 }

    override class var keepsAttributesBetweenRows: Bool { true }

    override func prepareForReuse() {
        super.prepareForReuse()
        resetAttributesToDefaults()
    }

    static var inspectableAttributes: [InspectableAttribute<KeepingCell>] {
        [.init("name", \.name, summary: "who"), .init("unit", \.unit, summary: "after the name")]
    }
}

/// The same cell as most are written: it does not say it keeps them, and
/// its reuse clears `unit` by hand.
private final class ClearingCell: UnitRow, Reusable, Inspectable {
    nonisolated(unsafe) static var unitSets = 0
    override class func unitWasSet() { unitSets += 1 }

    override func prepareForReuse() {
        super.prepareForReuse()
        resetAttributesToDefaults()
        unit = "?"
    }

    static var inspectableAttributes: [InspectableAttribute<ClearingCell>] {
        [.init("name", \.name, summary: "who"), .init("unit", \.unit, summary: "after the name")]
    }
}

private enum UnitCells: Plugin {
    static let name = "UnitCells"
    static let version = "1.0.0"
    static func register(in registrar: PluginRegistrar) throws {
        try registrar.register(KeepingCell.self, summary: "keeps what the console sets")
        try registrar.register(ClearingCell.self, summary: "clears its unit on reuse")
    }
}

/// A binding's constants (`rows … unit=pts`) on a cell that keeps the
/// attributes the console sets: set once for the rows of the binding, and
/// each row still draws as on a new cell.
@Suite(.serialized) struct KeptAttributesTests {
    /// `count` CSV records `n0`, `n1`, …: about 9 bytes each, so 40,000 of
    /// them are read in several chunks, most of them made ahead.
    static func names(_ count: Int) -> String {
        "n\n" + (0..<count).map { "n\($0)\n" }.joined()
    }

    @Test func aConstantIsSetOnceForTheRowsOfABindingOnACellThatKeepsIt() {
        let files = TemporaryFiles()
        files.write("names.csv", Self.names(40_000))
        let s = ScriptSession(plugins: [UnitCells.self])
        KeepingCell.unitSets = 0
        s.succeed(
            """
            screen A width=20
            rows KeepingCell from "\(files.path("names.csv"))" name=.n unit=pts
            render
            """)
        let expected = (0..<40_000).map { "n\($0) pts\n" }.joined()
        #expect(s.takeOutput() == expected)
        #expect(KeepingCell.unitSets < 10, "set \(KeepingCell.unitSets) times for 40,000 rows")
    }

    @Test func aCellThatDoesNotKeepThemHasItsConstantsSetOnEveryRow() {
        let files = TemporaryFiles()
        files.write("names.csv", Self.names(40_000))
        let s = ScriptSession(plugins: [UnitCells.self])
        ClearingCell.unitSets = 0
        s.succeed(
            """
            screen A width=20
            rows ClearingCell from "\(files.path("names.csv"))" name=.n unit=pts
            render
            """)
        // Its reuse clears `unit` (another 39,999 sets): every row sets it back.
        #expect(s.takeOutput() == (0..<40_000).map { "n\($0) pts\n" }.joined())
        #expect(ClearingCell.unitSets >= 40_000)
    }

    /// Bindings with other constants, a literal row and a binding without
    /// the constant, one cell drawing them all: a constant held from one
    /// binding never shows in another's rows.
    @Test func aHeldConstantStaysWithItsBinding() {
        let files = TemporaryFiles()
        files.write("names.csv", Self.names(3_000))
        let path = files.path("names.csv")
        let s = ScriptSession(plugins: [UnitCells.self])
        s.succeed(
            """
            screen A width=20
            rows KeepingCell from "\(path)" name=.n unit=pts
            row KeepingCell name=lit unit=kg
            rows KeepingCell from "\(path)" name=.n unit=m
            rows KeepingCell from "\(path)" name=.n
            row KeepingCell name=last
            render
            """)
        var expected = (0..<3_000).map { "n\($0) pts\n" }.joined()
        expected += "lit kg\n"
        expected += (0..<3_000).map { "n\($0) m\n" }.joined()
        expected += (0..<3_000).map { "n\($0)\n" }.joined()
        expected += "last\n"
        #expect(s.takeOutput() == expected)
    }
}
