import CellKit
import FixtureMarkerConstructor
import Glibc

// A plugin called `Other` (the tests copy it as libOther.so) with one cell,
// `TxtCell`, and an ELF constructor (FixtureMarkerConstructor) that writes
// the file named by CELLKIT_TEST_MARKER. CELLKIT_FIXTURE_REGISTER=loop makes
// its registration never end; =exit makes it call exit(0).

final class TxtCell: TableViewCell, Reusable {}

enum FixtureMarker: Plugin {
    static let name = "Other"
    static let version = "0.0.1"
    static func register(in registrar: PluginRegistrar) throws {
        precondition(cellkit_fixture_marker_constructor_runs() == 1, "the constructor did not run")
        switch getenv("CELLKIT_FIXTURE_REGISTER").map({ String(cString: $0) }) {
        case "loop":
            while true { sleep(1) }
        case "exit":
            exit(0)
        default:
            try registrar.register(TxtCell.self)
        }
    }
}

@_cdecl("cellkit_plugin_abi")
public func cellkitPluginABI() -> UInt64 { PluginABI.current }

@_cdecl("cellkit_plugin_register")
public func cellkitPluginRegister(_ registrar: UnsafeMutableRawPointer) -> Int32 {
    PluginRegistrar.run(FixtureMarker.self, with: registrar)
}
