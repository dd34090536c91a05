@_spi(Host) import CellKit
import CellKitSupport
import PluginDiscovery
import WorkerProtocol

// MARK: - Failures of the backend, crashes of the worker (counted by ``Quarantine``)

extension LoadedPlugins {
    /// A backend failure as a diagnostic at `span`. A worker that died is
    /// counted against the plugin it was running (`loading` names the
    /// library a `load` was opening).
    func backendError(_ error: BackendError, _ c: ValidatedCommand, at span: SourceSpan, loading: String? = nil)
        -> ConsoleError
    {
        switch error {
        case .plugin(let error):
            return Self.pluginError(error, c, at: span)
        case .render(let failure):
            return ConsoleError(.plugin, c.command.diagnostic(failure.description, at: span))
        case .output(let failure):
            return ConsoleError(.io, c.command.diagnostic(failure.description, at: span))
        case .worker(let failure):
            return workerError(failure, c, at: span, loading: loading)
        }
    }

    /// A worker failure as one error at the command that was running.
    func workerError(_ failure: WorkerFailure, _ c: ValidatedCommand, at span: SourceSpan, loading: String?)
        -> ConsoleError
    {
        let (message, notes) = explain(failure, loading: loading)
        return ConsoleError(.plugin, c.command.diagnostic(message, at: span, notes: notes))
    }

    /// A worker failure as text: the message, then its notes, indented.
    func describe(_ failure: WorkerFailure) -> String {
        let (message, notes) = explain(failure, loading: nil)
        return ErrorText.lines(message, notes)
    }

    /// "plugin Crashy crashed (SIGILL, a trap) while configuring row 1 of
    /// screen S (HelloCell)", and notes: what it printed, where the log is,
    /// what happens next. Counts the crash against the plugin.
    func explain(_ failure: WorkerFailure, loading: String?) -> (message: String, notes: [String]) {
        // Refused before it was sent (`show` of a screen too large): the worker is not at fault, and goes on.
        if case .requestTooLarge(let what) = failure.reason { return (what, []) }
        let crumb = failure.breadcrumb
        var plugin = crumb.map(\.plugin).flatMap { $0.isEmpty ? nil : $0 }
        var who = plugin.map { "plugin \($0)" } ?? "the plugin worker"
        if crumb?.phase == .loading, let path = plugin ?? loading {
            plugin = PluginSearchPath.pluginName(fromFile: Path.basename(path)) ?? path
            who = "the plugin \(displayPath(path))"
        }
        var doing = ""
        if let crumb {
            switch crumb.phase {
            case .loading: doing = " while it was loading"
            case .making: doing = crumb.screen.isEmpty ? "" : " while making the cells of screen \(crumb.screen)"
            case .configuring, .drawing:
                let verb = crumb.phase == .configuring ? "configuring" : "drawing"
                doing =
                    " while \(verb) row \(crumb.row + 1)"
                    + (crumb.section > 0 ? " of section \(crumb.section + 1)" : "")
                    + " of screen \(crumb.screen) (\(crumb.cell))"
            case .writing, .idle: doing = ""
            }
        }
        var notes: [String] = []
        if let message = failure.message { notes.append("it printed: \(message)") }
        if let log = failure.logPath { notes.append("all it printed is in \(displayPath(log))") }
        if let plugin, case .signal = failure.reason {
            notes.append(quarantine.countCrash(of: plugin))
        } else if let plugin, case .hung = failure.reason {
            notes.append(quarantine.countCrash(of: plugin))
        } else {
            notes.append("the session goes on; the next command starts a new worker")
        }
        if case .hung = failure.reason {
            notes.append(
                CommandHint.quoted(.set, options: ["timeout": "SECONDS"])
                    + " (or \(Invocation.optionName("--timeout"))) changes how long a plugin may work without progress")
        }
        // Only the plugin ends a worker that is loading it (in its registration, or a constructor),
        // and the worker's exit guard keeps the status the plugin gave (PluginLoader).
        if case .exited(let status) = failure.reason, crumb?.phase == .loading {
            return ("\(who) called exit(\(status)) while it was loading, which ended the plugin worker", notes)
        }
        return ("\(who) \(failure.what)\(doing)", notes)
    }

    /// The refusal of a quarantined plugin, if the one at `path` is.
    func quarantineError(forPluginAt path: String) -> PluginError? {
        let name =
            catalog.plugin(atPath: path)?.name ?? PluginSearchPath.pluginName(fromFile: Path.basename(path))
            ?? path
        return quarantine.refusal(ofPlugin: name, at: path)
    }

    /// The cells of `screen` that belong to quarantined plugins, as an error.
    func quarantineError(for screen: Screen) -> PluginError? {
        quarantine.refusal(toDraw: screen)
    }

    /// `load NAME force=true`: the crashes are forgiven.
    func forgiveCrashes(ofPluginAt path: String, named name: String?) {
        let canonical = Path.canonical(path) ?? path
        quarantine.forgive(
            name ?? catalog.plugin(atPath: canonical)?.name
                ?? PluginSearchPath.pluginName(fromFile: Path.basename(canonical)) ?? canonical)
    }
}
