@_spi(Host) import CellKit
import CellKitSupport
import Glibc
@_spi(Host) import PluginDiscovery

/// Loads plugins and answers questions about what they provide: the host
/// side of the plugin boundary.
///
/// ```swift
/// let host = PluginHost(searchPath: .standard(options: [], environment: env, executableDirectory: exeDir))
/// let result = try host.load("CardCells")
/// print(result.message)   // loaded CardCells 0.1.0 from .build/debug/libCardCells.so: 3 cells, 2 nibs
/// let item = try host.registry.resolve("ProfileCell", kinds: [.cell, .nib])
/// let cell = try host.makeView(item)
/// ```
package final class PluginHost {
    /// Where plugins are, whether they may be loaded, and the registry cache.
    package let locator: PluginLocator
    /// Every loaded plugin and what it registered.
    package let registry: PluginRegistry

    /// Where plugins are found by name.
    package var searchPath: PluginSearchPath {
        get { locator.searchPath }
        set { locator.searchPath = newValue }
    }
    /// Load plugins even when their files or directories are writable by others (`--allow-unsafe-plugins`).
    package var allowUnsafePlugins: Bool {
        get { locator.allowUnsafePlugins }
        set { locator.allowUnsafePlugins = newValue }
    }
    /// The permission check applied before loading, and before the cache scans a library.
    package var trustPolicy: TrustPolicy {
        get { locator.trustPolicy }
        set { locator.trustPolicy = newValue }
    }
    /// What is known about plugins without loading them; `nil` to use none.
    package var cache: RegistryCache? {
        get { locator.cache }
        set { locator.cache = newValue }
    }

    /// Creates a host.
    package init(
        searchPath: PluginSearchPath, allowUnsafePlugins: Bool = false, trustPolicy: TrustPolicy = TrustPolicy(),
        registry: PluginRegistry = PluginRegistry(), cache: RegistryCache? = nil
    ) {
        self.locator = PluginLocator(
            searchPath: searchPath, allowUnsafePlugins: allowUnsafePlugins, trustPolicy: trustPolicy, cache: cache)
        self.registry = registry
    }

    /// The outcome of ``load(_:allowUnsafe:)``.
    package struct LoadResult: Sendable {
        /// The plugin, newly loaded or loaded before.
        package let plugin: LoadedPlugin
        /// Whether it was loaded already (the call did nothing).
        package let wasAlreadyLoaded: Bool

        /// `loaded CardCells 0.1.0 from …: 3 cells, 2 nibs`, or that it was already loaded.
        package var message: String {
            let from = plugin.path.map { " from \(displayPath($0))" } ?? ""
            if wasAlreadyLoaded { return "\(plugin.name) is already loaded\(from); nothing to do" }
            return "loaded \(plugin.name) \(plugin.version)\(from): \(plugin.contentsSummary)"
        }
    }

    /// Loads a plugin by name (looked up on the search path) or by path
    /// (anything containing `/` or ending in `.so`).
    ///
    /// Loading a plugin that is already loaded does nothing and says so.
    /// Every refusal leaves the registry unchanged.
    package func load(_ nameOrPath: String, allowUnsafe: Bool? = nil) throws(PluginError) -> LoadResult {
        let isPath = nameOrPath.contains("/") || nameOrPath.hasSuffix(".so")
        if !isPath, let plugin = registry.plugin(named: nameOrPath) {
            return LoadResult(plugin: plugin, wasAlreadyLoaded: true)
        }
        let path: String
        if isPath {
            path = nameOrPath
        } else {
            guard let found = searchPath.find(nameOrPath) else { throw locator.notFound(nameOrPath) }
            path = found
        }
        let canonical = Path.canonical(path) ?? path
        if let plugin = registry.plugin(atPath: canonical) {
            return LoadResult(plugin: plugin, wasAlreadyLoaded: true)
        }
        guard fileExists(canonical) else {
            throw PluginError(
                .missingFile, "\(path): no such file", fix: "check the path, or build the plugin first (swift build)",
                path: path)
        }
        // The path as given (a link in a directory others can write is refused) and the file it leads to.
        if !(allowUnsafe ?? allowUnsafePlugins) { try trustPolicy.check(path) }
        let (plugin, registrar) = try PluginLoader.load(path: canonical)
        try registry.add(plugin)
        registrar.commitResources()
        cache?.record(plugin, status: try? fileInfo(canonical))
        return LoadResult(plugin: plugin, wasAlreadyLoaded: false)
    }

    /// The library file of the plugin `name` on the search path (``PluginLocator/locate(_:)``).
    package func locate(_ name: String) throws(PluginError) -> String {
        try locator.locate(name)
    }

    /// The plugin the cache says registers `name` (``PluginLocator/cachedProvider(of:kinds:)``).
    package func cachedProvider(of name: String, kinds: Set<PluginRegistration.Kind>?) -> (
        plugin: String, path: String
    )? {
        locator.cachedProvider(of: name, kinds: kinds)
    }

    /// Registers a plugin compiled into this process (tests, embedding): the
    /// same registration and all-or-nothing merge, without `dlopen`.
    @discardableResult
    package func register<P: Plugin>(inProcess plugin: P.Type) throws(PluginError) -> LoadResult {
        if let loaded = registry.plugin(named: P.name) { return LoadResult(plugin: loaded, wasAlreadyLoaded: true) }
        let registrar = PluginRegistrar(imagePath: nil)
        guard registrar.run(plugin) == 0 else {
            throw PluginError(
                .registrationFailed, "\(P.name) failed to register: \(registrar.failure.map { "\($0)" } ?? "")",
                cause: registrar.failure)
        }
        let loaded = LoadedPlugin(
            name: registrar.pluginName, version: registrar.pluginVersion, summary: registrar.pluginSummary, path: nil,
            abiVersion: PluginABI.version, compilerVersion: PluginABI.compilerVersion,
            registrations: registrar.registrations)
        try registry.add(loaded)
        registrar.commitResources()
        return LoadResult(plugin: loaded, wasAlreadyLoaded: false)
    }

    /// A new view of a registered cell, nib, or header/footer type.
    package func makeView(_ item: RegisteredItem) throws(PluginError) -> ReusableView {
        guard let make = item.registration.makeView else {
            throw PluginError(.unknownName, "\(item.qualifiedName) is a \(item.kind.noun(plural: false)), not a view")
        }
        do {
            return try make()
        } catch {
            throw PluginError(
                .loadFailed, "could not make a \(item.qualifiedName): \(error)", fix: error.fix, cause: error)
        }
    }

    /// A deferred factory for a cell by name: resolved now if its plugin is
    /// loaded; otherwise the plugin that the cache says provides it is loaded
    /// on the first ``Loader/load()`` — the `dlopen` itself is deferred.
    package func loader(for name: String, kinds: Set<PluginRegistration.Kind>? = nil) throws(PluginError) -> Loader<
        ReusableView
    > {
        if let item = try? registry.resolve(name, kinds: kinds) {
            let make = item.registration.makeView
            return Loader { () throws(CellKitError) -> ReusableView in
                guard let make else { throw CellKitError(.typeMismatch, "\(item.qualifiedName) is not a view") }
                return try make()
            }
        }
        guard let (pluginName, _) = locator.cachedProvider(of: name, kinds: kinds) else {
            _ = try registry.resolve(name, kinds: kinds)  // throws the right error
            throw PluginError(.unknownName, "no cell named '\(name)'")
        }
        let registry = self.registry
        nonisolated(unsafe) let host = self
        return Loader { () throws -> ReusableView in
            if registry.plugin(named: pluginName) == nil { _ = try host.load(pluginName) }
            let item = try registry.resolve(name, kinds: kinds)
            return try host.makeView(item)
        }
    }

}
