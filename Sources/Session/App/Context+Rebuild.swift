@_spi(Host) import CellKit
import CellKitSupport
import PluginDiscovery

// MARK: - cellkit plugin rebuild

extension Context {
    /// `cellkit plugin rebuild [NAME...]`: builds plugins again (release) from
    /// the packages `plugin install` recorded (``PluginSource``), validates
    /// them and installs each where it was. With no NAME, every plugin on the
    /// plugin path that is stale (``StalePlugin``: built by another compiler,
    /// or against another SDK major). A plugin with no recorded package, or
    /// whose package is gone, is refused with the command that fixes it.
    func rebuildPlugins(_ names: [String]) -> Int32 {
        var targets: [(name: String, path: String)] = []
        if names.isEmpty {
            let records = host.cache?.records(for: host.searchPath) ?? []
            targets = records.filter { $0.isPlugin && $0.staleReason != nil }.map { ($0.name, $0.path) }
            guard !targets.isEmpty else {
                output.print("every plugin on the plugin path was built for this cellkit; nothing to rebuild")
                return ExitCode.success.rawValue
            }
        } else {
            for name in names {
                guard PluginPackage.isPluginName(name), let path = host.searchPath.find(name) else {
                    let known = host.searchPath.libraries().map(\.name)
                    output.printError(
                        "cellkit: error: no plugin named '\(name)' on the plugin path\n  "
                            + (Suggestions.didYouMean(name, in: known)
                                ?? "`cellkit plugins` lists the plugins and where they are"))
                    return ExitCode.plugin.rawValue
                }
                targets.append((name, path))
            }
        }
        var status = ExitCode.success.rawValue
        for (name, path) in targets {
            do throws(PluginInstaller.Failure) {
                showCells(of: try installer.rebuild(name, installedAt: path).map(\.plugin))
            } catch {
                output.printError(error.commandLineText)
                status = ExitCode(error.kind).rawValue
            }
        }
        return status
    }
}
