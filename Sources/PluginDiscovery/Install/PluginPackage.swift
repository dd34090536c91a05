@_spi(Host) import CellKit
import CellKitSupport
import Glibc

/// A plugin's package folder, as `cellkit plugin install` builds and installs
/// it: `swift build -c release`, then each plugin library the build made
/// (a `.so` with the `cellkit_plugin_register` entry point) and its
/// resources folder.
///
/// ```swift
/// let package = PluginPackage(directory: "/home/ada/WeatherCells")
/// let built = try package.build()              // [("WeatherCells", "…/.build/release/libWeatherCells.so")]
/// try PluginPackage.install(built.plugins[0], into: "/home/ada/.local/lib/cellkit/plugins")
/// ```
package struct PluginPackage: Sendable {
    /// The package folder (with `Package.swift`).
    package let directory: String

    package init(directory: String) {
        self.directory = directory
    }

    /// How many of a failed build's last lines a quiet build quotes.
    package static let failureLines = 12

    /// A plugin library a build made.
    package struct Library: Hashable, Sendable {
        /// The plugin's name, from its file name (`libWeatherCells.so` → `WeatherCells`).
        package var name: String
        /// The `.so` file.
        package var path: String
        /// Its resources folder, when it has one.
        package var resources: String?
    }

    /// Builds the package in release and returns the plugin libraries it
    /// made, and the damaged libraries it skipped (see ``libraries(in:)``).
    /// The build's own output goes to standard error; or, `quietly`, it is
    /// kept, and a failure's fix quotes its last ``failureLines`` lines.
    ///
    /// - Throws: `PluginError` when there is no `Package.swift`, `swift` cannot be
    ///   run, the build fails, or it made no plugin.
    package func build(quietly: Bool = false) throws(PluginError) -> (plugins: [Library], damaged: [ELFError]) {
        guard fileExists(directory + "/Package.swift") else {
            throw PluginError(
                .missingFile, "\(directory) has no Package.swift",
                fix: "pass the folder of a plugin package (cellkit new-plugin NAME makes one)", path: directory)
        }
        let arguments = ["swift", "build", "-c", "release"]
        let built = try run(arguments, captureOutput: quietly, captureErrors: quietly)
        guard built.status == 0 else {
            let last = built.output.split(separator: "\n").suffix(Self.failureLines).map { "  │ " + $0 }
            throw PluginError(
                .loadFailed, "swift build -c release failed in \(directory) (exit status \(built.status))",
                fix: quietly
                    ? "its last lines:\n" + last.joined(separator: "\n") + "\n  fix them, then try again"
                    : "fix the errors above, then run cellkit plugin install again", path: directory)
        }
        let binPath = try run(arguments + ["--show-bin-path"], captureOutput: true)
        let bin = String(binPath.output.split(separator: "\n").last ?? "")
        let libraries = Self.libraries(in: bin)
        guard !libraries.plugins.isEmpty else {
            throw PluginError(
                .missingEntryPoint, "the build of \(directory) made no plugin library in \(bin)",
                fix:
                    "declare a product `.library(name: \"NAME\", type: .dynamic, targets: [\"NAME\"])` whose code exports `@_cdecl(\"\(PluginABI.registerSymbol)\")` (docs/writing-a-plugin.md)",
                path: directory)
        }
        return libraries
    }

    /// The folders of the packages this package depends on by path
    /// (`.package(path:)`, the CellKit SDK of a scaffolded plugin among them),
    /// as its manifest says when `swift package dump-package` evaluates it.
    /// Only this package's manifest runs, not its dependencies' (so that each
    /// can be checked, ``PackageTrust``, before its own runs); nothing is
    /// fetched or built.
    ///
    /// - Throws: `PluginError` when `swift` cannot be run or the manifest fails.
    package func pathDependencies() throws(PluginError) -> [String] {
        let dumped = try run(["swift", "package", "dump-package"], captureOutput: true)
        guard dumped.status == 0, let manifest = try? JSONParser().parse(Array(dumped.output.utf8)) else {
            throw PluginError(
                .loadFailed,
                "swift package dump-package failed in \(directory) (exit status \(dumped.status)): its manifest, "
                    + "Package.swift, could not be read to find the packages it depends on",
                fix: "fix what it says above, then try again", path: directory)
        }
        return (manifest["dependencies"]?.arrayValue ?? []).compactMap { dependency in
            guard let path = dependency["fileSystem"]?.arrayValue?.first?["path"]?.stringValue else { return nil }
            return Path.absolute(path, relativeTo: directory)
        }
    }

    /// Runs `arguments` (`swift …`) in the package folder (``ChildProcess``).
    private func run(_ arguments: [String], captureOutput: Bool, captureErrors: Bool = false) throws(PluginError)
        -> ChildProcess.Result
    {
        do {
            return try ChildProcess.run(
                arguments, in: directory, captureOutput: captureOutput, captureErrors: captureErrors)
        } catch let error as ChildProcess.StartError {
            throw PluginError(
                .loadFailed, error.description, fix: "install a Swift toolchain, or put `swift` on PATH",
                path: directory)
        } catch {
            throw PluginError(.loadFailed, "\(error)", path: directory)
        }
    }

    /// The plugin libraries in a build folder: files named like plugins that
    /// export the registration entry point; and the files named like plugins
    /// that are damaged ELF files (skipped: none of their code is run or copied).
    package static func libraries(in directory: String) -> (plugins: [Library], damaged: [ELFError]) {
        var plugins: [Library] = []
        var damaged: [ELFError] = []
        for (name, path) in PluginSearchPath(directories: [directory]).libraries() {
            do {
                guard try ELFSymbols.defines(PluginABI.registerSymbol, in: path) else { continue }
                plugins.append(Library(name: name, path: path, resources: resources(of: name, in: directory)))
            } catch {
                damaged.append(error)
            }
        }
        return (plugins, damaged)
    }

    /// The resources folder of plugin `name` in `directory`: `NAME.resources`,
    /// or SwiftPM's `PACKAGE_NAME.resources`.
    package static func resources(of name: String, in directory: String) -> String? {
        let direct = directory + "/" + name + ".resources"
        if isDirectory(direct) { return direct }
        let names = (try? listDirectory(directory)) ?? []
        return names.first { $0.hasSuffix("_\(name).resources") && isDirectory(directory + "/" + $0) }
            .map { directory + "/" + $0 }
    }

    /// Copies a plugin library, and its resources as `NAME.resources`, into
    /// `pluginDirectory` (created if missing), replacing an older copy; with
    /// `source`, records it as the plugin's package folder (``PluginSource``),
    /// else removes an older record (the library no longer comes from there).
    ///
    /// - Returns: the paths written (the library first, the source record last).
    @discardableResult
    package static func install(_ library: Library, into pluginDirectory: String, source: String? = nil)
        throws(FileError) -> [String]
    {
        try createDirectories(pluginDirectory)
        let target = pluginDirectory + "/lib\(library.name).so"
        try copyFile(library.path, to: target)
        var written = [target]
        let resources = pluginDirectory + "/" + library.name + ".resources"
        if let source = library.resources {
            try replaceTree(resources, withCopyOf: source)
            written.append(resources)
        } else {
            try removeTree(resources)
        }
        let record = PluginSource.file(for: library.name, in: pluginDirectory)
        if let source {
            try PluginSource.record(source, for: library.name, in: pluginDirectory)
            written.append(record)
        } else {
            try removeTree(record)
        }
        return written
    }

    /// Whether `name` can be a plugin's name: what a library file `libNAME.so` on the
    /// search path would be called (an identifier, not `CellKit` nor a runtime library).
    /// A path (`../x`), a name with a slash or a dot is not one.
    package static func isPluginName(_ name: String) -> Bool {
        PluginSearchPath.pluginName(fromFile: "lib\(name).so") == name
    }

    /// Removes plugin `name` from `pluginDirectory`: exactly the files `install` writes
    /// for it, `libNAME.so` (or `NAME.so`), `NAME.resources` and `NAME.source`, never another plugin's.
    /// A symbolic link among them is removed, not followed.
    ///
    /// - Returns: the paths removed; empty when the plugin was not there.
    /// - Throws: `FileError` (`.remove`), with `EINVAL` when `name` is not a plugin name
    ///   (see ``isPluginName(_:)``), so that nothing outside the folder is touched.
    package static func uninstall(_ name: String, from pluginDirectory: String) throws(FileError) -> [String] {
        guard isPluginName(name) else {
            throw FileError(
                path: name, operation: .remove, errno: EINVAL, reason: "it is not a plugin name",
                fix: "give the name of an installed plugin, such as CardCells")
        }
        var removed: [String] = []
        for file in PluginSearchPath.fileNames(for: name) {
            let path = pluginDirectory + "/" + file
            if isRegularFile(path) {
                try removeTree(path)
                removed.append(path)
            }
        }
        guard !removed.isEmpty else { return [] }
        let resources = pluginDirectory + "/" + name + ".resources"
        for path in [resources, PluginSource.file(for: name, in: pluginDirectory)]
        where (try? fileInfo(path, followingSymbolicLinks: false)) != nil {
            try removeTree(path)
            removed.append(path)
        }
        return removed
    }
}
