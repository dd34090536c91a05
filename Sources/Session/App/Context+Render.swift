@_spi(Host) import CellKit
import CellKitSupport
import DataBinding
import PluginDiscovery
import WorkerProtocol

// MARK: - cellkit render STORYBOARD[#SCENE]

extension Context {
    /// Opens a storyboard (its declarations only: `render` and `show` in it
    /// are skipped), registers it as a ``Storyboard``, and renders one scene
    /// (the one after `#`, else the initial one) through it.
    func renderStoryboard(
        _ target: String, format: OutputFormat?, width: Int?, data: String?, output outPath: String?
    ) -> Int32 {
        // `-o -` and `-o /dev/stdout` are standard output, as when -o is left out.
        let outPath = outPath == "-" || outPath == "/dev/stdout" ? nil : outPath
        // The command line first: nothing is read before it is known to make sense.
        var chosen = format
        if chosen == nil, let outPath {
            guard let implied = OutputFormat(fileExtensionOf: outPath) else {
                output.printError(
                    "cellkit: error: cannot tell the format of '\(outPath)' from its extension\n"
                        + "  add --format \(OutputFormat.choices), or \(OutputFormat.namingHint)")
                return ExitCode.usage.rawValue
            }
            chosen = implied
        }
        guard useShard(format: chosen) else { return ExitCode.usage.rawValue }

        var file = target
        var scene: String?
        // A file whose name has a '#' in it is still a file.
        if !fileExists(target), let hash = target.lastIndex(of: "#") {
            file = String(target[..<hash])
            scene = String(target[target.index(after: hash)...])
        }
        if let data, !fileExists(data) {
            output.printError("cellkit: error: --data \(data): no such file")
            return ExitCode.io.rawValue
        }
        let text: String
        do {
            text = try readLimitedTextFile(
                file, maximumBytes: interpreter.sources.limits.scriptBytes, what: "storyboard", regularFileOnly: false)
        } catch {
            output.printError("cellkit: error: \(error.description)")
            return ExitCode.io.rawValue
        }
        interpreter.declarationsOnly = true
        interpreter.sources.dataOverride = data
        interpreter.sources.scriptDirectories = [Path.dirname(file)]
        interpreter.sources.openFiles = [interpreter.sources.canonicalFilePath(file)]
        let errors = interpreter.run(text, file: file, keepGoing: invocation.keepGoing)
        if !errors.isEmpty { return finish(errors) }
        let session = interpreter.session
        guard !session.screens.isEmpty else {
            output.printError(
                "cellkit: error: \(file) declares no screens\n  add one: screen NAME [list|grid], then sections and rows"
            )
            return ExitCode.script.rawValue
        }
        if let data, !session.screens.contains(where: { $0.hasBoundRows }) {
            output.printError(
                "cellkit: error: --data \(data) was given, but no screen in \(file) has rows bound to a data file\n"
                    + "  --data replaces the file of `rows CELL from FILE`; leave it out, or bind rows in \(file)")
            return ExitCode.usage.rawValue
        }

        // The scene: the one after '#', else the initial one (or the only one).
        guard var screen = self.scene(scene, of: file) else { return ExitCode.usage.rawValue }
        do {
            screen = try shardPart(of: screen)
        } catch {
            interpreter.report(error)
            return finish([error])
        }
        return draw(screen, format: chosen, width: width, to: outPath)
    }

    /// The screen `scene` names, else the storyboard's initial one (or its
    /// only one); `nil` after saying why there is none.
    private func scene(_ scene: String?, of file: String) -> Screen? {
        let session = interpreter.session
        let names = session.screens.map(\.name)
        if let scene {
            guard let index = session.screenIndex(named: scene) else {
                output.printError(
                    "cellkit: error: \(file) has no screen '\(scene)'\n  "
                        + (Suggestions.didYouMean(scene, in: names)
                            ?? "its screens are \(names.joined(separator: ", "))"))
                return nil
            }
            return session.screens[index]
        } else if let initial = session.initialScreen ?? (names.count == 1 ? names[0] : nil),
            let index = session.screenIndex(named: initial)
        {
            return session.screens[index]
        } else {
            output.printError(
                "cellkit: error: \(file) has \(names.count) screens and no initial one\n"
                    + "  name the screen to render: cellkit render '\(file)#\(names[0])' (screens: \(names.joined(separator: ", ")))\n"
                    + "  or add `initial \(names[0])` to \(file)")
            return nil
        }

    }

    /// Draws `screen` to standard output, or into `outPath` whole or not at
    /// all; the exit status.
    private func draw(_ screen: Screen, format chosen: OutputFormat?, width: Int?, to outPath: String?) -> Int32 {
        let resolvedFormat =
            chosen
            ?? ColorPolicy.defaultFormat(
                isTerminal: output.isTerminal, choice: interpreter.settings.color, environment: environment)
        let columns = width ?? screen.width ?? interpreter.settings.width ?? interpreter.terminalWidth() ?? 80
        let colors = ColorPolicy.depth(environment: environment)
        do throws(BackendError) {
            if let quarantine = interpreter.quarantineError(for: screen) { throw .plugin(quarantine) }
            if let outPath {
                let notice = try interpreter.write(
                    screen, to: outPath, format: resolvedFormat, width: columns, colors: colors)
                output.printNote("wrote \(outPath) (\(resolvedFormat.rawValue), \(columns) columns)")
                if let notice { output.printError("note: \(notice)") }
            } else if invocation.shard != nil {
                // A part reaches standard output whole or not at all, as a file with -o does.
                let part = try SpooledOutput(environment: environment)
                try Interpreter.check(
                    try interpreter.backend.render(
                        screen, format: resolvedFormat, width: columns, colors: colors, to: part,
                        progress: interpreter.progress(for: screen, toFile: false)))
                try part.deliver(to: output.standardOutput)
            } else {
                try Interpreter.check(
                    try interpreter.backend.render(
                        screen, format: resolvedFormat, width: columns, colors: colors, to: output.standardOutput,
                        progress: interpreter.progress(for: screen, toFile: false)))
            }
        } catch {
            switch error {
            case .plugin(let error):
                output.printError("cellkit: error: \(error.description)")
                return ExitCode.plugin.rawValue
            case .render(let message):
                output.printError("cellkit: error: \(message)")
                return ExitCode.plugin.rawValue
            case .output(let message):
                output.printError("cellkit: error: \(message)")
                return ExitCode.io.rawValue
            case .worker(let failure):
                output.printError("cellkit: error: " + interpreter.describe(failure))
                return ExitCode.plugin.rawValue
            }
        }
        return ExitCode.success.rawValue
    }
}

extension Screen {
    var hasBoundRows: Bool {
        sections.contains { $0.rows.contains(where: \.isBound) }
    }
}
