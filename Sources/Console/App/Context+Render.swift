import CellKit
import CellKitSupport
import PluginHost

// MARK: - cellkit render STORYBOARD[#SCENE]

extension Context {
    /// Opens a storyboard (its declarations only: `render` and `show` in it
    /// are skipped), registers it as a ``Storyboard``, and renders one scene
    /// (the one after `#`, else the initial one) through it.
    func renderStoryboard(_ target: String, format: String?, width: Int?, data: String?, output outPath: String?)
        -> Int32
    {
        // The command line first: nothing is read before it is known to make sense.
        var chosen: OutputFormat?
        if let format {
            guard let named = OutputFormat(rawValue: format) else {
                let names = OutputFormat.allCases.map(\.rawValue)
                output.printError(
                    "cellkit: error: unknown format '\(format)'\n  "
                        + (Suggestions.didYouMean(format, in: names) ?? "use one of \(names.joined(separator: ", "))"))
                return ExitCode.usage.rawValue
            }
            chosen = named
        } else if let outPath {
            guard let implied = OutputFormat(fileExtensionOf: outPath) else {
                output.printError(
                    "cellkit: error: cannot tell the format of '\(outPath)' from its extension\n"
                        + "  add --format plain|ansi|html|svg|json, or name the file .txt, .ans, .html, .svg or .json")
                return ExitCode.usage.rawValue
            }
            chosen = implied
        }

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
                file, maximumBytes: interpreter.limits.scriptBytes, what: "storyboard", regularFileOnly: false)
        } catch {
            output.printError("cellkit: error: \(error.description)")
            return ExitCode.io.rawValue
        }
        interpreter.declarationsOnly = true
        interpreter.dataOverride = data
        interpreter.scriptDirectories = [Path.dirname(file)]
        interpreter.openFiles = [interpreter.canonicalFilePath(file)]
        let errors = interpreter.run(text, file: file, keepGoing: invocation.keepGoing)
        if !errors.isEmpty { return finish(errors) }
        let session = interpreter.session
        let names = session.screens.map(\.name)
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

        // The storyboard: one scene per screen, each a controller whose view draws it.
        let host = self.host
        let storyboard = Storyboard(
            name: Path.basename(file), bundle: PluginBundle(name: "Storyboards"),
            scenes: session.screens.map { screen in
                nonisolated(unsafe) let host = host
                return Storyboard.Scene(
                    screen.name, loader: Loader { ScreenViewController(screen: screen, host: host) as ViewController })
            },
            initialScene: session.initialScreen ?? (session.screens.count == 1 ? session.screens[0].name : nil))
        Storyboard.register(storyboard)
        let controller: ViewController
        do throws(CellKitError) {
            if let scene {
                controller = try storyboard.tryInstantiateViewController(withIdentifier: scene)
            } else {
                controller = try storyboard.tryInstantiateInitialViewController()
            }
        } catch {
            let message: String
            if error.code == .sceneNotFound, let scene {
                message =
                    "\(file) has no screen '\(scene)'\n  "
                    + (Suggestions.didYouMean(scene, in: names) ?? "its screens are \(names.joined(separator: ", "))")
            } else if error.code == .noInitialScene {
                message =
                    "\(file) has \(names.count) screens and no initial one\n"
                    + "  name the screen to render: cellkit render '\(file)#\(names[0])' (screens: \(names.joined(separator: ", ")))\n"
                    + "  or add `initial \(names[0])` to \(file)"
            } else {
                message = error.message + (error.fix.map { "\n  \($0)" } ?? "")
            }
            output.printError("cellkit: error: \(message)")
            return ExitCode.usage.rawValue
        }
        guard let screenController = controller as? ScreenViewController else { return ExitCode.script.rawValue }
        let screen = screenController.screen

        let resolvedFormat =
            chosen
            ?? ColorPolicy.defaultFormat(
                isTerminal: output.isTerminal, choice: interpreter.settings.color, environment: environment)
        let columns = width ?? screen.width ?? interpreter.settings.width ?? interpreter.terminalWidth() ?? 80
        let renderer = ScreenRenderer(screen: screen, host: host)
        do throws(RenderError) {
            if let outPath {
                try renderer.write(to: outPath, format: resolvedFormat, width: columns, environment: environment)
                output.printError("wrote \(outPath) (\(resolvedFormat.rawValue), \(columns) columns)")
            } else {
                try renderer.render(
                    format: resolvedFormat, width: columns, colors: ColorPolicy.depth(environment: environment),
                    to: output.standardOutput)
            }
        } catch {
            output.printError("cellkit: error: \(error.message)")
            return error.exitCode
        }
        return ExitCode.success.rawValue
    }
}

/// A storyboard scene made from a console screen: its view is the table or
/// collection that draws the screen.
final class ScreenViewController: ViewController {
    var screen = Screen(name: "")
    var host: PluginHost?
    private var dataSource: ScreenDataSource?

    convenience init(screen: Screen, host: PluginHost) {
        self.init()
        self.screen = screen
        self.host = host
        title = screen.title ?? screen.name
    }

    override func loadView() {
        guard let host else { return }
        let source = ScreenDataSource(screen: screen, host: host)
        dataSource = source
        view = source.makeView() as? View ?? View()
    }
}

extension Screen {
    var hasBoundRows: Bool {
        sections.contains { $0.rows.contains { if case .bound = $0 { true } else { false } } }
    }
}

extension RenderError {
    var message: String {
        switch self {
        case .cells(let first, let count):
            "a cell could not be drawn: \(first)" + (count > 1 ? " (and \(count - 1) more)" : "")
        case .output(let message): message
        }
    }

    var exitCode: Int32 {
        switch self {
        case .cells: ExitCode.plugin.rawValue
        case .output: ExitCode.io.rawValue
        }
    }
}
