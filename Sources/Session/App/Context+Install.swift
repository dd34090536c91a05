@_spi(Host) import CellKit
import CellKitSupport
import Glibc
import PluginDiscovery
import WorkerProtocol

// MARK: - cellkit install, sdk, plugin install, plugin uninstall

extension Context {
    /// `cellkit install [--prefix DIR]`: copies this release build of
    /// cellkit — the executable, `libCellKit.so`, the example plugins beside
    /// it and the SDK sources it was built from — into an ``Installation``,
    /// and lists what it wrote in its ``InstallManifest`` for `cellkit uninstall`.
    /// A debug build builds release first and lets that install itself
    /// (``installReleaseBuild(executable:prefix:)``).
    func install(prefix: String?) -> Int32 {
        let executable: String
        let installation: Installation
        do throws(FileError) {
            executable = try Path.executable()
            guard let home = environment["HOME"], !home.isEmpty || prefix != nil else {
                output.printError("cellkit: error: HOME is not set\n  pass --prefix DIR")
                return ExitCode.usage.rawValue
            }
            installation = Installation(
                prefix: try Path.absolute(
                    prefix.map { Path.expandingTilde($0, home: home) }
                        ?? home + "/.local"))
        } catch {
            output.printError("cellkit: error: \(error.description)")
            return ExitCode.io.rawValue
        }
        if HostBuild.isDebug { return installReleaseBuild(executable: executable, prefix: installation.prefix) }
        let buildDirectory = Path.dirname(executable)
        let sdk = Installation.sdkDirectory(executable: executable)
        guard fileExists(sdk + "/Package.swift") else {
            output.printError(
                "cellkit: error: the SDK sources this cellkit was built from are not at \(sdk)\n"
                    + "  install from a build of a CellKit checkout: swift build, then .build/debug/cellkit install")
            return ExitCode.io.rawValue
        }
        if let abi = Installation.sdkVersion(at: sdk).map({ $0.major << 16 | $0.minor }), abi != PluginABI.version {
            output.printError(
                "cellkit: error: the SDK sources at \(sdk) are SDK \(PluginABI.versionDescription(abi)), but this cellkit was built with SDK \(PluginABI.versionDescription(PluginABI.version))\n"
                    + "  rebuild cellkit first (swift build), then install again")
            return ExitCode.usage.rawValue
        }
        let found = [buildDirectory, PluginSearchPath.installedPlugins(executableDirectory: buildDirectory)].map {
            PluginPackage.libraries(in: $0)
        }
        let plugins = found.flatMap(\.plugins)
        warnAboutDamaged(found.flatMap(\.damaged))
        let root = installation.prefix
        let manual = root + "/share/man/man1/cellkit.1"
        let completions = ShellCompletion.Shell.allCases.map { $0.installPath(in: root) }
        var manifest = InstallManifest(version: CellKitApp.version, configuration: HostBuild.configuration)
        let earlier: InstallManifest?
        do throws(FileError) {
            earlier = try InstallManifest.read(prefix: root)
        } catch {
            output.printError("cellkit: error: \(error.description)")
            return ExitCode.io.rawValue
        }
        // The folders that are not there yet are install's: uninstall removes them when empty.
        for path in [
            installation.command, installation.executable, installation.pluginDirectory + "/-",
            installation.sdkDirectory, manual,
        ] + completions {
            manifest.noteNewDirectories(above: path, prefix: root)
        }
        func relative(_ path: String) -> String { String(path.dropFirst(root.count + 1)) }
        do throws(FileError) {
            try createDirectories(installation.binDirectory)
            try createDirectories(installation.pluginDirectory)
            try copyFile(buildDirectory + "/libCellKit.so", to: installation.libraryDirectory + "/libCellKit.so")
            try manifest.addFile(relative(installation.libraryDirectory + "/libCellKit.so"), prefix: root)
            try copyFile(executable, to: installation.executable)
            try manifest.addFile(relative(installation.executable), prefix: root)
            try replaceSymbolicLink(installation.command, to: Installation.commandTarget)
            manifest.addLink(relative(installation.command), target: Installation.commandTarget)
            var names: [String] = []
            for plugin in plugins where !names.contains(plugin.name) {
                for path in try PluginPackage.install(plugin, into: installation.pluginDirectory) {
                    try isDirectory(path)
                        ? manifest.addTree(relative(path), prefix: root)
                        : manifest.addFile(relative(path), prefix: root)
                }
                names.append(plugin.name)
            }
            try replaceTree(installation.sdkDirectory, withCopyOf: sdk) {
                $0 == ".build" || $0 == ".swiftpm" || $0 == "Package.resolved"
            }
            try manifest.addTree(relative(installation.sdkDirectory), prefix: root)
            // The manual page and the completions, where man and each shell look under a prefix.
            for (file, text) in [(manual, ManualPage.text(version: CellKitApp.version))]
                + zip(completions, ShellCompletion.Shell.allCases.map(ShellCompletion.script(for:)))
            {
                try createDirectories(Path.dirname(file))
                try atomicWrite(file, text)
                try manifest.addFile(relative(file), prefix: root)
            }
            if let earlier { manifest.keep(stillInstalledFrom: earlier, prefix: root) }
            try manifest.write(prefix: root)
            output.print(
                """
                installed cellkit \(CellKitApp.version) (\(HostBuild.configuration) build) into \(root)
                  \(installation.command) -> \(installation.executable)
                  \(installation.libraryDirectory)/libCellKit.so
                  \(installation.pluginDirectory): \(names.isEmpty ? "no plugins" : names.joined(separator: ", "))
                  \(installation.sdkDirectory): the SDK \(PluginABI.sdkVersionDescription)
                  \(manual): the manual page (man cellkit)
                  \(completions.joined(separator: "\n  ")): completions for bash, zsh and fish
                  \(InstallManifest.path(prefix: root)): what cellkit uninstall removes
                """)
        } catch {
            output.printError("cellkit: error: \(error.description)")
            return ExitCode.io.rawValue
        }
        let path = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        if !path.contains(installation.binDirectory) {
            output.print("\(installation.binDirectory) is not on your PATH; add it to run `cellkit` by name")
        }
        return ExitCode.success.rawValue
    }

    /// `cellkit install` run by a debug build: installs are release builds, so
    /// it builds release in the checkout it was built in
    /// (``HostBuild/releaseBuilds(checkout:)``, under ``ChildProcess``'s time
    /// limit and Ctrl-C handling) and runs that build's `cellkit install`; or
    /// refuses, with the commands that do it by hand.
    private func installReleaseBuild(executable: String, prefix: String) -> Int32 {
        guard let checkout = HostBuild.checkout(ofExecutable: executable) else {
            output.printError(
                "cellkit: error: this cellkit (\(executable)) is a debug build, and cellkit install installs "
                    + "release builds only\n  in your CellKit checkout: swift build -c release && "
                    + ".build/release/cellkit install --prefix \(prefix)")
            return ExitCode.usage.rawValue
        }
        let builds = HostBuild.releaseBuilds(checkout: checkout)
        let release = HostBuild.releaseScratchPath(checkout: checkout) + "/release/cellkit"
        let shown = builds.map { $0.joined(separator: " ") }.joined(separator: " && ")
        let byHand = "cd \(checkout) && \(shown) && \(release) install --prefix \(prefix)"
        output.printError("this cellkit is a debug build; building release to install it: \(shown)")
        do {
            for build in builds {
                let built = try ChildProcess.run(build, in: checkout)
                guard built.status == 0 else {
                    output.printError(
                        "cellkit: error: the release build failed (exit status \(built.status)); nothing was "
                            + "installed\n  fix what it says above, then: \(byHand)")
                    return ExitCode.io.rawValue
                }
            }
            guard isRegularFile(release) else {
                output.printError(
                    "cellkit: error: the release build made no \(release); nothing was installed\n  by hand: \(byHand)")
                return ExitCode.io.rawValue
            }
            let installed = try ChildProcess.run(
                [release, "install", "--prefix", prefix], in: checkout, captureOutput: true)
            output.print(installed.output, terminator: "")
            return installed.status
        } catch {
            output.printError(
                "cellkit: error: this cellkit is a debug build and could not build release to install: \(error)\n"
                    + "  nothing was installed; by hand: \(byHand)")
            return ExitCode.io.rawValue
        }
    }

    /// `cellkit sdk`: the SDK plugins build against, and what the ABI gate checks.
    func printSDK() -> Int32 {
        let sdk = PluginScaffold.defaultSDKPath
        let name = Path.basename(sdk)
        output.print(
            """
            path      \(sdk)
            version   \(CellKitApp.version)
            loads     plugins built against SDK \(PluginABI.sdkVersion.major).0 to \(PluginABI.sdkVersion.major).\(PluginABI.sdkVersion.minor), with the same compiler
            compiler  Swift \(PluginABI.compilerDescription(PluginABI.compilerVersion))
            build     \(HostBuild.configuration) (this cellkit and its libCellKit.so)
            use it    .package(path: "\(sdk)")
                      .product(name: "CellKit", package: "\(name)")
            """)
        guard fileExists(sdk + "/Package.swift") else { return printSDKMissing(sdk) }
        return ExitCode.success.rawValue
    }

    /// `cellkit sdk --export`: the shell command that makes a plugin's build
    /// find this cellkit's SDK, `export CELLKIT_SDK='PATH'`, for
    /// `eval "$(cellkit sdk --export)"`; nothing on standard output when the
    /// SDK is not there (the error says so).
    func exportSDK() -> Int32 {
        let sdk = PluginScaffold.defaultSDKPath
        guard fileExists(sdk + "/Package.swift") else { return printSDKMissing(sdk) }
        let quoted = "'" + sdk.replacing("'", with: "'\\''") + "'"
        output.print("export \(PluginScaffold.sdkVariable)=\(quoted)")
        return ExitCode.success.rawValue
    }

    /// The error of `cellkit sdk` when the SDK is not where this cellkit says.
    private func printSDKMissing(_ sdk: String) -> Int32 {
        output.printError(
            "cellkit: error: the SDK is not at \(sdk)\n  reinstall cellkit (cellkit install) from a CellKit checkout")
        return ExitCode.io.rawValue
    }

    /// Says which libraries an install skipped because they are damaged ELF
    /// files (the others are installed).
    private func warnAboutDamaged(_ damaged: [ELFError]) {
        for error in damaged { output.printError("cellkit: warning: skipped \(error.description)") }
    }

    /// Where `plugin install` and `plugin uninstall` put and find plugins: the
    /// plugin folder of `--prefix`, else of the installation the running
    /// cellkit belongs to, else the user's (`~/.local/lib/cellkit/plugins`);
    /// `nil` (with the error printed) when there is none.
    func pluginDestination(prefix: String?) -> String? {
        if let prefix {
            let home = environment["HOME"] ?? ""
            guard let absolute = try? Path.absolute(home.isEmpty ? prefix : Path.expandingTilde(prefix, home: home))
            else {
                output.printError("cellkit: error: cannot make --prefix \(prefix) an absolute path")
                return nil
            }
            return Installation(prefix: absolute).pluginDirectory
        }
        if let executable = try? Path.executable(), let installation = Installation.containing(executable: executable) {
            return installation.pluginDirectory
        }
        guard let user = PluginSearchPath.userDirectory(environment: environment) else {
            output.printError("cellkit: error: HOME is not set, so there is no user plugin folder\n  pass --prefix DIR")
            return nil
        }
        return user
    }

    /// `cellkit plugin install PACKAGE_DIR [--prefix DIR]`: builds the package
    /// in release, loads and validates each plugin it makes, and only then
    /// copies them into the plugin folder (``pluginDestination(prefix:)``),
    /// with a record of where the package is, for `plugin rebuild`.
    func installPlugin(package: String, prefix: String?) -> Int32 {
        guard let destination = pluginDestination(prefix: prefix) else { return ExitCode.usage.rawValue }
        let directory = (try? Path.absolute(package)) ?? package
        // Checked before anything says it is building.
        guard isRegularFile(directory + "/Package.swift") else {
            output.printError(
                "cellkit: error: \(directory) has no Package.swift\n"
                    + "  PACKAGE_DIR is a plugin's package folder, the one new-plugin made; from inside it: "
                    + "cellkit plugin install .")
            return ExitCode.io.rawValue
        }
        return buildAndInstall(package: directory, into: destination, progress: "building \(directory)")
    }

    /// Builds the plugin package `directory` in release (saying so with
    /// `progress`), validates and installs it (``PluginInstaller``); then
    /// draws its cells.
    func buildAndInstall(package directory: String, into destination: String, only: String? = nil, progress: String)
        -> Int32
    {
        do throws(PluginInstaller.Failure) {
            let installed = try installer.buildAndInstall(
                package: directory, into: destination, only: only, progress: progress)
            showCells(of: installed.map(\.plugin))
            return ExitCode.success.rawValue
        } catch {
            output.printError(error.commandLineText)
            return ExitCode(error.kind).rawValue
        }
    }

    /// What builds, validates and installs plugins for the commands of
    /// `cellkit`: in this session's worker (the cells are drawn there after).
    var installer: PluginInstaller {
        PluginInstaller(
            output: output, backend: interpreter.backend, allowUnsafe: host.allowUnsafePlugins,
            describe: { [interpreter] in interpreter.describe($0) })
    }

    /// After `plugin install`: the cells the plugins register, each drawn
    /// with its defaults in a 40-column screen under its name (a section
    /// titled `PLUGIN.CELL`: a cell's defaults may draw an empty card or a
    /// bare `0%`), so the author sees their cells in the installed `cellkit`
    /// at once (the validation made them already). At most 10; a cell that
    /// cannot be drawn is reported, and the install stands.
    func showCells(of plugins: [PluginInfo]) {
        var rows: [String] = []
        for plugin in plugins {
            if interpreter.catalog.plugin(named: plugin.name) == nil { interpreter.catalog.add(plugin) }
            for item in plugin.items where Interpreter.rowKinds.contains(item.kind) {
                let name = Script.format(.text(plugin.name + "." + item.name))
                rows.append("section \(name)\nrow \(name)")
            }
        }
        guard !rows.isEmpty else { return }
        let shown = rows.prefix(Self.cellsShownAfterInstall)
        output.print(
            "its cells, with their defaults"
                + (rows.count > shown.count ? " (the first \(shown.count) of \(rows.count))" : "") + ":")
        let script = "screen Installed list width=40\n" + shown.joined(separator: "\n") + "\nrender"
        _ = interpreter.run(script, file: "<plugin install>", keepGoing: true)
    }

    /// How many cells `plugin install` draws.
    static let cellsShownAfterInstall = 10

    /// `cellkit plugin uninstall NAME [--prefix DIR]`: removes a plugin from the plugin
    /// folder `plugin install` puts it in (``pluginDestination(prefix:)``): exactly its
    /// library, its `NAME.resources` and `NAME.source`. NAME is a plugin's
    /// name; a path, or anything else that is not a name, is refused (usage error)
    /// before any file is looked at.
    func uninstallPlugin(_ name: String, prefix: String?) -> Int32 {
        guard PluginPackage.isPluginName(name) else {
            var message =
                "cellkit: error: '\(name)' is not a plugin name: plugin uninstall takes the name "
                + "of a plugin in the user plugin folder, such as CardCells, not a path"
            let installed = PluginSearchPath.userDirectory(environment: environment).map {
                PluginSearchPath(directories: [$0]).libraries().map(\.name).sorted()
            }
            if let installed, !installed.isEmpty {
                message += "\n  installed there: \(installed.joined(separator: ", "))"
            } else {
                message += "\n  `cellkit plugins` lists the plugins and where they are"
            }
            output.printError(message)
            return ExitCode.usage.rawValue
        }
        guard let directory = pluginDestination(prefix: prefix) else { return ExitCode.usage.rawValue }
        do throws(FileError) {
            let removed = try PluginPackage.uninstall(name, from: directory)
            if !removed.isEmpty {
                output.print("removed \(name): " + removed.joined(separator: ", "))
                finishUninstall(pluginDirectory: directory)
                return ExitCode.success.rawValue
            }
        } catch {
            output.printError("cellkit: error: \(error.description)")
            return ExitCode.io.rawValue
        }
        var message = "cellkit: error: no plugin named '\(name)' in \(directory)"
        let installed = PluginSearchPath(directories: [directory]).libraries().map(\.name)
        if let elsewhere = host.searchPath.find(name) {
            message += "\n  \(name) is at \(elsewhere), which plugin uninstall does not manage"
        } else if let suggestion = Suggestions.didYouMean(name, in: installed) {
            message += "\n  \(suggestion)"
        } else if !installed.isEmpty {
            message += "\n  installed there: \(installed.joined(separator: ", "))"
        }
        output.printError(message)
        return ExitCode.plugin.rawValue
    }
}
