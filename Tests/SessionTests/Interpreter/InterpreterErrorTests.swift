@_spi(Host) import CellKit
import Testing

@testable import Session
@testable import WorkerProtocol

/// What the interpreter says when a command cannot run: file:line:col, the
/// line, a caret under the culprit, and a fix; and that the session is left
/// as it was.
@Suite struct InterpreterErrorTests {
    @Test func anUnknownAttributeSuggestsTheNearestOneAsDesignMdShows() {
        let s = ScriptSession()
        let error = s.fail(
            """
            screen People
            describe ProfileCell
            row ProfileCell nmae="Ada Lovelace"
            """)
        #expect(
            error == """
                <stdin>:3:17: error: ProfileCell has no attribute 'nmae'
                  row ProfileCell nmae="Ada Lovelace"
                                  ^~~~
                  did you mean 'name'?

                """)
    }

    @Test func aValueOfTheWrongTypeIsAnErrorAtItsColumnNamingTheType() {
        let s = ScriptSession()
        s.succeed("screen Weather")
        #expect(
            s.fail("row WeatherCell city=Oslo temperature=abc", file: "w.cellkit") == """
                w.cellkit:1:39: error: temperature=: expected an Int, got 'abc'
                  row WeatherCell city=Oslo temperature=abc
                                                        ^~~
                  write a whole number such as 3 or -12
                  WeatherCell.temperature is an Int

                """)
        #expect(
            s.fail("row WeatherCell humidity=\"very\"").contains(
                "<stdin>:1:26: error: humidity=: expected a Double, got 'very'"))
        #expect(s.fail("row WeatherCell sunny=perhaps").contains("WeatherCell.sunny is a Bool"))
        let trend = s.fail("row WeatherCell trend=risng")
        #expect(trend.contains("<stdin>:1:23: error: trend=: 'risng' is not one of rising, falling, steady"))
        #expect(trend.contains("did you mean 'rising'?"))
        #expect(s.fail("row WeatherCell accent=blu").contains("<stdin>:1:24: error: accent="))
        #expect(s.fail("row WeatherCell city=[1, 2]").contains("<stdin>:1:22: error: city=: a list is not a String"))
        let element = s.fail("row WeatherCell history=[1, two, 3]")
        #expect(element.contains("<stdin>:1:29: error: history=: 'two' is not a number"))
        #expect(element.contains("\n" + String(repeating: " ", count: 30) + "^~~\n"))
        #expect(s.session.screens[0].rowCount == 0)
    }

    @Test func everyBadAttributeOfALineIsReported() {
        let s = ScriptSession()
        s.succeed("screen A")
        let error = s.fail("row WeatherCell tempreature=3 humidity=x")
        #expect(error.contains("<stdin>:1:17: error: WeatherCell has no attribute 'tempreature'"))
        #expect(error.contains("did you mean 'temperature'?"))
        #expect(error.contains("<stdin>:1:40: error: humidity=: expected a Double, got 'x'"))
    }

    @Test func anUnknownCellSuggestsTheNearestName() {
        let s = ScriptSession()
        s.succeed("screen A")
        #expect(
            s.fail("row WeatherCel city=Oslo") == """
                <stdin>:1:5: error: no cell named 'WeatherCel'
                  row WeatherCel city=Oslo
                      ^~~~~~~~~~
                  did you mean 'WeatherCell'?

                """)
        #expect(s.fail("describe Baner").contains("did you mean 'Banner'?"))
        #expect(s.fail("section x header=Banr").contains("<stdin>:1:18: error: no header/footer view named 'Banr'"))
        #expect(s.fail("cells TestCell").contains("did you mean 'TestCells'?"))
    }

    @Test func anAmbiguousShortNameAsksForTheQualifiedOne() {
        let s = ScriptSession(plugins: [TestCells.self, OtherCells.self])
        s.succeed("screen A")
        #expect(
            s.fail("row ProfileCell name=x") == """
                <stdin>:1:5: error: 'ProfileCell' is ambiguous: OtherCells.ProfileCell, TestCells.ProfileCell all match
                  row ProfileCell name=x
                      ^~~~~~~~~~~
                  use the qualified name, for example OtherCells.ProfileCell

                """)
    }

    @Test func rowsAndSectionsBeforeAnyScreenSayHowToStartOne() {
        let s = ScriptSession()
        for command in ["row WeatherCell", "section Today", "rows WeatherCell from x.json", "render", "initial"] {
            let text = s.fail(command)
            if command == "initial" {
                #expect(text.contains("'initial' needs a screen name"))
            } else {
                #expect(text.hasPrefix("<stdin>:1:1: error: there is no screen yet\n"))
                #expect(text.hasSuffix("  start one with `screen NAME [list|grid]`, then add sections and rows\n"))
            }
        }
        #expect(s.session == Session())
    }

    @Test func anUnknownScreenSuggestsOneOrListsThem() {
        let s = ScriptSession()
        s.succeed("screen Dashboard\nscreen Team")
        #expect(s.fail("render Dashbord").contains("<stdin>:1:8: error: no screen named 'Dashbord'\n"))
        #expect(s.fail("initial Xyz").contains("screens: Dashboard, Team"))
    }

    @Test func aScreenKeepsItsLayoutAndItsLayoutSOptions() {
        let s = ScriptSession()
        s.succeed("screen A\nscreen G grid")
        let before = s.session
        #expect(
            s.fail("screen A grid") == """
                <stdin>:1:10: error: screen 'A' is a list; a screen's layout cannot change
                  screen A grid
                           ^~~~
                  `screen A` switches to it; choose another name for a new grid screen

                """)
        #expect(s.fail("screen A columns=3").contains("<stdin>:1:10: error: columns= is for grid screens"))
        #expect(s.fail("screen G separators=true").contains("G is a grid; leave separators= out"))
        #expect(s.fail("screen New item-width=3").contains("write `screen New grid item-width=…`, or leave it out"))
        #expect(s.session == before)
    }

    @Test func renderingToAFileWithoutAKnownExtensionAsksForAFormat() {
        let s = ScriptSession()
        s.succeed("screen A")
        let error = s.fail("render to out.pdf")
        #expect(error.contains("<stdin>:1:11: error: cannot tell the format of 'out.pdf' from its extension"))
        #expect(error.contains("add format=plain|ansi|html|svg|json"))
    }

    @Test func aFileThatCannotBeWrittenIsAnIOError() {
        let s = ScriptSession()
        s.succeed("screen A\nrow ProfileCell name=x")
        let errors = s.run("render to /nonexistent-dir/x.txt")
        #expect(errors.first?.kind == .io)
        #expect(s.takeError().contains("<stdin>:1:11: error: "))
    }

    @Test func loadFailuresArePluginErrors() {
        let files = TemporaryFiles()
        let bad = files.write("libBroken.so", "not a library\n")
        let s = ScriptSession()
        let missing = s.run("load NoSuchPlugin")
        #expect(missing.first?.kind == .plugin)
        #expect(s.takeError().hasPrefix("<stdin>:1:6: error: no plugin named 'NoSuchPlugin' on the plugin path\n"))
        let broken = s.run("load \"\(bad)\" allow-unsafe=true")
        #expect(broken.first?.kind == .plugin)
        #expect(s.takeError().contains("<stdin>:1:6: error: "))
        #expect(s.session.loadedPlugins.isEmpty)
    }

    @Test func keepGoingReportsEveryErrorAndStopsOtherwise() {
        let script = "screen A\nrow Nope\nrow WeatherCell city=Oslo\nrow WeatherCell temperature=x\n"
        let stop = ScriptSession()
        #expect(stop.run(script).count == 1)
        #expect(stop.session.screens[0].rowCount == 0)

        let goOn = ScriptSession()
        let errors = goOn.run(script, keepGoing: true)
        #expect(errors.count == 2)
        #expect(goOn.session.screens[0].rowCount == 1)
        let text = goOn.takeError()
        #expect(text.contains("<stdin>:2:5: error: no cell named 'Nope'"))
        #expect(text.contains("<stdin>:4:29: error: temperature=: expected an Int"))
    }

    @Test func syntaxAndValidationErrorsComeBeforeAnythingRuns() {
        let s = ScriptSession()
        #expect(
            s.fail("scren A") == """
                <stdin>:1:1: error: unknown command 'scren'
                  scren A
                  ^~~~~
                  did you mean 'screen'?

                """)
        #expect(s.fail("screen \"Morning report\"").contains("is not a valid screen name"))
        #expect(s.fail("screen A width=wide").contains("expected an integer from 1 to 10000 for 'width', found 'wide'"))
        #expect(s.session == Session())
    }

    @Test func theSessionIsUnchangedAfterAFailedCommand() {
        let files = TemporaryFiles()
        files.write("bad.json", #"[{"name": "Ada"}, {"name": 3, "temperature": "hot"}]"#)
        let s = ScriptSession()
        s.succeed("screen A\nsection One\nrow WeatherCell city=Oslo\nset width=40")
        let before = s.session
        let settings = s.interpreter.settings
        let failing = [
            "row WeatherCell city=x temperature=y",
            "rows WeatherCell from \"\(files.path("bad.json"))\" city=.name temperature=.temperature",
            "rows WeatherCell from \"\(files.path("missing.json"))\" city=.name",
            "section Two header=Nope",
            "screen A grid",
            "initial B",
            "render B",
            "load Nope",
            "open \"\(files.path("missing.cellkit"))\"",
        ]
        for command in failing {
            _ = s.fail(command)
            #expect(s.session == before, "after \(command)")
            #expect(s.interpreter.settings == settings, "after \(command)")
        }
    }
}
