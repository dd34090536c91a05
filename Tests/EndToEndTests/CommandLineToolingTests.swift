import CellKitSupport
import Glibc
import Testing

/// What people reach for from their other tools, run as they would: help
/// three ways, shell completions, the manual page, and JSON for tools
/// (docs/console-guide.md, "Help, completions and the manual"; docs/json-output.md).
@Suite struct CommandLineToolingTests {
    static let verbs = [
        "run", "render", "plugins", "validate", "describe", "preview", "new-plugin", "plugin install",
        "plugin uninstall", "plugin rebuild", "install", "uninstall", "sdk", "completions", "manual",
    ]

    /// A program on PATH, or `nil`.
    static func program(_ name: String) -> String? {
        ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + name }.first { access($0, X_OK) == 0 }
    }

    @Test(arguments: verbs)
    func helpCommandAndDashDashHelpPrintTheSame(_ verb: String) throws {
        let words = verb.split(separator: " ").map(String.init)
        let help = try CellKitProcess.run(["help"] + words)
        let dashed = try CellKitProcess.run(words + ["--help"])
        #expect(help.status == 0 && dashed.status == 0, "\(help.standardError)\(dashed.standardError)")
        #expect(help.standardOutput == dashed.standardOutput)
        #expect(help.standardOutput.hasPrefix("usage: cellkit \(verb)"))
        #expect(help.standardOutput.contains("example:\n  $ cellkit "), "\(verb)'s help has no example")
    }

    @Test func helpAloneIsTheUsageAndAScriptCommandGetsItsPromptHelp() throws {
        let help = try CellKitProcess.run(["help"])
        #expect(try CellKitProcess.run(["--help"]).standardOutput == help.standardOutput)
        for verb in Self.verbs { #expect(help.standardOutput.contains("cellkit \(verb)")) }
        let rows = try CellKitProcess.run(["help", "rows"])
        #expect(rows.status == 0)
        let prompt = try CellKitProcess.run(["-c", "help rows"])
        #expect(rows.standardOutput.hasPrefix(prompt.standardOutput.trimmingSuffix("\n")))
        let unknown = try CellKitProcess.run(["help", "rnder"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("did you mean 'render'?"))
    }

    @Test func aMisspelledOptionIsNeverAnsweredWithOneTheCommandRefuses() throws {
        let result = try CellKitProcess.run(["run", "bad.cellkit", "--widht", "3"])
        #expect(result.status == 2)
        #expect(!result.standardError.contains("did you mean"), "\(result.standardError)")
        #expect(result.standardError.contains("run has no option like it ('--width' is for render)"))
    }

    // MARK: - Completions

    /// What bash completes for `words` (the last is the word being completed).
    static func bashCompletes(_ words: [String], script: String) throws -> [String] {
        let list = words.map { "'\($0)'" }.joined(separator: " ")
        let program = """
            source \(script)
            COMP_WORDS=(\(list)); COMP_CWORD=\(words.count - 1); _cellkit
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try CellKitProcess.spawn(
            ["/bin/bash", "-c", program], input: "", directory: "/tmp", environment: ["PATH": "/usr/bin:/bin"])
        return result.standardOutput.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsOptionsAndValues() throws {
        let s = try Scratch()
        let script = try s.write("cellkit.bash", try CellKitProcess.run(["completions", "bash"]).standardOutput)
        let registered = try CellKitProcess.spawn(
            ["/bin/bash", "-c", "source \(script); complete -p cellkit"], input: "", directory: "/tmp",
            environment: [:])
        #expect(registered.standardOutput == "complete -o filenames -F _cellkit cellkit\n")
        #expect(try Self.bashCompletes(["cellkit", "ren"], script: script) == ["render"])
        #expect(try Self.bashCompletes(["cellkit", "render", "b.cellkit", "--for"], script: script) == ["--format"])
        #expect(
            try Self.bashCompletes(["cellkit", "render", "b.cellkit", "--format", ""], script: script)
                == ["plain", "ansi", "html", "svg", "json"])
        #expect(try Self.bashCompletes(["cellkit", "plugin", "un"], script: script) == ["uninstall"])
        // --width is render's: run does not offer it.
        #expect(try Self.bashCompletes(["cellkit", "run", "a.cellkit", "--wi"], script: script) == [])
        #expect(try Self.bashCompletes(["cellkit", "completions", "f"], script: script) == ["fish"])
    }

    @Test(.enabled(if: program("fish") != nil, "fish is not installed (.ci/run installs it)"))
    func fishCompletesCommandsOptionsAndValues() throws {
        let fish = try #require(Self.program("fish"))
        let s = try Scratch()
        let script = try s.write("cellkit.fish", try CellKitProcess.run(["completions", "fish"]).standardOutput)
        func completes(_ line: String) throws -> [String] {
            let result = try CellKitProcess.spawn(
                [fish, "--no-config", "-c", "source \(script); complete -C '\(line)'"], input: "", directory: "/tmp",
                environment: ["PATH": "/usr/bin:/bin"])
            return result.standardOutput.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        }
        #expect(try completes("cellkit ren") == ["render"])
        #expect(try completes("cellkit render b --format ").sorted() == ["ansi", "html", "json", "plain", "svg"])
        #expect(try completes("cellkit run a --wi") == [])
        #expect(try completes("cellkit plugin un") == ["uninstall"])
    }

    @Test(.enabled(if: program("zsh") != nil, "zsh is not installed (.ci/run installs it)"))
    func zshCompletesCommandsOptionsAndValues() throws {
        let zsh = try #require(Self.program("zsh"))
        let s = try Scratch()
        let script = try s.write("_cellkit", try CellKitProcess.run(["completions", "zsh"]).standardOutput)
        // zsh's completion system needs a terminal; its builtins are stood in for by functions
        // that print what they were given, and the completion function is called with the words.
        func completes(_ words: [String]) throws -> String {
            let list = words.map { "'\($0)'" }.joined(separator: " ")
            let program = """
                compadd() { shift; print -r -- "$*" }
                _describe() { print -r -- "${(@P)4}" }
                _files() { print -r -- "files $*" }
                source \(script) >/dev/null 2>&1
                words=(\(list)); CURRENT=\(words.count)
                _cellkit
                """
            let result = try CellKitProcess.spawn(
                [zsh, "-f", "-c", program], input: "", directory: "/tmp", environment: ["PATH": "/usr/bin:/bin"])
            return result.standardOutput
        }
        #expect(try completes(["cellkit", "ren"]).contains("render:render a storyboard"))
        #expect(try completes(["cellkit", "render", "b", "--format", ""]) == "plain ansi html svg json\n")
        #expect(try completes(["cellkit", "render", "b", "--wi"]).contains("--width:render N columns wide"))
        #expect(!(try completes(["cellkit", "run", "a", "--wi"]).contains("--width")))
        #expect(try completes(["cellkit", "run", ""]) == "files -g *.(cellkit)\n")
    }

    /// The shells with completion scripts.
    enum Shell: String { case bash, zsh, fish }

    /// Issue 33, item 17: each shell started without its start-up files
    /// (`bash --norc`: no bash-completion, so no extglob; `zsh -f`; `fish
    /// --no-config`) completes script files by their extension, the names
    /// of cells and plugins on the plugin path for `describe`, `preview`
    /// (their first argument) and `validate` (every one), and each `help`
    /// topic once. Returns what `line` completes to in `shell`, in a folder
    /// holding `team.cellkit`, `notes.txt` and `My Data/`, `cellkit` on PATH.
    static func completes(_ shell: Shell, _ line: String) throws -> [String] {
        let s = try Scratch()
        for file in ["team.cellkit", "notes.txt", "My Data/x"] { try s.write("work/" + file, "") }
        let script = try s.write("completion", try CellKitProcess.run(["completions", shell.rawValue]).standardOutput)
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map { "'\($0)'" }
        let command: [String]
        switch shell {
        case .bash:
            command = [
                "/bin/bash", "--norc", "-c",
                """
                source \(script)
                COMP_WORDS=(\(words.joined(separator: " "))); COMP_CWORD=\(words.count - 1); _cellkit
                printf '%s\\n' "${COMPREPLY[@]}"
                shopt -q extglob && echo 'extglob was turned on'
                """,
            ]
        case .zsh:
            command = [
                try #require(program("zsh")), "-f", "-c",
                """
                compadd() { shift; print -rl -- "$@" }
                _describe() { print -rl -- "${(@P)4}" }
                _files() { print -r -- "files $*" }
                source \(script) >/dev/null 2>&1
                words=(\(words.joined(separator: " "))); CURRENT=\(words.count)
                _cellkit
                """,
            ]
        case .fish:
            command = [try #require(program("fish")), "--no-config", "-c", "source \(script); complete -C '\(line)'"]
        }
        let result = try CellKitProcess.spawn(
            command, input: "", directory: s.path("work"),
            environment: [
                "PATH": CellKitProcess.buildDirectory + ":/usr/bin:/bin", "HOME": s.directory,
                "XDG_CACHE_HOME": s.path("cache"),
            ])
        #expect(result.standardError.isEmpty, "\(shell) \(line): \(result.standardError)")
        return result.standardOutput.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    }

    @Test func bashCompletesFilesAndNamesWithoutBashCompletion() throws {
        #expect(try Self.completes(.bash, "cellkit run ").sorted() == ["My Data", "team.cellkit"])
        #expect(try Self.completes(.bash, "cellkit render te") == ["team.cellkit"])
        #expect(try Self.completes(.bash, "cellkit describe Te") == ["TextCell"])
        #expect(try Self.completes(.bash, "cellkit describe BasicCells.Te") == ["BasicCells.TextCell"])
        #expect(try Self.completes(.bash, "cellkit describe TextCell ") == [])
        #expect(try Self.completes(.bash, "cellkit preview Pro") == ["ProfileCell", "ProgressCell"])
        #expect(try Self.completes(.bash, "cellkit preview --widths 20 Pro") == ["ProfileCell", "ProgressCell"])
        #expect(try Self.completes(.bash, "cellkit preview ProgressCell l") == [])
        #expect(try Self.completes(.bash, "cellkit validate B") == ["BasicCells"])
        #expect(try Self.completes(.bash, "cellkit validate BasicCells C") == ["CardCells", "ChartCells"])
        let help = try Self.completes(.bash, "cellkit help ")
        #expect(help.count == Set(help).count && help.contains("rows") && help.contains("render"), "\(help)")
    }

    @Test(.enabled(if: program("zsh") != nil, "zsh is not installed (.ci/run installs it)"))
    func zshCompletesNamesAndEachHelpTopicOnce() throws {
        #expect(try Self.completes(.zsh, "cellkit describe Te").contains("TextCell"))
        #expect(try Self.completes(.zsh, "cellkit describe TextCell ") == [])
        #expect(try Self.completes(.zsh, "cellkit preview ").contains("ProgressCell"))
        #expect(!(try Self.completes(.zsh, "cellkit preview ").contains("SectionHeader")))  // not a row's cell
        #expect(
            try Self.completes(.zsh, "cellkit validate BasicCells ") == [
                "BasicCells", "CardCells", "ChartCells", "SQLite",
            ])
        let help = try Self.completes(.zsh, "cellkit help ")
        #expect(help.count == Set(help).count && help.contains("rows"), "\(help)")
    }

    @Test(.enabled(if: program("fish") != nil, "fish is not installed (.ci/run installs it)"))
    func fishCompletesNamesAndEachHelpTopicOnce() throws {
        #expect(try Self.completes(.fish, "cellkit describe Te") == ["TextCell"])
        #expect(try Self.completes(.fish, "cellkit describe TextCell ") == [])
        #expect(try Self.completes(.fish, "cellkit preview Pro") == ["ProfileCell", "ProgressCell"])
        #expect(try Self.completes(.fish, "cellkit validate BasicCells C") == ["CardCells", "ChartCells"])
        let help = try Self.completes(.fish, "cellkit help ")
        #expect(help.count == Set(help).count && help.contains("rows"), "\(help)")
    }

    // MARK: - The manual page

    @Test(.enabled(if: program("man") != nil, "man is not installed (Debian's man-db)"))
    func theManualPageRendersWithManWithoutWarnings() throws {
        let man = try #require(Self.program("man"))
        let s = try Scratch()
        let page = try s.write("cellkit.1", try CellKitProcess.run(["manual"]).standardOutput)
        let result = try CellKitProcess.spawn(
            [man, "-l", page], input: "", directory: "/tmp",
            environment: ["PATH": "/usr/bin:/bin", "MANPAGER": "cat", "MANWIDTH": "100", "LANG": "C.UTF-8"])
        #expect(result.status == 0)
        #expect(result.standardError == "", "man warned: \(result.standardError)")
        for heading in ["NAME", "SYNOPSIS", "COMMANDS", "OPTIONS", "EXIT STATUS", "ENVIRONMENT"] {
            #expect(result.standardOutput.contains("\n\(heading)\n"), "no \(heading) in the rendered page")
        }
        for verb in Self.verbs { #expect(result.standardOutput.contains("cellkit \(verb)")) }
    }

    @Test(
        .enabled(if: NewPluginTests.swift != nil, "swift is not on PATH: install builds release with it"),
        .disabled(if: CellKitProcess.isSanitized, "it builds and runs release code: the ordinary pass runs it"))
    func installLeavesTheManualPageAndTheCompletionsWhereManAndEachShellLook() throws {
        let s = try Scratch()
        let prefix = s.path("prefix")
        let installed = try ReleaseInstallTests.installFromThisBuild(prefix: prefix, home: s.path("home"))
        #expect(installed.status == 0, "\(installed.standardError)")
        let manual = prefix + "/share/man/man1/cellkit.1"
        #expect(try readTextFile(manual) == CellKitProcess.run(["manual"]).standardOutput)
        for (shell, file) in [
            ("bash", "/share/bash-completion/completions/cellkit"), ("zsh", "/share/zsh/site-functions/_cellkit"),
            ("fish", "/share/fish/vendor_completions.d/cellkit.fish"),
        ] {
            #expect(
                try readTextFile(prefix + file) == CellKitProcess.run(["completions", shell]).standardOutput,
                "\(shell)'s completions are not at \(file)")
        }
        #expect(installed.standardOutput.contains("\(manual): the manual page (man cellkit)"))
        if let man = Self.program("man") {
            let page = try CellKitProcess.spawn(
                [man, "-l", manual], input: "", directory: "/tmp",
                environment: ["PATH": "/usr/bin:/bin", "MANPAGER": "cat", "LANG": "C.UTF-8"])
            #expect(page.status == 0 && page.standardOutput.contains("SYNOPSIS"))
        }
        let registered = try CellKitProcess.spawn(
            ["/bin/bash", "-c", "source \(prefix)/share/bash-completion/completions/cellkit; complete -p cellkit"],
            input: "", directory: "/tmp", environment: [:])
        #expect(registered.standardOutput == "complete -o filenames -F _cellkit cellkit\n")
    }

    // MARK: - JSON for tools

    static func json(_ arguments: [String]) throws -> (Int32, JSONObject) {
        let result = try CellKitProcess.run(arguments)
        let value = try JSONParser().parse(Array(result.standardOutput.utf8))
        return (result.status, try #require(value.objectValue, "not an object: \(result.standardOutput)"))
    }

    @Test func pluginsAsJSONListEveryPluginWithItsState() throws {
        let (status, document) = try Self.json(["plugins", "--json"])
        #expect(status == 0)
        #expect(document["schema"] == .string("cellkit.plugins/1"))
        let plugins = try #require(document["plugins"]?.arrayValue)
        let objects = plugins.compactMap(\.objectValue)
        let basic = try #require(objects.first { $0["name"] == .string("BasicCells") })
        #expect(basic["state"] == .string("available"))
        #expect(basic["provides"]?.objectValue?["cell"] == .int(4))
        #expect(basic["path"]?.stringValue?.hasSuffix("/libBasicCells.so") == true)
    }

    @Test func validateAsJSONSaysWhatWasCheckedAndWhatFailed() throws {
        let (status, document) = try Self.json(["validate", "BasicCells", "--json"])
        #expect(status == 0)
        #expect(document["schema"] == .string("cellkit.validate/1"))
        #expect(document["ok"] == .bool(true))
        #expect(document["plugins"] == .array([.string("BasicCells")]))
        #expect((document["checked"]?.intValue ?? 0) > 0)
        let (failed, bad) = try Self.json(["validate", "NoSuchPlugin", "--json"])
        #expect(failed == 3)
        #expect(bad["ok"] == .bool(false))
        let failure = try #require(bad["failures"]?.arrayValue?.first?.objectValue)
        #expect(failure["plugin"] == .string("NoSuchPlugin"))
        #expect(failure["code"] == .string("notFound"))
        #expect(failure["item"] == .null)
        #expect(failure["places"] == .array([]))
    }

    @Test func describeAsJSONGivesEachAttributeWithItsTypeAndDefault() throws {
        let (status, document) = try Self.json(["describe", "ProgressCell", "--json"])
        #expect(status == 0)
        #expect(document["schema"] == .string("cellkit.describe/1"))
        #expect(document["name"] == .string("BasicCells.ProgressCell"))
        #expect(document["kind"] == .string("cell"))
        let list = try #require(document["attributes"]?.arrayValue)
        let attributes = list.compactMap(\.objectValue)
        let value = try #require(attributes.first { $0["name"] == .string("value") })
        #expect(value["type"] == .string("Double"))
        #expect(value["default"]?.doubleValue == 0)
        let color = try #require(attributes.first { $0["name"] == .string("color") })
        #expect(color["default"] == .string("green"))
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
