/// What the `cellkit` command line asked for, parsed by the executable.
public struct Invocation: Equatable, Sendable {
    /// What to do.
    public enum Mode: Equatable, Sendable {
        /// The REPL on a terminal; a script from standard input otherwise.
        case interactive
        /// `cellkit run FILE...`
        case run(files: [String])
        /// `cellkit -c 'COMMANDS'`
        case commands(String)
        /// `cellkit render STORYBOARD[#SCENE]`
        case render(target: String, format: String?, width: Int?, data: String?, output: String?)
        /// `cellkit plugins`
        case plugins
        /// `cellkit validate [PLUGIN...]`
        case validate(plugins: [String])
        /// `cellkit new-plugin NAME`
        case newPlugin(name: String, path: String?, sdk: String?)
        /// `cellkit preview CELL [attr=value …] [--widths 20,40,80]`
        case preview(cell: String, attributes: [String], widths: [Int], format: String?)
        /// `cellkit --recover`
        case recover
        /// `cellkit --help [COMMAND]`
        case help
        /// `cellkit --version`
        case version
        /// Internal: scan one library and print its registry record (used by the registry cache).
        case scanPlugin(path: String)
    }

    public var mode: Mode
    /// `--plugin-path DIR`, in order.
    public var pluginPaths: [String] = []
    /// `--allow-unsafe-plugins`
    public var allowUnsafePlugins = false
    /// `--keep-going`
    public var keepGoing = false
    /// `--color auto|always|never`
    public var color: String?
    /// `--no-cache`: do not read or write the plugin registry cache.
    public var useCache = true
    /// `--watch`: load plugins again when their files change (the REPL, `show`, `preview`).
    public var watch = false
    /// `--timeout SECONDS`: how long a plugin may work without progress.
    public var timeout: Int?

    public init(mode: Mode) {
        self.mode = mode
    }
}
