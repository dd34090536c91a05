/// `cellkit --complete-names LIST`, for the completion scripts: the names
/// of a list on the plugin path, one a line (``ShellCompletion/names(_:host:)``).
struct CompletionNamesCommand: CellKitCommand, Equatable {
    /// A ``ShellCompletion/NameList``'s raw value.
    var list: String

    func run(_ context: Context) -> Int32 {
        for name in ShellCompletion.names(list, host: context.host) { context.output.print(name) }
        return 0
    }
}
