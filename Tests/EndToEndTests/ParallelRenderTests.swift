import CellKitSupport
import Glibc
import TestSupport
import Testing

/// `--jobs N` (issue 18, item 3): a long list in plain or ANSI text is drawn
/// by several workers, each a `cellkit --worker`, and written in order; the
/// bytes are those one worker writes, whatever the borders, separators,
/// sections and rows. A failure in any worker is one error, as with one.
@Suite struct ParallelRenderTests {
    static let crashy = BuiltPlugins.library("cellkit-fixture-crashy")

    /// Records as CSV, as JSON one record a line, and as pretty JSON: the same 3,000 rows.
    static func writeData(to scratch: Scratch, count: Int = 3000) throws {
        let statuses = ["ok", "warn", "down"]
        var csv = "id,name,value,status\n"
        var lines: [String] = []
        var pretty: [String] = []
        for i in 0..<count {
            let name = i % 7 == 0 ? "naïve \"\(i)\", 網關" : "row \(i)"
            let value = "\(i * 37 % 1000).\(i % 100)"
            let status = statuses[i % 3]
            let quoted = name.contains(",") ? "\"" + name.replacing("\"", with: "\"\"") + "\"" : name
            csv += "\(i),\(quoted),\(value),\(status)\n"
            let escaped = name.replacing("\"", with: "\\\"")
            lines.append("{\"id\": \(i), \"name\": \"\(escaped)\", \"value\": \(value), \"status\": \"\(status)\"}")
            pretty.append(
                "  {\n    \"id\": \(i),\n    \"name\": \"\(escaped)\",\n    \"value\": \(value),\n"
                    + "    \"status\": \"\(status)\"\n  }")
        }
        try scratch.write("d.csv", csv)
        try scratch.write("lines.json", "[\n" + lines.joined(separator: ",\n") + "\n]\n")
        try scratch.write("pretty.json", "[\n" + pretty.joined(separator: ",\n") + "\n]\n")
    }

    /// A screen with everything a block may start or end next to: a border
    /// with a title, separators, section headers and footers, header rows,
    /// several sections, bound and literal rows mixed.
    static func script(file: String, format: String) -> String {
        let columns = "widths=8,*,10,6 align=right,left,right,left divider=light"
        return """
            load ChartCells
            load BasicCells
            screen S list width=72 border=rounded separators=true title="Services"
            section "Before" footer="end of before"
            row ColumnsCell values=["ID", "Name", "Value", "Status"] \(columns) header=true
            rows ColumnsCell from "\(file)" values=[.id, .name, .value, .status] \(columns)
            row TextCell text="a literal row between bound ones"
            section "After"
            rows ColumnsCell from "\(file)" values=[.name, .status] widths=*,6
            row TextCell text="the last row"
            section "Third" footer="the end"
            rows TextCell from "\(file)" text="{.id}: {.name}"
            render format=\(format)

            """
    }

    @Test(arguments: ["d.csv", "lines.json", "pretty.json"])
    func severalWorkersWriteWhatOneWrites(_ file: String) throws {
        let scratch = try Scratch()
        try Self.writeData(to: scratch)
        for format in ["plain", "ansi"] {
            try scratch.write("s.cellkit", Self.script(file: file, format: format))
            let one = try scratch.cellkit(["run", "--jobs", "1", "s.cellkit"], environment: ["COLORTERM": "truecolor"])
            #expect(one.status == 0, "\(one.standardError)")
            #expect(one.standardOutput.count > 9000 * 72 / 2)
            for jobs in ["2", "3"] {
                let several = try scratch.cellkit(
                    ["run", "--jobs", jobs, "s.cellkit"], environment: ["COLORTERM": "truecolor"])
                #expect(several.status == 0, "\(several.standardError)")
                #expect(several.standardOutput == one.standardOutput, "\(file), \(format), --jobs \(jobs)")
            }
        }
    }

    /// A file of many chunks: each worker is given where the session's check
    /// found them and which of its rows it draws, and reads only those chunks;
    /// the bytes are still one worker's.
    @Test(arguments: ["d.csv", "pretty.json"])
    func aFileOfManyChunksIsDrawnAsOneWorkerDrawsIt(_ file: String) throws {
        let scratch = try Scratch()
        try Self.writeData(to: scratch, count: 30_000)
        try scratch.write(
            "s.cellkit",
            """
            load ChartCells
            screen S list width=60
            rows ColumnsCell from "\(file)" values=[.id, .name, .value, .status] widths=8,*,10,6 divider=light
            render format=plain

            """)
        let one = try scratch.cellkit(["run", "--jobs", "1", "s.cellkit"])
        #expect(one.status == 0, "\(one.standardError)")
        #expect(one.standardOutput.split(separator: "\n").count == 30_000)
        let two = try scratch.cellkit(["run", "--jobs", "2", "s.cellkit"])
        #expect(two.status == 0, "\(two.standardError)")
        #expect(two.standardOutput == one.standardOutput)
    }

    /// HTML has a whole document's structure: one worker draws it, whatever `--jobs` says.
    @Test func htmlIsDrawnByOneWorkerAndTheSame() throws {
        let scratch = try Scratch()
        try Self.writeData(to: scratch)
        try scratch.write("s.cellkit", Self.script(file: "d.csv", format: "html"))
        let one = try scratch.cellkit(["run", "-j", "1", "s.cellkit"])
        let several = try scratch.cellkit(["run", "-j", "4", "s.cellkit"])
        #expect(one.status == 0 && several.status == 0, "\(several.standardError)")
        #expect(one.standardOutput.hasPrefix("<!DOCTYPE html>"))
        #expect(several.standardOutput == one.standardOutput)
    }

    /// A crash in the second worker's block is the one error, naming the
    /// row; its log is the second worker's; no file is left; the next
    /// render works.
    @Test func aCrashInTheSecondWorkerIsOneError() throws {
        let scratch = try Scratch()
        var csv = "text,mode\n"
        for i in 0..<3000 { csv += "r\(i),\(i == 1500 ? "segv" : "ok")\n" }
        try scratch.write("c.csv", csv)
        try scratch.write(
            "c.cellkit",
            """
            load \(Self.crashy)
            screen F width=30
            rows CrashCell from "c.csv" text=.text mode=.mode
            render to out.txt
            screen G width=30
            row CrashCell text=afterwards
            render

            """)
        let result = try scratch.cellkit(["run", "--keep-going", "-j", "2", "c.cellkit"])
        #expect(result.status == 3)
        #expect(
            result.standardError.contains(
                "c.cellkit:4:11: error: plugin Crashy crashed (SIGSEGV, a bad memory access) while drawing row 1501 "
                    + "of screen F (CrashCell)"), "\(result.standardError)")
        // Under AddressSanitizer Swift's backtracer is off (WorkerProcess), a bad access prints nothing,
        // and a worker that printed nothing leaves no log to name.
        if CellKitProcess.sanitizerOptions["ASAN_OPTIONS"] == nil {
            #expect(result.standardError.contains("-j1-1.log"), "the second worker's log")
        }
        #expect(result.standardError.ranges(of: "error:").count == 1, "\(result.standardError)")
        #expect(result.standardOutput == "afterwards\n")
        #expect(scratch.read("out.txt") == nil)
    }

    /// A worker that hangs while the other has finished is stopped at the
    /// time limit, and the render fails with that error.
    @Test func aHangInOneWorkerIsStoppedAtTheTimeLimit() throws {
        let scratch = try Scratch()
        var csv = "text,mode\n"
        for i in 0..<3000 { csv += "r\(i),\(i == 1100 ? "hang" : "ok")\n" }
        try scratch.write("h.csv", csv)
        try scratch.write(
            "h.cellkit",
            """
            load \(Self.crashy)
            screen F width=30
            rows CrashCell from "h.csv" text=.text mode=.mode
            render

            """)
        let result = try scratch.cellkit(["run", "-j", "2", "h.cellkit"], environment: ["CELLKIT_TIMEOUT": "1"])
        #expect(result.status == 3)
        #expect(
            result.standardError.contains(
                "plugin Crashy made no progress for 1 s and was stopped while drawing row 1101 of screen F"),
            "\(result.standardError)")
    }

    /// Ctrl-C during a render shared by two workers ends both: one error, no
    /// file, no worker left running, and the next render starts them again.
    @Test func ctrlCEndsEveryWorker() throws {
        let scratch = try Scratch()
        var csv = "text,mode\n"
        for i in 0..<20000 { csv += "r\(i),slow\n" }
        try scratch.write("slow.csv", csv)
        let repl = try PTYSession.start(["-j", "2"], directory: scratch.directory)
        try repl.waitForPrompt()
        try repl.type("load \(Self.crashy)")
        try repl.waitForPrompt()
        try repl.type("screen F width=30")
        try repl.type("rows CrashCell from \"slow.csv\" text=.text mode=.mode")
        try repl.type("render to out.txt")
        try repl.waitFor("rows/s")  // both workers are drawing
        #expect(Self.children(of: repl.pid).count == 2)
        try repl.send(PTYSession.control("c"))
        try repl.waitFor("was interrupted")
        try repl.waitForPrompt()
        #expect(Self.children(of: repl.pid).isEmpty)
        #expect(scratch.read("out.txt") == nil)
        try repl.type("screen G width=30")
        try repl.type("row CrashCell text=afterwards")
        try repl.type("render")
        try repl.waitFor("afterwards")
        try repl.type("quit")
        #expect(try repl.waitForExit() == 0)
    }

    /// The processes whose parent is `pid` (its workers), from /proc.
    static func children(of pid: pid_t) -> [pid_t] {
        ((try? listDirectory("/proc")) ?? []).compactMap { name -> pid_t? in
            guard let child = pid_t(name), let stat = try? readTextFile("/proc/\(name)/stat"),
                let end = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            return fields.count > 2 && pid_t(fields[1]) == pid ? child : nil
        }
    }

    @Test func jobsOutOfRangeIsAUsageError() throws {
        let result = try CellKitProcess.run(["run", "--jobs", "0", "x.cellkit"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("--jobs expects a number of workers from 1 to 64, not '0'"))
    }
}
