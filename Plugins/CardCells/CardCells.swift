import CellKit

/// Nib-based cells: a profile card, a gauge, a notice box, a contact line. Their
/// `.nib` files ship as resources next to the library.
enum CardCells: Plugin {
    static let name = "CardCells"
    static let version = "0.1.0"
    static let summary = "nib-based cells: a profile card, a notice box, a contact line"

    static func register(in registrar: PluginRegistrar) throws {
        try registrar.register(ProfileCell.self, summary: "a person: name, role and a bio, in a rounded box")
        try registrar.register(
            GaugeCell.self, summary: "a name, a bar that takes the line's slack, a percentage")
        try registrar.register(nibNamed: "NoticeBox", summary: "a heading and a message in a heavy box")
        try registrar.register(nibNamed: "ContactCard", summary: "name, email and phone on one line")
    }
}

@_cdecl("cellkit_plugin_abi")
public func cellkitPluginABI() -> UInt64 { PluginABI.current }

@_cdecl("cellkit_plugin_register")
public func cellkitPluginRegister(_ registrar: UnsafeMutableRawPointer) -> Int32 {
    PluginRegistrar.run(CardCells.self, with: registrar)
}
