@_spi(Host) import CellKit
import PluginRuntime
import Testing

@testable import Session
@testable import Worker
@testable import WorkerProtocol

/// `save` writes a storyboard that, opened in a new session, gives the same
/// session: screens, sections, rows, bound rows (and their records), the
/// initial screen and the current one.
@Suite struct StoryboardRoundTripTests {
    /// What the round trip gave, for the assertions.
    struct Trip {
        var original: Session
        var reopened: Session
        var saved: String
        var savedAgain: String
        var renders: [(String, String)] = []
    }

    /// Runs `script` (as a file in `files`, so relative data paths work),
    /// saves, opens the saved file in a fresh session, saves again.
    static func roundTrip(_ script: String, in files: TemporaryFiles, render: Bool = true) -> Trip? {
        let source = files.write("source.cellkit", script)
        let first = ScriptSession()
        let errors = first.run("open \"\(source)\"")
        guard errors.isEmpty else {
            Issue.record("the script failed:\n\(script)\n\(first.takeError())")
            return nil
        }
        let savedPath = files.path("saved.cellkit")
        first.succeed("save \"\(savedPath)\"")
        let saved = files.read("saved.cellkit") ?? ""

        let second = ScriptSession()
        let reopenErrors = second.run("open \"\(savedPath)\"")
        guard reopenErrors.isEmpty else {
            Issue.record("the saved storyboard failed:\n\(saved)\n\(second.takeError())\n--- from:\n\(script)")
            return nil
        }
        second.succeed("save \"\(files.path("again.cellkit"))\"")
        var trip = Trip(
            original: first.session, reopened: second.session, saved: saved,
            savedAgain: files.read("again.cellkit") ?? "")
        if render {
            for screen in first.session.screens {
                let a = draw(screen, first.host)
                let b = draw(second.session.screens.first { $0.name == screen.name } ?? Screen(name: ""), second.host)
                trip.renders.append((a, b))
            }
        }
        return trip
    }

    static func draw(_ screen: Screen, _ host: PluginHost) -> String {
        let out = MemoryOutput()
        _ = try? ScreenRenderer(screen: screen, host: host).render(format: .plain, width: 40, colors: .none, to: out)
        return out.string
    }

    /// Everything `Session ==` compares, and the records of bound rows too;
    /// a failure names the first difference, the script and what was saved.
    static func expectSame(_ trip: Trip, _ context: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let difference = firstDifference(trip.original, trip.reopened)
        #expect(
            difference == nil, "\(difference ?? "")\n--- script:\n\(context)\n--- saved:\n\(trip.saved)",
            sourceLocation: sourceLocation)
        #expect(trip.savedAgain == trip.saved, "save is not stable\n\(context)", sourceLocation: sourceLocation)
        for (a, b) in trip.renders where a != b {
            Issue.record("renders differ:\n\(a)\n---\n\(b)\n--- script:\n\(context)", sourceLocation: sourceLocation)
        }
    }

    /// Where two sessions differ first, or `nil`.
    static func firstDifference(_ a: Session, _ b: Session) -> String? {
        if a.screens.count != b.screens.count {
            return "screens: \(a.screens.map(\.name)) ≠ \(b.screens.map(\.name))"
        }
        for (x, y) in zip(a.screens, b.screens) {
            var xs = x
            var ys = y
            xs.sections = []
            ys.sections = []
            if xs != ys { return "screen \(x.name): \(xs) ≠ \(ys)" }
            if x.sections.count != y.sections.count {
                return "screen \(x.name): \(x.sections.count) sections ≠ \(y.sections.count)"
            }
            for (i, (p, q)) in zip(x.sections, y.sections).enumerated() {
                var ps = p
                var qs = q
                ps.rows = []
                qs.rows = []
                if ps != qs { return "screen \(x.name) section \(i): \(ps) ≠ \(qs)" }
                if p.rows.count != q.rows.count {
                    return "screen \(x.name) section \(i): \(p.rows.count) rows ≠ \(q.rows.count)"
                }
                for (j, (r, t)) in zip(p.rows, q.rows).enumerated() {
                    if r != t { return "screen \(x.name) section \(i) row \(j): \(r) ≠ \(t)" }
                    if case .bound(let br) = r, case .bound(let bt) = t, br.count != bt.count || br.path != bt.path {
                        return
                            "screen \(x.name) section \(i) rows \(j): \(br.count) records of \(br.path) ≠ \(bt.count) of \(bt.path)"
                    }
                }
            }
        }
        if a.current != b.current {
            return "current: \(String(describing: a.current)) ≠ \(String(describing: b.current))"
        }
        if a.initialScreen != b.initialScreen {
            return "initial: \(String(describing: a.initialScreen)) ≠ \(String(describing: b.initialScreen))"
        }
        if a.loadedPlugins != b.loadedPlugins { return "loaded plugins: \(a.loadedPlugins) ≠ \(b.loadedPlugins)" }
        return a == b ? nil : "the sessions differ"
    }

    // MARK: - Chosen cases

    @Test(arguments: [
        // The README's kind of screen.
        """
        load TestCells
        screen Dashboard list width=72 border=rounded title="Morning report"
        section "Today" header=Banner
        row WeatherCell city="Good morning" trend=rising
        row ProfileCell name="Ada Lovelace" role=Analyst
        section "Team" footer="3 people" footer-cell=Banner
        item Tile caption=x
        """,
        // An empty first section is kept; so are empty sections and screens.
        "screen A\nsection\nsection B\nscreen Empty grid\n",
        // Keywords, layouts and odd names as screen names and titles.
        "screen to\nsection from footer=to\nscreen list list title=\"to\"\nscreen grid grid\ninitial to\nscreen list\n",
        // Revisiting a screen changes its options; the current screen is restored.
        "screen A separators=true\nscreen B grid columns=2\nscreen A title=Changed width=30\nrow Tile caption=a\nscreen B spacing=0\nscreen A\n",
        // Values in every spelling normalise to one.
        "screen A\nrow WeatherCell sunny=yes accent=#F80 trend=RISING humidity=1e3 temperature=+7 history=[1,2.50, -0]\n",
        // Text that needs quotes, escapes, and none.
        "screen A title=\"say \\\"hi\\\"\\n\\tand\\\\leave\"\nrow ProfileCell name='C:\\dir\\n' role=\"#not a comment\" bio=\".name\"\nrow ProfileCell name=#ff8800 role=\"\"\n",
        // Unicode of every width.
        "screen 日本 title=\"高橋 さくら 😀 👩‍💻 🇳🇴 e\u{301}\"\nrow ProfileCell name=\"\\u{202E}evil\" role=\"\\u{0}\\u{1B}[31m\"\n",
    ])
    func aChosenScriptRoundTrips(_ script: String) {
        let files = TemporaryFiles()
        guard let trip = Self.roundTrip(script, in: files) else { return }
        Self.expectSame(trip, script)
    }

    @Test func boundRowsKeepTheirFileMappingsAndConstants() {
        let files = TemporaryFiles()
        files.write(
            "people.json",
            #"[{"name": "Ada", "w": {"lo": 1, "hi": 2}, "First Name": "A"}, {"name": "Grace", "w": {"lo": 3, "hi": 4}, "First Name": null}]"#
        )
        files.write("people.csv", "name,temp\nAda,3\nGrace,\n")
        let script = """
            screen A
            rows WeatherCell from people.json city=.name history=[.w.lo, 0.5, .w.hi] trend=falling
            rows ProfileCell from people.json name=."First Name" role=.name
            screen G grid
            items WeatherCell from "people.csv" city=.name temperature=.temp
            """
        guard let trip = Self.roundTrip(script, in: files) else { return }
        Self.expectSame(trip, script)
        #expect(
            trip.saved.contains(
                "rows WeatherCell from people.json city=.name history=[.w.lo, 0.5, .w.hi] trend=falling\n"))
        #expect(trip.saved.contains("items WeatherCell from people.csv city=.name temperature=.temp\n"))
    }

    @Test func theSavedFileIsReadable() {
        let files = TemporaryFiles()
        let trip = Self.roundTrip(
            "load TestCells\nscreen Dashboard list width=72 title=\"Morning report\"\nsection Today header=Banner\nrow WeatherCell city=Oslo sunny=yes\nscreen Team grid columns=2\nitem Tile caption=Ada\ninitial Dashboard\nscreen Dashboard\n",
            in: files)
        #expect(
            trip?.saved == """
                # CellKit storyboard, written by cellkit save. Open it with: cellkit render FILE#SCREEN

                load TestCells

                screen Dashboard list width=72 title="Morning report"
                section Today header=Banner
                row WeatherCell city=Oslo sunny=true

                screen Team grid columns=2
                item Tile caption=Ada

                initial Dashboard
                screen Dashboard

                """)
    }

    // MARK: - Generated cases

    /// How many generated scripts the property test runs.
    static let generatedCount = 400

    @Test func generatedScreensRoundTrip() {
        var failures = 0
        for seed in 0..<UInt64(Self.generatedCount) {
            var generator = StoryboardGenerator(seed: seed)
            let script = generator.script()
            let files = TemporaryFiles()
            for file in generator.dataFiles { files.write(file.name, file.contents) }
            guard let trip = Self.roundTrip(script, in: files, render: seed % 4 == 0) else {
                failures += 1
                if failures > 3 { break }
                continue
            }
            Self.expectSame(trip, "seed \(seed):\n\(script)")
            if Self.firstDifference(trip.original, trip.reopened) != nil { failures += 1 }
            if failures > 3 { break }
        }
    }

    /// The generator reaches what it is meant to: otherwise the round trip
    /// above proves less than it seems.
    @Test func theGeneratorCoversTheLanguage() {
        var text = ""
        var files = 0
        for seed in 0..<UInt64(Self.generatedCount) {
            var generator = StoryboardGenerator(seed: seed)
            text += generator.script()
            files += generator.dataFiles.count
        }
        for feature in [
            "screen", " grid", " list", "width=", "border=", "title=", "columns=", "item-width=", "spacing=",
            "separators=",
            "section", "header=", "footer=", "footer-cell=", "row ", "item ", "rows ", "items ", ".csv", ".json",
            "city=", "temperature=", "humidity=", "sunny=", "accent=", "trend=", "history=[", "name=", "role=", "bio=",
            "caption=", "initial", "load TestCells", "TestCells.", "\\n", "\\\"", "\\u{", "'", "😀", "日本語", "=.\"",
        ] {
            #expect(text.contains(feature), "no generated script has \(feature)")
        }
        #expect(files > Self.generatedCount / 2)
    }
}
