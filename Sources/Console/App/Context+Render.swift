import CellKit
import CellKitSupport
import PluginHost

// MARK: - cellkit render STORYBOARD[#SCENE]

extension Context {
    /// Opens a storyboard (its declarations only: `render` and `show` in it
    /// are skipped), registers it as a ``Storyboard``, and renders one scene
    /// (the one after `#`, else the initial one) through it.
    func renderStoryboard(_ target: String, format: String?, width: Int?, data: String?, output outPath: String?) -> Int32 {
        var file = target
        var scene: String?
        if let hash = target.lastIndex(of: "#") {
            file = String(target[..<hash])
            scene = String(target[target.index(after: hash)...])
        }
        let text: String
        do {
            text = try readTextFile(file)
        } catch {
            output.printError("cellkit: error: \(error.description)")
            return ExitCode.io.rawValue
        }
        interpreter.declarationsOnly = true
        interpreter.dataOverride = data
        interpreter.scriptDirectories = [Path.dirname(file)]
        let errors = interpreter.run(text, file: file)
        if !errors.isEmpty { return finish(errors) }
        let session = interpreter.session
        guard !session.screens.isEmpty else {
            output.printError("cellkit: error: \(file) declares no screens")
            return ExitCode.script.rawValue
        }
        if let data, !session.screens.contains(where: { $0.hasBoundRows }) {
            output.printError("cellkit: error: --data \(data) was given, but no screen in \(file) has rows bound to a data file")
            return ExitCode.usage.rawValue
        }

        // The storyboard: one scene per screen, each a controller whose view draws it.
        let name = Path.basename(file)
        let host = self.host
        let storyboard = Storyboard(
            name: name, bundle: PluginBundle(name: "Storyboards"),
            scenes: session.screens.map { screen in
                nonisolated(unsafe) let host = host
                return Storyboard.Scene(screen.name, loader: Loader { ScreenViewController(screen: screen, host: host) as ViewController })
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
            var message = "cellkit: error: \(error.message)"
            if let fix = error.fix { message += "\n  \(fix)" }
            if error.code == .noInitialScene {
                message += "\n  or name a scene: cellkit render \(file)#\(session.screens[0].name)"
            }
            output.printError(message)
            return ExitCode.usage.rawValue
        }
        guard let screenController = controller as? ScreenViewController else { return ExitCode.script.rawValue }
        let screen = screenController.screen

        var chosen = format.flatMap(OutputFormat.init(rawValue:))
        if let format, chosen == nil {
            output.printError("cellkit: error: unknown format '\(format)'; use plain, ansi, html, svg or json")
            return ExitCode.usage.rawValue
        }
        if chosen == nil, let outPath { chosen = OutputFormat(fileExtensionOf: outPath) }
        let resolvedFormat =
            chosen ?? ColorPolicy.defaultFormat(isTerminal: output.isTerminal, choice: interpreter.settings.color, environment: environment)
        let columns = width ?? screen.width ?? interpreter.terminalWidth() ?? 80
        let renderer = ScreenRenderer(screen: screen, host: host)
        if let outPath {
            do {
                let writer = try AtomicFileWriter(path: outPath)
                do {
                    try renderer.render(
                        format: resolvedFormat, width: columns, colors: ColorPolicy.depth(environment: environment),
                        to: AtomicFileOutput(writer))
                    try writer.commit()
                } catch {
                    writer.abort()
                    throw error
                }
            } catch let error as RenderError {
                output.printError("cellkit: error: \(error.message)")
                return error.exitCode
            } catch {
                output.printError("cellkit: error: \(error)")
                return ExitCode.io.rawValue
            }
            return ExitCode.success.rawValue
        }
        do {
            let colors = output.isTerminal ? ColorMode.detect(environment: environment, isTerminal: true) : ColorPolicy.depth(environment: environment)
            try renderer.render(format: resolvedFormat, width: columns, colors: colors == .none ? .ansi16 : colors, to: output.standardOutput)
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
        case .cells(let first, let count): "a cell could not be drawn: \(first)" + (count > 1 ? " (and \(count - 1) more)" : "")
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
