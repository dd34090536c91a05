import CellKit
import Glibc

/// A cell that fails on purpose, as the row asks: `mode=trap` traps while it
/// is configured, `mode=segv` dereferences a bad pointer while it draws,
/// `mode=hang` never finishes drawing, `mode=slow` takes a millisecond to
/// draw (then draws `text`), `mode=huge` says it is `Int.max`
/// lines tall. While it draws, `mode=close` closes the worker's socket
/// (descriptor 3) and sleeps, `mode=fork` leaves a child that holds the
/// socket and sleeps, then aborts, `mode=flood` prints `CELLKIT_FIXTURE_FLOOD_MIB`
/// MiB (default 64) to standard output, then traps. Anything else draws `text`.
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
        if mode == "slow" { usleep(1000) }
        if mode == "close" { closeAndSleep([3]) }
        if mode == "fork" {
            if fork() == 0 { sleepForever() }
            abort()
        }
        if mode == "flood" {
            let mebibytes = getenv("CELLKIT_FIXTURE_FLOOD_MIB").flatMap { Int(String(cString: $0)) } ?? 64
            let line = [UInt8](repeating: UInt8(ascii: "x"), count: 1023) + [10]
            let block = [[UInt8]](repeating: line, count: 1024).flatMap { $0 }
            for _ in 0..<mebibytes { _ = block.withUnsafeBytes { write(1, $0.baseAddress, $0.count) } }
            fatalError("CrashCell flooded its log")
        }
        super.draw(in: context)
    }

    static var inspectableAttributes: [InspectableAttribute<CrashCell>] {
        [
            .init("text", \.text, summary: "what it shows"),
            .init("mode", \.mode, summary: "ok, slow, trap, segv, hang, huge, close, fork or flood"),
        ]
    }
}

/// Closes `descriptors` and sleeps until killed.
func closeAndSleep(_ descriptors: some Sequence<Int32>) -> Never {
    for descriptor in descriptors { close(descriptor) }
    sleepForever()
}

func sleepForever() -> Never {
    while true { sleep(1000) }
}

/// `CELLKIT_FIXTURE_CRASHY_REGISTER` makes its registration fail too:
/// `close` closes the worker's socket (descriptor 3) and sleeps, `close-all`
/// closes every descriptor and sleeps, `print` prints a line (and registers).
enum FixtureCrashy: Plugin {
    static let name = "Crashy"
    static let version = "0.0.1"
    static func register(in registrar: PluginRegistrar) throws {
        switch getenv("CELLKIT_FIXTURE_CRASHY_REGISTER").map({ String(cString: $0) }) {
        case "close": closeAndSleep([3])
        case "close-all": closeAndSleep(0..<1024)
        case "print": print("Crashy says hello while it registers")
        default: break
        }
        try registrar.register(CrashCell.self, summary: "fails as its mode says")
    }
}

@_cdecl("cellkit_plugin_abi")
public func cellkitPluginABI() -> UInt64 { PluginABI.current }

@_cdecl("cellkit_plugin_register")
public func cellkitPluginRegister(_ registrar: UnsafeMutableRawPointer) -> Int32 {
    PluginRegistrar.run(FixtureCrashy.self, with: registrar)
}
