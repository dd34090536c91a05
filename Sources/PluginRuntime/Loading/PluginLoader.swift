@_spi(Host) import CellKit
import Glibc
import PluginDiscovery
import Synchronization

/// Opens a plugin library and runs it through the gate, in order: `dlopen`
/// (`RTLD_NOW`, so a plugin built against another SDK fails on an undefined
/// symbol), the ABI entry point (checked before any of the plugin's Swift
/// code runs), then registration into a fresh ``PluginRegistrar``.
enum PluginLoader {
    typealias ABIEntry = @convention(c) () -> UInt64
    typealias RegisterEntry = @convention(c) (UnsafeMutableRawPointer) -> Int32

    /// Loads the library at `path` (already trust-checked) and returns what it registered.
    static func load(path: String) throws(PluginError) -> (LoadedPlugin, PluginRegistrar) {
        let library = try open(path)
        let (abiVersion, compiler) = try checkABI(library)
        guard let registerSymbol = library.symbol(PluginABI.registerSymbol) else {
            throw missingEntry(PluginABI.registerSymbol, path: path)
        }
        let registrar = PluginRegistrar(imagePath: path)
        let register = unsafeBitCast(registerSymbol, to: RegisterEntry.self)
        ExitGuard.install()
        ExitGuard.registering.withLock { $0 = path }
        let status = withExtendedLifetime(registrar) { register(Unmanaged.passUnretained(registrar).toOpaque()) }
        ExitGuard.registering.withLock { $0 = nil }
        guard status == 0 else {
            let name = registrar.pluginName.isEmpty ? path : registrar.pluginName
            if let error = registrar.failure as? CellKitError, error.code == .duplicateName {
                throw PluginError(.duplicateName, error.message, fix: error.fix, path: path, cause: error)
            }
            throw PluginError(
                .registrationFailed,
                "\(name) failed to register: \(registrar.failure.map { "\($0)" } ?? "status \(status)")",
                fix: "nothing from it was added; fix the plugin and load it again", path: path, cause: registrar.failure
            )
        }
        let plugin = LoadedPlugin(
            name: registrar.pluginName, version: registrar.pluginVersion, summary: registrar.pluginSummary, path: path,
            abiVersion: abiVersion, compilerVersion: compiler, registrations: registrar.registrations)
        return (plugin, registrar)
    }

    /// Opens the library; a plugin refused for a symbol the SDK does not have
    /// is refused by the version gate instead, with both versions and the fix,
    /// when it says it was built against another major version (PluginABIProbe).
    static func open(_ path: String) throws(PluginError) -> DynamicLibrary {
        do {
            return try DynamicLibrary.open(path)
        } catch {
            guard error.code == .undefinedSymbol, let reported = PluginABIProbe.reportedBuild(path: path),
                var refusal = versionRefusal(
                    pluginVersion: reported.abiVersion, hostVersion: PluginABI.version, path: path)
            else { throw error }
            refusal.cause = error
            throw refusal
        }
    }

    /// Reads the ABI the plugin was built against and refuses a mismatch.
    static func checkABI(_ library: DynamicLibrary) throws(PluginError) -> (UInt32, UInt32) {
        let (version, compiler) = try reportedBuild(library)
        if let refusal = versionRefusal(pluginVersion: version, hostVersion: PluginABI.version, path: library.path) {
            throw refusal
        }
        if compiler != PluginABI.compilerVersion {
            throw PluginError(
                .compilerMismatch,
                "\(library.path) was built with Swift \(PluginABI.compilerDescription(compiler)), but this cellkit was built with Swift \(PluginABI.compilerDescription(PluginABI.compilerVersion))",
                fix: "rebuild it with this cellkit's toolchain: cellkit plugin rebuild, or swift build in its package "
                    + "with the Swift of swift --version", path: library.path)
        }
        return (version, compiler)
    }

    /// The SDK version and compiler the plugin at `path` reports having been
    /// built with, read from its ABI entry point without the checks (nothing of
    /// the plugin runs but that function); for a plugin the gate refused.
    static func reportedBuild(path: String) -> (abiVersion: UInt32, compilerVersion: UInt32)? {
        guard let library = try? DynamicLibrary.open(path) else { return nil }
        return try? reportedBuild(library)
    }

    /// What the library's ABI entry point reports: the SDK version and the compiler.
    private static func reportedBuild(_ library: DynamicLibrary) throws(PluginError) -> (UInt32, UInt32) {
        guard let abiSymbol = library.symbol(PluginABI.abiSymbol) else {
            throw missingEntry(PluginABI.abiSymbol, path: library.path)
        }
        return PluginABI.decode(unsafeBitCast(abiSymbol, to: ABIEntry.self)())
    }

    /// Why a plugin built against SDK `pluginVersion` (``PluginABI/version``'s
    /// `major << 16 | minor`) cannot run in a host of `hostVersion`, or `nil`
    /// when it can: the same major version, and a minor version no newer
    /// than the host's (docs/abi-policy.md).
    static func versionRefusal(pluginVersion: UInt32, hostVersion: UInt32, path: String) -> PluginError? {
        let plugin = PluginABI.versionDescription(pluginVersion)
        let host = PluginABI.versionDescription(hostVersion)
        if pluginVersion >> 16 != hostVersion >> 16 {
            return PluginError(
                .abiMismatch,
                "\(path) was built against CellKit SDK \(plugin), but this cellkit has SDK \(host): "
                    + "a plugin loads only in a cellkit of the same major version",
                fix: pluginVersion >> 16 < hostVersion >> 16
                    ? "rebuild the plugin against this cellkit's SDK: cellkit plugin rebuild, or swift build in its package"
                    : "use a cellkit of SDK \(pluginVersion >> 16).x, or rebuild the plugin against this cellkit's SDK",
                path: path)
        }
        if pluginVersion & 0xFFFF > hostVersion & 0xFFFF {
            return PluginError(
                .abiMismatch,
                "\(path) needs CellKit SDK \(plugin) or newer, but this cellkit has SDK \(host)",
                fix:
                    "update cellkit to one with SDK \(plugin) or later, or rebuild the plugin against this cellkit's SDK",
                path: path)
        }
        return nil
    }

    static func missingEntry(_ symbol: String, path: String) -> PluginError {
        PluginError(
            .missingEntryPoint, "\(path) is a shared library but not a CellKit plugin: it has no \(symbol) entry point",
            fix:
                "export it with @_cdecl(\"\(symbol)\") as docs/writing-a-plugin.md shows (cellkit new-plugin writes it for you)",
            path: path)
    }
}

/// A plugin that calls `exit()` while it registers ends the process that
/// loads it (a worker, a scanner), with no word. An `on_exit` handler notices
/// that a registration was running and says so on standard error (the
/// worker's log); the process then ends with the status the plugin gave, so
/// that the session can say exactly what happened: "called exit(0)".
enum ExitGuard {
    /// The library whose registration is running, if one is.
    static let registering = Mutex<String?>(nil)
    private static let installed = Atomic<Bool>(false)

    static func install() {
        guard !installed.exchange(true, ordering: .sequentiallyConsistent) else { return }
        _ = on_exit(
            { status, _ in
                guard let path = ExitGuard.registering.withLock({ $0 }) else { return }
                let text = Array(
                    ("the plugin \(path) called exit(\(status)) while registering, which ends the process that "
                        + "loads it\n  a plugin must return from its registration (or throw), never end the "
                        + "process\n").utf8)
                _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            }, nil)
    }
}
