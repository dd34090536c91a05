@_spi(Host) import CellKit
import CellKitSupport
import Testing

@testable import Session
@testable import WorkerProtocol

/// The errors of a render reach the session as values (``RenderFailure``):
/// the cell and attribute, the code, the fix and a data file's place are
/// each a field the session can count, colour or list, and the text it
/// prints from them is what it printed when they crossed as strings.
@Suite struct RenderFailureTests {
    /// A value a cell's attribute does not take names the cell, the
    /// attribute and the kind of error; the render's error counts the others.
    @Test func aBadValueNamesTheCellAndItsAttribute() throws {
        let s = ScriptSession()
        let cell = CellReference(written: "WeatherCell", qualified: "TestCells.WeatherCell")
        let row = Row(cell: cell, attributes: [AttributeSetting(name: "temperature", value: .string("warm"))])
        var screen = Screen(name: "S")
        screen.sections = [Section(rows: [.row(row), .row(row)])]
        let summary = try s.interpreter.backend.render(
            screen, format: .plain, width: 30, colors: .none, to: MemoryOutput())
        #expect(summary.cellErrors.count == 2)
        let failure = try #require(summary.cellErrors.first)
        #expect(failure.code == "invalidAttributeValue")
        #expect(failure.cell == "WeatherCell")
        #expect(failure.attribute == "temperature")
        #expect(
            failure.description == "WeatherCell.temperature: \(failure.message)\(failure.fix.map { "; \($0)" } ?? "")")
        let error = #expect(throws: BackendError.self) { try Interpreter.check(summary) }
        guard case .render(let cells)? = error else {
            Issue.record("expected a render error, got \(String(describing: error))")
            return
        }
        #expect(cells.code == "invalidAttributeValue")
        #expect(cells.description == "a cell could not be drawn: \(failure) (and 1 more)")
    }

    /// A data file that changed since `rows` read it: what changed, and the
    /// fix (run `rows` again) as its own field, printed after a semicolon.
    @Test func aDataFileThatChangedCarriesItsFix() throws {
        let files = TemporaryFiles()
        let path = files.write("people.csv", "name\nAda\nGrace\n")
        let s = ScriptSession()
        s.succeed("screen A width=20\nrows ProfileCell from \"\(path)\" name=.name")
        files.write("people.csv", "name\nAda\nGrace\nKatherine\n")
        let screen = try #require(s.session.screens.first)
        let summary = try s.interpreter.backend.render(
            screen, format: .plain, width: 20, colors: .none, to: MemoryOutput())
        let failure = try #require(summary.dataErrors.first)
        #expect(failure.code == RenderFailure.dataFile)
        #expect(failure.message.hasPrefix("\(path) changed since `rows` read it (it had 15 bytes, now 25"))
        #expect(failure.fix == "run `rows … from \(path)` again")
        #expect(failure.diagnostics.isEmpty)
        #expect(failure.description == "\(failure.message); \(failure.fix ?? "")")
    }

    /// A place in a file is a diagnostic, every field of it: rendered as a
    /// compiler renders one, after the cell it is about when there is one.
    @Test func aPlaceInAFileIsRenderedAsADiagnostic() {
        var diagnostic = Diagnostic(
            message: "no attribute 'nmae'", location: SourceLocation(file: "Cell.nib", line: 2, column: 3), length: 4,
            sourceLine: "{nmae}", notes: ["did you mean 'name'?"])
        diagnostic.sourceColumn = 2
        let failure = RenderFailure(
            "invalidNib", "the nib does not parse", fix: "fix the nib", diagnostics: [diagnostic])
        #expect(failure.description == diagnostic.rendered())
        var item = failure
        item.cell = "CardCells.ProfileCell"
        #expect(item.description == "CardCells.ProfileCell: " + diagnostic.rendered())
        #expect(
            RenderFailure("output", "no space left on the device", fix: "free some").description
                == "no space left on the device; free some")
    }

    /// `validate --json` gives a failure's parts besides its text: the
    /// item, the code, the fix and each place in the file.
    @Test func validateAsJSONGivesTheItemCodeFixAndPlaces() throws {
        let diagnostic = Diagnostic(
            message: "no scene 'Detail'", location: SourceLocation(file: "Main.storyboard", line: 4, column: 7),
            notes: ["did you mean 'Details'?"])
        let failure = RenderFailure(
            "sceneNotFound", "no scene 'Detail'", cell: "CardCells.Main", diagnostics: [diagnostic])
        let document = MachineReadable.validate(
            checked: 3, plugins: ["CardCells"], failures: [(nil, failure.description, failure)])
        let entry = try #require(document.objectValue?["failures"]?.arrayValue?.first?.objectValue)
        #expect(entry["message"] == .string("CardCells.Main: " + diagnostic.rendered()))
        #expect(entry["item"] == .string("CardCells.Main"))
        #expect(entry["code"] == .string("sceneNotFound"))
        #expect(entry["fix"] == .null)
        let place = try #require(entry["places"]?.arrayValue?.first?.objectValue)
        #expect(place["file"] == .string("Main.storyboard"))
        #expect(place["line"] == .int(4))
        #expect(place["column"] == .int(7))
        #expect(place["message"] == .string("no scene 'Detail'"))
        #expect(place["notes"] == .array([.string("did you mean 'Details'?")]))
    }
}
