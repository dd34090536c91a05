@_spi(Host) import CellKit
import CellKitSupport
import TestSupport
import Testing
import WorkerProtocol

@testable import DataBinding

/// `where=` read and evaluated, `sort=`'s order, and the pass that writes
/// the records that pass, in order, to a file of their own (spilling runs
/// when they do not fit in memory).
@Suite struct RowOrderTests {
    /// The records of a small CSV file, by name, that pass `filter`.
    func names(passing filter: String, in csv: String) throws -> [String] {
        let files = TemporaryFiles()
        let path = files.write("d.csv", csv)
        let out = files.path("out")
        let written = try DerivedRows.write(
            try DataFile(path, positions: false), filter: try RowFilter.parse(filter), order: nil,
            fields: try RowFilter.parse(filter).fields.map(\.path), to: out, directory: files.directory)
        let lines = try readTextFile(out).split(separator: "\n").dropFirst()
        #expect(lines.count == written.count)
        return lines.map { String($0.prefix { $0 != "," }) }
    }

    static let people = """
        name,age,team,note
        Ada,36,ops,likes maps
        Bob,9,dev,
        Cy,120,ops,"a, b"
        Dee,45,dev,likes tea
        Eve,,ops,x

        """

    @Test func eachOperatorComparesNumbersAsNumbersAndTextAsText() throws {
        #expect(try names(passing: ".age == 36", in: Self.people) == ["Ada"])
        #expect(try names(passing: ".age != 36", in: Self.people) == ["Bob", "Cy", "Dee"])
        #expect(try names(passing: ".age < 36", in: Self.people) == ["Bob"])  // 9 < 36: not "9" > "36"
        #expect(try names(passing: ".age <= 36", in: Self.people) == ["Ada", "Bob"])
        #expect(try names(passing: ".age > 40", in: Self.people) == ["Cy", "Dee"])
        #expect(try names(passing: ".age >= 45", in: Self.people) == ["Cy", "Dee"])
        #expect(try names(passing: #".name < "C""#, in: Self.people) == ["Ada", "Bob"])
        #expect(try names(passing: #".note contains "likes""#, in: Self.people) == ["Ada", "Dee"])
        #expect(try names(passing: #".note contains ", ""#, in: Self.people) == ["Cy"])
        #expect(try names(passing: #".team == "ops""#, in: Self.people) == ["Ada", "Cy", "Eve"])
    }

    @Test func nullIsUnknownExceptToEqualityWithNull() throws {
        #expect(try names(passing: ".age == null", in: Self.people) == ["Eve"])
        #expect(try names(passing: ".age != null", in: Self.people) == ["Ada", "Bob", "Cy", "Dee"])
        // Eve's age is unknown: neither < 50 nor not < 50 (as SQL's WHERE).
        #expect(try names(passing: ".age < 50", in: Self.people) == ["Ada", "Bob", "Dee"])
        #expect(try names(passing: "not .age < 50", in: Self.people) == ["Cy"])
        #expect(
            try names(passing: #".age < 50 or .team == "ops""#, in: Self.people) == ["Ada", "Bob", "Cy", "Dee", "Eve"])
    }

    @Test func andBindsTighterThanOrAndParenthesesGroup() throws {
        let tight = #".team == "dev" or .team == "ops" and .age > 100"#
        #expect(try names(passing: tight, in: Self.people) == ["Bob", "Cy", "Dee"])
        let grouped = #"(.team == "dev" or .team == "ops") and .age > 100"#
        #expect(try names(passing: grouped, in: Self.people) == ["Cy"])
        #expect(try names(passing: #"not .team == "ops" and .age > 10"#, in: Self.people) == ["Dee"])
        #expect(try names(passing: #"not (.team == "ops" and .age > 10)"#, in: Self.people) == ["Bob", "Dee"])
    }

    @Test(arguments: [
        (".a = 1", "unknown operator '='", 3, "did you mean '=='?"),
        (".a == 1 && .b == 2", "unknown operator '&&'", 8, "did you mean 'and'?"),
        (".a ==", "expected a field or a value at the end", 5, "finish the comparison: .age > 30"),
        (".a == 1 and", "expected a field or a value at the end", 11, "finish the comparison: .age > 30"),
        (
            ".a", "expected an operator after field .a", 2,
            "compare it: ==, !=, <, <=, >, >= or contains, then a field or a value"
        ),
        (".a contain 1", "expected an operator after field .a, found 'contain'", 3, "did you mean 'contains'?"),
        (
            ".a == failed", "'failed' is neither a field nor a value", 6,
            "a field starts with a dot (.failed); text is in double quotes (\"failed\")"
        ),
        ("(.a == 1", "this '(' is not closed", 0, "add ')' after the expression it opens"),
        (
            ".a == 1 .b == 2", "unexpected field .b after a whole expression", 8,
            "join comparisons with and or or: .a == 1 and .b == 2"
        ),
        (
            #".a == "x"#, "this text has no closing '\"'", 6,
            "close it: \"failed\"; in the script, put the whole expression in single quotes"
        ),
        (".a == 1x", "'1x' is not a number", 6, "write a number as 42, -3.5 or 1e6, and text in double quotes: \"1x\""),
    ])
    func aMistakeIsAnErrorAtItsPlaceInTheExpression(text: String, message: String, offset: Int, fix: String) {
        do {
            _ = try RowFilter.parse(text)
            Issue.record("\(text) reads")
        } catch {
            #expect(error.message == message)
            #expect(error.offset == offset)
            #expect(error.fix == fix)
        }
    }

    @Test func aNumberIsDecimalText() {
        for text in ["0", "-3", "+4", "2.5", ".5", "1e3", "2.5E-4", "4134.0"] {
            #expect(RowValue.number(text) != nil, "\(text)")
        }
        for text in ["", "-", "0x10", "nan", "inf", "1e", "1.2.3", " 1", "1,5", "e5"] {
            #expect(RowValue.number(text) == nil, "\(text)")
        }
    }

    // MARK: - Sorting

    func sorted(_ csv: String, by keys: [String], runBytes: Int = 1 << 26) throws -> (lines: [String], runs: Int) {
        let files = TemporaryFiles()
        let path = files.write("d.csv", csv)
        let out = files.path("out")
        let order = RowOrder(keys: try keys.map { try RowOrder.parseKey($0) })
        let written = try DerivedRows.write(
            try DataFile(path, positions: false), filter: nil, order: order, fields: order.keys.map(\.field), to: out,
            directory: files.directory, runBytes: runBytes)
        #expect(files.list() == ["d.csv", "out"], "a run file was left behind")
        return (try readTextFile(out).split(separator: "\n").dropFirst().map(String.init), written.runs)
    }

    @Test func numbersSortAsNumbersWhenEveryValueIsOneElseAsText() throws {
        let csv = "n,k\n10,a\n9,b\n,c\n-1,d\n100,e\n"
        #expect(try sorted(csv, by: [".n"]).lines == [",c", "-1,d", "9,b", "10,a", "100,e"])
        #expect(try sorted(csv, by: ["-.n"]).lines == ["100,e", "10,a", "9,b", "-1,d", ",c"])
        // One value that is not a number: every value compares as text.
        #expect(try sorted(csv + "x,f\n", by: [".n"]).lines == [",c", "-1,d", "10,a", "100,e", "9,b", "x,f"])
    }

    @Test func severalKeysAndEqualRecordsKeepTheFilesOrder() throws {
        let csv = "team,age,name\nops,3,a\ndev,3,b\nops,1,c\ndev,3,d\nops,3,e\n"
        #expect(
            try sorted(csv, by: [".team", "-.age"]).lines == ["dev,3,b", "dev,3,d", "ops,3,a", "ops,3,e", "ops,1,c"])
        #expect(try sorted(csv, by: [".age"]).lines == ["ops,1,c", "ops,3,a", "dev,3,b", "dev,3,d", "ops,3,e"])
    }

    /// 200,000 records sorted with runs of 256 KiB: many runs spilled and
    /// merged give exactly the order a stable sort in memory gives. A value
    /// that is not a number in the last run (of 30,000) sorts the earlier
    /// runs, sorted as numbers, again as text.
    @Test(arguments: [(200_000, false), (30_000, true)])
    func aLargeSortSpillsRunsAndMergesThemInOrder(count: Int, textAtTheEnd: Bool) throws {
        var generator = SeededGenerator(seed: 7)
        var records: [(key: String, number: Int, id: Int)] = []
        records.reserveCapacity(count + 1)
        for id in 0..<count {
            let number = Int(generator.next() % 5_000) - 2_500
            records.append((String(number), number, id))
        }
        if textAtTheEnd { records.append(("n/a", 0, count)) }
        let csv = "key,id\n" + records.map { "\($0.key),\($0.id)\n" }.joined()
        let (lines, runs) = try sorted(csv, by: ["-.key"], runBytes: 256 << 10)
        #expect(runs > (textAtTheEnd ? 3 : 20))
        // Descending; ties in the file's order. As text, the keys are ASCII: String's < is their bytes' order.
        let expected = records.sorted { a, b in
            if textAtTheEnd ? a.key == b.key : a.number == b.number { return a.id < b.id }
            return textAtTheEnd ? a.key > b.key : a.number > b.number
        }.map { "\($0.key),\($0.id)" }
        #expect(lines.count == expected.count)
        #expect(lines == expected)
    }

    @Test func jsonRecordsAreWrittenAsJSONLinesAsTheyWereRead() throws {
        let files = TemporaryFiles()
        let path = files.write(
            "d.json", #"[{"n": 2.50, "s": "b", "t": [1]}, {"n": 10, "s": "a\"q"}, {"n": null, "s": "c"}]"#)
        let out = files.path("out")
        let written = try DerivedRows.write(
            try DataFile(path, positions: false), filter: try RowFilter.parse(".n != null"),
            order: RowOrder(keys: [try RowOrder.parseKey("-.n")]), fields: [], to: out, directory: files.directory)
        #expect(written.format == "jsonl")
        #expect(try readTextFile(out) == #"{"n":10,"s":"a\"q"}"# + "\n" + #"{"n":2.50,"s":"b","t":[1]}"# + "\n")
    }

    @Test func anArrayComparedIsAnErrorAtItsRecord() throws {
        let files = TemporaryFiles()
        let path = files.write("d.json", "[\n{\"t\": 1},\n{\"t\": [1]}\n]\n")
        #expect {
            try DerivedRows.write(
                try DataFile(path, positions: false), filter: try RowFilter.parse(".t == 1"), order: nil, fields: [],
                to: files.path("out"), directory: files.directory)
        } throws: { error in
            guard case .data(let diagnostics) = error as? DerivedRows.Failure, let first = diagnostics.first else {
                return false
            }
            return first.location.line == 3 && first.message.hasPrefix("record 2's .t is an array: where= compares")
        }
    }
}
