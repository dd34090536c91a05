@_spi(Host) import CellKit
import CellKitSupport

/// The `cellkit` program: sets up the plugin host and the interpreter, and
/// runs what the command line asked for (each command's run is in its type,
/// `Sources/Session/Commands`).
package enum CellKitApp {
    /// The version `--version` prints: the SDK's, which cellkit releases with.
    package static let version = PluginABI.sdkVersionDescription

    /// Runs an invocation; returns the exit code (docs/batch.md).
    package static func main(_ invocation: Invocation) -> Int32 {
        // An interrupted write leaves no temporary file; a file size limit is an I/O error (4).
        TemporaryFiles.installSignalHandlers()
        let context = Context(invocation: invocation, environment: Environment.current().variables)
        return invocation.command.run(context)
    }
}
