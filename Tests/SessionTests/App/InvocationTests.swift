import Testing
import WorkerProtocol

@testable import Session

/// The `cellkit` command line, parsed as the executable parses it.
@Suite struct InvocationTests {
    private func parse(_ line: String) throws(UsageError) -> Invocation {
        try Invocation.parse(line.split(separator: " ").map(String.init))
    }

    private func usageError(_ line: String) -> String? {
        do {
            _ = try parse(line)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func noArgumentsIsTheREPL() throws {
        let invocation = try Invocation.parse([])
        #expect(invocation.command is ReplCommand)
        #expect(invocation.pluginPaths.isEmpty && invocation.color == nil && invocation.format == nil)
    }

    @Test func runTakesFilesAndTheOptionsThatApply() throws {
        let invocation = try parse("run a.cellkit - b.cellkit -k --plugin-path p --plugin-path=q --color never")
        #expect(invocation.command as? RunCommand == RunCommand(files: ["a.cellkit", "-", "b.cellkit"]))
        #expect(invocation.keepGoing)
        #expect(invocation.pluginPaths == ["p", "q"])
        #expect(invocation.color == .never)
    }

    @Test func renderReadsItsOptionsInAnyOrder() throws {
        let invocation = try parse("--width=40 render board.cellkit#Main -o out.svg --format svg --data d.json")
        #expect(
            invocation.command as? RenderCommand
                == RenderCommand(target: "board.cellkit#Main", width: 40, data: "d.json", output: "out.svg"))
        #expect(invocation.format == .svg)
    }

    @Test func optionsThatDoNotApplyAreRefusedWithTheCommandsTheyApplyTo() {
        #expect(
            usageError("run x.cellkit --format svg")
                == "'--format' does not apply to run; it applies to: render, preview")
        #expect(usageError("-c load --width 3") == "'--width' does not apply to -c; it applies to: render")
        #expect(
            usageError("--prefix /tmp")
                == "'--prefix' does not apply to the REPL; it applies to: plugin install, plugin uninstall, install, uninstall"
        )
        #expect(
            usageError("plugins -k")
                == "'-k' does not apply to plugins; it applies to: the REPL, run, -c, render")
        #expect(usageError("sdk --sdk x") == "'--sdk' does not apply to sdk; it applies to: new-plugin")
    }

    @Test func colorAndFormatAreChecked() {
        #expect(usageError("--color sometimes") == "--color expects auto, always or never, not 'sometimes'")
        #expect(usageError("render b --format sgv") == "unknown format 'sgv'\n  did you mean 'svg'?")
        #expect(usageError("render b --width 0") == "--width expects a number of columns from 1 to 10000, not '0'")
        #expect(usageError("render b --format") == "--format needs a value")
        #expect(usageError("--no-cache=yes") == "--no-cache takes no value")
    }

    /// `-c` may be given again, as gdb's `-ex` and sed's `-e`: each is a line.
    @Test func dashCIsRepeatableAndEachIsALine() throws {
        let invocation = try Invocation.parse(["-c", "screen S width=30", "-c", "row TextCell text=hi", "-k"])
        #expect(
            invocation.command as? CommandsCommand == CommandsCommand(text: "screen S width=30\nrow TextCell text=hi"))
        #expect(invocation.keepGoing)
    }

    /// `--no-config`: a session does not read the config file; it is refused
    /// by the commands that run no session.
    @Test func noConfigIsForCommandsThatRunASession() throws {
        #expect(try parse("run a.cellkit --no-config").useConfig == false)
        #expect(try parse("--no-config").useConfig == false)
        #expect(try parse("run a.cellkit").useConfig)
        #expect(
            usageError("plugins --no-config")
                == "'--no-config' does not apply to plugins; it applies to: the REPL, run, -c, render, preview, "
                + "--recover")
    }

    /// `--no-window-chrome` drops the SVG title bar; it is refused where no
    /// SVG can be written, and for a render in another format.
    @Test func noWindowChromeIsForCommandsThatWriteSVG() throws {
        #expect(try parse("render b.cellkit --format svg --no-window-chrome").windowChrome == false)
        #expect(try parse("run a.cellkit --no-window-chrome").windowChrome == false)
        #expect(try parse("render b.cellkit -o out.svg --no-window-chrome").windowChrome == false)
        #expect(try parse("render b.cellkit").windowChrome)
        #expect(
            usageError("plugins --no-window-chrome")
                == "'--no-window-chrome' does not apply to plugins; it applies to: the REPL, run, -c, render")
        #expect(
            usageError("--no-window-chrome render b.cellkit --format html")
                == "--no-window-chrome is for SVG output, not html")
        #expect(
            usageError("render b.cellkit -o out.txt --no-window-chrome")
                == "--no-window-chrome is for SVG output, not plain")
    }

    @Test func noColorMeansNever() throws {
        #expect(try parse("--no-color").color == .never)
        #expect(try parse("run a --colour always").color == .always)
        #expect(try parse("run a").color == nil)
    }

    @Test func unknownCommandsAndOptionsSuggest() {
        #expect(usageError("rnder b") == "unknown command 'rnder'; did you mean 'render'?")
        #expect(usageError("x.cellkit") == "unknown command 'x.cellkit'; to run a script, write: cellkit run x.cellkit")
        #expect(usageError("--keep-goin") == "unknown option '--keep-goin'; did you mean '--keep-going'?")
        #expect(usageError("run") == "run needs at least one script file")
        #expect(usageError("-c x y") == "-c takes no other arguments: y")
    }

    @Test func packagingCommands() throws {
        let install = try parse("install")
        #expect(install.command is InstallCommand && install.prefix == nil)
        #expect(try parse("install --prefix /opt/ck").prefix == "/opt/ck")
        #expect(try parse("sdk").command as? SdkCommand == SdkCommand(export: false))
        #expect(try parse("sdk --export").command as? SdkCommand == SdkCommand(export: true))
        #expect(try parse("plugin install ./Weather").command as? PluginInstallCommand == .init(package: "./Weather"))
        #expect(try parse("plugin uninstall Weather").command as? PluginUninstallCommand == .init(name: "Weather"))
        let pluginInstall = try parse("plugin install . --prefix /opt/ck")
        #expect(
            pluginInstall.command as? PluginInstallCommand == .init(package: ".") && pluginInstall.prefix == "/opt/ck")
        #expect(try parse("uninstall").command as? UninstallCommand == UninstallCommand(plugins: false))
        let uninstall = try parse("uninstall --plugins --prefix /opt/ck")
        #expect(
            uninstall.command as? UninstallCommand == UninstallCommand(plugins: true) && uninstall.prefix == "/opt/ck")
        #expect(try parse("plugin rebuild").command as? PluginRebuildCommand == .init(names: []))
        #expect(try parse("plugin rebuild A B").command as? PluginRebuildCommand == .init(names: ["A", "B"]))
        #expect(
            usageError("plugin rebuild A --prefix /p")?.hasPrefix("'--prefix' does not apply to plugin rebuild") == true
        )
        #expect(
            try parse("new-plugin W --path d --sdk s").command as? NewPluginCommand
                == NewPluginCommand(name: "W", path: "d", sdk: "s", source: false))
        #expect(
            try parse("new-plugin W --source").command as? NewPluginCommand
                == NewPluginCommand(name: "W", path: nil, sdk: nil, source: true))
        #expect(usageError("plugin instal x") == "unknown plugin command 'instal'; did you mean 'install'?")
        #expect(usageError("sdk now") == "sdk takes no arguments: now")
    }

    @Test func previewTakesACellAttributesWidthsAndAPlainOrANSIFormat() throws {
        let invocation = try parse("preview BasicCells.TextCell text=Hi --widths 20,40 --format ansi --watch")
        #expect(
            invocation.command as? PreviewCommand
                == PreviewCommand(cell: "BasicCells.TextCell", attributes: ["text=Hi"], widths: [20, 40]))
        #expect(invocation.format == .ansi)
        #expect(invocation.watch)
        #expect(usageError("preview TextCell --format svg") == "preview draws plain or ansi, not 'svg'")
        #expect(usageError("run a --widths 3") == "'--widths' does not apply to run; it applies to: preview")
        #expect(usageError("preview") == "preview needs a CELL, then NAME=VALUE attributes")
        #expect(try parse("run a --timeout 5").timeout == 5)
    }

    @Test func helpVersionAndTheInternalScanWin() throws {
        #expect(try parse("run --help").command as? HelpCommand == HelpCommand(topic: "run"))
        #expect(try parse("--help").command as? HelpCommand == HelpCommand(topic: nil))
        #expect(try parse("plugin install . --help").command as? HelpCommand == HelpCommand(topic: "plugin install"))
        #expect(try parse("--version").command is VersionCommand)
        #expect(try parse("--scan-plugin /x/libA.so").command as? ScanPluginCommand == .init(path: "/x/libA.so"))
        let scan = try parse("--no-cache --allow-unsafe-plugins --scan-plugin /x/libA.so")
        #expect(scan.command as? ScanPluginCommand == .init(path: "/x/libA.so") && scan.allowUnsafePlugins)
        #expect(!scan.useCache)
        #expect(try parse("--recover").command is RecoverCommand)
    }
}
