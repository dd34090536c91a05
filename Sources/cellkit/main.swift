// The `cellkit` executable: routes the command line to one of the two
// processes (docs/design.md, "Two processes"). `--worker`, `--scan-plugin` and
// `--plugin-abi` run plugin code and go to Worker; everything else goes to Session, where
// the parsing (Invocation.parse) and everything else lives.
@_spi(Host) import CellKit
import Glibc
import Session
import Worker

// The worker process a session starts (docs/design.md): not a command for people.
if CommandLine.arguments.count == 2 && CommandLine.arguments[1] == "--worker" {
    exit(WorkerMain.run())
}
// The child a worker starts to read the SDK version of a plugin dlopen refused.
if CommandLine.arguments.count == 3 && CommandLine.arguments[1] == "--plugin-abi" {
    exit(PluginScan.printABI(of: CommandLine.arguments[2]))
}

do {
    let invocation = try Invocation.parse(Array(CommandLine.arguments.dropFirst()))
    // The child a session starts to scan a library for its registry cache.
    if case .scanPlugin(let path) = invocation.mode {
        exit(PluginScan.printRecord(of: path, allowUnsafe: invocation.allowUnsafePlugins))
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
