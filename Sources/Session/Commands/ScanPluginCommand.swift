/// `cellkit --scan-plugin LIBRARY`, the child a session starts to scan a
/// library for its registry cache: the executable runs it before any
/// session (it opens the library, which a session never does).
package struct ScanPluginCommand: CellKitCommand, Equatable {
    /// The library's path.
    package var path: String

    package func run(_ context: Context) -> Int32 {
        context.output.printError("error: --scan-plugin runs in the worker's side of cellkit, not in a session")
        return ExitCode.usage.rawValue
    }
}
