// cellkit-bench: the benchmarks of docs/performance.md.
//
//   swift run -c release cellkit-bench            every scenario, each in its own process, as a report
//   swift run -c release cellkit-bench table N    one scenario (table, table-drawn, sections, reuse, configure, scroll, load, listing, startup)
//   swift run -c release cellkit-bench data LAYOUT N [PAIRS] [--mix MIX]   the real `cellkit` on issue 7's script and N records, next to `table N`
//   swift run -c release cellkit-bench parse json N         parsing N records in memory, in MB/s
//   swift run -c release cellkit-bench search N [PAIRS]      `show`'s search, jump and sideways keys on N records
import CellKitSupport
import Glibc

/// The arguments, without `--mix NAME` (``mixOption``).
let (arguments, mixOption): ([String], String?) = {
    var all = Array(CommandLine.arguments.dropFirst())
    guard let at = all.firstIndex(of: "--mix") else { return (all, nil) }
    let name = at + 1 < all.count ? all[at + 1] : ""
    all.removeSubrange(at..<min(at + 2, all.count))
    return (all, name)
}()
let executable = (try? Path.executable()) ?? CommandLine.arguments[0]
let buildDirectory = Path.dirname(executable)

func number(_ index: Int, default value: Int) -> Int {
    arguments.count > index ? Int(arguments[index]) ?? value : value
}

/// Builds the products a scenario needs if `swift run` did not (it builds only cellkit-bench).
func ensureBuilt(_ files: [String]) throws {
    guard files.contains(where: { !fileExists(buildDirectory + "/" + $0) }) else { return }
    let configuration = buildDirectory.hasSuffix("release") ? "release" : "debug"
    print("note: building the plugins and cellkit (swift build -c \(configuration))...")
    try Child.run(["/usr/bin/env", "swift", "build", "-c", configuration])
}

let usage = """
    usage: cellkit-bench                      every scenario, each in a process of its own, as docs/performance.md's tables
           cellkit-bench SCENARIO [N]         one scenario, printed as key=value pairs:
             table | table-drawn | sections N   render an N-row table (ANSI, width 100) in this process
             reuse | configure N                the reuse path; configuring plugin cells by descriptor
             loop N [PAIRS]                     `table N` and a hand-written loop writing the same bytes, in turn
             loop-nib N [PAIRS]                 the same for N rows of a nib cell (ProfileCell.nib, a bio that wraps)
             scroll N | load N | listing N | startup
           cellkit-bench data LAYOUT|all N [PAIRS] [--mix MIX|all]
                                              the release cellkit on issue 7's script and N generated records
                                              (whole process), in turn with `table N`, PAIRS times (default 3);
                                              LAYOUT: csv json json-pretty json-line jsonl sqlite sqlite-query;
                                              MIX: services (default) strings names escapes nulls wide
           cellkit-bench records LAYOUT N [--mix MIX]   the first N records `data` reads, to standard output
           cellkit-bench parse csv|json N     parsing N generated records in memory, in MB/s
           cellkit-bench search N [PAIRS]     the release cellkit's `show` in a 100x30 pseudo-terminal on N records
                                              (default 1,000,000): `/` to a row 9.8% down, `n` to one 90% down,
                                              `:N`, G, Right to the edge of 220 columns; in turn with `table N`
    """

do {
    switch arguments.first {
    case "table": try TableBenchmark.run(rows: number(1, default: 1_000_000))
    case "table-drawn": try TableBenchmark.run(rows: number(1, default: 1_000_000), drawn: true)
    case "sections": try SectionsBenchmark.run(rows: number(1, default: 1_000_000))
    case "loop": try LoopBenchmark.run(rows: number(1, default: 1_000_000), pairs: number(2, default: 5))
    case "loop-nib": try NibLoopBenchmark.run(rows: number(1, default: 300_000), pairs: number(2, default: 5))
    case "reuse": try TableBenchmark.reusePath(iterations: number(1, default: 1_000_000))
    case "scroll": try ScrollBenchmark.run(rows: number(1, default: 10_000_000))
    case "configure":
        try ensureBuilt(["libChartCells.so", "libBasicCells.so"])
        try ConfigureBenchmark.run(rows: number(1, default: 1_000_000), buildDirectory: buildDirectory)
    case "load":
        try ensureBuilt(["libcellkit-bench-plugin.so", "libcellkit-bench-trivial.so"])
        try LoadBenchmark.run(files: number(1, default: 50), buildDirectory: buildDirectory)
    case "listing":
        try ensureBuilt(["libcellkit-bench-plugin.so"])
        try LoadBenchmark.listing(count: number(1, default: 200), buildDirectory: buildDirectory)
    case "data":
        try ensureBuilt(["cellkit", "libChartCells.so", "libSQLite.so"])
        let layout = arguments.count > 1 ? arguments[1] : "csv"
        let layouts =
            layout == "all" ? ServiceRecords.Layout.allCases : ServiceRecords.Layout(rawValue: layout).map { [$0] }
        let mixes =
            mixOption == "all"
            ? ServiceRecords.Mix.allCases : ServiceRecords.Mix(rawValue: mixOption ?? "services").map { [$0] }
        guard let layouts, let mixes else {
            throw BenchError(
                "the data layout is all or one of \(ServiceRecords.Layout.allCases.map(\.rawValue).joined(separator: ", ")); "
                    + "the mix (--mix) is all or one of \(ServiceRecords.Mix.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        try DataBenchmark.run(
            layouts: layouts, mixes: mixes, records: number(2, default: 100_000), pairs: number(3, default: 3),
            buildDirectory: buildDirectory, benchExecutable: executable)
    case "records":
        // The records `data` measures, to standard output: `cellkit-bench records csv 5 --mix names`.
        guard let layout = ServiceRecords.Layout(rawValue: arguments.count > 1 ? arguments[1] : "csv"),
            !layout.isDatabase,
            let mix = ServiceRecords.Mix(rawValue: mixOption ?? "services")
        else { throw BenchError("records LAYOUT N [--mix MIX]: a layout other than sqlite, and a mix") }
        let bytes = ServiceRecords.encoded(layout, mix: mix, count: number(2, default: 10))
        _ = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
    case "search":
        try ensureBuilt(["cellkit", "libChartCells.so"])
        try SearchBenchmark.run(
            records: number(1, default: 1_000_000), pairs: number(2, default: 3), buildDirectory: buildDirectory,
            benchExecutable: executable)
    case "parse":
        try ParseBenchmark.run(
            format: arguments.count > 1 ? arguments[1] : "csv", records: number(2, default: 1_000_000))
    case "startup":
        try ensureBuilt(["cellkit"])
        try StartupBenchmark.run(executable: buildDirectory + "/cellkit")
    case nil, "all":
        try ensureBuilt([
            "cellkit", "libcellkit-bench-plugin.so", "libcellkit-bench-trivial.so", "libChartCells.so",
            "libBasicCells.so",
        ])
        try Report.run(executable: executable)
    case "-h", "--help", "help":
        print(usage)
    default:
        print(usage)
        exit(2)
    }
} catch {
    print("cellkit-bench: \(error)")
    exit(1)
}
