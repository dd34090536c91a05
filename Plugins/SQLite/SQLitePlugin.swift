import CellKit

/// The plugin that teaches cellkit to read SQLite databases: one data
/// source, `sqlite`, for files named `.db`, `.sqlite` or `.sqlite3` (or any
/// file, with `format=sqlite`). It ships with cellkit and is built as any
/// third-party source would be: it proves the seam (docs/writing-a-data-source.md).
enum SQLite: Plugin {
    static let name = "SQLite"
    static let version = "1.0.0"
    static let summary = "reads SQLite databases (table= or query=), read-only"

    static func register(in registrar: PluginRegistrar) throws {
        try registrar.register(SQLiteSource.self)
    }
}

@_cdecl("cellkit_plugin_abi")
public func cellkitPluginABI() -> UInt64 { PluginABI.current }

@_cdecl("cellkit_plugin_register")
public func cellkitPluginRegister(_ registrar: UnsafeMutableRawPointer) -> Int32 {
    PluginRegistrar.run(SQLite.self, with: registrar)
}
