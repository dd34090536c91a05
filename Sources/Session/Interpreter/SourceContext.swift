import CellKitSupport
import DataBinding

/// Where the commands an ``Interpreter`` runs come from: the scripts being
/// run and the files being opened (for relative paths and `open` cycles),
/// whether the person typed them (the trust waiver), whether errors stop the
/// run, and how large the files they read may be.
struct SourceContext {
    /// The directories of the scripts being run, innermost last, for relative data paths.
    var scriptDirectories: [String] = []
    /// `cellkit render --data FILE`: every `rows … from` reads this file instead.
    var dataOverride: String?
    /// The files being opened (`open`, nested), canonical paths, outermost first:
    /// a file that opens itself, directly or not, is an error rather than a
    /// recursion without end.
    var openFiles: [String] = []
    /// Whether the run in progress goes on after an error (`--keep-going`, the
    /// REPL); files it opens run the same way.
    var keepingGoing = false
    /// How deep `open` may nest.
    static let maximumOpenDepth = 32
    /// Whether the commands being run come from the person: a line typed at
    /// the interactive prompt, or `cellkit -c`. Only then is `load …
    /// allow-unsafe=true` honoured; a file that is run, opened, rendered,
    /// piped in or recovered cannot waive the trust check (docs/threat-model.md).
    var commandsComeFromThePerson = false
    /// How large scripts and data files may be.
    var limits = InputLimits()
    /// `cellkit render --shard K/N`: the data files bound are checked when
    /// the part is known, each part of a file by the part that draws it.
    var shardChecks: ShardChecks?

    /// The path of a file a script names: as given when absolute; else next
    /// to the script when it is there (so a script and its data can be run
    /// from any folder), else from the working directory (the REPL, `-c`,
    /// and scripts that name files from where they are run).
    func resolvePath(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        if let dir = scriptDirectories.last, dir != ".", fileExists(dir + "/" + path) { return dir + "/" + path }
        return path
    }

    /// `path` with symbolic links, `.` and `..` resolved (as given if it cannot be).
    func canonicalFilePath(_ path: String) -> String {
        Path.canonical(path) ?? path
    }
}
