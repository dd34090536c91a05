import CellKit
import CellKitSupport
import Glibc
import PluginHost

/// The `cellkit` program: sets up the plugin host and the interpreter, and
/// runs what the command line asked for.
public enum CellKitApp {
    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// Runs an invocation; returns the exit code (docs/batch.md).
    public static func main(_ invocation: Invocation) -> Int32 {
        let environment = Environment.current().variables
        let context = Context(invocation: invocation, environment: environment)
        switch invocation.mode {
        case .version:
            context.output.print(
                "cellkit \(version) (CellKit SDK ABI \(PluginABI.version), Swift \(PluginABI.compilerDescription(PluginABI.compilerVersion)))"
            )
            return 0
        case .help:
            return 0
        case .scanPlugin(let path):
            return RegistryScanner.printRecord(of: path)
        case .interactive:
            if isatty(0) == 1 && isatty(1) == 1 {
                return REPL(context: context, recover: false).run()
            }
            return context.runStandardInput()
        case .recover:
            return REPL(context: context, recover: true).run()
        case .run(let files):
            return context.runFiles(files)
        case .commands(let text):
            return context.runCommands(text)
        case .render(let target, let format, let width, let data, let out):
            return context.renderStoryboard(target, format: format, width: width, data: data, output: out)
        case .plugins:
            context.interpreter.listPlugins()
            return 0
        case .validate(let plugins):
            return context.validate(plugins)
        case .newPlugin(let name, let path, let sdk):
            return context.newPlugin(name, path: path, sdk: sdk)
        }
    }
}

/// Everything a run needs: the host, the interpreter, where output goes.
final class Context {
    let invocation: Invocation
    let environment: [String: String]
    let output: ConsoleOutput
    let host: PluginHost
    let interpreter: Interpreter

    init(invocation: Invocation, environment: [String: String]) {
        self.invocation = invocation
        self.environment = environment
        output = ConsoleOutput(
            standardOutput: FileDescriptorOutput(descriptor: 1), standardError: FileDescriptorOutput(descriptor: 2),
            isTerminal: isatty(1) == 1)
        let executable = try? Path.executable()
        let searchPath = PluginSearchPath.standard(
            options: invocation.pluginPaths, environment: environment, executableDirectory: executable.map(Path.dirname)
        )
        var cache: RegistryCache?
        if invocation.useCache, let file = RegistryCache.defaultFile(environment: environment) {
            cache = RegistryCache(
                file: file, scanner: executable.map { exe in { RegistryScanner.scan($0, executable: exe) } })
        }
        host = PluginHost(searchPath: searchPath, allowUnsafePlugins: invocation.allowUnsafePlugins, cache: cache)
        interpreter = Interpreter(host: host, output: output, environment: environment)
        if let color = invocation.color.flatMap(Interpreter.Settings.Color.init(rawValue:)) {
            interpreter.settings.color = color
        }
        interpreter.terminalWidth = {
            var size = winsize()
            guard isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
            return Int(size.ws_col)
        }
    }

    /// The exit code for the errors of a run: the kind of the first. With
    /// more than one error (`--keep-going`), says how many there were.
    func finish(_ errors: [ConsoleError]) -> Int32 {
        guard let first = errors.first else { return ExitCode.success.rawValue }
        let count = errors.reduce(0) { $0 + $1.count }
        if count > 1 { output.printError("\(count) errors") }
        return ExitCode(first.kind).rawValue
    }

    /// A script on standard input (not a terminal): `cellkit < script`, `… | cellkit`.
    func runStandardInput() -> Int32 {
        let text: String
        do {
            text = try readStandardInput()
        } catch {
            output.printError("cellkit: error: \(error.message)")
            return ExitCode.io.rawValue
        }
        return finish(interpreter.run(text, file: "<stdin>", keepGoing: invocation.keepGoing))
    }

    /// What `cellkit -c` runs.
    func runCommands(_ text: String) -> Int32 {
        finish(interpreter.run(text, file: "<command line>", keepGoing: invocation.keepGoing))
    }

    /// `cellkit run FILE...`: the files in order, in one session (a later file
    /// sees the screens of an earlier one); `-` reads standard input.
    func runFiles(_ files: [String]) -> Int32 {
        var errors: [ConsoleError] = []
        for file in files {
            if interpreter.quitRequested { break }
            let text: String
            do {
                text =
                    file == "-"
                    ? try readStandardInput()
                    : try readLimitedTextFile(
                        file, maximumBytes: interpreter.limits.scriptBytes, what: "script", regularFileOnly: false)
            } catch let error as FileError {
                output.printError("cellkit: error: \(error.description)")
                errors.append(ConsoleError(.io, []))
                if invocation.keepGoing { continue }
                break
            } catch {
                output.printError("cellkit: error: \((error as? StandardInputError)?.message ?? "\(error)")")
                errors.append(ConsoleError(.io, []))
                if invocation.keepGoing { continue }
                break
            }
            let name = file == "-" ? "<stdin>" : file
            interpreter.scriptDirectories = [file == "-" ? "." : Path.dirname(file)]
            interpreter.openFiles = file == "-" ? [] : [interpreter.canonicalFilePath(file)]
            errors += interpreter.run(text, file: name, keepGoing: invocation.keepGoing)
            if !errors.isEmpty && !invocation.keepGoing { break }
        }
        return finish(errors)
    }

    /// Standard input, whole, as UTF-8 text.
    func readStandardInput() throws(StandardInputError) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(0, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            if n < 0 {
                throw StandardInputError(message: "cannot read standard input: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            bytes += chunk[..<n]
            guard bytes.count <= interpreter.limits.scriptBytes else {
                throw StandardInputError(
                    message:
                        "standard input is larger than \(byteCountDescription(interpreter.limits.scriptBytes)), the limit for a script (docs/limits.md); split it into smaller files"
                )
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw StandardInputError(message: "standard input is not UTF-8 text")
        }
        return text
    }

    func validate(_ names: [String]) -> Int32 {
        let wanted = names.isEmpty ? host.searchPath.libraries().map(\.name) : names
        var failed = false
        var loaded: [String] = []
        for name in wanted {
            do {
                loaded.append(try host.load(name).plugin.name)
            } catch {
                output.printError("\(name): \(error.description)")
                failed = true
            }
        }
        // Names or paths were asked for; the validator wants the plugins' own names.
        let report = PluginValidator(host: host).validate(plugins: loaded)
        for failure in report.failures { output.printError("✗ \(failure)") }
        output.print(
            "checked \(report.checked) item(s) of \(loaded.count) plugin(s): "
                + (report.failures.isEmpty ? "all good" : "\(report.failures.count) failure(s)"))
        return failed || !report.failures.isEmpty ? ExitCode.plugin.rawValue : ExitCode.success.rawValue
    }

    func newPlugin(_ name: String, path: String?, sdk: String?) -> Int32 {
        let scaffold = PluginScaffold(
            name: name, directory: path ?? name,
            sdkPath: sdk.map { (try? Path.absolute($0)) ?? $0 } ?? PluginScaffold.defaultSDKPath)
        do {
            let written = try scaffold.write()
            for file in written { output.print("created \(file)") }
            output.print(
                """

                Next:
                  cd \(scaffold.directory)
                  swift build
                  cellkit run Examples/hello.cellkit --plugin-path .build/debug
                """)
            return 0
        } catch {
            output.printError("cellkit: error: \(error.description)")
            return error.code == .missingFile ? ExitCode.io.rawValue : ExitCode.usage.rawValue
        }
    }
}

/// Standard input could not be read as a script.
struct StandardInputError: Error {
    var message: String
}
