import CellKit
import CellKitSupport
import Glibc
import PluginHost

/// The interactive console: a prompt with line editing, history kept across
/// sessions, completion, help; every command journaled so `--recover` can
/// rebuild the screens after a crash. No error ends the session.
final class REPL {
    let context: Context
    let recover: Bool
    private var lineNumber = 1

    init(context: Context, recover: Bool) {
        self.context = context
        self.recover = recover
    }

    var interpreter: Interpreter { context.interpreter }
    var output: ConsoleOutput { context.output }

    func run() -> Int32 {
        let terminal = FileDescriptorTerminal(environment: context.environment)
        let history: History
        if let path = HistoryFile.defaultPath(environment: context.environment), let file = try? History(path: path) {
            history = file
        } else {
            history = History()
        }
        let editor = LineEditor(terminal: terminal, history: history)
        editor.completion = { [unowned self] line, cursor in self.complete(line, cursor: cursor) }
        SignalHandling.install()

        var journal: Journal?
        if let dir = Journal.directory(environment: context.environment) {
            if recover { recoverSession(from: dir) }
            journal = try? Journal(directory: dir)
        } else if recover {
            output.printError("cellkit: nothing to recover: no home directory for the session journals")
        }
        interpreter.journal = journal
        interpreter.showScreen = { [unowned self] screen throws(ConsoleError) in
            try ScrollView(screen: screen, host: self.context.host, terminal: terminal).run()
        }
        let plugins = context.host.searchPath.libraries().count
        output.print(
            "CellKit \(CellKitApp.version) · \(plugins) plugin\(plugins == 1 ? "" : "s") on the path "
                + "(type help, Tab completes, Ctrl-D leaves)")

        loop: while !interpreter.quitRequested {
            let result: LineEditor.Result
            do {
                result = try editor.readLine(prompt: "cellkit> ")
            } catch {
                output.printError("cellkit: cannot read from the terminal: \(error)")
                break
            }
            switch result {
            case .interrupted:
                continue
            case .endOfFile:
                break loop
            case .line(var text):
                while Script.needsContinuation(text) {
                    guard case .line(let more) = (try? editor.readLine(prompt: "     ...> ")) ?? .endOfFile else { break }
                    text += "\n" + more
                }
                let first = lineNumber
                lineNumber += text.split(separator: "\n", omittingEmptySubsequences: false).count
                interpreter.run(text, file: "<stdin>", firstLine: first, keepGoing: true)
            }
        }
        journal?.close()
        if let error = history.lastError { output.printError("cellkit: history not saved: \(error)") }
        return 0
    }

    /// Replays the commands of the latest crashed session.
    private func recoverSession(from directory: String) {
        guard let path = Journal.latestAbandoned(in: directory) else {
            output.printError("cellkit: nothing to recover: every earlier session ended normally")
            return
        }
        let contents: Journal.Contents
        do {
            contents = try Journal.read(path)
        } catch {
            output.printError("cellkit: cannot read \(path): \(error.description)")
            return
        }
        interpreter.declarationsOnly = true
        for command in contents.commands {
            interpreter.run(command, file: "<recovered>", keepGoing: true)
        }
        interpreter.declarationsOnly = false
        let screens = interpreter.session.screens.count
        output.printError(
            "recovered \(contents.commands.count) command(s) and \(screens) screen(s) from \(displayPath(path))")
        if let crashed = contents.interrupted {
            output.printError("skipped the command that was running when that session ended: \(crashed)")
        }
        // The recovered journal is kept under a new name, in case recovery itself is interrupted.
        _ = rename(path, path + ".recovered")
    }

    /// Completion of commands, options, cells, attributes, screens, plugins and files.
    func complete(_ line: String, cursor: Int) -> Completion {
        let before = String(line.prefix(cursor))
        let result = CommandSpec.complete(before) { [unowned self] source in
            switch source {
            case .screen: return self.interpreter.session.screens.map(\.name)
            case .cell: return self.cellNames()
            case .plugin: return self.context.host.searchPath.libraries().map(\.name)
            case .file: return Self.fileCandidates(for: Self.lastWord(of: before))
            case .attribute(let cell): return self.attributeNames(of: cell)
            }
        }
        return Completion(candidates: result.candidates, replacing: result.start..<cursor)
    }

    private func cellNames() -> [String] {
        var names = context.host.registry.names()
        if let cache = context.host.cache {
            for record in cache.records(for: context.host.searchPath) where record.isPlugin {
                for r in record.registrations { names += [r.name, record.name + "." + r.name] }
            }
        }
        return Array(Set(names)).sorted()
    }

    private func attributeNames(of cell: String) -> [String] {
        if let item = try? context.host.registry.resolve(cell) { return item.registration.attributes.map(\.name) }
        if let cache = context.host.cache {
            let short = cell.split(separator: ".").last.map(String.init) ?? cell
            for record in cache.records(for: context.host.searchPath) {
                if let r = record.registrations.first(where: { $0.name == short }) { return r.attributes.map(\.name) }
            }
        }
        return []
    }

    static func lastWord(of text: String) -> String {
        var word = ""
        for character in text.reversed() {
            if character == " " || character == "\"" || character == "=" { break }
            word.insert(character, at: word.startIndex)
        }
        return word
    }

    /// Paths that complete `partial`: entries of its directory, directories with a `/`.
    static func fileCandidates(for partial: String) -> [String] {
        let slash = partial.lastIndex(of: "/")
        let directory = slash.map { String(partial[...$0]) } ?? ""
        guard let names = try? listDirectory(directory.isEmpty ? "." : directory) else { return [] }
        return names.filter { !$0.hasPrefix(".") || partial.hasPrefix(".") }.map { name in
            let path = directory + name
            let isDirectory = (try? fileInfo(path))??.kind == .directory
            return isDirectory ? path + "/" : path
        }
    }
}

/// Restores the terminal when the process is told to stop.
enum SignalHandling {
    static func install() {
        for sig in [SIGTERM, SIGHUP, SIGQUIT] {
            signal(sig) { number in
                SavedTerminalMode.restore()
                ScrollView.leaveAlternateScreen()
                signal(number, SIG_DFL)
                raise(number)
            }
        }
        signal(SIGWINCH) { _ in }
    }
}
