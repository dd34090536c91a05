/// A plugin: a shared library that registers cells, header and footer
/// views, nibs, storyboards and loaders under its name.
///
/// Declare one type conforming to `Plugin`, and export the two entry points
/// the host looks for (the `cellkit new-plugin` template writes them):
///
/// ```swift
/// import CellKit
///
/// enum WeatherCells: Plugin {
///     static let name = "WeatherCells"
///     static let version = "1.0.0"
///     static func register(in registrar: PluginRegistrar) throws {
///         try registrar.register(ForecastCell.self, summary: "a day's forecast")
///         try registrar.register(nibNamed: "ForecastCell")
///     }
/// }
///
/// @_cdecl("cellkit_plugin_abi")
/// public func cellkitPluginABI() -> UInt64 { PluginABI.current }
///
/// @_cdecl("cellkit_plugin_register")
/// public func cellkitPluginRegister(_ registrar: UnsafeMutableRawPointer) -> Int32 {
///     PluginRegistrar.run(WeatherCells.self, with: registrar)
/// }
/// ```
public protocol Plugin: SendableMetatype {
    /// The namespace everything is registered under: `WeatherCells.ForecastCell`.
    static var name: String { get }
    /// The plugin's own version, shown by `cellkit plugins`.
    static var version: String { get }
    /// One line about the plugin.
    static var summary: String { get }
    /// Registers what the plugin provides. Throwing leaves nothing registered.
    static func register(in registrar: PluginRegistrar) throws
}

// MARK: - Default implementations

extension Plugin {
    /// No summary: an empty line.
    public static var summary: String { "" }
}
