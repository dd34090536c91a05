@_spi(Host) import CellKit
import Glibc
import PluginDiscovery
import PluginRuntime
import TestSupport
import Testing

@testable import Session
@testable import SessionTestSupport
@testable import Worker
@testable import WorkerProtocol

// MARK: - Test cells, registered in-process (no .so needed)

/// How a forecast is going.
enum Trend: String, CaseIterable, AttributeEnum {
    case rising, falling, steady
}

/// A cell with an attribute of every type scripts can set.
final class WeatherCell: TableViewCell, Reusable, Inspectable {
    private let line = Label()

    var city = "" { didSet { update() } }
    var temperature = 0 { didSet { update() } }
    var humidity = 0.5 { didSet { update() } }
    var sunny = false { didSet { update() } }
    var accent: Color = .blue { didSet { update() } }
    var trend: Trend = .steady { didSet { update() } }
    var history: [Double] = [] { didSet { update() } }

    required init() {
        super.init()
        line.pinEdges()
        contentView.addSubview(line)
        update()
    }

    private func update() {
        line.text =
            "\(city) \(temperature)° \(AttributeValue.double(humidity)) \(sunny ? "sun" : "cloud") \(trend.rawValue) \(AttributeValue.numbers(history))"
        line.style = Style(foreground: accent)
    }

    static var inspectableAttributes: [InspectableAttribute<WeatherCell>] {
        [
            .init("city", \.city, summary: "where"),
            .init("temperature", \.temperature, summary: "degrees"),
            .init("humidity", \.humidity, summary: "0...1"),
            .init("sunny", \.sunny, summary: "sun or cloud"),
            .init("accent", \.accent, summary: "a colour"),
            .init("trend", \.trend, summary: "rising, falling or steady"),
            .init("history", \.history, summary: "past temperatures"),
        ]
    }
}

/// A section header with a title.
final class Banner: TableViewHeaderFooterView, Reusable, Inspectable {
    private let label = Label()
    var title = "" { didSet { label.text = "== \(title) ==" } }

    required init() {
        super.init()
        label.pinEdges()
        contentView.addSubview(label)
    }

    static var inspectableAttributes: [InspectableAttribute<Banner>] {
        [.init("title", \.title, summary: "the banner's text")]
    }
}

/// A grid item.
final class Tile: CollectionViewCell, Reusable, Inspectable {
    private let label = Label()
    var caption = "" { didSet { label.text = "[\(caption)]" } }

    required init() {
        super.init()
        label.pinEdges()
        contentView.addSubview(label)
    }

    static var inspectableAttributes: [InspectableAttribute<Tile>] {
        [.init("caption", \.caption, summary: "the tile's text")]
    }
}

/// The plugin the interpreter tests use: a typed cell, a nib cell, a header, a grid item.
enum TestCells: Plugin {
    static let name = "TestCells"
    static let version = "1.0.0"
    static let summary = "cells for the interpreter tests"

    static func register(in registrar: PluginRegistrar) throws {
        try registrar.register(WeatherCell.self, summary: "a city's weather")
        try registrar.register(
            nibSource: "{name:bold} {~} {role:right}\n{bio:wrap,placeholder=\"no bio yet\"}\n", named: "ProfileCell",
            summary: "a person")
        try registrar.register(Banner.self, summary: "a banner")
        try registrar.register(Tile.self, summary: "a tile")
    }
}

/// A second plugin with a name in common with ``TestCells``.
enum OtherCells: Plugin {
    static let name = "OtherCells"
    static let version = "2.0.0"
    static func register(in registrar: PluginRegistrar) throws {
        try registrar.register(nibSource: "<{name}>\n", named: "ProfileCell", summary: "another person")
    }
}

// MARK: - A session driven like a script

/// An interpreter over an in-process host, writing to memory.
final class ScriptSession {
    let host: PluginHost
    let standardOutput = MemoryOutput()
    let standardError = MemoryOutput()
    let interpreter: Interpreter
    private var outputMark = 0
    private var errorMark = 0

    init(plugins: [any Plugin.Type] = [TestCells.self], environment: [String: String] = [:], isTerminal: Bool = false) {
        let host = PluginHost(searchPath: PluginSearchPath(directories: []))
        func register<P: Plugin>(_ type: P.Type) { _ = try? host.register(inProcess: type) }
        for plugin in plugins { register(plugin) }
        self.host = host
        interpreter = Interpreter(
            host: host,
            output: ConsoleOutput(standardOutput: standardOutput, standardError: standardError, isTerminal: isTerminal),
            environment: environment)
    }

    /// Runs `text` as the file `file`; returns its errors.
    @discardableResult
    func run(_ text: String, file: String = "<stdin>", keepGoing: Bool = false) -> [ConsoleError] {
        interpreter.run(text, file: file, keepGoing: keepGoing)
    }

    /// Runs `text`, recording an issue if it fails.
    func succeed(_ text: String, file: String = "<stdin>", sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let errors = run(text, file: file)
        #expect(errors.isEmpty, "\(errors.map(\.description).joined(separator: "\n"))", sourceLocation: sourceLocation)
    }

    /// Runs `text`, which must fail; returns what it printed on standard error.
    func fail(_ text: String, file: String = "<stdin>", sourceLocation: Testing.SourceLocation = #_sourceLocation)
        -> String
    {
        _ = takeError()
        let errors = run(text, file: file)
        #expect(!errors.isEmpty, "expected an error", sourceLocation: sourceLocation)
        return takeError()
    }

    var session: Session { interpreter.session }

    /// The attributes of every row of `binding`, read from its file as the
    /// worker reads them when it draws.
    func records(_ binding: Binding) -> [[AttributeSetting]] {
        let attributes = (try? interpreter.catalog.resolve(binding.cell.qualified))?.info.attributes ?? []
        guard let rows = try? BoundRows(binding, attributes: attributes) else { return [] }
        return (0..<rows.count).map { (try? rows.settings(record: $0)) ?? [] }
    }

    /// What was written to standard output since the last call.
    func takeOutput() -> String {
        defer { outputMark = standardOutput.bytes.count }
        return String(decoding: standardOutput.bytes[outputMark...], as: UTF8.self)
    }

    /// What was written to standard error since the last call.
    func takeError() -> String {
        defer { errorMark = standardError.bytes.count }
        return String(decoding: standardError.bytes[errorMark...], as: UTF8.self)
    }
}

// MARK: - Files

/// A fresh directory under /tmp, and files in it; removed with everything
/// in it when the last reference goes (TestSupport's `TemporaryDirectory`,
/// under the names these tests use).
final class TemporaryFiles {
    private let temporary = try! TemporaryDirectory(prefix: "cellkit-interpreter")

    var directory: String { temporary.path }

    /// Writes `text` to `name` in the directory; returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) -> String {
        try! temporary.write(text, to: name)
    }

    /// The path of `name` in the directory.
    func path(_ name: String) -> String { temporary.file(name) }

    /// The contents of `name`, or `nil` if there is no such file.
    func read(_ name: String) -> String? { temporary.read(name) }

    /// The names of the files in the directory, sorted.
    func list() -> [String] { temporary.names() }
}
