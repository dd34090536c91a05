@_spi(Host) import CellKit
import CellKitSupport
import Glibc
import PluginDiscovery
import WorkerProtocol

/// The user's settings: `$XDG_CONFIG_HOME/cellkit/config` (by default
/// `~/.config/cellkit/config`), read when a session starts (the REPL, `run`,
/// `-c`, a script on standard input, `render`, `preview`) unless
/// `--no-config`. Its lines are the session's own `set` commands, so a
/// setting typed at the prompt is made permanent by copying the line;
/// `#` starts a comment.
///
/// A line that is wrong is a warning at its `file:line:col`, with the fix,
/// and is skipped: the others apply, and cellkit starts. A file another user
/// owns (root aside), or that others can write — or in a folder, or reached
/// through a symbolic link, that another user could change — is ignored with
/// a warning saying why and how to fix it (docs/threat-model.md): it would
/// let them change what your sessions do.
///
/// ```
/// # ~/.config/cellkit/config
/// set color=never
/// set rebuild=auto   # rebuild a stale plugin from its package on its first load
/// ```
enum ConfigFile {
    /// Where it is, as help and the manual page name it.
    static let displayPath = "~/.config/cellkit/config"

    /// The largest file read (a settings file is a few lines).
    static let maximumBytes = 64 * 1024

    /// Its path for `environment`; `nil` with no home directory to put it under.
    static func path(environment: [String: String]) -> String? {
        XDGDirectories(environment: Environment(environment)).map { $0.configHome + "/cellkit/config" }
    }

    /// Reads the file at `path`, if there is one, and runs its `set`
    /// commands in `interpreter`; every problem is a warning on `output`'s
    /// standard error.
    static func apply(_ path: String, to interpreter: Interpreter, output: ConsoleOutput) {
        guard let text = trustedText(path, output: output) else { return }
        for line in Script.lines(of: text, file: path) {
            switch line.result {
            case .failure(let list):
                warn(list.diagnostics, output: output)
            case .success(let command):
                guard command.name == CommandSpec.Name.set.rawValue else {
                    warn(
                        [
                            command.diagnostic(
                                "only set commands belong in the config file, not \(command.name)",
                                at: command.nameSpan,
                                notes: ["to run commands at every start, put them in a script: cellkit run FILE"])
                        ], output: output)
                    continue
                }
                do {
                    try interpreter.execute(command)
                } catch {
                    warn(error.diagnostics, output: output)
                }
            }
        }
    }

    /// The file's text, when it is there and may be trusted; `nil` (with a
    /// warning saying why, unless it is simply not there) otherwise.
    ///
    /// It is judged as a plugin's path is (``TrustPolicy``): the file it
    /// leads to, every folder above it, and each symbolic link on the way
    /// must be yours (or root's) and writable by no one else (a folder with
    /// the sticky bit aside). Whoever could change one of them could choose
    /// what your sessions do.
    private static func trustedText(_ path: String, output: ConsoleOutput) -> String? {
        do {
            guard try fileInfo(path) != nil else { return nil }
        } catch {
            output.printError("cellkit: warning: the config file is ignored: \(error.description)")
            return nil
        }
        if let found = TrustPolicy(uid: geteuid()).finding(for: path) {
            output.printError("cellkit: warning: ignoring the config file \(path): " + refusal(found, path: path))
            return nil
        }
        do {
            return try readLimitedTextFile(path, maximumBytes: maximumBytes, what: "config file")
        } catch {
            output.printError("cellkit: warning: the config file is ignored: \(error.description)")
            return nil
        }
    }

    /// Why the config file at `path` is ignored, and the fix, for what the
    /// trust check found: the file itself, a folder above it, or a link on the way.
    static func refusal(_ found: TrustPolicy.Finding, path: String) -> String {
        let risk = "could change what your sessions do"
        let isFile = found.kind != .directory && found.kind != .symbolicLink
        switch (found.problem, isFile) {
        case (.owner(let uid), true):
            return "it belongs to another user (uid \(uid)), who \(risk)\n"
                + "  make it yours: cp \(path) \(path).mine && mv \(path).mine \(path)"
        case (.writable(let mode), true):
            return "your group or others can write to it (mode \(String(mode, radix: 8))), so they \(risk)\n"
                + "  run `chmod go-w \(found.path)`"
        case (.owner, false):
            let fix =
                found.kind == .symbolicLink
                ? "replace the link with a file of yours: cp \(found.path) \(path).mine && mv \(path).mine \(path)"
                : "keep the config in a folder of yours (set XDG_CONFIG_HOME to choose where)"
            return "\(found.reason), who \(risk)\n  \(fix)"
        case (.writable, false):
            return "\(found.reason), so others \(risk)\n  run `chmod go-w \(found.path)`"
        }
    }

    /// `diagnostics` as warnings, each saying its line is skipped.
    private static func warn(_ diagnostics: [Diagnostic], output: ConsoleOutput) {
        for var diagnostic in diagnostics {
            diagnostic.severity = .warning
            diagnostic.notes.append("the line is skipped; cellkit goes on without it")
            output.printError(diagnostic.rendered())
        }
    }
}
