@_spi(Host) import CellKit
import CellKitSupport
import Glibc

/// Writes a new plugin package — the `cellkit new-plugin NAME` template —
/// that depends on the SDK by path, builds with `swift build`, and loads
/// into `cellkit` as it is.
///
/// ```swift
/// let created = try PluginScaffold(name: "WeatherCells", directory: "/tmp/WeatherCells").write()
/// // Package.swift, Sources/WeatherCells/WeatherCells.swift, Sources/WeatherCells/Resources/ForecastCard.nib, ...
/// ```
package struct PluginScaffold: Sendable {
    /// The plugin's name: a Swift identifier, also the module and product name.
    package let name: String
    /// The package directory to create.
    package let directory: String
    /// The SDK package the plugin depends on.
    package let sdkPath: String
    /// What the plugin provides.
    package let kind: Kind

    /// What a scaffolded plugin provides.
    package enum Kind: Sendable {
        /// Cells: one drawn in code, one drawn by a nib (`cellkit new-plugin NAME`).
        case cells
        /// A data source of `key=value` lines, and a cell to draw its rows
        /// (`cellkit new-plugin NAME --source`; docs/writing-a-data-source.md).
        case source
    }

    /// The SDK this cellkit was built with: the installed copy for an
    /// installed `cellkit` (see ``Installation``), else the SDK next to the
    /// sources it was built from.
    package static var defaultSDKPath: String {
        Installation.sdkDirectory(executable: try? Path.executable())
    }

    /// A scaffold; `directory` defaults to `./NAME`.
    package init(
        name: String, directory: String? = nil, sdkPath: String = PluginScaffold.defaultSDKPath, kind: Kind = .cells
    ) {
        self.name = name
        self.directory = directory ?? name
        self.sdkPath = sdkPath
        self.kind = kind
    }

    /// The example script's name, in `Examples/`.
    package var exampleName: String { kind == .source ? "status.cellkit" : "hello.cellkit" }

    /// The files, relative to the package directory, and their contents.
    package var files: [(path: String, contents: String)] {
        if kind == .source {
            return [
                ("Package.swift", packageManifest),
                ("Sources/\(name)/\(name).swift", pluginSource),
                ("Sources/\(name)/KeyValueSource.swift", keyValueSource),
                ("Sources/\(name)/StatusCell.swift", statusCellSource),
                ("Tests/\(name)Tests/\(name)Tests.swift", sourceTestSource),
                ("Tests/\(name)Tests/Fixtures/status.kv", statusRecords),
                ("Examples/status.kv", statusRecords),
                ("Examples/status.cellkit", sourceExampleScript),
                ("README.md", readme),
                (".gitignore", ".build/\n.swiftpm/\nPackage.resolved\n"),
                (".swift-format", swiftFormatConfiguration),
            ]
        }
        return [
            ("Package.swift", packageManifest),
            ("Sources/\(name)/\(name).swift", pluginSource),
            ("Sources/\(name)/HelloCell.swift", helloCellSource),
            ("Sources/\(name)/CardCell.swift", cardCellSource),
            ("Sources/\(name)/Resources/CardCell.nib", cardNib),
            ("Tests/\(name)Tests/\(name)Tests.swift", testSource),
            ("Tests/\(name)Tests/Golden/CardCell.txt", cardGolden),
            ("Examples/hello.cellkit", exampleScript),
            ("README.md", readme),
            (".gitignore", ".build/\n.swiftpm/\nPackage.resolved\n"),
            (".swift-format", swiftFormatConfiguration),
        ]
    }

    /// The environment variable a plugin's manifest reads the SDK's folder from.
    package static let sdkVariable = "CELLKIT_SDK"

    /// Where the manifest looks when ``sdkVariable`` is not set: where
    /// `cellkit install` puts the SDK by default, under `home`.
    package static func defaultInstalledSDK(home: String) -> String { home + "/.local/share/cellkit/SDK" }

    /// Whether a build of the plugin finds `sdkPath` without ``sdkVariable``
    /// set, for a user whose home is `home`.
    package func isFoundWithoutVariable(home: String?) -> Bool {
        guard let home else { return false }
        let installed = Self.defaultInstalledSDK(home: home)
        return (Path.canonical(sdkPath) ?? sdkPath) == (Path.canonical(installed) ?? installed)
    }

    /// Creates the package. Refuses an invalid name, a missing SDK, or a
    /// directory that already has files in it.
    ///
    /// - Returns: the paths written.
    @discardableResult
    package func write() throws(PluginError) -> [String] {
        guard isPluginName(name), name != "CellKit" else {
            throw PluginError(
                .invalidPlugin, "'\(name)' cannot be a plugin name",
                fix: "use a Swift identifier other than CellKit, such as WeatherCells")
        }
        guard isRegularFile(sdkPath + "/Package.swift") else {
            throw PluginError(
                .missingFile, "the CellKit SDK is not at \(sdkPath)",
                fix: "pass --sdk PATH (the SDK folder of a CellKit checkout)")
        }
        guard sdkPackageName == "SDK" else {
            throw PluginError(
                .invalidPlugin,
                "the SDK folder \(sdkPath) is not named SDK: SwiftPM names a package after its folder, and the plugin's "
                    + "manifest refers to the package SDK",
                fix: "pass --sdk with the path of a folder named SDK (a CellKit checkout's, or an installed one)")
        }
        if fileExists(directory) {
            let entries: [String]
            do {
                entries = try listDirectory(directory)
            } catch {
                throw PluginError(
                    .invalidPlugin, "\(directory) exists and cannot be read", fix: "choose another --path",
                    cause: error)
            }
            if !entries.isEmpty {
                throw PluginError(
                    .invalidPlugin, "\(directory) already exists and is not empty",
                    fix: "choose another --path, or remove it first")
            }
        }
        var written: [String] = []
        for file in files {
            let path = directory + "/" + file.path
            do {
                try createDirectories(Path.dirname(path))
                try atomicWrite(path, file.contents)
            } catch {
                throw PluginError(.missingFile, error.description, cause: error)
            }
            written.append(path)
        }
        return written
    }

    // MARK: - Templates

    /// The major version of the SDK the plugin builds against: the one the
    /// SDK at ``sdkPath`` declares, else this cellkit's (``PluginABI/sdkVersion``).
    /// A plugin loads in a cellkit of that major only.
    var sdkMajor: UInt32 {
        (Installation.sdkVersion(at: sdkPath) ?? PluginABI.sdkVersion).major
    }

    /// The command that sets ``sdkVariable`` to this cellkit's SDK, in a shell.
    package static let exportCommand = "eval \"$(cellkit sdk --export)\""

    /// The SDK package's identity, as `.product(name:package:)` spells it:
    /// SwiftPM names a package depended on by path after its folder.
    var sdkPackageName: String {
        var path = sdkPath
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    var packageManifest: String {
        """
        // swift-tools-version:6.1
        // \(name): a CellKit plugin. Build it with `swift build`; load it with
        // `cellkit -c 'load .build/debug/lib\(name).so'`.
        import Foundation
        import PackageDescription

        // The CellKit SDK this plugin builds against: $\(Self.sdkVariable) when it is set (`cellkit sdk`
        // says where your cellkit's SDK is; `\(Self.exportCommand)` sets it), else where
        // `cellkit install` puts it. No path of one machine is written here: the package builds
        // wherever it is cloned.
        let sdk =
            Context.environment["\(Self.sdkVariable)"]
            ?? (Context.environment["HOME"] ?? "") + "/.local/share/cellkit/SDK"
        if !FileManager.default.fileExists(atPath: sdk + "/Package.swift") {
            let why =
                Context.environment["\(Self.sdkVariable)"] == nil
                ? "\(Self.sdkVariable) is not set, and cellkit install has not put the SDK there"
                : "\(Self.sdkVariable) names a folder with no SDK in it"
            let message =
                "error: the CellKit SDK is not at \\(sdk): \\(why)\\n"
                + "  set \(Self.sdkVariable) to your cellkit's SDK, then build again: eval \\"$(cellkit sdk --export)\\"\\n"
                + "  (`cellkit sdk` says where it is)\\n"
            FileHandle.standardError.write(Data(message.utf8))
            exit(1)
        }

        let package = Package(
            name: "\(name)",
            products: [
                // A plugin is a .dynamic library: the host opens lib\(name).so with dlopen.
                .library(name: "\(name)", type: .dynamic, targets: ["\(name)"])
            ],
            dependencies: [
                // A plugin built against SDK \(sdkMajor).m loads in every cellkit \(sdkMajor).n, n >= m.
                .package(path: sdk)
            ],
            targets: [
                .target(
                    name: "\(name)",
                    dependencies: [.product(name: "CellKit", package: "\(sdkPackageName)")],\(kind == .cells ? "\n            resources: [.process(\"Resources\")]," : "")
                    swiftSettings: [.swiftLanguageMode(.v6)]
                ),
                .testTarget(
                    name: "\(name)Tests",
                    dependencies: [
                        "\(name)",
                        .product(name: "CellKit", package: "\(sdkPackageName)"),
                        // Rendering to text, golden files, width sweeps.
                        .product(name: "CellKitTesting", package: "\(sdkPackageName)"),
                    ],
                    exclude: ["\(kind == .cells ? "Golden" : "Fixtures")"]
                ),
            ]
        )

        """
    }

    /// The style the scaffold's own code follows, for `swift format`.
    var swiftFormatConfiguration: String {
        """
        {
          "version": 1,
          "lineLength": 120,
          "indentation": { "spaces": 4 },
          "maximumBlankLines": 1,
          "respectsExistingLineBreaks": true,
          "multiElementCollectionTrailingCommas": true,
          "rules": {
            "AllPublicDeclarationsHaveDocumentation": false,
            "NeverForceUnwrap": false,
            "NeverUseForceTry": false,
            "OrderedImports": true,
            "UseTripleSlashForDocumentationComments": true,
            "UseShorthandTypeNames": true
          }
        }

        """
    }

    var pluginSource: String {
        """
        import CellKit

        /// The plugin: its name is the namespace of everything it registers
        /// (`\(name).\(kind == .cells ? "HelloCell" : "StatusCell")`).
        enum \(name): Plugin {
            static let name = "\(name)"
            static let version = "0.1.0"
            static let summary = "\(kind == .cells ? "cells" : "a data source and a cell") from the \(name) plugin"

            static func register(in registrar: PluginRegistrar) throws {
        \(registrations)
            }
        }

        // The two entry points the host looks for. Keep them as they are.

        /// The SDK ABI and Swift compiler this plugin was built with, checked
        /// by the host before anything else of the plugin runs.
        @_cdecl("cellkit_plugin_abi")
        public func cellkitPluginABI() -> UInt64 { PluginABI.current }

        /// Registers the plugin's cells into the host's registrar.
        @_cdecl("cellkit_plugin_register")
        public func cellkitPluginRegister(_ registrar: UnsafeMutableRawPointer) -> Int32 {
            PluginRegistrar.run(\(name).self, with: registrar)
        }

        """
    }

    /// The plugin's `register(in:)` body.
    var registrations: String {
        switch kind {
        case .cells:
            """
                    try registrar.register(HelloCell.self, summary: "a greeting, drawn in code")
                    try registrar.register(CardCell.self, summary: "a card, drawn by CardCell.nib")
            """
        case .source:
            """
                    // rows CELL from "FILE.kv" …, or format=kv for a file of any name
                    try registrar.register(KeyValueSource.self)
                    try registrar.register(StatusCell.self, summary: "a service and its state")
            """
        }
    }

    var helloCellSource: String {
        """
        import CellKit

        /// A greeting: `Hello, NAME!`, with the name in an accent colour.
        final class HelloCell: TableViewCell, Reusable, Inspectable {
            private let greeting = Label()

            /// Who to greet.
            var name = "world" { didSet { update() } }
            /// The colour of the name.
            var accent: Color = .cyan { didSet { update() } }

            required init() {
                super.init()
                greeting.pinEdges()
                contentView.addSubview(greeting)
                update()
            }

            private func update() {
                greeting.text = "Hello, \\(name)!"
                greeting.style = Style.bold.foreground(accent)
            }

            static var inspectableAttributes: [InspectableAttribute<HelloCell>] {
                [
                    .init("name", \\.name, summary: "who to greet"),
                    .init("accent", \\.accent, summary: "the colour of the greeting"),
                ]
            }
        }

        """
    }

    var cardCellSource: String {
        """
        import CellKit

        /// A card drawn by `Resources/CardCell.nib`: each `{outlet}` in the nib is
        /// an `@Outlet` here, and a String attribute scripts can set.
        final class CardCell: TableViewCell, NibReusable {
            @Outlet var title: Label
            @Outlet var detail: Label
        }

        """
    }

    var cardNib: String {
        """
        ╭─ {title:bold} {~─}╮
        │ {detail:wrap} {~} │
        ╰{~─}╯

        """
    }

    var testSource: String {
        """
        import CellKit
        import CellKitTesting
        import Testing

        @testable import \(name)

        @Test func helloCellGreets() throws {
            let cell = HelloCell()
            try cell.setAttribute("name", to: "Ada")
            #expect(renderedText(cell, width: 20) == "Hello, Ada!")
        }

        /// The nib cell, compared with Golden/CardCell.txt. After a change you
        /// mean, re-record it: CELLKIT_RECORD_GOLDENS=1 swift test
        @Test func cardCellDrawsItsNib() throws {
            let cell = try CardCell.tryLoadFromNib()
            cell.title.text = "A card"
            cell.detail.text = "drawn from CardCell.nib, stretched to the width"
            GoldenFiles().check(renderedText(cell, widths: [40, 16]), named: "CardCell.txt")
        }

        /// Every width from 1 to 200: nothing traps, nothing is wider than asked.
        @Test func cellsFitEveryWidth() throws {
            let hello = HelloCell()
            try hello.setAttribute("name", to: String(repeating: "Ada ", count: 60))
            sweepWidths(hello)
            let card = try CardCell.tryLoadFromNib()
            card.title.text = "漢字 and emoji 👩‍💻"
            card.detail.text = String(repeating: "a long detail ", count: 30)
            sweepWidths(card)
        }

        """
    }

    /// What `cardCellDrawsItsNib` expects (checked against the SDK by this
    /// repository's tests).
    var cardGolden: String {
        """
        width 40:
        ╭─ A card ─────────────────────────────╮
        │ drawn from CardCell.nib, stretched   │
        │ to the width                         │
        ╰──────────────────────────────────────╯

        width 16:
        ╭─ A card ─────╮
        │ drawn from   │
        │ CardCell.ni  │
        │ b,           │
        │ stretched    │
        │ to the       │
        │ width        │
        ╰──────────────╯

        """
    }

    var exampleScript: String {
        """
        # Run with: cellkit run Examples/hello.cellkit --plugin-path .build/debug
        load \(name)
        screen Hello list width=40 border=rounded title="\(name)"
        row HelloCell name="Ada" accent=magenta
        row CardCell title="A card" detail="drawn from CardCell.nib, stretched to the width"
        render

        """
    }

    var readme: String {
        """
        # \(name)

        A CellKit plugin.

        First, tell the build where your cellkit's CellKit SDK is: the plugin
        finds it through `\(Self.sdkVariable)`, else at
        `~/.local/share/cellkit/SDK`, where `cellkit install` puts it.

        ```sh
        \(Self.exportCommand)   # sets \(Self.sdkVariable); `cellkit sdk` says where the SDK is
        ```

        Then:

        ```sh
        swift build                                                     # builds .build/debug/lib\(name).so
        cellkit run Examples/hello.cellkit --plugin-path .build/debug   # loads it and renders a screen
        swift test                                                      # the plugin's own tests
        ```

        - `Sources/\(name)/\(name).swift`: the plugin and its two entry points.
        - `Sources/\(name)/HelloCell.swift`: a cell drawn in code, with inspectable attributes.
        - `Sources/\(name)/CardCell.swift` and `Resources/CardCell.nib`: a cell drawn by a nib.

        A plugin built against SDK \(sdkMajor).m loads in every `cellkit` \(sdkMajor).n with n ≥ m,
        built by the same Swift compiler; `cellkit` refuses others and says how
        to rebuild (`cellkit plugin rebuild`). `swift format lint -r Sources Tests`
        checks the style (`.swift-format`).

        """
    }

    // MARK: - A data-source plugin

    var keyValueSource: String {
        """
        import CellKit
        import Foundation

        /// Records of `key=value` words, one record a line (`#` starts a comment):
        ///
        ///     service=api state=up latency=12
        ///     service="job queue" state=down
        ///
        /// The fields are the keys; a value that reads as a number is given as
        /// one, any other as text, a key a line lacks as null (the attribute
        /// keeps its default). docs/writing-a-data-source.md explains the contract.
        final class KeyValueSource: DataSource {
            static let format = DataFormat(
                name: "kv", summary: "key=value words, a record a line", fileExtensions: ["kv"])

            /// Each record: its line's number and its pairs.
            private let records: [(line: Int, pairs: [String: String])]
            /// The fields asked for, in the order of each record's values.
            private let fields: [String]

            init(_ request: DataRequest) throws(DataSourceError) {
                guard let text = try? String(contentsOfFile: request.path, encoding: .utf8) else {
                    throw DataSourceError(
                        "cannot read it as UTF-8 text", fix: "check that the file exists and is a text file")
                }
                var records: [(line: Int, pairs: [String: String])] = []
                for (index, line) in text.split(separator: "\\n", omittingEmptySubsequences: false).enumerated() {
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
                    records.append((index + 1, try Self.pairs(trimmed, line: index + 1)))
                }
                let keys = Set(records.flatMap(\\.pairs.keys))
                for field in request.fields where !keys.contains(field) {
                    throw DataSourceError(
                        "no record has a key '\\(field)'",
                        fix: Suggestions.nearest(to: field, in: keys).map { "did you mean '\\($0)'?" }
                            ?? "its keys are \\(keys.sorted().joined(separator: ", "))",
                        field: field)
                }
                self.records = records
                fields = request.fields
            }

            func count() throws(DataSourceError) -> Int { records.count }

            func read(from record: Int, into batch: inout DataBatch) throws(DataSourceError) {
                var index = record
                while batch.count < batch.capacity, index < records.count {
                    for field in fields {
                        guard let value = records[index].pairs[field] else {
                            batch.append(.null)
                            continue
                        }
                        batch.append(Double(value) != nil ? .number(value) : .text(value))
                    }
                    batch.endRecord(at: DataPlace(records[index].line))
                    index += 1
                }
            }

            func describe(_ place: DataPlace) -> String { "line \\(place.key)" }

            /// The `key=value` words of a line; a value in double quotes may hold spaces.
            private static func pairs(_ line: String, line number: Int) throws(DataSourceError) -> [String: String] {
                var pairs: [String: String] = [:]
                var rest = Substring(line)
                while let start = rest.firstIndex(where: { !$0.isWhitespace }) {
                    rest = rest[start...]
                    guard let equals = rest.firstIndex(of: "="), equals != rest.startIndex else {
                        throw DataSourceError(
                            "'\\(rest.prefix { !$0.isWhitespace })' is not key=value", fix: "write each word as key=value",
                            place: DataPlace(number))
                    }
                    let key = String(rest[..<equals])
                    rest = rest[rest.index(after: equals)...]
                    if rest.first == "\\"" {
                        guard let close = rest.dropFirst().firstIndex(of: "\\"") else {
                            throw DataSourceError(
                                "the value of \\(key) opens a quote it does not close", fix: "close it with \\"",
                                place: DataPlace(number))
                        }
                        pairs[key] = String(rest[rest.index(after: rest.startIndex)..<close])
                        rest = rest[rest.index(after: close)...]
                    } else {
                        let end = rest.firstIndex(where: \\.isWhitespace) ?? rest.endIndex
                        pairs[key] = String(rest[..<end])
                        rest = rest[end...]
                    }
                }
                return pairs
            }
        }

        """
    }

    var statusCellSource: String {
        """
        import CellKit

        /// A service and its state: `api ......... up`, the state coloured.
        final class StatusCell: TableViewCell, Reusable, Inspectable {
            private let label = Label()

            /// The service's name.
            var service = "" { didSet { update() } }
            /// Its state: `up` is green, anything else red.
            var state = "" { didSet { update() } }

            required init() {
                super.init()
                label.pinEdges()
                contentView.addSubview(label)
                update()
            }

            private func update() {
                label.text = service + " " + state
                label.style = state == "up" ? Style.plain.foreground(.green) : Style.bold.foreground(.red)
            }

            static var inspectableAttributes: [InspectableAttribute<StatusCell>] {
                [
                    .init("service", \\.service, summary: "the service's name"),
                    .init("state", \\.state, summary: "its state: up is green, anything else red"),
                ]
            }
        }

        """
    }

    var statusRecords: String {
        """
        # service states, as a monitor writes them
        service=api state=up latency=12
        service=web state=up latency=31
        service="job queue" state=down
        service=db state=up latency=4

        """
    }

    var sourceTestSource: String {
        """
        import CellKit
        import CellKitTesting
        import Foundation
        import Testing

        @testable import \(name)

        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/status.kv").path

        /// The source as cellkit reads it: every record, in batches, each of the right shape.
        @Test func readsEveryRecordAsTypedValues() throws {
            let records = try DataSourceProbe.read(
                KeyValueSource.self, path: fixture, fields: ["service", "latency"], batchSize: 3)
            #expect(records.count == 4)
            #expect(records[0] == [.text("api"), .number("12")])
            #expect(records[2] == [.text("job queue"), .null])
        }

        /// A key no record has is an error naming it, with the nearest key.
        @Test func aMissingKeyIsAnErrorWithTheNearestKey() throws {
            let error = try #require(throws: DataSourceError.self) {
                _ = try KeyValueSource(DataRequest(path: fixture, fields: ["stat"]))
            }
            #expect(error.field == "stat")
            #expect(error.fix == "did you mean 'state'?")
        }

        @Test func theCellDrawsAServiceAndItsState() throws {
            let cell = StatusCell()
            try cell.setAttribute("service", to: "api")
            try cell.setAttribute("state", to: "up")
            #expect(renderedText(cell, width: 20) == "api up")
        }

        """
    }

    var sourceExampleScript: String {
        """
        # Run with: cellkit run Examples/status.cellkit --plugin-path .build/debug
        load \(name)
        screen Status list width=40 border=rounded title="Services"
        rows StatusCell from "status.kv" service=.service state=.state
        render

        """
    }
}
