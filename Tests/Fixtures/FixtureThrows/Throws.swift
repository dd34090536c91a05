import CellKit

final class HalfwayCell: TableViewCell, Reusable {}

struct RegistrationRefused: Error, CustomStringConvertible {
    var description: String { "the fixture refuses to finish registering" }
}

enum FixtureThrows: Plugin {
    static let name = "FixtureThrows"
    static let version = "0.0.1"
    static func register(in registrar: PluginRegistrar) throws {
        try registrar.register(HalfwayCell.self)
        throw RegistrationRefused()
    }
}

@_cdecl("cellkit_plugin_abi")
public func cellkitPluginABI() -> UInt64 { PluginABI.current }

@_cdecl("cellkit_plugin_register")
public func cellkitPluginRegister(_ registrar: UnsafeMutableRawPointer) -> Int32 {
    PluginRegistrar.run(FixtureThrows.self, with: registrar)
}
