@_spi(Host) import CellKit
import CellKitSupport
import DataBinding
import PluginDiscovery
import WorkerProtocol

// MARK: - open, set, help: the commands that span the concerns

extension Interpreter {
    func open(_ c: ValidatedCommand) throws(ConsoleError) {
        guard let argument = c.arguments["file"] else { return }
        let path = sources.resolvePath(argument.text)
        let canonical = sources.canonicalFilePath(path)
        if let first = sources.openFiles.firstIndex(of: canonical) {
            let chain = (sources.openFiles[first...] + [canonical]).map { displayPath($0) }.joined(separator: " → ")
            throw ConsoleError(
                .script,
                c.command.diagnostic(
                    "\(argument.text) is already being opened: a file cannot open itself", at: argument.span,
                    notes: [
                        "the chain of opens is \(chain); remove the \(CommandHint.quoted(.open)) that closes the loop"
                    ]))
        }
        guard sources.openFiles.count < SourceContext.maximumOpenDepth else {
            throw ConsoleError(
                .script,
                c.command.diagnostic(
                    "files are opened more than \(SourceContext.maximumOpenDepth) deep", at: argument.span,
                    notes: ["open fewer files from files that were opened"]))
        }
        let text: String
        do {
            text = try readLimitedTextFile(
                path, maximumBytes: sources.limits.scriptBytes, what: "script", regularFileOnly: false)
        } catch {
            throw ConsoleError(.io, c.command.diagnostic(error.description, at: argument.span))
        }
        sources.openFiles.append(canonical)
        defer { sources.openFiles.removeLast() }
        do {
            try runFile(text, path: path)
        } catch {
            // Its errors were reported as they happened; say where it was opened from.
            var note = c.command.diagnostic(
                "in \(argument.text), opened here; nothing of it was kept", at: argument.span, severity: .note)
            note.notes = []
            output.printError(note.rendered())
            throw error
        }
    }

    /// Runs a storyboard or script file into the session, all or nothing:
    /// if one of its commands fails, the session is put back as it was.
    func runFile(_ text: String, path: String) throws(ConsoleError) {
        let saved = (session, renderer.settings)
        sources.scriptDirectories.append(Path.dirname(path))
        // A file's commands are the file's, even when a person typed the `open`.
        let fromThePerson = sources.commandsComeFromThePerson
        sources.commandsComeFromThePerson = false
        defer {
            sources.scriptDirectories.removeLast()
            sources.commandsComeFromThePerson = fromThePerson
        }
        let errors = run(text, file: path, keepGoing: isKeepingGoing)
        if let first = errors.first {
            (session, renderer.settings) = saved
            // Already reported as they happened: an error without diagnostics is not printed again.
            var error = ConsoleError(first.kind, [])
            error.nested = errors
            throw error
        }
    }

    func set(_ c: ValidatedCommand) throws(ConsoleError) {
        if let width = c.integer("width") { renderer.settings.width = width }
        if let color = c.option("color").flatMap(ColorChoice.init(rawValue:)) { renderer.settings.color = color }
        if let timeout = c.integer("timeout") { plugins.backend.timeout = timeout }
        if let rebuild = c.option("rebuild").flatMap(RebuildChoice.init(rawValue:)) { plugins.rebuild = rebuild }
        if c.options.isEmpty {
            output.print(
                "width=\(renderer.settings.width.map(String.init) ?? "auto") color=\(renderer.settings.color.rawValue) "
                    + "timeout=\(plugins.backend.timeout) rebuild=\(plugins.rebuild.rawValue)")
        }
    }

    func help(_ c: ValidatedCommand) {
        if let topic = c.argument("topic"), let text = CommandSpec.help(topic) {
            output.print(text)
        } else {
            output.print(CommandSpec.helpIndex)
        }
    }
}
