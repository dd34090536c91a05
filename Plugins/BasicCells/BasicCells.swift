import CellKit

/// Code-drawn cells: text, key/value, progress bar, status badge, section header and footer.
enum BasicCells: Plugin {
    static let name = "BasicCells"
    static let version = "0.1.0"
    static let summary = "code-drawn cells: text, key/value, progress, badge, section header and footer"

    static func register(in registrar: PluginRegistrar) throws {
        try registrar.register(cellType: TextCell.self, summary: "a line of text")
    }
}

@_cdecl("cellkit_plugin_abi")
public func cellkitPluginABI() -> UInt64 { PluginABI.current }

@_cdecl("cellkit_plugin_register")
public func cellkitPluginRegister(_ registrar: UnsafeMutableRawPointer) -> Int32 {
    PluginRegistrar.run(BasicCells.self, with: registrar)
}
