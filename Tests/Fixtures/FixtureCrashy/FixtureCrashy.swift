import CellKit
import Glibc

/// A cell that fails on purpose, as the row asks: `mode=trap` traps while it
/// is configured, `mode=segv` dereferences a bad pointer while it draws,
/// `mode=hang` never finishes drawing, `mode=huge` says it is `Int.max`
/// lines tall. Anything else draws `text`.
final class CrashCell: TableViewCell, Reusable, Inspectable {
    private let label = Label()
    var text = "" { didSet { label.text = text } }
    var mode = "ok" {
        didSet {
            if mode == "trap" { fatalError("CrashCell was told to trap") }
        }
    }

    required init() {
        super.init()
        label.pinEdges()
        contentView.addSubview(label)
    }

    override func sizeThatFits(_ size: Size) -> Size {
        mode == "huge" ? Size(width: size.width, height: Int.max) : super.sizeThatFits(size)
    }

    override func draw(in context: DrawingContext) {
        if mode == "segv" {
            let bad = UnsafeMutablePointer<Int>(bitPattern: 8)!
            bad.pointee = 1
        }
        if mode == "hang" {
            var spins = 0
            while mode == "hang" { spins &+= 1 }
        }
        super.draw(in: context)
    }

    static var inspectableAttributes: [InspectableAttribute<CrashCell>] {
        [
            .init("text", \.text, summary: "what it shows"),
            .init("mode", \.mode, summary: "ok, trap, segv, hang or huge"),
        ]
    }
}

enum FixtureCrashy: Plugin {
    static let name = "Crashy"
    static let version = "0.0.1"
    static func register(in registrar: PluginRegistrar) throws {
        try registrar.register(cellType: CrashCell.self, summary: "fails as its mode says")
    }
}

@_cdecl("cellkit_plugin_abi")
public func cellkitPluginABI() -> UInt64 { PluginABI.current }

@_cdecl("cellkit_plugin_register")
public func cellkitPluginRegister(_ registrar: UnsafeMutableRawPointer) -> Int32 {
    PluginRegistrar.run(FixtureCrashy.self, with: registrar)
}
