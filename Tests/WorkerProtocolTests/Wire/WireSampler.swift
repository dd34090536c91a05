@_spi(Host) import CellKit
import CellKitSupport
import PluginDiscovery
import TestSupport

@testable import Session
@testable import WorkerProtocol

/// Random values of every message between the session and the worker, and of
/// every model type they carry, from a seed: every field of every type and
/// every case of every enum is varied, with the edges of each (empty and
/// non-ASCII text, `Int.min` and `Int.max`, NaN and negative zero, `nil`,
/// empty and long lists), for the round-trip tests of the wire.
///
/// A stored property the sampler never varies fails
/// `WireCoverageTests.everyStoredPropertyTakesMoreThanOneValue`; a case it
/// never makes fails the case-coverage tests (`WireCases`).
///
/// ```swift
/// var sampler = WireSampler(seed: 7)
/// let screen = sampler.screen()   // the same screen on every run
/// ```
struct WireSampler {
    var random: SeededGenerator

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    // MARK: - Choices

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
    mutating func optional<T>(_ make: (inout WireSampler) -> T) -> T? { chance(25) ? nil : make(&self) }
    mutating func list<T>(_ most: Int = 3, _ make: (inout WireSampler) -> T) -> [T] {
        (0..<int(0...most)).map { _ in make(&self) }
    }

    // MARK: - Primitives

    /// Text short and long (past the 15 bytes a string keeps inline), wide,
    /// combined, joined, control and invisible characters, and NUL.
    static let pieces: [String] = [
        "ProfileCell", "a", "Zürich", "42", " ", "\"", "\\", "\n", "日本語", "👩‍💻", "🇳🇴", "e\u{301}", "\u{0}", "\u{1B}[31m",
        "\u{FEFF}", "\u{202E}", "BasicCells.ProfileCell", "a rather long piece of text, longer than inline",
    ]

    mutating func text() -> String {
        if chance(10) { return "" }
        return (0..<int(1...3)).map { _ in pick(Self.pieces) }.joined()
    }

    mutating func integer() -> Int {
        switch int(0...5) {
        case 0: pick([0, 1, -1, Int.min, Int.max, 127, 128, -64, -65])
        case 1: int(-100...100)
        case 2: Int(truncatingIfNeeded: random.next())
        default: int(-1_000_000...1_000_000)
        }
    }

    mutating func natural() -> Int { chance(20) ? pick([0, Int.max]) : int(0...1_000_000) }

    /// Any bit pattern, NaNs with payloads and signalling NaNs included.
    mutating func double() -> Double {
        switch int(0...3) {
        case 0: pick([0, -0.0, .nan, -.nan, .infinity, -.infinity, .ulpOfOne, .leastNonzeroMagnitude, 0.72])
        case 1: Double(bitPattern: random.next())
        default: Double(int(-10000...10000)) / 8
        }
    }

    mutating func bytes() -> [UInt8] { list(40) { $0.pick([0, 1, 0x1B, 0x7F, 0x80, 0xFF, 0x41]) } }

    // MARK: - The screen model

    mutating func screen() -> Screen {
        var screen = Screen(name: text())
        screen.kind = pick(Screen.Kind.allCases)
        screen.width = optional { $0.integer() }
        screen.border = pick(BoxStyle.all)
        screen.title = optional { $0.text() }
        screen.columns = optional { $0.integer() }
        screen.itemWidth = optional { $0.integer() }
        screen.spacing = optional { $0.integer() }
        screen.separators = chance(50)
        screen.sections = list { $0.section() }
        return screen
    }

    mutating func section() -> Section {
        Section(
            title: optional { $0.text() }, header: optional { $0.cellReference() }, footer: optional { $0.text() },
            footerCell: optional { $0.cellReference() }, rows: list(4) { $0.rowSource() })
    }

    mutating func cellReference() -> CellReference { CellReference(written: text(), qualified: text()) }

    mutating func rowSource() -> RowSource { chance(50) ? .row(row()) : .bound(binding()) }

    mutating func row() -> Row { Row(cell: cellReference(), attributes: list { $0.attributeSetting() }) }

    /// `watch` stays false: it is the session's alone and not sent (see `WireCoverageTests`).
    mutating func binding() -> Binding {
        Binding(
            cell: cellReference(), file: text(), path: text(),
            format: ["csv", "tsv", "json", "jsonl"][int(0...3)], mappings: list { $0.mapping() },
            count: natural(),
            identity: DataFileIdentity(size: integer(), seconds: integer(), nanoseconds: integer()),
            chunks: list {
                RecordChunker.ChunkStart(
                    offset: $0.natural(), record: $0.natural(), line: $0.natural(), lineStart: $0.natural())
            }, source: optional { $0.sourceBinding() })
    }

    mutating func sourceBinding() -> SourceBinding {
        SourceBinding(
            name: text(), options: list { SourceOption(name: $0.text(), value: $0.text()) },
            fingerprint: sourceFingerprint(), starts: list { $0.natural() }, estimated: chance(50))
    }

    mutating func sourceFingerprint() -> SourceFingerprint {
        let files = list { $0.text() }
        return SourceFingerprint(
            files: files,
            identities: files.map { _ in
                optional { DataFileIdentity(size: $0.integer(), seconds: $0.integer(), nanoseconds: $0.integer()) }
            }, token: text())
    }

    mutating func sourceCheck() -> SourceCheck {
        SourceCheck(
            count: natural(), estimated: chance(50), fingerprint: sourceFingerprint(), starts: list { $0.natural() },
            problems: list {
                SourceProblem(
                    $0.text(), fix: $0.optional { $0.text() }, field: $0.optional { $0.text() },
                    place: $0.optional { $0.text() })
            })
    }

    mutating func mapping() -> Binding.Mapping {
        switch int(0...3) {
        case 0: .field(attribute: text(), path: fieldPath())
        case 1: .list(attribute: text(), elements: list { $0.value(depth: 1) })
        case 2: .template(attribute: text(), text: text())
        default: .constant(attributeSetting())
        }
    }

    mutating func fieldPath() -> FieldPath {
        FieldPath(list { $0.chance(50) ? .key($0.text()) : .index($0.integer()) })
    }

    /// A value; lists nest up to 3 deep (`WireTests` checks the deepest a script can write).
    mutating func value(depth: Int = 0) -> Command.Value {
        switch int(0...(depth < 3 ? 2 : 1)) {
        case 0: .text(text())
        case 1: .field(fieldPath())
        default: .list(list { $0.value(depth: depth + 1) })
        }
    }

    mutating func attributeSetting() -> AttributeSetting { AttributeSetting(name: text(), value: attributeValue()) }

    mutating func attributeValue() -> AttributeValue {
        switch int(0...7) {
        case 0: .int(integer())
        case 1: .double(double())
        case 2: .bool(chance(50))
        case 3: .string(text())
        case 4: .enumeration(text())
        case 5: .color(color())
        case 6: .numbers(list(5) { $0.double() })
        default: .strings(list { $0.text() })
        }
    }

    mutating func color() -> Color {
        switch int(0...3) {
        case 0: .default
        case 1: .named(pick(Color.NamedColor.allCases))
        case 2: .palette(UInt8(int(0...255)))
        default: .rgb(UInt8(int(0...255)), UInt8(int(0...255)), UInt8(int(0...255)))
        }
    }

    mutating func attributeType() -> AttributeType {
        switch int(0...7) {
        case 0: .int
        case 1: .double
        case 2: .bool
        case 3: .string
        case 4: .enumeration(list { $0.text() })
        case 5: .color
        case 6: .numbers
        default: .strings
        }
    }

    // MARK: - Plugin metadata

    mutating func pluginInfo() -> PluginInfo {
        PluginInfo(
            name: text(), version: text(), summary: text(), path: optional { $0.text() },
            abiVersion: pick([0, 1, UInt32.max, UInt32(int(0...100_000))]),
            compilerVersion: pick([0, 60100, UInt32.max, UInt32(int(0...100_000))]), items: list { $0.itemInfo() })
    }

    mutating func itemInfo() -> ItemInfo {
        ItemInfo(
            name: text(), kind: pick(PluginRegistration.Kind.allCases), summary: optional { $0.text() },
            typeName: text(), nibName: optional { $0.text() }, attributes: list { $0.attributeInfo() },
            scenes: list { $0.text() }, codeOnlyOutlets: list { $0.text() }, fileExtensions: list { $0.text() })
    }

    mutating func attributeInfo() -> AttributeInfo {
        AttributeInfo(
            name: text(), type: attributeType(), defaultValue: optional { $0.attributeValue() },
            summary: optional { $0.text() })
    }

    // MARK: - Messages

    mutating func action() -> ScrollView.Action {
        switch int(0...14) {
        case 0: .scroll(lines: integer())
        case 1: .pages(integer())
        case 2: .halfPages(integer())
        case 3: .top
        case 4: .bottom
        case 5: .redraw
        case 6: .suspend
        case 7: .quit
        case 8: .sideways(quarters: integer())
        case 9: .leftEdge
        case 10: .rightEdge
        case 11: .row(integer())
        case 12: .reveal(textMatch(), text: text())
        case 13: .exactCount
        default: .ignore
        }
    }

    mutating func textPlace() -> TextPlace { TextPlace(piece: integer(), line: integer(), column: integer()) }

    mutating func textMatch() -> TextMatch { TextMatch(place: textPlace(), width: integer()) }

    /// A range that decodes: its lower bound at most its upper.
    mutating func range() -> Range<Int> {
        let bounds = [integer(), integer()].sorted()
        return bounds[0]..<bounds[1]
    }

    /// A search block that decodes: a lane of the lanes.
    mutating func pieceSearch() -> PieceSearch {
        let lanes = int(1...8)
        return PieceSearch(
            text: text(), backward: chance(50), pieces: range(), from: optional { $0.textPlace() },
            to: optional { $0.textPlace() }, screen: optional { $0.screen() }, width: integer(),
            plan: list { $0.range() }, lane: int(0...lanes - 1), lanes: lanes)
    }

    mutating func viewStatus() -> ViewStatus {
        ViewStatus(
            rows: optional { $0.range() }.map { $0.lowerBound...$0.upperBound }, total: integer(), isList: chance(50),
            counting: chance(50), atTop: chance(50), atEnd: chance(50), percent: integer(), columns: range(),
            width: integer(), top: textPlace(), pieces: range(), pieceCount: integer())
    }

    /// A share of a render that decodes: a worker of a count, blocks starting at row 0 and going up,
    /// some of them drawn (a shard's).
    mutating func part() -> RenderPart {
        let count = int(1...64)
        var blocks = [0]
        for _ in 0..<int(0...5) { blocks.append(blocks[blocks.count - 1] + int(1...100_000)) }
        let first = int(0...blocks.count)
        return RenderPart(
            index: int(0...(count - 1)), count: count, blocks: blocks, drawn: first..<int(first...blocks.count))
    }

    mutating func request() -> WorkerRequest {
        switch int(0...7) {
        case 0: .load(path: text(), allowUnsafe: chance(50))
        case 1:
            .render(
                screen(), format: pick(OutputFormat.allCases), width: integer(), colors: pick(ColorMode.allCases),
                part: optional { $0.part() })
        case 2:
            .openView(
                screen(), colors: pick(ColorMode.allCases), columns: integer(), rows: integer(),
                keepPosition: chance(50))
        case 3: .viewAction(optional { $0.action() }, columns: integer(), rows: integer(), draw: chance(50))
        case 4: .closeView
        case 5: .checkSource(binding(), exact: chance(50))
        case 6: .search(pieceSearch())
        default: .validate(plugins: list { $0.text() })
        }
    }

    mutating func renderFailure() -> RenderFailure {
        RenderFailure(
            text(), text(), fix: optional { $0.text() }, cell: optional { $0.text() },
            attribute: optional { $0.text() }, diagnostics: list { $0.diagnostic() })
    }

    mutating func diagnostic() -> Diagnostic {
        var diagnostic = Diagnostic(
            pick([.error, .warning, .note]), message: text(),
            location: SourceLocation(file: text(), line: integer(), column: integer()),
            sourceLine: optional { $0.text() }, notes: list { $0.text() })
        diagnostic.length = integer()  // as sent, even where the initializer would make it at least 1
        diagnostic.sourceColumn = optional { $0.integer() }
        return diagnostic
    }

    mutating func response() -> WorkerResponse {
        switch int(0...10) {
        case 0: .hello(protocolVersion: integer(), abi: integer(), compiler: integer())
        case 1: .loaded(pluginInfo(), wasAlreadyLoaded: chance(50))
        case 2: .pluginError(code: text(), message: text(), fix: optional { $0.text() }, path: optional { $0.text() })
        case 3: .chunk(bytes())
        case 4:
            .rendered(
                rows: integer(), cellErrors: list { $0.renderFailure() }, dataErrors: list { $0.renderFailure() })
        case 5: .failed(renderFailure())
        case 6: .frame(bytes(), status: optional { $0.viewStatus() })
        case 7: .viewClosed(cellErrors: list { $0.renderFailure() })
        case 8: .sourceChecked(sourceCheck())
        case 9: .found(optional { $0.textMatch() })
        default: .validated(checked: integer(), failures: list { $0.renderFailure() })
        }
    }
}
