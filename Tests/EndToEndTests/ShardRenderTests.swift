import CellKitSupport
import Glibc
import TestSupport
import Testing

/// `cellkit render … --shard K/N` (issue 35): the N parts, run by GNU
/// parallel as docs/batch.md shows and joined with `cat`, are byte for byte
/// the whole render, in plain and ANSI text, whatever the borders, static
/// rows, section headers and footers and bindings; `env/N` takes the part
/// from a Kubernetes Indexed Job's or a Slurm array's environment; a part
/// that fails leaves no file.
@Suite struct ShardRenderTests {
    static let crashy = BuiltPlugins.library("cellkit-fixture-crashy")
    static let parallel: String? = ["/usr/bin/", "/usr/local/bin/"].map { $0 + "parallel" }.first {
        access($0, X_OK) == 0
    }

    /// A screen with a titled border, separators, two sections with headers
    /// and footers, static rows before, between and after two bindings of
    /// `file`.
    static func storyboard(file: String) -> String {
        """
        load ChartCells
        load BasicCells
        screen S list width=60 border=rounded separators=true title="Services"
        section "Before" footer="end of before"
        row ColumnsCell values=["ID", "Name", "Status"] widths=8,*,6 divider=light header=true
        rows ColumnsCell from "\(file)" values=[.id, .name, .status] widths=8,*,6 divider=light
        row TextCell text="a static row between bound ones"
        section "After" footer="the end"
        rows TextCell from "\(file)" text="{.id}: {.name}"
        row TextCell text="the last row"

        """
    }

    /// Runs `script` with `/bin/sh` in the scratch folder, the built `cellkit` first on the `PATH`.
    static func shell(_ script: String, in scratch: Scratch, environment: [String: String] = [:]) throws
        -> CellKitProcess.Result
    {
        try CellKitProcess.spawn(
            ["/bin/sh", "-c", script], input: "", directory: scratch.directory,
            environment: [
                "HOME": scratch.path("home"), "PATH": CellKitProcess.buildDirectory + ":/usr/bin:/bin",
                "XDG_CACHE_HOME": scratch.path("home/.cache"), "XDG_STATE_HOME": scratch.path("home/.local/state"),
            ].merging(environment) { $1 })
    }

    /// 3,000 records (several chunks' worth of rows for the blocks, one chunk
    /// of the file) and 5, in CSV, a one-line JSON array and JSON Lines: 4 and
    /// 7 parts under GNU parallel, joined, are the whole render.
    @Test(
        .enabled(if: parallel != nil, "GNU parallel is not installed (.ci/run installs it)"),
        arguments: ["big.csv", "big.json", "big.jsonl", "five.csv", "five.json"])
    func partsRunByGNUParallelJoinIntoTheWholeRender(_ file: String) throws {
        let scratch = try Scratch()
        try ParallelRenderTests.writeData(to: scratch, count: file.hasPrefix("five") ? 5 : 3000)
        try Self.writeFormats(in: scratch, prefix: file.hasPrefix("five") ? "five" : "big")
        try scratch.write("s.cellkit", Self.storyboard(file: file))
        for (format, parts) in [("plain", 4), ("plain", 7), ("ansi", 4)] {
            let whole = try scratch.cellkit(
                ["render", "s.cellkit", "-q", "--format", format, "--color", "always"],
                environment: ["COLORTERM": "truecolor"])
            #expect(whole.status == 0, "\(whole.standardError)")
            // docs/batch.md's recipe.
            let joined = try Self.shell(
                "rm -f part-*.txt && seq 0 \(parts - 1) | parallel -j2 cellkit render s.cellkit -q --format \(format) "
                    + "--color always --shard {}/\(parts) -o part-{}.txt && cat $(seq -f 'part-%g.txt' 0 \(parts - 1))",
                in: scratch, environment: ["COLORTERM": "truecolor"])
            #expect(joined.status == 0, "\(joined.standardError)")
            #expect(joined.standardOutput == whole.standardOutput, "\(file), \(format), \(parts) parts")
            if file.hasPrefix("big") {
                // Every part has rows of its own: the parts are about equal.
                let sizes = (0..<parts).map { scratch.read("part-\($0).txt")?.utf8.count ?? 0 }
                #expect(sizes.min()! > whole.standardOutput.utf8.count / parts / 2, "\(sizes)")
            }
        }
    }

    /// The CSV and one-line JSON of ``ParallelRenderTests/writeData(to:count:)``
    /// under the names the tests bind, and the same records as JSON Lines.
    static func writeFormats(in scratch: Scratch, prefix: String) throws {
        let lines = try #require(scratch.read("lines.json"))
        let records = lines.split(separator: "\n").filter { $0.hasPrefix("{") }.map {
            $0.hasSuffix(",") ? $0.dropLast() : $0
        }
        try scratch.write("\(prefix).csv", try #require(scratch.read("d.csv")))
        try scratch.write("\(prefix).json", "[" + records.joined(separator: ",") + "]")
        try scratch.write("\(prefix).jsonl", records.joined(separator: "\n") + "\n")
    }

    /// 30,000 records: a file of several chunks, so parts are cut where chunks
    /// start, and each is drawn by two workers (`--jobs 2`).
    @Test func partsOfAFileOfManyChunksJoinIntoTheWholeRender() throws {
        let scratch = try Scratch()
        try ParallelRenderTests.writeData(to: scratch, count: 30_000)
        try scratch.write(
            "s.cellkit",
            """
            load ChartCells
            screen S list width=60 border=ascii
            rows ColumnsCell from "pretty.json" values=[.id, .name, .value, .status] widths=8,*,10,6 divider=light

            """)
        let whole = try scratch.cellkit(["render", "s.cellkit", "-q", "--format", "plain", "--jobs", "1"])
        #expect(whole.status == 0, "\(whole.standardError)")
        var joined = ""
        for part in 0..<3 {
            let result = try scratch.cellkit([
                "render", "s.cellkit", "-q", "-f", "plain", "-j", "2", "--shard", "\(part)/3",
            ])
            #expect(result.status == 0, "\(result.standardError)")
            joined += result.standardOutput
        }
        #expect(joined == whole.standardOutput)
    }

    /// A part reads its share of a data file (and the record after it), not
    /// the whole file: a mistake in another part's records is that part's
    /// error alone, at the same line and column the whole render gives.
    @Test(arguments: ["e.csv", "e.jsonl", "e.json"])
    func aPartChecksItsOwnShareOfTheFile(_ file: String) throws {
        let scratch = try Scratch()
        var records: [String] = []
        for i in 0..<4000 {
            records.append(
                file == "e.csv"
                    ? "\(i),name \(i)\(i == 3100 ? ",extra" : "")"
                    : "{\"id\": \(i), \"name\": \(i == 3100 ? "oops" : "\"name \(i)\"")}")
        }
        let text =
            file == "e.csv"
            ? "id,name\n" + records.joined(separator: "\n") + "\n"
            : file == "e.jsonl"
                ? records.joined(separator: "\n") + "\n" : "[" + records.joined(separator: ",\n") + "]\n"
        try scratch.write(file, text)
        try scratch.write("e.cellkit", "screen S width=30\nrows TextCell from \"\(file)\" text=\"{.id} {.name}\"\n")
        let whole = try scratch.cellkit(["render", "e.cellkit", "-q", "--format", "plain"])
        #expect(whole.status == 1)
        let place = whole.standardError.split(separator: "\n").first.map(String.init) ?? ""
        #expect(place.hasPrefix("\(file):\(file == "e.csv" ? 3102 : 3101):"), "\(whole.standardError)")
        var drawn = ""
        for part in 0..<4 {
            let result = try scratch.cellkit(["render", "e.cellkit", "-q", "--format", "plain", "--shard", "\(part)/4"])
            if part == 3 {
                // The record is in the last quarter of the file's bytes: its error is the last part's alone.
                #expect(result.status == 1 && result.standardError.hasPrefix(place), "\(result.standardError)")
            } else {
                #expect(result.status == 0, "part \(part): \(result.standardError)")
                drawn += result.standardOutput
            }
        }
        // The first three parts drew records 0 to about 3,000, in order, each once.
        let ids = drawn.split(separator: "\n").compactMap { Int($0.split(separator: " ").first ?? "") }
        #expect(ids == Array(0..<ids.count) && ids.count > 2900 && ids.count <= 3100, "\(ids.count) rows")
    }

    /// A CSV field of 40,000 lines with no quote in them, more than 64 KiB
    /// from the file's end, misleads the look
    /// for where the second part starts: the first part, reading up to
    /// there, finds its end inside that field and fails, saying where and
    /// what to do; the whole render draws the file.
    @Test func aPartWhoseEndIsInsideARecordSaysSo() throws {
        let scratch = try Scratch()
        func records(_ ids: Range<Int>) -> String { ids.map { "\($0),name \($0)\n" }.joined() }
        // Records, the field (80 KB, across the middle of the file), more records: past the 64 KiB looked at.
        try scratch.write(
            "q.csv",
            "id,name\n" + records(0..<10_000) + "10000,\"" + String(repeating: "x\n", count: 40_000) + "\"\n"
                + records(10_001..<20_000))
        try scratch.write("q.cellkit", "screen S width=30\nrows TextCell from \"q.csv\" text=\"{.id} {.name}\"\n")
        let whole = try scratch.cellkit(["render", "q.cellkit", "-q", "--format", "plain"])
        #expect(whole.status == 0, "\(whole.standardError)")
        let part = try scratch.cellkit(["render", "q.cellkit", "-q", "--format", "plain", "--shard", "0/2"])
        #expect(part.status == 1 && part.standardOutput.isEmpty)
        #expect(
            part.standardError.hasPrefix("q.cellkit:2:20: error: q.csv: this part ends at byte ")
                && part.standardError.contains("where the next part starts, but a record goes on past it")
                && part.standardError.contains("render with another number of parts"),
            "\(part.standardError)")
    }

    /// `--shard env/3` takes the part from `JOB_COMPLETION_INDEX` (Kubernetes),
    /// else from `SLURM_ARRAY_TASK_ID` less `SLURM_ARRAY_TASK_MIN` (Slurm).
    @Test func envTakesThePartFromKubernetesOrSlurm() throws {
        let scratch = try Scratch()
        try ParallelRenderTests.writeData(to: scratch, count: 3000)
        try scratch.write("s.cellkit", Self.storyboard(file: "d.csv"))
        let whole = try scratch.cellkit(["render", "s.cellkit", "-q"])
        #expect(whole.status == 0, "\(whole.standardError)")
        let runners: [(Int) -> [String: String]] = [
            { ["JOB_COMPLETION_INDEX": "\($0)"] },
            { ["SLURM_ARRAY_TASK_ID": "\($0 + 1)", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"] },
        ]
        for environment in runners {
            var joined = ""
            for part in 0..<3 {
                let result = try scratch.cellkit(
                    ["render", "s.cellkit", "-q", "--shard", "env/3"], environment: environment(part))
                #expect(result.status == 0, "\(result.standardError)")
                joined += result.standardOutput
            }
            #expect(joined == whole.standardOutput, "\(environment(0))")
        }
    }

    /// Parts that do not exist, numbers that are not numbers, `env/N` with no
    /// runner's variable or one out of range, and a document format: usage
    /// errors (2) that say what to give, before anything is read.
    @Test func aPartThatCannotBeIsAUsageError() throws {
        let scratch = try Scratch()
        try scratch.write("s.cellkit", "screen S\nrow TextCell text=hi\n")
        let cases: [([String], [String: String], String)] = [
            (["--shard", "4/4"], [:], "--shard 4/4: the part must be a number from 0 to 3 (parts count from 0)"),
            (["--shard", "-1/4"], [:], "--shard -1/4: the part must be a number from 0 to 3"),
            (["--shard", "1/0"], [:], "--shard expects K/N with N from 1 to 1000000, not '1/0'"),
            (["--shard", "x/2"], [:], "--shard x/2: the part must be a number from 0 to 1"),
            (
                ["--shard", "env/3"], [:],
                "--shard env/3: neither JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID "
                    + "(a Slurm array) is set"
            ),
            (
                ["--shard", "env/3"], ["JOB_COMPLETION_INDEX": "3"],
                "--shard env/3: the part is 3, from JOB_COMPLETION_INDEX (3), not one of 0 to 2"
            ),
            (
                ["--shard", "env/3"], ["SLURM_ARRAY_TASK_ID": "two"],
                "--shard env/3: SLURM_ARRAY_TASK_ID is 'two', not a number"
            ),
            (
                ["--shard", "0/2", "-o", "s.html"], [:],
                "--shard draws parts of plain or ansi text, not html: parts of a whole html document do not join"
            ),
        ]
        for (arguments, environment, message) in cases {
            let result = try scratch.cellkit(["render", "s.cellkit"] + arguments, environment: environment)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardError.contains("cellkit: error: " + message), "\(result.standardError)")
            #expect(result.standardOutput.isEmpty)
        }
        #expect(!scratch.list().contains("s.html"))
    }

    /// A part that fails half way (a cell crashes in its rows) leaves no
    /// file, and an earlier attempt's file as it was, and writes nothing to
    /// standard output: a retried part never joins half a part. The other
    /// part, and a screen of no rows split in four, succeed; a part that
    /// owns nothing writes an empty file.
    @Test func aPartIsWrittenWholeOrNotAtAll() throws {
        let scratch = try Scratch()
        var csv = "text,mode\n"
        for i in 0..<3000 { csv += "r\(i),\(i == 2500 ? "segv" : "ok")\n" }
        try scratch.write("c.csv", csv)
        try scratch.write(
            "c.cellkit",
            """
            load \(Self.crashy)
            screen F width=30
            rows CrashCell from "c.csv" text=.text mode=.mode

            """)
        try scratch.write("part-1.txt", "from the attempt before\n")
        let failed = try scratch.cellkit(["render", "c.cellkit", "-q", "--shard", "1/2", "-o", "part-1.txt"])
        #expect(failed.status == 3, "\(failed.standardError)")
        #expect(failed.standardError.contains("while drawing row 2501 of screen F"), "\(failed.standardError)")
        #expect(scratch.read("part-1.txt") == "from the attempt before\n")
        #expect(scratch.list().filter { $0.contains(".tmp-") }.isEmpty)
        // To standard output too: nothing of the part is written before it is whole.
        let streamed = try scratch.cellkit(["render", "c.cellkit", "-q", "--shard", "1/2", "--format", "plain"])
        #expect(streamed.status == 3, "\(streamed.standardError)")
        #expect(streamed.standardOutput.isEmpty, "\(streamed.standardOutput.prefix(200))")
        let first = try scratch.cellkit(["render", "c.cellkit", "-q", "--shard", "0/2", "-o", "part-0.txt"])
        #expect(first.status == 0, "\(first.standardError)")
        // The first half of the file's bytes (25,902): records 0 to 1,561 (the later names are longer).
        let part = try #require(scratch.read("part-0.txt"))
        #expect(part.hasPrefix("r0\n") && part.hasSuffix("\nr1561\n"), "\(part.suffix(40))")

        try scratch.write("e.csv", "text\n")
        try scratch.write(
            "e.cellkit", "screen E width=20 border=ascii title=Empty\nrows TextCell from e.csv text=.text\n")
        let whole = try scratch.cellkit(["render", "e.cellkit", "-q"])
        var joined = ""
        for part in 0..<4 {
            let result = try scratch.cellkit(["render", "e.cellkit", "-q", "--shard", "\(part)/4"])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(part == 0 || result.standardOutput.isEmpty)
            joined += result.standardOutput
        }
        #expect(!whole.standardOutput.isEmpty && joined == whole.standardOutput)
    }

    /// A grid has no rows to cut at: the first part draws it whole, the
    /// others write nothing, so the parts still join into the render.
    @Test func aGridIsDrawnWholeByTheFirstPart() throws {
        let scratch = try Scratch()
        try scratch.write(
            "g.cellkit",
            """
            load BasicCells
            screen G grid columns=2 item-width=12 width=30
            section "S"
            item TextCell text=a
            item TextCell text=b
            item TextCell text=c

            """)
        let whole = try scratch.cellkit(["render", "g.cellkit", "-q"])
        #expect(whole.status == 0 && whole.standardOutput.contains("a"), "\(whole.standardError)")
        let first = try scratch.cellkit(["render", "g.cellkit", "-q", "--shard", "0/2"])
        let second = try scratch.cellkit(["render", "g.cellkit", "-q", "--shard", "1/2"])
        #expect(first.status == 0 && second.status == 0, "\(first.standardError)\(second.standardError)")
        #expect(first.standardOutput == whole.standardOutput && second.standardOutput.isEmpty)
    }
}
