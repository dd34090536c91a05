@_spi(Host) import CellKit
import Testing

@testable import Session
@testable import WorkerProtocol

/// What each command does to the session and prints, when it works.
@Suite struct InterpreterCommandTests {
    // MARK: - Plugins

    @Test func loadingALoadedPluginSaysSoOnStandardErrorAndIsRemembered() {
        let s = ScriptSession()
        s.succeed("load TestCells")
        #expect(s.takeError() == "TestCells is already loaded; nothing to do\n")
        #expect(s.takeOutput() == "")
        #expect(s.session.loadedPlugins == ["TestCells"])
    }

    @Test func pluginsListsWhatIsLoaded() {
        let s = ScriptSession(plugins: [TestCells.self, OtherCells.self])
        s.succeed("plugins")
        #expect(
            s.takeOutput() == """
                PLUGIN      VERSION  SDK  STATE   PROVIDES                                     PATH
                TestCells   1.0.0    2.1  loaded  1 cell, 1 item, 1 header/footer view, 1 nib  (built in)
                OtherCells  2.0.0    2.1  loaded  1 nib                                        (built in)

                """)
    }

    @Test func cellsListsEveryRegisteredNameOrOnePluginS() {
        let s = ScriptSession(plugins: [TestCells.self, OtherCells.self])
        s.succeed("cells")
        let all = s.takeOutput()
        #expect(all.hasPrefix("NAME "))
        for name in [
            "TestCells.WeatherCell", "TestCells.ProfileCell", "TestCells.Banner", "TestCells.Tile",
            "OtherCells.ProfileCell",
        ] {
            #expect(all.contains(name + " "))
        }
        s.succeed("cells OtherCells")
        let one = s.takeOutput()
        #expect(one.contains("OtherCells.ProfileCell"))
        #expect(!one.contains("TestCells."))
    }

    @Test func describeShowsAttributesWithTypesAndDefaults() {
        let s = ScriptSession()
        s.succeed("describe WeatherCell")
        #expect(
            s.takeOutput() == """
                TestCells.WeatherCell   cell
                  a city's weather
                  city         String                 ""      where
                  temperature  Int                    0       degrees
                  humidity     Double                 0.5     0...1
                  sunny        Bool                   false   sun or cloud
                  accent       Color                  blue    a colour
                  trend        rising|falling|steady  steady  rising, falling or steady
                  history      [Double]               []      past temperatures

                """)
        s.succeed("describe TestCells.ProfileCell")
        let nib = s.takeOutput()
        #expect(nib.hasPrefix("TestCells.ProfileCell   nib   nib ProfileCell.nib\n"))
        for outlet in ["name", "role", "bio"] { #expect(nib.contains("  \(outlet) ")) }
    }

    // MARK: - Composing

    @Test func screenCreatesAndSwitchesAndOptionsChangeAnExistingOne() {
        let s = ScriptSession()
        s.succeed(
            """
            screen Dashboard list width=72 border=rounded title="Morning report" separators=true
            screen Team grid columns=3 item-width=20 spacing=2
            """)
        var dashboard = Screen(name: "Dashboard")
        dashboard.width = 72
        dashboard.border = .rounded
        dashboard.title = "Morning report"
        dashboard.separators = true
        var team = Screen(name: "Team", kind: .grid)
        team.columns = 3
        team.itemWidth = 20
        team.spacing = 2
        #expect(s.session.screens == [dashboard, team])
        #expect(s.session.current == 1)

        s.succeed("screen Dashboard")
        #expect(s.session.current == 0)
        #expect(s.session.screens == [dashboard, team])

        s.succeed("screen Team spacing=0 title=Crew")
        team.spacing = 0
        team.title = "Crew"
        #expect(s.session.screens == [dashboard, team])
        #expect(s.session.current == 1)
    }

    @Test func sectionsTakeTitlesHeadersAndFootersAndTheFirstRowMakesOne() {
        let s = ScriptSession()
        s.succeed(
            """
            screen Home
            row WeatherCell city=Oslo
            section "Today" header=Banner footer="2 cities" footer-cell=TestCells.Banner
            section
            """)
        let sections = s.session.screens[0].sections
        #expect(sections.count == 3)
        #expect(sections[0].title == nil && sections[0].rows.count == 1)
        #expect(sections[1].title == "Today")
        #expect(sections[1].header == CellReference(written: "Banner", qualified: "TestCells.Banner"))
        #expect(sections[1].footer == "2 cities")
        #expect(sections[1].footerCell == CellReference(written: "TestCells.Banner", qualified: "TestCells.Banner"))
        #expect(sections[2] == Section())
    }

    @Test func rowAttributesAreReadAsTheirTypes() {
        let s = ScriptSession()
        s.succeed(
            """
            screen Home
            row WeatherCell city="São Paulo" temperature=-3 humidity=0.72 sunny=true accent=#ff8800 trend=Rising history=[1, 2.5, 3]
            item ProfileCell name=Ada
            """)
        let rows = s.session.screens[0].sections[0].rows
        #expect(
            rows == [
                .row(
                    Row(
                        cell: CellReference(written: "WeatherCell", qualified: "TestCells.WeatherCell"),
                        attributes: [
                            AttributeSetting(name: "city", value: .string("São Paulo")),
                            AttributeSetting(name: "temperature", value: .int(-3)),
                            AttributeSetting(name: "humidity", value: .double(0.72)),
                            AttributeSetting(name: "sunny", value: .bool(true)),
                            AttributeSetting(name: "accent", value: .color(.rgb(255, 136, 0))),
                            AttributeSetting(name: "trend", value: .enumeration("rising")),
                            AttributeSetting(name: "history", value: .numbers([1, 2.5, 3])),
                        ])),
                .row(
                    Row(
                        cell: CellReference(written: "ProfileCell", qualified: "TestCells.ProfileCell"),
                        attributes: [AttributeSetting(name: "name", value: .string("Ada"))])),
            ])
    }

    @Test func aQualifiedNameChoosesBetweenPluginsWithTheSameCell() {
        let s = ScriptSession(plugins: [TestCells.self, OtherCells.self])
        s.succeed("screen A\nrow OtherCells.ProfileCell name=x")
        guard case .row(let row) = s.session.screens[0].sections[0].rows[0] else {
            Issue.record("not a row")
            return
        }
        #expect(row.cell.qualified == "OtherCells.ProfileCell")
    }

    // MARK: - Rendering

    @Test func renderDrawsTheCurrentOrANamedScreenOnStandardOutput() {
        let s = ScriptSession()
        s.succeed(
            """
            screen A width=30 border=ascii title=Weather
            section "Today" header=Banner
            row WeatherCell city=Oslo temperature=4
            screen B width=12
            row ProfileCell name=Ada role=Dev
            render A
            render
            """)
        #expect(
            s.takeOutput() == """
                +- Weather ------------------+
                | == Today ==                |
                | Oslo 4° 0.5 cloud steady…  |
                +----------------------------+
                Ada      Dev
                no bio yet

                """)
    }

    @Test func aReusedCellDoesNotShowThePreviousRowsValues() {
        let s = ScriptSession()
        s.succeed(
            """
            screen A width=40
            row WeatherCell city=Oslo temperature=5 sunny=true trend=rising history=[1, 2]
            row WeatherCell city=Rio
            row WeatherCell temperature=30
            row WeatherCell city=Lima sunny=true
            render
            """)
        #expect(
            s.takeOutput() == """
                Oslo 5° 0.5 sun rising [1, 2]
                Rio 0° 0.5 cloud steady []
                 30° 0.5 cloud steady []
                Lima 0° 0.5 sun steady []

                """)
    }

    @Test func renderWritesAFileInTheFormatOfItsExtensionOrFormat() throws {
        let files = TemporaryFiles()
        let s = ScriptSession()
        s.succeed(
            """
            screen A width=20
            row ProfileCell name=Ada role=Dev bio=Hello
            render to "\(files.path("a.txt"))"
            render to "\(files.path("a.json"))"
            render to "\(files.path("a.html"))"
            render to "\(files.path("a.svg"))"
            render to "\(files.path("a.ans"))"
            render to "\(files.path("data.out"))" format=json width=40
            """)
        #expect(files.read("a.txt") == "Ada              Dev\nHello\n")
        #expect(files.read("a.json")?.hasPrefix("{\n  \"screen\": \"A\",") == true)
        #expect(files.read("a.html")?.hasPrefix("<!DOCTYPE html>") == true)
        #expect(files.read("a.svg")?.hasPrefix("<svg") == true)
        #expect(files.read("a.ans")?.contains("\u{1B}[") == true)
        #expect(files.read("data.out")?.contains("\"renderedWidth\": 40") == true)
        #expect(s.takeOutput() == "")
        #expect(s.takeError().hasPrefix("wrote \(files.path("a.txt")) (plain, 20 columns)\n"))
        #expect(files.list() == ["a.ans", "a.html", "a.json", "a.svg", "a.txt", "data.out"])
    }

    @Test func colourOnStandardOutputFollowsTheTerminalNoColorAndSet() {
        let script = "screen A width=8\nrow WeatherCell city=x accent=red\nrender\n"
        let pipe = ScriptSession(environment: ["TERM": "xterm-256color"], isTerminal: false)
        pipe.succeed(script)
        #expect(!pipe.takeOutput().contains("\u{1B}["))

        let terminal = ScriptSession(environment: ["TERM": "xterm-256color"], isTerminal: true)
        terminal.succeed(script)
        #expect(terminal.takeOutput().contains("\u{1B}["))

        let noColor = ScriptSession(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"], isTerminal: true)
        noColor.succeed(script)
        #expect(!noColor.takeOutput().contains("\u{1B}["))

        let forced = ScriptSession(environment: ["NO_COLOR": "1"], isTerminal: false)
        forced.succeed("set color=always\n" + script)
        #expect(forced.takeOutput().contains("\u{1B}["))
        forced.succeed("render format=plain")
        #expect(!forced.takeOutput().contains("\u{1B}["))
    }

    @Test func showRendersWhenThereIsNoInteractiveView() {
        let s = ScriptSession()
        s.succeed("screen A width=10\nrow ProfileCell name=Ada\nshow A")
        #expect(s.takeOutput() == "Ada\nno bio yet\n")
    }

    // MARK: - Session

    @Test func initialScreensAndSetAreRemembered() {
        let s = ScriptSession()
        s.succeed("screen A\nscreen B grid\ninitial A\nset width=50 color=never\nset\nscreens")
        #expect(s.session.initialScreen == "A")
        #expect(s.interpreter.settings == Interpreter.Settings(width: 50, color: .never))
        #expect(
            s.takeOutput() == """
                width=50 color=never timeout=10 rebuild=never
                    SCREEN  KIND  SECTIONS  ROWS  WIDTH
                 ▸  A       list  0         0     auto
                *   B       grid  0         0     auto
                (* current, ▸ initial)

                """)
    }

    @Test func helpListsCommandsAndExplainsOne() {
        let s = ScriptSession()
        s.succeed("help\nhelp rows")
        let text = s.takeOutput()
        #expect(text.contains("render"))
        #expect(text.contains("rows CELL from FILE"))
    }

    @Test func quitEndsTheScriptThere() {
        let s = ScriptSession()
        s.succeed("screen A\nquit\nscreen B")
        #expect(s.session.screens.map(\.name) == ["A"])
    }

    @Test func openRunsAFileIntoTheSessionWithDataPathsNextToIt() {
        let files = TemporaryFiles()
        files.write("people.json", #"[{"name": "Ada"}, {"name": "Grace"}]"#)
        let storyboard = files.write("team.cellkit", "screen Team\nrows ProfileCell from people.json name=.name\n")
        let s = ScriptSession()
        s.succeed("screen Home\nopen \"\(storyboard)\"")
        #expect(s.session.screens.map(\.name) == ["Home", "Team"])
        #expect(s.session.screens[1].rowCount == 2)
        #expect(s.session.current == 1)
    }

    @Test func saveWritesAStoryboardAndSaysSo() {
        let files = TemporaryFiles()
        let s = ScriptSession()
        s.succeed(
            "load TestCells\nscreen A title=\"Hi there\"\nrow ProfileCell name=Ada\nsave \"\(files.path("s.cellkit"))\""
        )
        #expect(
            files.read("s.cellkit") == """
                # CellKit storyboard, written by cellkit save. Open it with: cellkit render FILE#SCREEN

                load TestCells

                screen A list title="Hi there"
                row ProfileCell name=Ada

                """)
        #expect(s.takeError().hasSuffix("saved 1 screen to \(files.path("s.cellkit"))\n"))
    }
}
