/// Runs every scenario in a process of its own (so each has its own peak
/// memory) and prints the results as the tables of docs/performance.md.
enum Report {
    static func run(executable: String) throws {
        let scenario = { (args: [String]) throws -> [String: String] in
            let output = try Child.run([executable] + args)
            let line = output.split(separator: "\n").last { $0.contains("scenario=") } ?? ""
            return ResultLine.parse(String(line))
        }
        try rendering(scenario)
        try dataPath(scenario)
        try engineParts(scenario)
        try loading(scenario)
    }

    /// Runs one scenario (`cellkit-bench ARGS...`) and returns its result line's fields.
    typealias Scenario = ([String]) throws -> [String: String]

    /// The engine rendering whole screens.
    private static func rendering(_ run: Scenario) throws {
        func scenario(_ args: String...) throws -> [String: String] { try run(args) }
        print("## Rendering in full (ANSI, width 100, to /dev/null)\n")
        print("| screen | rows | seconds | rows/s | output | allocations/row | peak memory |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for rows in [100_000, 1_000_000] {
            let r = try scenario("table", String(rows))
            print(
                "| 4-column table, cell of 4 labels | \(rows) | \(r["seconds"] ?? "") | \(r["rowsPerSecond"] ?? "") | \(mebibytes(r["bytes"])) | \(r["allocationsPerRow"] ?? "") | \(mebibytes(kib: r["peakKiB"])) |"
            )
        }
        for rows in [100_000, 1_000_000] {
            let r = try scenario("table-drawn", String(rows))
            print(
                "| 4-column table, cell drawn in code | \(rows) | \(r["seconds"] ?? "") | \(r["rowsPerSecond"] ?? "") | \(mebibytes(r["bytes"])) | \(r["allocationsPerRow"] ?? "") | \(mebibytes(kib: r["peakKiB"])) |"
            )
        }
        for rows in [100_000, 1_000_000] {
            let r = try scenario("sections", String(rows))
            print(
                "| 10 sections | \(rows) | \(r["seconds"] ?? "") | \(r["rowsPerSecond"] ?? "") | \(mebibytes(r["bytes"])) | | \(mebibytes(kib: r["peakKiB"])) |"
            )
        }
    }

    /// The whole process on data files, and the parsers.
    private static func dataPath(_ run: Scenario) throws {
        func scenario(_ args: String...) throws -> [String: String] { try run(args) }
        print("\n## What users run: `cellkit` on issue 7's script and a data file (whole process)\n")
        print(
            "| records | file | whole process (median) | rows/s | CPU | peak memory | `table` in the same run | ratio |"
        )
        print("|---:|---|---:|---:|---:|---:|---:|---:|")
        for records in [100_000, 1_000_000] {
            for format in ["csv", "json"] {
                let r = try scenario("data", format, String(records), "3")
                print(
                    "| \(records) | \(format.uppercased()), \(megabytes(r["fileBytes"])) | \(r["seconds"] ?? "") s | \(r["rowsPerSecond"] ?? "") | \(r["cpuSeconds"] ?? "") s | \(mebibytes(kib: r["peakKiB"])) | \(r["tableRowsPerSecond"] ?? "") rows/s | \(r["ratio"] ?? "") |"
                )
            }
        }
        print("\n## Parsing data files in memory (MB/s, median of 5)\n")
        print("| records | file | parse | positions | in chunks, as the data path reads | peak memory |")
        print("|---:|---|---:|---:|---:|---:|")
        for format in ["csv", "json"] {
            let r = try scenario("parse", format, "1000000")
            print(
                "| \(r["records"] ?? "") | \(format.uppercased()), \(megabytes(r["bytes"])) | \(r["parseMBps"] ?? "") | \(r["documentMBps"] ?? "—") | \(r["chunkedMBps"] ?? "") | \(mebibytes(kib: r["peakKiB"])) |"
            )
        }
    }

    /// The reuse path, configuring, scrolling.
    private static func engineParts(_ run: Scenario) throws {
        func scenario(_ args: String...) throws -> [String: String] { try run(args) }
        let reuse = try scenario("reuse", "1000000")
        print("\n## The reuse path (dequeue, prepareForReuse, configure, give back)\n")
        print("| iterations | ns/row | allocations | cells created |")
        print("|---:|---:|---:|---:|")
        print(
            "| \(reuse["iterations"] ?? "") | \(reuse["nanosecondsPerRow"] ?? "") | \(reuse["allocations"] ?? "") | \(reuse["cellsCreated"] ?? "") |"
        )
        let configure = try scenario("configure", "1000000")
        print("\n## Configuring plugin cells by descriptor (prepareForReuse + 4 attributes, no drawing)\n")
        print("| cell | rows | ns/row | allocations/row |")
        print("|---|---:|---:|---:|")
        for cell in ["ColumnsCell", "KeyValueCell"] {
            print(
                "| \(cell) | \(configure["rows"] ?? "") | \(configure[cell + "NanosecondsPerRow"] ?? "") | \(configure[cell + "AllocationsPerRow"] ?? "") |"
            )
        }
        print("\n## Scrolling (viewport 100x40, each frame drawn and encoded as ANSI)\n")
        print("| rows | first frame | page (median) | page (max) | to the end | peak memory |")
        print("|---:|---:|---:|---:|---:|---:|")
        for rows in [10_000, 10_000_000] {
            let r = try scenario("scroll", String(rows))
            print(
                "| \(rows) | \(r["firstFrameMs"] ?? "") ms | \(r["pageMedianMs"] ?? "") ms | \(r["pageMaxMs"] ?? "") ms | \(r["endMs"] ?? "") ms | \(mebibytes(kib: r["peakKiB"])) |"
            )
        }
    }

    /// Loading, listing, start-up.
    private static func loading(_ run: Scenario) throws {
        func scenario(_ args: String...) throws -> [String: String] { try run(args) }
        let load = try scenario("load", "50")
        print("\n## Loading plugins (median over 50 distinct files)\n")
        print(
            "| raw dlopen+dlsym+call (C) | dlopen+dlsym of the Swift plugin alone | dlopen+gate+register (plugin) | ratio to raw |"
        )
        print("|---:|---:|---:|---:|")
        print(
            "| \(load["rawMedianMicroseconds"] ?? "") µs | \(load["swiftImageMedianMicroseconds"] ?? "") µs | \(load["pluginMedianMicroseconds"] ?? "") µs | \(load["ratio"] ?? "") |"
        )
        let listing = try scenario("listing", "200")
        print("\n## Listing installed plugins from the registry cache (no dlopen)\n")
        print("| plugins | median |")
        print("|---:|---:|")
        print("| \(listing["plugins"] ?? "") | \(listing["medianMs"] ?? "") ms |")
        let startup = try scenario("startup")
        print("\n## Start-up to a result: `cellkit -c 'quit'` (\(startup["runs"] ?? "") runs)\n")
        print("| median | fastest |")
        print("|---:|---:|")
        print("| \(startup["medianMs"] ?? "") ms | \(startup["minMs"] ?? "") ms |")
    }

    static func mebibytes(_ bytes: String?) -> String {
        guard let bytes, let n = Double(bytes) else { return "" }
        return format2(n / 1_048_576) + " MiB"
    }

    static func megabytes(_ bytes: String?) -> String {
        guard let bytes, let n = Double(bytes) else { return "" }
        return format2(n / 1e6) + " MB"
    }

    static func mebibytes(kib: String?) -> String {
        guard let kib, let n = Double(kib) else { return "" }
        return format2(n / 1024) + " MiB"
    }
}
