@_spi(Host) import CellKit
import TestSupport

@testable import Session
@testable import WorkerProtocol

/// Generates scripts that compose random screens — names, titles with quotes,
/// escapes, CJK, emoji and control characters, every border and layout
/// option, sections with headers and footers, rows with every attribute type
/// in every spelling the language accepts, rows bound to generated JSON and
/// CSV files — for the storyboard round-trip tests.
struct StoryboardGenerator {
    var random: SeededGenerator
    /// Data files to write next to the script: name and contents.
    private(set) var dataFiles: [(name: String, contents: String)] = []
    private var screenNames: [String] = []

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    // MARK: - Choices

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    // MARK: - Text

    /// Pieces text is made of: plain words, blanks, everything the quoting
    /// rules care about, and Unicode that is wide, combined, joined or invisible.
    static let pieces: [String] = [
        "Morning", "report", "a", "Zürich", "x1", "42", "-3", "0.72", "1e3", " ", "  ", "\t", "\n", "\r", "\r\n",
        "\"", "'", "\\", "\\n", "#", "# ", "#ff8800", "=", "[", "]", ",", ".", ".name", "to", "from", "-", "_",
        "日本語", "高橋 さくら", "한국어", "😀", "👩‍💻", "🇳🇴", "❤️", "e\u{301}", "\u{200B}", "\u{A0}", "\u{FEFF}",
        "\u{1B}[31m", "\u{7}", "\u{0}", "\u{7F}", "\u{202E}", "\u{2028}", "\u{2066}", "{name}", "…", "─",
    ]

    mutating func text(maxPieces: Int = 4) -> String {
        if chance(5) { return "" }
        return (0..<int(1...maxPieces)).map { _ in pick(Self.pieces) }.joined()
    }

    /// A name the language accepts for a screen: letters, digits, `_`, `-`.
    mutating func screenName() -> String {
        let starts = ["A", "b", "_", "Dash", "team", "é", "日", "Ωmega", "to", "from", "list", "grid"]
        let rest = ["", "1", "-2", "_x", "board", "ß", "本", "٣"]
        var name = pick(starts) + pick(rest)
        var n = 2
        while screenNames.contains(name) {
            name = pick(starts) + pick(rest) + String(n)
            n += 1
        }
        return name
    }

    // MARK: - Values of each type, in the spellings scripts may use

    mutating func intValue() -> String {
        pick([
            String(int(-100...100)), String(Int.max), String(Int.min), "+7", "007", String(int(-1_000_000...1_000_000)),
        ])
    }

    mutating func doubleValue() -> String {
        pick([
            "0.72", "-3", "0", "-0.0", "1e3", "2.5E-4", "1e300", "5e-324", "123456789012345678", "0.1",
            "3.141592653589793",
            String(Double(int(-1000...1000)) / 7), String(Double.greatestFiniteMagnitude), "1.0",
        ])
    }

    mutating func boolValue() -> String { pick(["true", "false", "yes", "no", "on", "off", "1", "0", "TRUE"]) }

    mutating func colorValue() -> String {
        pick([
            "red", "bright-blue", "BrightGreen", "gray", "grey", "default", "none", "#ff8800", "#F80", "#0aF", "0",
            "196", "255", "cyan", "bright_magenta",
        ])
    }

    mutating func trendValue() -> String { pick(["rising", "Falling", "STEADY"]) }

    mutating func numbersValue() -> String {
        let count = int(0...5)
        return "["
            + (0..<count).map { _ in pick(["1", "2.5", "-3", "0", "1e-3", "100000"]) }.joined(
                separator: pick([", ", ",", " , "])) + "]"
    }

    /// A quoted or bare spelling of `text`, as a user might write it.
    mutating func written(_ text: String) -> String {
        if !Script.needsQuotes(text) && chance(60) { return text }
        if !text.contains("'") && !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\u{7F}" })
            && !text.contains("\u{FEFF}") && chance(30)
        {
            return "'\(text)'"
        }
        return "\"\(Script.escaped(text))\""
    }

    // MARK: - Commands

    mutating func weatherAttributes() -> [String] {
        var parts: [String] = []
        if chance(70) { parts.append("city=" + written(text())) }
        if chance(50) { parts.append("temperature=" + written(intValue())) }
        if chance(50) { parts.append("humidity=" + written(doubleValue())) }
        if chance(40) { parts.append("sunny=" + boolValue()) }
        if chance(40) { parts.append("accent=" + written(colorValue())) }
        if chance(40) { parts.append("trend=" + trendValue()) }
        if chance(40) { parts.append("history=" + numbersValue()) }
        return shuffled(parts)
    }

    mutating func shuffled(_ parts: [String]) -> [String] {
        var parts = parts
        parts.shuffle(using: &random)
        return parts
    }

    mutating func rowCommand(grid: Bool) -> String {
        let verb = chance(50) ? (grid ? "item" : "row") : (grid ? "row" : "item")
        switch int(0...3) {
        case 0:
            return ([verb, pick(["WeatherCell", "TestCells.WeatherCell"])] + weatherAttributes()).joined(separator: " ")
        case 1:
            var parts = [verb, pick(["ProfileCell", "TestCells.ProfileCell"])]
            for outlet in ["name", "role", "bio"] where chance(60) { parts.append("\(outlet)=" + written(text())) }
            return parts.joined(separator: " ")
        case 2:
            return "\(verb) Tile" + (chance(80) ? " caption=" + written(text()) : "")
        default:
            return boundRowsCommand(grid: grid)
        }
    }

    /// `rows WeatherCell from dataN.json|csv ...`, and the data file.
    mutating func boundRowsCommand(grid: Bool) -> String {
        let verb = chance(50) ? "rows" : "items"
        let csv = chance(40)
        let name = "data\(dataFiles.count)" + (csv ? ".csv" : ".json")
        let count = int(0...6)
        // Keys: plain, quoted, unicode.
        let cityKey = pick(["city", "City Name", "名前", "c-1"])
        let tempKey = pick(["temp", "t"])
        var parts = [verb, pick(["WeatherCell", "TestCells.WeatherCell"]), "from", written(name)]
        let cityRef = Lexer.isName(cityKey) ? ".\(cityKey)" : ".\"\(cityKey)\""
        parts.append("city=" + cityRef)
        parts.append("temperature=.\(tempKey)")
        if chance(50) { parts.append("trend=" + trendValue()) }
        var cities: [String] = []
        var temperatures: [Int?] = []
        for _ in 0..<count {
            cities.append(text(maxPieces: 3))
            temperatures.append(chance(15) ? nil : int(-50...50))
        }
        if csv {
            var lines = [csvField(cityKey) + "," + tempKey]
            for i in 0..<count {
                lines.append(csvField(cities[i]) + "," + (temperatures[i].map(String.init) ?? ""))
            }
            dataFiles.append((name, lines.joined(separator: pick(["\n", "\r\n"])) + "\n"))
        } else {
            let useNested = chance(40)
            if useNested {
                parts.append("history=[.w.lo, 0.5, .w.hi]")
            }
            var records: [String] = []
            for i in 0..<count {
                var members = ["\(jsonString(cityKey)): \(jsonString(cities[i]))"]
                members.append("\(jsonString(tempKey)): \(temperatures[i].map(String.init) ?? "null")")
                if useNested { members.append("\"w\": {\"lo\": \(int(-9...0)), \"hi\": \(Double(int(0...90)) / 10)}") }
                records.append("  {" + members.joined(separator: ", ") + "}")
            }
            dataFiles.append((name, "[\n" + records.joined(separator: ",\n") + "\n]\n"))
        }
        return (parts[0..<4] + shuffled(Array(parts[4...]))).joined(separator: " ")
    }

    func csvField(_ text: String) -> String {
        // By scalar: "\r\n" is one Character, which contains("\n") does not find.
        let needsQuotes = text.isEmpty || text.unicodeScalars.contains { ",\"\n\r".unicodeScalars.contains($0) }
        return needsQuotes ? "\"" + text.replacing("\"", with: "\"\"") + "\"" : text
    }

    func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    mutating func screenCommand() -> (String, grid: Bool) {
        let name = screenName()
        screenNames.append(name)
        let grid = chance(40)
        var parts = ["screen", written(name)]
        if grid || chance(70) { parts.append(grid ? "grid" : "list") }
        var options: [String] = []
        if chance(60) { options.append("width=\(int(1...200))") }
        if chance(60) { options.append("border=" + pick(CommandSpec.borders)) }
        if chance(60) { options.append("title=" + written(text())) }
        if grid {
            if chance(50) { options.append("columns=\(int(1...6))") }
            if chance(40) { options.append("item-width=\(int(1...40))") }
            if chance(40) { options.append("spacing=\(int(0...5))") }
        } else if chance(40) {
            options.append("separators=" + pick(["true", "false"]))
        }
        return ((parts + shuffled(options)).joined(separator: " "), grid)
    }

    mutating func sectionCommand() -> String {
        var parts = ["section"]
        if chance(75) { parts.append(written(text())) }
        var options: [String] = []
        if chance(40) { options.append("header=" + pick(["Banner", "TestCells.Banner"])) }
        if chance(40) { options.append("footer=" + written(text())) }
        if chance(30) { options.append("footer-cell=Banner") }
        return (parts + shuffled(options)).joined(separator: " ")
    }

    /// A whole script: a few screens of sections and rows, maybe revisiting a
    /// screen to change its options, an initial screen, a current screen.
    mutating func script() -> String {
        var lines: [String] = []
        if chance(50) { lines.append("load TestCells") }
        var grids: [String: Bool] = [:]
        for _ in 0..<int(1...4) {
            let (line, grid) = screenCommand()
            lines.append(line)
            grids[screenNames.last!] = grid
            for _ in 0..<int(0...3) {
                if chance(60) { lines.append(sectionCommand()) }
                for _ in 0..<int(0...3) { lines.append(rowCommand(grid: grid)) }
            }
            if chance(20), let earlier = screenNames.dropLast().randomElement(using: &random) {
                let isGrid = grids[earlier] ?? false
                var revisit = "screen " + written(earlier)
                if chance(50) { revisit += " title=" + written(text()) }
                if chance(30) { revisit += isGrid ? " spacing=\(int(0...3))" : " separators=true" }
                lines.append(revisit)
                if chance(50) { lines.append(rowCommand(grid: isGrid)) }
            }
        }
        if chance(50) { lines.append("initial " + written(pick(screenNames))) }
        if chance(40) { lines.append("screen " + written(pick(screenNames))) }
        return lines.joined(separator: "\n") + "\n"
    }
}
