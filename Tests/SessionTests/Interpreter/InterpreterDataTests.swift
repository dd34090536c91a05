@_spi(Host) import CellKit
import CellKitSupport
import DataBinding
import Foundation
import Glibc
import Testing

@testable import Session
@testable import WorkerProtocol

/// `rows CELL from FILE`: JSON and CSV records bound to attributes, and errors
/// located in the data file (or in the script, when the script is wrong).
@Suite struct InterpreterDataTests {
    static let weather = CellReference(written: "WeatherCell", qualified: "TestCells.WeatherCell")

    func binding(_ s: ScriptSession, screen: Int = 0, section: Int = 0, _ index: Int = 0) -> Binding? {
        guard s.session.screens.indices.contains(screen), s.session.screens[screen].sections.indices.contains(section)
        else { return nil }
        let rows = s.session.screens[screen].sections[section].rows
        guard rows.indices.contains(index), case .bound(let binding) = rows[index] else { return nil }
        return binding
    }

    @Test func jsonRecordsBecomeRowsWithFieldsConstantsAndLists() throws {
        let files = TemporaryFiles()
        files.write(
            "cities.json",
            """
            [
              {"name": "Oslo", "weather": {"temp": 4, "sun": false}, "range": [1, 7], "tags": ["cyan"]},
              {"name": "Rio", "weather": {"temp": 31.0, "sun": true}, "range": [24, 35.5], "tags": ["red", "orange"]}
            ]
            """)
        let s = ScriptSession()
        s.succeed(
            """
            screen A
            rows WeatherCell from "\(files.path("cities.json"))" city=.name temperature=.weather.temp \
              sunny=.weather.sun history=[.range[0], 0, .range[1]] trend=rising accent=.tags[0]
            """)
        let b = try #require(binding(s))
        #expect(b.cell == Self.weather)
        #expect(b.file == files.path("cities.json"))
        #expect(
            b.mappings == [
                .field(attribute: "city", path: FieldPath([.key("name")])),
                .field(attribute: "temperature", path: FieldPath([.key("weather"), .key("temp")])),
                .field(attribute: "sunny", path: FieldPath([.key("weather"), .key("sun")])),
                .list(
                    attribute: "history",
                    elements: [
                        .field(FieldPath([.key("range"), .index(0)])), .text("0"),
                        .field(FieldPath([.key("range"), .index(1)])),
                    ]),
                .constant(AttributeSetting(name: "trend", value: .enumeration("rising"))),
                .field(attribute: "accent", path: FieldPath([.key("tags"), .index(0)])),
            ])
        _ = b
    }

    @Test func jsonValuesAreConvertedAndCheckedPerRecord() throws {
        let files = TemporaryFiles()
        files.write(
            "cities.json",
            """
            [
              {"name": "Oslo", "temp": 4, "sun": false, "range": [1, 7]},
              {"name": "Rio", "temp": 31.0, "sun": true, "range": [24, 35.5]}
            ]
            """)
        let s = ScriptSession()
        s.succeed(
            "screen A\nrows WeatherCell from \"\(files.path("cities.json"))\" city=.name temperature=.temp sunny=.sun history=.range trend=rising"
        )
        let b = try #require(binding(s))
        #expect(
            s.records(b) == [
                [
                    AttributeSetting(name: "city", value: .string("Oslo")),
                    AttributeSetting(name: "temperature", value: .int(4)),
                    AttributeSetting(name: "sunny", value: .bool(false)),
                    AttributeSetting(name: "history", value: .numbers([1, 7])),
                    AttributeSetting(name: "trend", value: .enumeration("rising")),
                ],
                [
                    AttributeSetting(name: "city", value: .string("Rio")),
                    AttributeSetting(name: "temperature", value: .int(31)),
                    AttributeSetting(name: "sunny", value: .bool(true)),
                    AttributeSetting(name: "history", value: .numbers([24, 35.5])),
                    AttributeSetting(name: "trend", value: .enumeration("rising")),
                ],
            ])
    }

    @Test func csvColumnsBindByNameAndQuotedNames() throws {
        let files = TemporaryFiles()
        files.write("cities.csv", "City Name,temp,humidity\nOslo,4,0.8\n\"Rio de Janeiro, RJ\",31,\n")
        let s = ScriptSession()
        s.succeed(
            "screen A\nrows WeatherCell from \"\(files.path("cities.csv"))\" city=.\"City Name\" temperature=.temp humidity=.humidity"
        )
        let b = try #require(binding(s))
        #expect(
            s.records(b) == [
                [
                    AttributeSetting(name: "city", value: .string("Oslo")),
                    AttributeSetting(name: "temperature", value: .int(4)),
                    AttributeSetting(name: "humidity", value: .double(0.8)),
                ],
                // An empty field leaves a number at its default.
                [
                    AttributeSetting(name: "city", value: .string("Rio de Janeiro, RJ")),
                    AttributeSetting(name: "temperature", value: .int(31)),
                ],
            ])
        s.succeed("render width=30")
        #expect(s.takeOutput() == "Oslo 4° 0.8 cloud steady []\nRio de Janeiro, RJ 31° 0.5 cl…\n")
    }

    /// A `.tsv` file is CSV separated by tabs: a comma is text in a field,
    /// in the check (which counts records without their fields when they are
    /// bound as text) and in the drawing.
    @Test func tabSeparatedFilesBindByColumn() throws {
        let files = TemporaryFiles()
        let path = files.write("cities.TSV", "city\ttemp\nOslo, NO\t4\nRio de Janeiro, RJ\t31\n")
        let s = ScriptSession()
        s.succeed("screen A\nrows WeatherCell from \"\(path)\" city=.city")
        s.succeed("rows WeatherCell from \"\(path)\" city=.city temperature=.temp")
        let b = try #require(binding(s, 1))
        #expect(
            s.records(b) == [
                [
                    AttributeSetting(name: "city", value: .string("Oslo, NO")),
                    AttributeSetting(name: "temperature", value: .int(4)),
                ],
                [
                    AttributeSetting(name: "city", value: .string("Rio de Janeiro, RJ")),
                    AttributeSetting(name: "temperature", value: .int(31)),
                ],
            ])
        s.succeed("render width=30")
        #expect(
            s.takeOutput() == """
                Oslo, NO 0° 0.5 cloud steady…
                Rio de Janeiro, RJ 0° 0.5 clo…
                Oslo, NO 4° 0.5 cloud steady…
                Rio de Janeiro, RJ 31° 0.5 cl…

                """)
    }

    /// A binding keeps where its rows come from, not the records: the file is
    /// read again when the rows are drawn, and one that changed since `rows`
    /// checked it is an error that says so (never rows from another file).
    @Test func aDataFileThatChangedSinceRowsIsAnErrorWhenDrawn() throws {
        let files = TemporaryFiles()
        let path = files.write("people.csv", "name\nAda\nGrace\n")
        let s = ScriptSession()
        s.succeed("screen A width=20\nrows ProfileCell from \"\(path)\" name=.name\nrender")
        #expect(s.takeOutput().contains("Grace"))
        files.write("people.csv", "name\nAda\nGrace\nKatherine\n")
        let error = s.fail("render")
        #expect(error.contains("<stdin>:1:1: error: \(path) changed since `rows` read it (it had 15 bytes, now 25"))
        #expect(error.contains("run `rows … from \(path)` again"))
        files.write("people.csv", "")
        _ = s.takeError()
        unlinkFile(path)
        #expect(s.fail("render").contains("and it is gone"))
        // Running rows again reads the new file.
        files.write("people.csv", "name\nKatherine\n")
        s.succeed("screen B width=20\nrows ProfileCell from \"\(path)\" name=.name\nrender")
        #expect(s.takeOutput().contains("Katherine"))
    }

    @Test func nullLeavesTheDefaultAndRowsRenderWithIt() {
        let files = TemporaryFiles()
        files.write("p.json", #"[{"name": "Ada", "role": null}, {"name": null, "role": "Admiral"}]"#)
        let s = ScriptSession()
        s.succeed("screen A width=20\nrows ProfileCell from \"\(files.path("p.json"))\" name=.name role=.role\nrender")
        #expect(s.takeOutput() == "Ada\nno bio yet\n             Admiral\nno bio yet\n")
    }

    @Test func aValueOfTheWrongTypeIsLocatedInTheDataFile() {
        let files = TemporaryFiles()
        let path = files.write(
            "people.json",
            """
            [
              {"name": "Ada", "temp": 21},
              {"name": "Grace", "temp": "hot"},
              {"nmae": "Katherine", "temp": 19}
            ]
            """)
        let s = ScriptSession()
        s.succeed("screen A")
        let error = s.fail("rows WeatherCell from \"\(path)\" city=.name temperature=.temp")
        #expect(
            error == """
                \(path):3:29: error: WeatherCell.temperature: expected an Int, got 'hot'
                    {"name": "Grace", "temp": "hot"},
                                              ^~~~~
                  write a whole number such as 3 or -12
                  record 2, field .temp, for temperature=.temp: temperature is an Int
                \(path):4:3: error: record 3 has no field 'name'
                    {"nmae": "Katherine", "temp": 19}
                    ^
                  did you mean 'nmae'?
                  add it, or use null to leave city at its default (from city=.name)

                """)
        #expect(s.session.screens[0].rowCount == 0)
    }

    /// Text made of fields is checked quickly (each key there, not an array
    /// or an object); a record that fails it gets the same errors as before.
    @Test func textMadeOfJSONFieldsIsCheckedInEveryRecord() {
        let files = TemporaryFiles()
        let path = files.write(
            "people.json",
            """
            [
              {"first": "Ada", "last": "Lovelace", "year": 1815},
              {"last": "Hopper", "first": "Grace", "year": null},
              {"first": "Katherine"},
              {"first": "Mary", "last": {"maiden": "Jackson"}}
            ]
            """)
        let s = ScriptSession()
        s.succeed("screen A")
        let error = s.fail(#"rows ProfileCell from "\#(path)" name="{.first} {.last}" role=.first"#)
        #expect(
            error == """
                \(path):4:3: error: record 3 has no field 'last'
                    {"first": "Katherine"},
                    ^
                  its fields are first
                  add it, or use null to leave name at its default (from name="{.first} {.last}")
                \(path):5:29: error: ProfileCell.name: .last in the text is an object, not text
                    {"first": "Mary", "last": {"maiden": "Jackson"}}
                                              ^
                  record 4, field .last, for name="{.first} {.last}": name is a String

                """)
        #expect(s.session.screens[0].rowCount == 0)
    }

    /// A field no JSON record has is the script's mistake, at its place in
    /// the script, even when the other fields of the same list or template
    /// are there.
    @Test func aFieldNoJSONRecordHasInAListOrTemplateIsAnErrorInTheScript() {
        let files = TemporaryFiles()
        let path = files.write(
            "people.json",
            """
            [
              {"first": "Ada", "last": "Lovelace"},
              {"first": "Grace", "last": "Hopper"}
            ]
            """)
        let s = ScriptSession()
        s.succeed("screen A")
        let line = #"rows ProfileCell from "\#(path)" name="{.first} {.lsat}""#
        let column = line.count - 7  // the brace of {.lsat}
        #expect(
            s.fail(line) == """
                <stdin>:1:\(column): error: no record of people.json has a field 'lsat'
                  \(line)
                  \(String(repeating: " ", count: column - 1))^
                  did you mean 'last'?

                """)
        #expect(s.session.screens[0].rowCount == 0)
    }

    @Test func aCsvValueOfTheWrongTypeIsLocatedAtItsField() {
        let files = TemporaryFiles()
        let path = files.write("w.csv", "city,temp\nOslo,4\n\"Rio de Janeiro\",hot\n")
        let s = ScriptSession()
        s.succeed("screen A")
        #expect(
            s.fail("rows WeatherCell from \"\(path)\" city=.city temperature=.temp") == """
                \(path):3:18: error: WeatherCell.temperature: expected an Int, got 'hot'
                  "Rio de Janeiro",hot
                                   ^~~
                  write a whole number such as 3 or -12
                  record 2, field .temp, for temperature=.temp: temperature is an Int

                """)
    }

    /// A file of several chunks (over 1 MiB): an error in a late record is
    /// located in the file as in a small one, every record is counted, and
    /// rows read records from any chunk.
    @Test func errorsDeepInALargeFileAreLocatedInTheFile() throws {
        let files = TemporaryFiles()
        let count = 60_000
        var csv = "city,temp\n"
        var json = "[\n"
        for i in 0..<count {
            let temp = i == 51_234 ? "hot" : String(i % 40)
            csv += "City number \(i),\(temp)\n"
            json += "  {\"city\": \"City number \(i)\", \"temp\": \(i == 51_234 ? "\"hot\"" : temp)}"
            json += i < count - 1 ? ",\n" : "\n]\n"
        }
        let csvPath = files.write("big.csv", csv)
        let jsonPath = files.write("big.json", json)
        #expect(csv.utf8.count > 1 << 20 && json.utf8.count > 2 << 20)
        let s = ScriptSession()
        s.succeed("screen A")
        #expect(
            s.fail("rows WeatherCell from \"\(csvPath)\" city=.city temperature=.temp") == """
                \(csvPath):51236:19: error: WeatherCell.temperature: expected an Int, got 'hot'
                  City number 51234,hot
                                    ^~~
                  write a whole number such as 3 or -12
                  record 51235, field .temp, for temperature=.temp: temperature is an Int

                """)
        #expect(
            s.fail("rows WeatherCell from \"\(jsonPath)\" city=.city temperature=.temp") == """
                \(jsonPath):51236:41: error: WeatherCell.temperature: expected an Int, got 'hot'
                    {"city": "City number 51234", "temp": "hot"},
                                                          ^~~~~
                  write a whole number such as 3 or -12
                  record 51235, field .temp, for temperature=.temp: temperature is an Int

                """)
        let fixed = files.write("big.csv", csv.replacingOccurrences(of: ",hot\n", with: ",7\n"))
        s.succeed("rows WeatherCell from \"\(fixed)\" city=.city temperature=.temp")
        let b = try #require(binding(s))
        #expect(b.count == count)
        let records = s.records(b)
        #expect(records.count == count)
        #expect(records[59_999].first == AttributeSetting(name: "city", value: .string("City number 59999")))
        #expect(records[51_234].last == AttributeSetting(name: "temperature", value: .int(7)))
    }

    /// A CSV file bound only as text is checked without keeping its fields:
    /// a record with a field too many deep in it is still the parser's error,
    /// at its place.
    @Test func aBadRecordDeepInACSVFileBoundAsTextIsLocated() throws {
        let files = TemporaryFiles()
        var csv = "city,temp\n"
        for i in 0..<60_000 { csv += i == 51_234 ? "City, number \(i),7\n" : "City number \(i),\(i % 40)\n" }
        let path = files.write("big.csv", csv)
        let s = ScriptSession()
        s.succeed("screen A")
        #expect(
            s.fail("rows ProfileCell from \"\(path)\" name=\"{.city}: {.temp}\"") == """
                \(path):51236:20: error: record 51235 has 3 fields, but the header has 2
                  City, number 51234,7
                                     ^
                  quote fields that contain ',', or add a column to the header

                """)
        let fixed = files.write("big.csv", csv.replacingOccurrences(of: "City, number", with: "City number"))
        s.succeed("rows ProfileCell from \"\(fixed)\" name=\"{.city}: {.temp}\"")
        #expect(try #require(binding(s)).count == 60_000)
    }

    /// A byte that is not UTF-8 deep in a large file (a late chunk) is the
    /// parser's error, at its line and column in the file: whether the check
    /// only counts the records (text made of fields) or parses them (an
    /// `Int` to check: the chunk's bytes are parsed as they are, with no
    /// `String` made of them first).
    @Test(arguments: ["city=.city", "city=.city temperature=.temp"])
    func invalidUTF8DeepInALargeFileIsAnErrorWithItsOffset(mappings: String) throws {
        let files = TemporaryFiles()
        var bytes = Array("city,temp\n".utf8)
        var at = 0
        for i in 0..<100_000 {
            if i == 90_000 { at = bytes.count + 5 }  // the first digit of "City 90000"
            bytes += Array("City \(i),\(i % 40)\n".utf8)
        }
        bytes[at] = 0xFF
        let path = files.path("bad.csv")
        try atomicWrite(path, bytes)
        #expect(bytes.count > 1 << 20)
        let s = ScriptSession()
        s.succeed("screen A")
        let error = s.fail("rows WeatherCell from \"\(path)\" \(mappings)")
        // The parser's error, at its line and column in the file (no chunk is read whole to find it).
        #expect(error.hasPrefix("\(path):90002:6: error: invalid UTF-8: byte 0xFF\n"), "\(error)")
        #expect(error.contains("save the file as UTF-8"))
        #expect(s.session.screens[0].rowCount == 0)
    }

    /// `watch=true`: a file that changed is checked again and its new
    /// records taken; a file half written keeps the last good binding.
    @Test func aWatchedFileIsReadAgainWhenItChanges() throws {
        let files = TemporaryFiles()
        let path = files.write("w.csv", "city,temp\nOslo,4\n")
        let s = ScriptSession()
        s.succeed("screen A\nrows WeatherCell from \"\(path)\" city=.city temperature=.temp watch=true")
        let first = try #require(binding(s))
        #expect(first.watch && first.count == 1)
        #expect(s.interpreter.watchedDataFiles(screen: 0) == [first.path])
        // Nothing changed: nothing to do.
        var refresh = s.interpreter.refreshWatchedData(screen: 0)
        #expect(!refresh.changed && refresh.errors.isEmpty)

        files.write("w.csv", "city,temp\nOslo,4\nRio,31\nLima,19\n")
        refresh = s.interpreter.refreshWatchedData(screen: 0)
        #expect(refresh.changed && refresh.errors.isEmpty)
        let second = try #require(binding(s))
        #expect(second.count == 3)
        #expect(s.records(second)[2].first == AttributeSetting(name: "city", value: .string("Lima")))

        // Half written: the last record is cut inside a quoted field.
        files.write("w.csv", "city,temp\nOslo,4\n\"Ri")
        refresh = s.interpreter.refreshWatchedData(screen: 0)
        #expect(!refresh.changed)
        #expect(refresh.errors.count == 1)
        #expect(refresh.errors.first?.hasPrefix("\(path):3:1: ") == true, "\(refresh.errors)")
        #expect(binding(s)?.count == 3)
    }

    @Test func withoutWatchNothingIsWatchedAndSaveKeepsIt() throws {
        let files = TemporaryFiles()
        let path = files.write("w.csv", "city,temp\nOslo,4\n")
        let s = ScriptSession()
        s.succeed("screen A\nrows WeatherCell from \"\(path)\" city=.city")
        #expect(s.interpreter.watchedDataFiles(screen: 0).isEmpty)
        s.succeed("rows WeatherCell from \"\(path)\" city=.city watch=true")
        let line = StoryboardWriter.rowLine(.bound(try #require(binding(s, 1))))
        #expect(line.hasSuffix(" watch=true"), "\(line)")
    }

    @Test func aFieldNoRecordHasIsAnErrorInTheScript() {
        let files = TemporaryFiles()
        let json = files.write("p.json", #"[{"name": "Ada", "title": "Analyst"}, {"name": "Grace"}]"#)
        let csv = files.write("p.csv", "name,title\nAda,Analyst\n")
        let s = ScriptSession()
        s.succeed("screen A")
        #expect(
            s.fail("rows ProfileCell from \"\(json)\" name=.nmae role=.title") == """
                <stdin>:1:\(31 + json.count): error: no record of p.json has a field 'nmae'
                  rows ProfileCell from "\(json)" name=.nmae role=.title
                  \(String(repeating: " ", count: 30 + json.count))^~~~~
                  did you mean 'name'?

                """)
        let column = s.fail("rows ProfileCell from \"\(csv)\" name=.name role=.role")
        #expect(column.contains("<stdin>:1:\(42 + csv.count): error: p.csv has no column 'role'\n"))
        #expect(column.contains("  its columns are name, title\n"))
        let nested = s.fail("rows ProfileCell from \"\(csv)\" name=.name.first")
        #expect(nested.contains("error: .name.first is not a column of p.csv"))
        #expect(nested.contains("a CSV record is a row of named columns: write .name"))
    }

    @Test func malformedDataFilesArePositionedErrors() {
        let files = TemporaryFiles()
        let syntax = files.write("s.json", "[\n  {\"name\": \"Ada\",}\n]\n")
        let object = files.write("o.json", "{\"name\": \"Ada\"}\n")
        let fields = files.write("f.csv", "name,role\nAda\n")
        let notNumbers = files.write("n.json", "[{\"h\": [1, \"two\", 3]}]\n")
        let notObject = files.write("r.json", "[{\"name\": \"Ada\"}, \"Grace\"]\n")
        let s = ScriptSession()
        s.succeed("screen A")
        #expect(
            s.fail("rows ProfileCell from \"\(syntax)\" name=.name").hasPrefix(
                "\(syntax):2:18: error: unexpected '}' after ','\n"))
        let notArray = s.fail("rows ProfileCell from \"\(object)\" name=.name")
        #expect(notArray.hasPrefix("\(object):1:1: error: a data file holds an array of records, not an object\n"))
        #expect(
            s.fail("rows ProfileCell from \"\(fields)\" name=.name").hasPrefix(
                "\(fields):2:4: error: record 1 has 1 field, but the header has 2"))
        let element = s.fail("rows WeatherCell from \"\(notNumbers)\" history=.h")
        #expect(
            element.hasPrefix("\(notNumbers):1:12: error: WeatherCell.history: element 1 is a string, not a number\n"))
        #expect(element.contains("           ^~~~~\n"))
        #expect(
            s.fail("rows ProfileCell from \"\(notObject)\" name=.name").hasPrefix(
                "\(notObject):1:19: error: record 2 is a string, not an object with a field 'name'\n"))
    }

    @Test func aMissingDataFileIsAnIOErrorAtTheFileName() {
        let s = ScriptSession()
        s.succeed("screen A")
        let errors = s.run("rows ProfileCell from nowhere.json name=.name")
        #expect(errors.first?.kind == .io)
        #expect(s.takeError().hasPrefix("<stdin>:1:23: error: cannot open 'nowhere.json'"))
    }

    @Test func manyBadRecordsAreCountedAfterTheFirstTen() {
        let files = TemporaryFiles()
        let records = (1...25).map { "{\"t\": \"x\($0)\"}" }.joined(separator: ",\n")
        let path = files.write("many.json", "[\n\(records)\n]\n")
        let s = ScriptSession()
        s.succeed("screen A")
        let errors = s.run("rows WeatherCell from \"\(path)\" temperature=.t")
        #expect(errors.first?.diagnostics.count == 10)
        #expect(s.takeError().hasSuffix("  15 more errors in \(path) not shown\n"))
    }

    /// Text made of JSON fields that fails in many records, over several
    /// chunks: the first ten errors in full, the others counted (without
    /// making each one's message).
    @Test func manyRecordsWithoutATextFieldAreCountedAfterTheFirstTen() throws {
        let files = TemporaryFiles()
        // Only the last record has a title: not the script's mistake, 39,999 records' each (two chunks of the check).
        let records = (1...40_000).map { i in
            i == 40_000 ? "{\"name\": \"n\(i)\", \"title\": \"t\"}" : "{\"name\": \"n\(i)\"}"
        }
        let path = files.write("many.json", "[\n\(records.joined(separator: ",\n"))\n]\n")
        let s = ScriptSession()
        s.succeed("screen A")
        let errors = s.run(#"rows ProfileCell from "\#(path)" name="{.name}: {.title}""#)
        #expect(errors.first?.diagnostics.count == 10)
        let text = s.takeError()
        #expect(text.hasPrefix("\(path):2:1: error: record 1 has no field 'title'\n"), "\(text)")
        #expect(text.hasSuffix("  39989 more errors in \(path) not shown\n"), "\(text)")
    }

    @Test func theDataOverrideReplacesTheFileButTheScriptKeepsItsName() throws {
        let files = TemporaryFiles()
        files.write("a.json", #"[{"name": "Ada"}]"#)
        let other = files.write("b.json", #"[{"name": "Grace"}, {"name": "Katherine"}]"#)
        let s = ScriptSession()
        s.interpreter.sources.dataOverride = other
        s.succeed("screen A\nrows ProfileCell from \"\(files.path("a.json"))\" name=.name")
        let b = try #require(binding(s))
        #expect(b.file == files.path("a.json"))
        #expect(s.records(b).map { $0[0].value } == [.string("Grace"), .string("Katherine")])
    }

    @Test func aListOfFieldsNeedsNumbers() {
        let files = TemporaryFiles()
        let path = files.write("r.json", #"[{"lo": 1, "hi": "high"}]"#)
        let s = ScriptSession()
        s.succeed("screen A")
        #expect(s.fail("rows WeatherCell from \"\(path)\" city=[.lo, .hi]").contains("city=: a list is not a String"))
        #expect(s.fail("rows WeatherCell from \"\(path)\" history=[.lo, x]").contains("history=: 'x' is not a number"))
        #expect(
            s.fail("rows WeatherCell from \"\(path)\" history=[.lo, .hi]").hasPrefix(
                "\(path):1:18: error: WeatherCell.history: expected a number, got a string\n"))
    }
}

/// Reading a data file takes time in proportion to its size, minified JSON
/// (one long line) included: positions used to be counted from the line's
/// start for every record.
@Suite struct InterpreterDataSizeTests {
    /// Text made of JSON members is checked and drawn from the members' texts
    /// without parsing a chunk (JSONRecordCheck): the rows are the parsed
    /// records' texts exactly, every kind of scalar and number included, an
    /// escaped string (`\"hi\"`, read by the quick path since issue 32)
    /// too; a chunk the quick path does not read (a nested member) is parsed.
    @Test func textOfJSONMembersIsTheParsedRecordsTextWithOrWithoutAParse() throws {
        let files = TemporaryFiles()
        let scalars = [
            "0", "-0", "7", "-12", "0.0", "-0.0", "2.50", "24990.75", "1e2", "1.5E-3", "-2.5e+7", "123456789012345678",
            "1234567890123456789", "98765432109876543210", "0.1", "1e15", "3.14159265358979323846", "true", "false",
            "null", #""""#, #""Gateway 網關""#, #""Auth 🔐""#,
        ]
        var json = "[\n"
        let count = 30_000
        for i in 0..<count {
            let a = scalars[i % scalars.count]
            let b = scalars[(i * 7 + 3) % scalars.count]
            let c = i == 20_000 ? #""say \"hi\"""# : "\"name \(i)\""
            let extra = i == 25_000 ? #""extra": {"x": [1]}, "# : ""
            json += "  {\"id\": \(i), \(extra)\"a\": \(a), \"b\": \(b), \"c\": \(c)}"
            json += i < count - 1 ? ",\n" : "\n]\n"
        }
        let path = files.write("scalars.json", json)
        #expect(json.utf8.count > 1 << 20)  // chunks of both kinds
        let s = ScriptSession()
        s.succeed("screen A\nrows ProfileCell from \"\(path)\" name=\"{.a}|{.b}|{.c}\" role=fixed")
        let rows = s.session.screens[0].sections[0].rows
        guard case .bound(let b)? = rows.first else {
            Issue.record("no bound rows")
            return
        }
        #expect(b.count == count)
        guard case .array(let parsed) = try JSONParser(keepsNumberText: true).parse(json) else {
            Issue.record("not an array")
            return
        }
        let expected: [String] = parsed.map { record in
            guard case .object(let object) = record else { return "" }
            return ["a", "b", "c"].map { key in object.index(forKey: key).flatMap { object[$0].value.scalarText } ?? "?"
            }
            .joined(separator: "|")
        }
        let drawn = s.records(b).map { settings in
            settings.first { $0.name == "name" }.map { "\($0.value)" } ?? "(none)"
        }
        #expect(drawn.count == count)
        let differing = zip(drawn, expected).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(differing.count == 0, "records \(differing.prefix(5)) differ")
        #expect(drawn[20_000].hasSuffix(#"|say "hi""#))
        #expect(drawn[0] == "0|-12|name 0")
        #expect(drawn[1] == "-0|-2.5e+7|name 1")  // numbers as the file writes them (issue 33, item 13)
        #expect(drawn[12] == "1234567890123456789|false|name 12")
    }

    @Test func twentyThousandRecordsOnOneLineBindQuickly() throws {
        let files = TemporaryFiles()
        let records = (0..<20_000).map { "{\"name\": \"Person \($0)\", \"temp\": \($0 % 40)}" }.joined(separator: ",")
        let path = files.write("minified.json", "[" + records + "]")
        let s = ScriptSession()
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            s.succeed("screen A\nrows WeatherCell from \"\(path)\" city=.name temperature=.temp")
        }
        #expect(s.session.screens[0].rowCount == 20_000)
        // Linear: well under a second in a debug build; quadratic took about a minute.
        #expect(elapsed < .seconds(10), "binding 20,000 records took \(elapsed)")
    }
}

private func unlinkFile(_ path: String) { _ = unlink(path) }
