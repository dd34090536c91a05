@_spi(Host) import CellKit
import CellKitSupport
import Glibc
import PluginDiscovery
import WorkerProtocol

/// Builds a plugin package in release, loads and validates what it makes in
/// a worker, and only then installs it, recording the package
/// (``PluginSource``): what `cellkit plugin install`, `cellkit plugin rebuild`
/// and a `load` of a stale plugin under `set rebuild=auto` share. It prints
/// the progress line and the `installed …` lines; what went wrong it throws,
/// for the caller to report as its own error (a command line's, or a `load`'s
/// at its file:line:col).
///
/// ```swift
/// let installer = PluginInstaller(output: output, backend: worker, allowUnsafe: false)
/// try installer.rebuild("WeatherCells", installedAt: "/home/ada/.local/lib/cellkit/plugins/libWeatherCells.so")
/// ```
struct PluginInstaller {
    /// Where the progress line and the `installed …` lines go.
    let output: ConsoleOutput
    /// The worker the new libraries are loaded and validated in.
    let backend: any PluginBackend
    /// Whether they are loaded even from folders others can write (`--allow-unsafe-plugins`).
    let allowUnsafe: Bool
    /// A worker's failure as text (``LoadedPlugins/describe(_:)``).
    var describe: (WorkerFailure) -> String = { "\($0)" }
    /// For a `load`: the build's output is kept (its last lines quoted if it
    /// fails), the progress line is shown only on a terminal, and
    /// `installed …` is a note (not standard output).
    var forLoad = false

    /// Why nothing (or not everything) was installed.
    struct Failure: Error {
        /// What went wrong, in one sentence.
        var message: String
        /// Lines before the message: the validation's failures.
        var details: [String] = []
        /// How to fix it.
        var fix: String?
        /// The exit status a command line reports it with.
        var kind: ConsoleError.Kind

        /// As a command line reports it: the details, then `cellkit: error: …` and the fix.
        var commandLineText: String {
            (details.map { "✗ \($0)\n" }.joined()) + "cellkit: error: \(message)" + (fix.map { "\n  \($0)" } ?? "")
        }
    }

    /// A plugin installed: what it is, how many of its items validated, the paths written.
    struct Installed {
        var plugin: PluginInfo
        var checked: Int
        var written: [String]
    }

    /// How a refused build is granted anyway: for a `load`, as a load is
    /// (``TrustPolicy/override``); for a command line, its flag.
    var trustOverride: String {
        forLoad ? TrustPolicy.override : "or, if you trust it, run cellkit with --allow-unsafe-plugins"
    }

    /// Builds plugin `name` (installed at `path`) again from the package
    /// `plugin install` recorded for it, validates it and installs it where
    /// it was, saying so with a progress line. A plugin with no recorded
    /// package, or whose package is gone, is refused with the command that fixes it.
    func rebuild(_ name: String, installedAt path: String) throws(Failure) -> [Installed] {
        let directory = Path.dirname(path)
        guard let source = PluginSource.recorded(for: name, in: directory) else {
            throw Failure(
                message: "\(name) (\(path)) has no recorded package: `cellkit plugin install` did not install it",
                fix: "rebuild and install it from its package: cellkit plugin install PACKAGE_DIR", kind: .plugin)
        }
        guard isRegularFile(source + "/Package.swift") else {
            throw Failure(
                message: "the package \(name) was installed from, \(source), is gone",
                fix: "put it back there, or install it from where it is now: cellkit plugin install PACKAGE_DIR",
                kind: .io)
        }
        return try buildAndInstall(
            package: source, into: directory, only: name, progress: "rebuilding \(name) from \(source)",
            refusing: "\(name) from \(source)")
    }

    /// Builds the plugin package `directory` in release (saying so with
    /// `progress`), loads and validates each plugin it makes (or only
    /// `only`), and only then installs them into `destination`, recording
    /// `directory` as their source.
    ///
    /// What is built runs as this user, and a build is not asked for file by
    /// file: unless ``allowUnsafe``, a package that another user could change
    /// (any file or folder the build reads, its path dependencies', or a
    /// folder above them: ``PackageTrust``) is not built, as such a plugin
    /// is not loaded; the refusal names `refusing` as what was not built.
    func buildAndInstall(
        package directory: String, into destination: String, only: String? = nil, progress: String,
        refusing: String? = nil
    ) throws(Failure) -> [Installed] {
        // A scaffolded plugin finds the SDK through CELLKIT_SDK: this cellkit's, unless the user chose one.
        if getenv(PluginScaffold.sdkVariable) == nil {
            setenv(PluginScaffold.sdkVariable, PluginScaffold.defaultSDKPath, 1)
        }
        if !allowUnsafe {
            do throws(PluginError) {
                try PackageTrust().check(package: directory) { folder throws(PluginError) in
                    try PluginPackage(directory: folder).pathDependencies()
                }
            } catch  where error.code == .unsafePermissions {
                throw Failure(
                    message: "refusing to build \(refusing ?? directory): \(error.message)",
                    fix: (error.fix.map { $0 + ", " } ?? "") + trustOverride, kind: .plugin)
            } catch {
                throw Failure(message: error.message, fix: error.fix, kind: .plugin)
            }
        }
        if !forLoad || isatty(2) == 1 { output.printError("\(progress) (swift build -c release)") }
        var libraries: [PluginPackage.Library]
        do throws(PluginError) {
            let built = try PluginPackage(directory: directory).build(quietly: forLoad)
            libraries = built.plugins
            for error in built.damaged { output.printError("cellkit: warning: skipped \(error.description)") }
        } catch {
            throw Failure(message: error.message, fix: error.fix, kind: error.code == .missingFile ? .io : .plugin)
        }
        if let only {
            libraries = libraries.filter { $0.name == only }
            guard !libraries.isEmpty else {
                throw Failure(
                    message: "the package at \(directory) no longer makes the plugin \(only); nothing was installed",
                    fix: "if it was renamed, install it under its new name: cellkit plugin install \(directory)",
                    kind: .plugin)
            }
        }
        // Loaded and validated by the worker, as `cellkit validate` does: no
        // plugin code runs in this process.
        var loaded: [(library: PluginPackage.Library, plugin: PluginInfo)] = []
        var checked = 0
        var failures: [String] = []
        do throws(BackendError) {
            for library in libraries {
                let (plugin, _) = try backend.load(
                    path: Path.canonical(library.path) ?? library.path, allowUnsafe: allowUnsafe)
                loaded.append((library, plugin))
            }
            let report = try backend.validate(plugins: loaded.map(\.plugin.name))
            checked = report.checked
            failures = report.failures.map(\.description)
        } catch {
            switch error {
            case .plugin(let error): failures.append(error.description)
            case .worker(let failure): failures.append(describe(failure))
            case .render(let failure), .output(let failure): failures.append(failure.description)
            }
        }
        guard failures.isEmpty else {
            throw Failure(
                message: "\(directory) did not validate; nothing was installed", details: failures, kind: .plugin)
        }
        var installed: [Installed] = []
        for (library, plugin) in loaded {
            do throws(FileError) {
                let written = try PluginPackage.install(library, into: destination, source: directory)
                installed.append(Installed(plugin: plugin, checked: checked, written: written))
                let line =
                    (forLoad ? "rebuilt and installed " : "installed ")
                    + "\(plugin.name) \(plugin.version) (\(counted(checked, "item")) validated): "
                    + written.joined(separator: ", ")
                if forLoad { output.printNote(line) } else { output.print(line) }
            } catch {
                throw Failure(message: error.description, kind: .io)
            }
        }
        return installed
    }
}
