import CellKit

/// Code-drawn cells: text, key/value, progress bar, status badge, section header and footer.
enum BasicCells: Plugin {
    static let name = "BasicCells"
    static let version = "0.1.0"
    static let summary = "code-drawn cells: text, key/value, progress, badge, section header and footer"

    static func register(in registrar: PluginRegistrar) throws {
        try registrar.register(TextCell.self, summary: "a line of text")
        try registrar.register(KeyValueCell.self, summary: "a key on the left, its value right-aligned")
        try registrar.register(ProgressCell.self, summary: "a label, a bar that fills the row, a percentage")
        try registrar.register(BadgeCell.self, summary: "a coloured status badge and a description")
        try registrar.register(
            SectionHeader.self, summary: "a section title, subtitle, rule and detail")
        try registrar.register(SectionFooter.self, summary: "a dim line of text under a section")
    }
}

@_cdecl("cellkit_plugin_abi")
public func cellkitPluginABI() -> UInt64 { PluginABI.current }

@_cdecl("cellkit_plugin_register")
public func cellkitPluginRegister(_ registrar: UnsafeMutableRawPointer) -> Int32 {
    PluginRegistrar.run(BasicCells.self, with: registrar)
}
