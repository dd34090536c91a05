import CellKitSupport
import Glibc

/// Where plugins are looked for by name, in order: directories given on the
/// command line, `CELLKIT_PLUGIN_PATH` (colon-separated), the XDG default
/// `~/.local/lib/cellkit/plugins` (where `cellkit plugin install` puts
/// plugins), the directory of the `cellkit` executable (so plugins built next
/// to it by `swift build` are found), and its `plugins` folder when there is
/// one (where `cellkit install` puts the example plugins).
///
/// ```swift
/// let path = PluginSearchPath.standard(options: ["./plugins"], environment: env, executableDirectory: ".build/debug")
/// path.find("CardCells")   // "./plugins/libCardCells.so"
/// ```
package struct PluginSearchPath: Hashable, Sendable, CustomStringConvertible {
    /// The directories, first searched first.
    package var directories: [String]

    /// A search path of these directories.
    package init(directories: [String]) {
        var seen = Set<String>()
        self.directories = directories.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// The standard search path (see the type's description).
    package static func standard(
        options: [String], environment: [String: String], executableDirectory: String?
    ) -> PluginSearchPath {
        var dirs = options.flatMap { $0.split(separator: ":").map(String.init) }
        if let env = environment["CELLKIT_PLUGIN_PATH"] {
            dirs += env.split(separator: ":").map(String.init)
        }
        if let user = userDirectory(environment: environment) { dirs.append(user) }
        if let executableDirectory {
            dirs.append(executableDirectory)
            // Only in an installation: a build folder has no plugins folder.
            let installed = installedPlugins(executableDirectory: executableDirectory)
            if isDirectory(installed) { dirs.append(installed) }
        }
        return PluginSearchPath(directories: dirs)
    }

    /// The user's plugin folder, `~/.local/lib/cellkit/plugins`: where
    /// `cellkit plugin install` puts plugins.
    package static func userDirectory(environment: [String: String]) -> String? {
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/lib/cellkit/plugins"
    }

    /// The plugins installed with the `cellkit` executable in `executableDirectory`.
    package static func installedPlugins(executableDirectory: String) -> String {
        executableDirectory + "/plugins"
    }

    /// The file names a plugin called `name` may have: `libName.so`, `Name.so`.
    static func fileNames(for name: String) -> [String] {
        ["lib\(name).so", "\(name).so"]
    }

    /// The first file for plugin `name` on the path.
    package func find(_ name: String) -> String? {
        for dir in directories {
            for file in Self.fileNames(for: name) {
                let path = dir + "/" + file
                if isRegularFile(path) { return path }
            }
        }
        return nil
    }

    /// Every `.so` file on the path (not the SDK or Swift's own libraries),
    /// with the plugin name its file name implies; the first of a name wins.
    package func libraries() -> [(name: String, path: String)] {
        var result: [(String, String)] = []
        var seen = Set<String>()
        for dir in directories {
            guard let names = try? listDirectory(dir) else { continue }
            for file in names {
                guard let name = Self.pluginName(fromFile: file), seen.insert(name).inserted else { continue }
                let path = dir + "/" + file
                if isRegularFile(path) { result.append((name, path)) }
            }
        }
        return result
    }

    /// `libCardCells.so` → `CardCells`; `nil` for files that are not plugin
    /// candidates: a plugin's name is an identifier, so `libcellkit-fixture-x.so`
    /// (the test suite's broken plugins) and Swift's own libraries are skipped.
    package static func pluginName(fromFile file: String) -> String? {
        guard file.hasSuffix(".so") else { return nil }
        var name = String(file.dropLast(3))
        if name.hasPrefix("lib") { name = String(name.dropFirst(3)) }
        if !isPluginName(name) || name == "CellKit" || name.hasPrefix("swift")
            || name.hasPrefix("Foundation") || name.hasPrefix("XCTest")
            || name.hasPrefix("_") || name.hasPrefix("dispatch") || name.hasPrefix("BlocksRuntime")
        {
            return nil
        }
        return name
    }

    package var description: String { directories.joined(separator: ":") }
}
