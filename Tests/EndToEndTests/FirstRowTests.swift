import Testing

/// The reuse contract over every cell of the example plugins, as the built
/// `cellkit` draws them: a row draws the same whether its cell is new (the
/// first row) or reused (the second), for identical data (docs/sdk-guide.md,
/// "The reuse contract").
@Suite struct FirstRowTests {
    static let plugins = ["BasicCells", "CardCells", "ChartCells"]

    /// A value of `type` (as `describe` prints it) that is not its usual default.
    static func sample(ofType type: String) -> String? {
        switch type {
        case "String": "\"Sample text\""
        case "Int": "7"
        case "Double": "0.42"
        case "Bool": "true"
        case "Color": "magenta"
        case "[Double]": "[3, 1, 4, 1, 5]"
        case "[String]": "[one, two, three]"
        default: type.contains("|") ? type.split(separator: "|").last.map(String.init) : nil
        }
    }

    /// Text attributes with a grammar of their own (ColumnsCell's).
    static let structured = ["widths": "\"4,*,2*\"", "align": "\"left,right,left\""]

    /// `NAME TYPE …` lines of `describe CELL`, as `name=value` settings.
    static func settings(describing text: String) -> [String] {
        text.split(separator: "\n").dropFirst(2).compactMap { line -> String? in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2,
                let value = structured[String(fields[0])] ?? sample(ofType: String(fields[1]))
            else { return nil }
            return "\(fields[0])=\(value)"
        }
    }

    /// The cells (not header/footer views) of the example plugins, from `cells`.
    static func cells() throws -> [String] {
        let result = try CellKitProcess.run(plugins.flatMap { ["-c", "load \($0)"] } + ["-c", "cells"])
        try #require(result.status == 0, "\(result.standardError)")
        return result.standardOutput.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2, fields[1] == "cell" || fields[1] == "nib" else { return nil }
            return String(fields[0])
        }
    }

    @Test func rowsOneAndTwoOfIdenticalDataDrawIdenticallyForEveryPluginCell() throws {
        let cells = try Self.cells()
        try #require(cells.count >= 10, "expected every cell of the example plugins, got \(cells)")
        let loads = Self.plugins.flatMap { ["-c", "load \($0)"] }
        for cell in cells {
            let described = try CellKitProcess.run(loads + ["-c", "describe \(cell)"])
            let settings = Self.settings(describing: described.standardOutput)
            #expect(!settings.isEmpty, "no attribute of \(cell) could be given a value")
            let row = "row \(cell) " + settings.joined(separator: " ")
            let result = try CellKitProcess.run(
                ["--color", "always"] + loads + [
                    "-c", "screen Reuse width=48", "-c", row, "-c", row, "-c", row, "-c", "render",
                ], environment: ["COLORTERM": "truecolor"])
            #expect(result.status == 0, "\(cell): \(result.standardError)")
            let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            // Three rows, so that rows 1 and 2 both have a row after them (a
            // header row draws its rule into the row below).
            #expect(lines.count >= 3 && lines.count % 3 == 0, "\(cell) drew \(lines.count) lines")
            let height = lines.count / 3
            #expect(
                Array(lines.prefix(height)) == Array(lines.dropFirst(height).prefix(height)),
                "\(cell): the first row draws differently from the second\n\(row)\n\(result.standardOutput)")
        }
    }
}
