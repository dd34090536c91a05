@_spi(Host) import CellKit
import CellKitSupport
import Glibc

/// Where plugins are and whether they may be loaded, without loading any:
/// the search path, the trust policy, and the registry cache. What the
/// session needs to name, find and describe plugins; `PluginHost` (in the
/// worker's PluginRuntime) loads them.
///
/// ```swift
/// let plugins = PluginLocator(searchPath: .standard(options: [], environment: env, executableDirectory: exeDir))
/// let path = try plugins.locate("CardCells")   // .build/debug/libCardCells.so
/// ```
package final class PluginLocator {
    /// Where plugins are found by name.
    package var searchPath: PluginSearchPath
    /// Load plugins even when their files or directories are writable by
    /// others (`--allow-unsafe-plugins`); scanning for the cache is loading,
    /// so it applies to the cache's scans too.
    package var allowUnsafePlugins: Bool {
        didSet { configureCache() }
    }
    /// The permission check applied before loading, and before the cache scans a library.
    package var trustPolicy: TrustPolicy {
        didSet { configureCache() }
    }
    /// What is known about plugins without loading them; `nil` to use none.
    package var cache: RegistryCache? {
        didSet { configureCache() }
    }

    /// Creates a locator.
    package init(
        searchPath: PluginSearchPath, allowUnsafePlugins: Bool = false, trustPolicy: TrustPolicy = TrustPolicy(),
        cache: RegistryCache? = nil
    ) {
        self.searchPath = searchPath
        self.allowUnsafePlugins = allowUnsafePlugins
        self.trustPolicy = trustPolicy
        self.cache = cache
        configureCache()
    }

    /// The cache applies the trust policy before it scans (opens) a library.
    private func configureCache() {
        cache?.trustPolicy = allowUnsafePlugins ? nil : trustPolicy
    }

    /// The library file of the plugin `name` on the search path, or the
    /// error `load` would give (naming the nearest plugin there is).
    package func locate(_ name: String) throws(PluginError) -> String {
        guard let found = searchPath.find(name) else { throw notFound(name) }
        return found
    }

    /// The plugin (name, path) the cache says registers `name`, without loading anything.
    package func cachedProvider(of name: String, kinds: Set<PluginRegistration.Kind>?) -> (
        plugin: String, path: String
    )? {
        guard let cache else { return nil }
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        for record in cache.records(for: searchPath) where record.isPlugin {
            if parts.count == 2, record.name != parts[0] { continue }
            let short = parts.last ?? name
            if record.registrations.contains(where: { $0.name == short && (kinds?.contains($0.kind) ?? true) }) {
                return (record.name, record.path)
            }
        }
        return nil
    }

    /// The error for a plugin `name` that is not on the search path (naming the nearest there is).
    package func notFound(_ name: String) -> PluginError {
        let available = searchPath.libraries().map(\.name)
        let unbuilt = unbuiltPackagePlugins(available: available)
        var fix = "searched: " + searchPath.directories.map(displayPath).joined(separator: ", ")
        var unbuiltMatch: String?
        if unbuilt.contains(name) {
            unbuiltMatch = name
        } else if let near = Suggestions.nearest(to: name, in: available + unbuilt) {
            fix = "did you mean '\(near)'? " + fix
            if unbuilt.contains(near) { unbuiltMatch = near }
        } else if !available.isEmpty {
            fix = "available: \(available.joined(separator: ", ")); " + fix
        }
        if let unbuiltMatch {
            // `swift run cellkit` builds the executable only; `swift build` builds the plugins too.
            fix +=
                "\n  \(unbuiltMatch) is a plugin of this package that is not built: "
                + "`swift build` builds it (`swift run` builds only cellkit)"
        }
        return PluginError(.notFound, "no plugin named '\(name)' on the plugin path", fix: fix)
    }

    /// The plugins of a SwiftPM checkout whose build directory is on the path
    /// (`ROOT/.build/…`, with their sources in `ROOT/Plugins/NAME`) that are
    /// not built: the only case where `swift build` is the fix.
    private func unbuiltPackagePlugins(available: [String]) -> [String] {
        var names: [String] = []
        for directory in searchPath.directories {
            guard let build = directory.firstRange(of: "/.build/") else { continue }
            let root = String(directory[..<build.lowerBound])
            guard fileExists(root + "/Package.swift"), let folders = try? listDirectory(root + "/Plugins") else {
                continue
            }
            for folder in folders.sorted()
            where !available.contains(folder) && !names.contains(folder)
                && (try? fileInfo(root + "/Plugins/" + folder))??.isDirectory == true
            {
                names.append(folder)
            }
        }
        return names
    }
}

/// `path` relative to the working directory when it is inside it.
package func displayPath(_ path: String) -> String {
    guard let cwd = try? Path.currentDirectory() else { return path }
    if path.hasPrefix(cwd + "/") { return String(path.dropFirst(cwd.count + 1)) }
    if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty, path.hasPrefix(home + "/") {
        return "~" + path.dropFirst(home.count)
    }
    return path
}
