@_spi(Host) import CellKit
import CellKitSupport
import Glibc
import PluginDiscovery
import WorkerProtocol

// MARK: - cellkit preview CELL [attr=value …] [--widths 20,40,80] [--watch]

extension Context {
    /// The widths `preview` draws at when none are given.
    static let previewWidths = [20, 40, 80]

    /// Draws one cell at several widths: the plugin author's loop. With
    /// `watch`, draws again whenever the plugin's library or its nibs change
    /// (a rebuild, an edit), until interrupted.
    func preview(cell: String, attributes: [String], widths: [Int], format: OutputFormat?, watch: Bool) -> Int32 {
        // The row, as a script: the same checks and messages as `row` (and the
        // cell's plugin is loaded from the cache's knowledge, as a script would).
        var row = "row " + Script.format(.text(cell))
        for attribute in attributes {
            guard let equals = attribute.firstIndex(of: "="), equals != attribute.startIndex else {
                output.printError(
                    "cellkit: error: '\(Sanitized.text(attribute))' is not an attribute setting\n  write NAME=VALUE, such as text=Hello"
                )
                return ExitCode.usage.rawValue
            }
            let name = String(attribute[..<equals])
            let value = String(attribute[attribute.index(after: equals)...])
            row += " \(name)=" + Script.format(.text(value))
        }
        let errors = interpreter.run("screen Preview list\n" + row, file: "<preview>")
        guard errors.isEmpty, let index = interpreter.session.current else { return finish(errors) }
        let format =
            format
            ?? ColorPolicy.defaultFormat(
                isTerminal: output.isTerminal, choice: interpreter.settings.color, environment: environment)
        let widths = widths.isEmpty ? Self.previewWidths : widths
        let files = interpreter.watchedFiles()
        let watcher = watch ? FileWatcher(files: files.files, folders: files.folders) : nil
        while true {
            if watch && output.isTerminal { output.print("\u{1B}[H\u{1B}[2J", terminator: "") }
            let status = drawPreview(interpreter.session.screens[index], widths: widths, format: format)
            guard let watcher else { return status }
            output.printError("watching \(files.files.map(displayPath).joined(separator: ", ")) (Ctrl-C leaves)")
            while !watcher.waitForChange(timeout: 1000) {}
            do {
                for (path, error) in try interpreter.reloadPlugins() {
                    output.printError("cellkit: error: \(displayPath(path)): \(error)")
                }
            } catch {
                output.printError("cellkit: error: the plugins could not be loaded again: \(error)")
            }
        }
    }

    /// Each width: a rule naming it, then the cell drawn at it.
    private func drawPreview(_ screen: Screen, widths: [Int], format: OutputFormat) -> Int32 {
        let colors = ColorPolicy.depth(environment: environment)
        for width in widths {
            let label = " \(width) columns "
            output.print(
                "──" + label + String(repeating: "─", count: max(2, width - 2 - label.count)) + "\n", terminator: "")
            do throws(BackendError) {
                try Interpreter.check(
                    try interpreter.backend.render(
                        screen, format: format, width: width, colors: colors, to: output.standardOutput))
            } catch {
                switch error {
                case .worker(let failure): output.printError("cellkit: error: " + interpreter.describe(failure))
                case .plugin(let error): output.printError("cellkit: error: \(error.description)")
                case .render(let message), .output(let message): output.printError("cellkit: error: \(message)")
                }
                return ExitCode.plugin.rawValue
            }
        }
        return ExitCode.success.rawValue
    }
}
