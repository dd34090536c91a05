import CellKit

/// Code-drawn cells: text, key/value, progress bar, status badge, section header and footer.
enum BasicCells: Plugin {
    static let name = "BasicCells"
    static let version = "0.1.0"
    static let summary = "code-drawn cells: text, key/value, progress, badge, section header and footer"

    static func register(in registrar: PluginRegistrar) throws {
        try registrar.register(cellType: TextCell.self, summary: "a line of text")
        try registrar.register(cellType: KeyValueCell.self, summary: "a key on the left, its value right-aligned")
        try registrar.register(cellType: ProgressCell.self, summary: "a label, a bar that fills the row, a percentage")
        try registrar.register(cellType: BadgeCell.self, summary: "a coloured status badge and a description")
        try registrar.register(
            headerFooterViewType: SectionHeader.self, summary: "a section title, subtitle, rule and detail")
        try registrar.register(headerFooterViewType: SectionFooter.self, summary: "a dim line of text under a section")
    }
}

@_cdecl("cellkit_plugin_abi")
public func cellkitPluginABI() -> UInt64 { PluginABI.current }

@_cdecl("cellkit_plugin_register")
public func cellkitPluginRegister(_ registrar: UnsafeMutableRawPointer) -> Int32 {
    PluginRegistrar.run(BasicCells.self, with: registrar)
}
