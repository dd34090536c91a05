import CellKit

// Registers fine, but some of what it registers cannot be made: what
// `cellkit validate` is for.
final class FineCell: TableViewCell, Reusable {}

final class Nothing: ViewController {}

struct SceneRefused: Error, CustomStringConvertible {
    var description: String { "this scene's controller cannot be made" }
}

enum FixtureInvalid: Plugin {
    static let name = "FixtureInvalid"
    static let version = "0.0.1"
    static func register(in registrar: PluginRegistrar) throws {
        try registrar.register(FineCell.self)
        try registrar.register(
            storyboard: Storyboard(
                name: "Broken",
                scenes: [
                    .init("Fine", Nothing.self),
                    .init("Refused", loader: Loader { () throws -> ViewController in throw SceneRefused() }),
                ],
                initialScene: "Missing"))
        try registrar.register(loader: Loader { () throws -> Int in throw SceneRefused() }, named: "Answer")
    }
}

@_cdecl("cellkit_plugin_abi")
public func cellkitPluginABI() -> UInt64 { PluginABI.current }

@_cdecl("cellkit_plugin_register")
public func cellkitPluginRegister(_ registrar: UnsafeMutableRawPointer) -> Int32 {
    PluginRegistrar.run(FixtureInvalid.self, with: registrar)
}
