import Testing

@_spi(Host) @testable import CellKit

/// A bar drawn by its owner in whatever frame the nib gives it: `#` over `.`.
final class TestBar: View {
    var fraction = 0.0
    /// The widths it was drawn at, newest last.
    var drawnWidths: [Int] = []

    override func draw(in context: DrawingContext) {
        drawnWidths.append(context.size.width)
        let full = Int((fraction * Double(context.size.width)).rounded())
        context.fill(Rect(x: 0, y: 0, width: full, height: 1), with: "#")
        context.fill(Rect(x: full, y: 0, width: context.size.width - full, height: 1), with: ".")
    }
}

/// A gauge: a scriptable name, a bar it draws, a percentage it fills from `value`.
final class TestGaugeCell: TableViewCell, NibReusable, Inspectable {
    @Outlet var name: Label
    @ViewOutlet var bar: TestBar
    @Outlet(scriptable: false) var pct: Label

    var value = 0.0 {
        didSet {
            bar.fraction = value
            pct.text = "\(Int((value * 100).rounded()))%"
        }
    }

    static var inspectableAttributes: [InspectableAttribute<TestGaugeCell>] { [.init("value", \.value)] }
}

/// A view outlet given a label's modifier.
final class StyledBarCell: TableViewCell, NibReusable {
    @ViewOutlet var bar: TestBar
}

/// `stretch` outlets and `@ViewOutlet`s (issue 20), `@Outlet(scriptable: false)` (issue 17).
@Suite struct StretchingOutletTests {
    init() throws {
        try Nib.register(
            source: "{name:width=6} {bar:stretch,min=3} {pct:right,width=4}", named: "TestGaugeCell",
            in: PluginBundle(for: TestGaugeCell.self))
        try Nib.register(
            source: "[{bar:stretch,bold}]", named: "StyledBarCell", in: PluginBundle(for: StyledBarCell.self))
    }

    /// The outlet asks for its `min` and takes the slack, as a spring of weight 1.
    @Test func aStretchOutletTakesTheSlackOfItsLine() throws {
        let t = try NibTemplate.parse("{a} {bar:stretch,min=3} {b}", name: "T")
        let naturals = [4, 0, 3]
        func barWidth(_ width: Int) -> Int {
            t.layout(width: width, naturalWidth: { naturals[$0] }, wrappedLineCount: { _, _ in 1 })
                .lines[0].placements[2].width
        }
        #expect(barWidth(40) == 40 - 4 - 1 - 1 - 3)
        #expect(barWidth(20) == 11)
        #expect(barWidth(12) == 3, "at the line's minimum, the bar keeps its min")
        #expect(t.minimumWidth == 5, "the literals and the bar's min")
        // Shared with a spring by weight: a {~2} gets twice the bar's share.
        let shared = try NibTemplate.parse("{bar:stretch}{~2}", name: "T")
        let layout = shared.layout(width: 9, naturalWidth: { _ in 0 }, wrappedLineCount: { _, _ in 1 })
        #expect(layout.lines[0].placements.map(\.width) == [3, 6])
    }

    @Test(arguments: [
        ("{a:stretch,width=4}", "1:12: 'width=4' contradicts 'stretch'"),
        ("{a:max=4,stretch}", "1:10: 'stretch' contradicts 'max=4'"),
        ("{a:stretch,stretch}", "1:12: 'stretch' is given twice"),
        ("{a:fill}", "1:4: unknown modifier 'fill' on outlet 'a'"),
    ])
    func stretchModifierErrors(_ source: String, _ message: String) throws {
        let error = #expect(throws: NibParseError.self) { try NibTemplate.parse(source, name: "T") }
        let first = try #require(error?.first)
        #expect("\(first.location.line):\(first.location.column): \(first.message)" == message)
        if source == "{a:fill}" { #expect(first.notes == ["did you mean 'stretch'?"]) }
        #expect(try NibTemplate.parse("{a:stretch,min=2}", name: "T").outlets[0].stretches)
    }

    /// The nib gives the view outlet its frame; the view draws in it, as wide as
    /// the line leaves after the name and the percentage.
    @Test func aViewOutletIsDrawnByItsViewInTheSlack() throws {
        let cell = try TestGaugeCell.tryLoadFromNib()
        cell.name.text = "Disk"
        cell.value = 0.5
        #expect(cell.render(width: 24).text == "Disk   ######......  50%")
        #expect(cell.render(width: 16).text == "Disk   ##..  50%")
        #expect(cell.bar.drawnWidths == [12, 4])
        #expect(cell.connectedOutlets.keys.sorted() == ["name", "pct"], "labels only")
    }

    @Test func aViewOutletRefusesALabelsModifiers() throws {
        let error = #expect(throws: CellKitError.self) { try StyledBarCell.tryLoadFromNib() }
        #expect(error?.code == .outletMismatch)
        #expect(
            error?.message
                == "StyledBarCell.nib gives {bar} 'style', but StyledBarCell.bar is a TestBar it draws itself, not a label"
        )
        #expect(error?.fix == "remove 'style' from {bar}: a view outlet takes width=, min= and stretch only")
    }

    /// Code-only outlets are no attributes: not listed, and refused by name with what can be set.
    @Test func codeOnlyOutletsAreHiddenAndRefused() throws {
        let cell = try TestGaugeCell.tryLoadFromNib()
        #expect(AttributeDescriptor.descriptors(of: cell).map(\.name) == ["value", "name"])
        try cell.setAttribute("name", to: "Swap")
        #expect(cell.name.text == "Swap")
        let error = #expect(throws: CellKitError.self) { try cell.setAttribute("pct", to: "99%") }
        #expect(error?.message == "TestGaugeCell's outlet 'pct' is filled by the cell, not by scripts")
        #expect(error?.fix == "set one of its attributes: value, name")
        #expect(throws: CellKitError.self) { try cell.setAttribute("bar", to: "x") }
        #expect(cell.pct.text == "", "the refused value was not set")
    }
}
