import CellKitSupport
import PluginDiscovery

// MARK: - cellkit uninstall

extension Context {
    /// `cellkit uninstall [--prefix DIR] [--plugins]`: removes what `cellkit
    /// install` wrote into the prefix, as its ``InstallManifest`` lists it,
    /// and nothing else (``InstallManifest/remove(prefix:)`` says what it keeps
    /// and why). The plugins `plugin install` put in the prefix are kept, and
    /// named, unless `plugins` is set; the manifest is then replaced by its
    /// ``InstallManifest/remainder(prefix:)``, so that the `cellkit uninstall
    /// --plugins` it suggests, run later, removes them and the folders
    /// install made.
    ///
    /// The prefix is `--prefix`, else the running cellkit's installation, else `~/.local`.
    func uninstall(prefix: String?, plugins removePlugins: Bool) -> Int32 {
        let root: String
        do throws(FileError) {
            let home = environment["HOME"] ?? ""
            if let prefix {
                root = try Path.absolute(home.isEmpty ? prefix : Path.expandingTilde(prefix, home: home))
            } else if let installation = Installation.containing(executable: try Path.executable()) {
                root = installation.prefix
            } else if !home.isEmpty {
                root = home + "/.local"
            } else {
                output.printError("cellkit: error: HOME is not set\n  pass --prefix DIR")
                return ExitCode.usage.rawValue
            }
        } catch {
            output.printError("cellkit: error: \(error.description)")
            return ExitCode.io.rawValue
        }
        let installation = Installation(prefix: root)
        let manifest: InstallManifest
        do throws(FileError) {
            guard let read = try InstallManifest.read(prefix: installation.prefix) else {
                output.printError(
                    "cellkit: error: cellkit is not installed in \(installation.prefix): there is no "
                        + "\(InstallManifest.path(prefix: installation.prefix))\n"
                        + "  give the prefix it was installed into: cellkit uninstall --prefix DIR")
                return ExitCode.io.rawValue
            }
            manifest = read
        } catch {
            output.printError("cellkit: error: \(error.description)")
            return ExitCode.io.rawValue
        }
        // The plugins in the prefix that install did not write: the user's, from plugin install.
        let installedByInstall = Set(manifest.files.map { installation.prefix + "/" + $0.path })
        let users = PluginSearchPath(directories: [installation.pluginDirectory]).libraries().filter {
            !installedByInstall.contains($0.path)
        }.map(\.name)
        let keepsPlugins = !removePlugins && !users.isEmpty
        let again = removePlugins ? "" : uninstallCommand(installation, plugins: true)
        if manifest.isRemainder && keepsPlugins {
            // Uninstalled already, the user's plugins kept: nothing more to do until they go.
            output.print(
                "cellkit is uninstalled from \(installation.prefix); kept the plugins you installed in "
                    + "\(installation.pluginDirectory): \(users.joined(separator: ", "))\n"
                    + "  \(again) removes them too; cellkit plugin uninstall NAME removes one")
            return ExitCode.success.rawValue
        }
        var removedPlugins: [String] = []
        if removePlugins {
            for name in users {
                do throws(FileError) {
                    if !(try PluginPackage.uninstall(name, from: installation.pluginDirectory)).isEmpty {
                        removedPlugins.append(name)
                    }
                } catch {
                    output.printError("cellkit: error: \(error.description)")
                    return ExitCode.io.rawValue
                }
            }
        }
        let removal = manifest.remove(prefix: installation.prefix)
        output.print(
            (manifest.isRemainder ? "removed the rest of cellkit " : "removed cellkit ")
                + "\(manifest.version) from \(installation.prefix): "
                + counted(removal.removed.count, "file or folder", plural: "files and folders")
                + (removedPlugins.isEmpty ? "" : ", and the plugins \(removedPlugins.joined(separator: ", "))"))
        // The plugin folder holds the user's plugins: said once, naming them, not as a kept folder.
        let kept = removal.kept.filter { !(keepsPlugins && $0.path == installation.pluginDirectory) }
        if keepsPlugins {
            // What is left of the manifest: the folders install made, so that the commands
            // named here can remove them once the plugins are gone.
            do throws(FileError) {
                try manifest.remainder(prefix: installation.prefix).write(prefix: installation.prefix)
            } catch {
                output.printError("cellkit: warning: \(error.description)")
            }
            output.print(
                "kept the plugins you installed in \(installation.pluginDirectory): \(users.joined(separator: ", "))\n"
                    + "  \(again) removes them too; cellkit plugin uninstall NAME removes one")
        }
        for (path, reason) in kept { output.printError("cellkit: warning: kept \(path): \(reason)") }
        return kept.isEmpty ? ExitCode.success.rawValue : ExitCode.io.rawValue
    }

    /// After `plugin uninstall` removed a plugin from `pluginDirectory`: when
    /// cellkit was uninstalled from that prefix before, keeping the user's
    /// plugins (``InstallManifest/isRemainder``), and that was the last,
    /// removes the folders install made, as `cellkit uninstall` would have.
    func finishUninstall(pluginDirectory: String) {
        let suffix = "/lib/cellkit/plugins"
        guard pluginDirectory.hasSuffix(suffix),
            PluginSearchPath(directories: [pluginDirectory]).libraries().isEmpty
        else { return }
        let prefix = String(pluginDirectory.dropLast(suffix.count))
        guard let manifest = try? InstallManifest.read(prefix: prefix), manifest.isRemainder else { return }
        let removal = manifest.remove(prefix: prefix)
        output.print(
            "that was the last plugin of \(prefix), where cellkit was uninstalled: removed the folders "
                + "cellkit install made there (\(counted(removal.removed.count, "file or folder", plural: "files and folders")))"
        )
    }

    /// The `cellkit uninstall` command line for `installation`, run by any cellkit
    /// (with `--prefix` unless it is the default, `~/.local`).
    func uninstallCommand(_ installation: Installation, plugins: Bool) -> String {
        let home = environment["HOME"] ?? ""
        let prefix = !home.isEmpty && installation.prefix == home + "/.local" ? "" : " --prefix \(installation.prefix)"
        return "cellkit uninstall" + (plugins ? " --plugins" : "") + prefix
    }
}
