@_spi(Host) import CellKit
import CellKitSupport
import PluginDiscovery
import WorkerProtocol

/// `set rebuild=never|auto`: what `load` does with a stale plugin (built by
/// another Swift compiler, or against another SDK major; ``StalePlugin``).
enum RebuildChoice: String, CaseIterable, Sendable {
    /// Refuse it, with the command that rebuilds it (the default).
    case never
    /// Rebuild it from its recorded package, as `cellkit plugin rebuild`
    /// does, then load it.
    case auto
}

// MARK: - A stale plugin at `load`

extension LoadedPlugins {
    /// Whether a load refusal is one a rebuild fixes: the plugin was built
    /// by another compiler, or against an SDK this cellkit cannot run.
    static func isStale(_ refusal: PluginError) -> Bool {
        refusal.code == .compilerMismatch || refusal.code == .abiMismatch
    }

    /// `load` of the stale plugin at `path` (absolute), which the worker
    /// refused with `refusal`. With `set rebuild=auto`, rebuilds it from its
    /// recorded package (``PluginInstaller/rebuild(_:installedAt:)``: release
    /// build, validated in a worker of its own, installed where it was) and
    /// loads it; else, or when it cannot be rebuilt, an error at `span` with
    /// the command that fixes it.
    func loadStale(
        _ path: String, refusal: PluginError, allowUnsafe: Bool, _ c: ValidatedCommand, at span: SourceSpan
    ) throws(ConsoleError) -> PluginInfo {
        let name = PluginSearchPath.pluginName(fromFile: Path.basename(path)) ?? path
        let recorded = PluginSource.recorded(for: name, in: Path.dirname(path)) != nil
        guard rebuild == .auto, let newWorker else {
            var failure = Self.pluginError(refusal, c, at: span)
            if recorded, !failure.diagnostics.isEmpty {
                failure.diagnostics[0].notes = [
                    "rebuild it from its package: cellkit plugin rebuild \(name)",
                    "or have load rebuild stale plugins: "
                        + CommandHint.quoted(.set, options: ["rebuild": RebuildChoice.auto.rawValue])
                        + " (in \(ConfigFile.displayPath) for every session)",
                ]
            }
            throw failure
        }
        let worker = newWorker()
        worker.timeout = backend.timeout
        defer { worker.process.stop() }
        var installer = PluginInstaller(
            output: output, backend: worker, allowUnsafe: allowUnsafe, describe: { [unowned self] in describe($0) })
        installer.forLoad = true
        do throws(PluginInstaller.Failure) {
            _ = try installer.rebuild(name, installedAt: path)
        } catch {
            let stale = refusal.message.hasPrefix(path + " ") ? String(refusal.message.dropFirst(path.count + 1)) : ""
            throw ConsoleError(
                error.kind,
                c.command.diagnostic(
                    "\(name) is stale (\(stale.isEmpty ? refusal.message : "it " + stale)) and could not be rebuilt: "
                        + error.message, at: span,
                    notes: error.details.map { "✗ " + $0 } + (error.fix.map { [$0] } ?? [])))
        }
        // The stale library stays mapped in this worker (plugins are never
        // unloaded), under the same path: the new one loads in a new worker.
        do throws(BackendError) {
            for (_, result) in try backend.reload() {
                if case .success(let plugin) = result { catalog.replace(plugin) }
            }
            return try backend.load(path: path, allowUnsafe: allowUnsafe).0
        } catch {
            throw backendError(error, c, at: span, loading: path)
        }
    }
}
