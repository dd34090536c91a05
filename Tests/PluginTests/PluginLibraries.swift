@_spi(Host) import CellKit
import Glibc
import TestSupport
import Testing

/// The example plugins as a host sees them: the built `libBasicCells.so` and
/// `libChartCells.so`, opened with `dlopen` and registered through their C
/// entry points. Every test reaches cells through these registrations, by
/// name, as the console does.
///
/// (The test target cannot link the plugin targets themselves: both export
/// the same C entry points, so one test binary holding both fails to link.)
struct PluginLibrary: Sendable {
    /// `BasicCells`.
    let name: String
    /// The `.so` that was opened.
    let path: String
    /// What `cellkit_plugin_abi` returned.
    let abi: UInt64
    /// What `cellkit_plugin_register` returned.
    let status: Int32
    /// The error registration threw, if it did.
    let failure: String?
    /// The plugin's name, version and summary, as it declared them.
    let declared: (name: String, version: String, summary: String)
    /// Everything registered, in order.
    let registrations: [PluginRegistration]

    static let basicCells = Result { try load("BasicCells") }
    static let chartCells = Result { try load("ChartCells") }
    static let cardCells = Result { try load("CardCells") }

    /// Both plugins' registrations by name.
    static func all() throws -> [String: PluginRegistration] {
        var byName: [String: PluginRegistration] = [:]
        for library in [try basicCells.get(), try chartCells.get(), try cardCells.get()] {
            for registration in library.registrations { byName[registration.name] = registration }
        }
        return byName
    }

    /// A new view of the registered type `name`.
    static func make(_ name: String) throws -> ReusableView {
        let registration = try #require(try all()[name], "no plugin registers '\(name)'")
        let make = try #require(registration.makeView, "'\(name)' is not a view")
        return try make()
    }

    /// The directory the test binary (and every built product) is in.
    static var buildDirectory: String { TestPaths.buildDirectory }

    struct LoadError: Error, CustomStringConvertible {
        let description: String
    }

    /// Opens `lib<name>.so` from the build directory and runs its registration.
    static func load(_ name: String) throws -> PluginLibrary {
        let path = buildDirectory + "/lib\(name).so"
        guard let handle = dlopen(path, RTLD_NOW | RTLD_NODELETE) else {
            throw LoadError(description: "dlopen \(path): \(String(cString: dlerror()))")
        }
        guard let abiSymbol = dlsym(handle, PluginABI.abiSymbol),
            let registerSymbol = dlsym(handle, PluginABI.registerSymbol)
        else {
            throw LoadError(description: "\(path) lacks an entry point: \(String(cString: dlerror()))")
        }
        typealias ABIFunction = @convention(c) () -> UInt64
        typealias RegisterFunction = @convention(c) (UnsafeMutableRawPointer) -> Int32
        let abi = unsafeBitCast(abiSymbol, to: ABIFunction.self)()
        let registrar = PluginRegistrar(imagePath: path)
        let status = withExtendedLifetime(registrar) {
            unsafeBitCast(registerSymbol, to: RegisterFunction.self)(Unmanaged.passUnretained(registrar).toOpaque())
        }
        return PluginLibrary(
            name: name, path: path, abi: abi, status: status, failure: registrar.failure.map { "\($0)" },
            declared: (registrar.pluginName, registrar.pluginVersion, registrar.pluginSummary),
            registrations: registrar.registrations)
    }
}
