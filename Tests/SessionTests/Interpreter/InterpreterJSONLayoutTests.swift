@_spi(Host) import CellKit
import CellKitSupport
import Testing

@testable import DataBinding
@testable import Session
@testable import WorkerProtocol

/// `rows … from` a JSON file in any layout: JSON Lines by name or by
/// `format=jsonl`, and errors deep in a one-line array (a chunk that starts
/// mid-line) at their exact line, column and caret.
@Suite struct InterpreterJSONLayoutTests {
    func binding(_ s: ScriptSession) -> Binding? {
        guard let rows = s.session.screens.first?.sections.first?.rows, case .bound(let binding)? = rows.last else {
            return nil
        }
        return binding
    }

    static let records = (0..<50).map { #"{"city": "City \#($0) 東京", "temp": \#($0 % 40)}"# }

    @Test func jsonLinesAreReadByNameAndByFormat() throws {
        let files = TemporaryFiles()
        let array = files.write("cities.json", "[" + Self.records.joined(separator: ",") + "]")
        let lines = Self.records.joined(separator: "\n") + "\n"
        let s = ScriptSession()
        s.succeed("screen A\nrows WeatherCell from \"\(array)\" city=.city temperature=.temp")
        let expected = s.records(try #require(binding(s)))
        #expect(expected.count == 50)
        for name in ["cities.jsonl", "cities.ndjson", "CITIES.JSONL", "bom.jsonl"] {
            // (A byte order mark before the first record is skipped, as the parsers skip it.)
            let path = files.write(name, (name.hasPrefix("bom") ? "\u{FEFF}\n" : "") + lines)
            s.succeed("rows WeatherCell from \"\(path)\" city=.city temperature=.temp")
            let b = try #require(binding(s))
            #expect(b.format == "jsonl", "\(name)")
            #expect(s.records(b) == expected, "\(name)")
        }
        // Named otherwise, the same lines are JSON Lines with format=jsonl, and not without.
        let log = files.write("cities.log", lines.replacing("\n", with: "\r\n"))
        let error = s.fail("rows WeatherCell from \"\(log)\" city=.city temperature=.temp")
        #expect(error.contains("cities.log:2:1: error:"), "\(error)")
        s.succeed("rows WeatherCell from \"\(log)\" city=.city temperature=.temp format=jsonl")
        let b = try #require(binding(s))
        #expect(b.format == "jsonl")
        #expect(s.records(b) == expected)
        // A .json file of JSON Lines says how to read it.
        let misnamed = files.write("lines.json", String(repeating: #"{"city": "x"}"# + "\n", count: 3))
        #expect(s.fail("rows WeatherCell from \"\(misnamed)\" city=.city").contains("lines.json:2:1: error:"))
    }

    /// A one-line array of 60,000 records (over 2 MB: many chunks, each
    /// starting mid-line after a comma): a bad value in record 51,235 is at
    /// its real column on line 1, shown in an excerpt of the line with the
    /// caret under it, and so is the record limit's error.
    @Test func anErrorDeepInAOneLineArrayIsLocatedExactly() throws {
        let files = TemporaryFiles()
        var records = (0..<60_000).map { i in
            // Wide characters early on the line: columns count characters, not bytes.
            #"{"city": "City \#(i)\#(i % 7 == 3 ? " 東京" : "")", "temp": \#(i % 40)}"#
        }
        records[51_234] = #"{"city": "City 51234", "temp": "hot"}"#
        let line = "[" + records.joined(separator: ", ") + "]"
        #expect(line.utf8.count > 2 << 20)
        let path = files.write("cities.json", line + "\n")
        let column = try #require(line.firstRange(of: #""hot""#)).lowerBound.utf16Offset(in: line)
        let characters = Array(line)
        let k = String(line.utf16.prefix(column))!.count  // characters before "hot"
        let shown = "…" + String(characters[(k - 40)..<(k + 80)]) + "…"
        let s = ScriptSession()
        s.succeed("screen A")
        #expect(
            s.fail("rows WeatherCell from \"\(path)\" city=.city temperature=.temp") == """
                \(path):1:\(k + 1): error: WeatherCell.temperature: expected an Int, got 'hot'
                  \(shown)
                  \(String(repeating: " ", count: 41))^~~~~
                  write a whole number such as 3 or -12
                  record 51235, field .temp, for temperature=.temp: temperature is an Int

                """)

        // A syntax error there: the parser's, and the place its fix names, are the file's.
        records[51_234] = #"{"city": "City 51234", "temp": 3,}"#
        let broken = "[" + records.joined(separator: ", ") + "]"
        let brokenPath = files.write("broken.json", broken)
        let comma = String(broken[..<(try #require(broken.firstRange(of: "3,}")).lowerBound)]).count + 2
        let error = s.fail("rows WeatherCell from \"\(brokenPath)\" city=.city temperature=.temp")
        #expect(
            error.hasPrefix("\(brokenPath):1:\(comma + 1): error: unexpected '}' after ','\n"), "\(error.prefix(300))")
        #expect(error.contains("remove the ',' at 1:\(comma)"), "\(error.prefix(600))")
        // Bound as text only, the check guesses the chunks before it (DataFile's guesses): the same error.
        let guessed = s.fail("rows WeatherCell from \"\(brokenPath)\" city=.city")
        #expect(
            guessed.hasPrefix("\(brokenPath):1:\(comma + 1): error: unexpected '}' after ','\n"),
            "\(guessed.prefix(300))")

        // A record over the limit: its start, on line 1.
        s.interpreter.sources.limits.dataRecordBytes = 1024
        records[51_234] = #"{"city": ""# + String(repeating: "x", count: 2000) + #"", "temp": 3}"#
        let large = "[" + records.joined(separator: ", ") + "]"
        let largePath = files.write("large.json", large)
        let start = String(large[..<(try #require(large.firstRange(of: #"{"city": "xxx"#)).lowerBound)]).count + 1
        let tooLarge = s.fail("rows WeatherCell from \"\(largePath)\" city=.city temperature=.temp")
        #expect(
            tooLarge.hasPrefix(
                "\(largePath):1:\(start): error: record 51235 is larger than 1 KiB, the limit for one record (docs/limits.md)\n"
            ), "\(tooLarge.prefix(300))")
        #expect(tooLarge.contains("a bracket or a quote left open makes the rest of the file one record"))
    }

    /// A line of JSON Lines left open makes the rest of the file one record:
    /// the error is the parse error where the next line starts, not the size.
    @Test func anUnclosedLineIsItsParseErrorNotTheRecordLimit() throws {
        let files = TemporaryFiles()
        var lines = Self.records
        lines[2] = #"{"city": "Oslo", "temp": 4"#
        let path = files.write("cities.jsonl", (lines + lines + lines).joined(separator: "\n") + "\n")
        let s = ScriptSession()
        s.interpreter.sources.limits.dataRecordBytes = 512
        s.succeed("screen A")
        let error = s.fail("rows WeatherCell from \"\(path)\" city=.city temperature=.temp")
        #expect(error.hasPrefix("\(path):4:1: error: "), "\(error)")
        #expect(!error.contains("larger than"))
    }
}
