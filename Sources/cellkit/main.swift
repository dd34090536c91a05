// The `cellkit` executable: routes the command line to one of the two
// processes (docs/design.md, "Two processes"). `--worker`, `--scan-plugin` and
// `--plugin-abi` run plugin code and go to Worker (each first watches its
// parent, and ends with its process group as soon as the process that started
// it is gone); `--guard` runs a program such as `swift build` so that nothing
// it starts outlives cellkit; everything else goes to Session, where the
// parsing (Invocation.parse) and everything else lives.
@_spi(Host) import CellKit
import Glibc
import Session
import Worker

// Programs cellkit runs (`swift build`, the ABI probe) run under `cellkit --guard`.
ProcessModes.setUp()
let arguments = CommandLine.arguments
// The worker process a session starts (docs/design.md): not a command for people.
if arguments.count == 2 && arguments[1] == "--worker" {
    exit(WorkerMain.run())
}
// The child a worker starts to read the SDK version of a plugin dlopen refused.
if arguments.count == 3 && arguments[1] == "--plugin-abi" {
    exit(PluginScan.printABI(of: arguments[2]))
}
// What runs a program cellkit starts, such as `swift build` (ProcessGuard).
if arguments.count > 2 && arguments[1] == ProcessModes.guardArgument {
    exit(ProcessModes.runGuard(Array(arguments.dropFirst(2))))
}

do {
    let invocation = try Invocation.parse(Array(arguments.dropFirst()))
    // The child a session starts to scan a library for its registry cache.
    if let scan = invocation.command as? ScanPluginCommand {
        exit(PluginScan.printRecord(of: scan.path, allowUnsafe: invocation.allowUnsafePlugins))
    }
    exit(CellKitApp.main(invocation))
} catch {
    // The message quotes what was typed: made safe for the terminal (an escape in an argument
    // stays text), line by line (a fix goes on a line of its own).
    let message = error.message.split(separator: "\n", omittingEmptySubsequences: false)
        .map { TextLayout.sanitized(String($0)) }.joined(separator: "\n")
    let text = Array("cellkit: error: \(message)\n  'cellkit --help' shows the usage\n".utf8)
    _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
}
