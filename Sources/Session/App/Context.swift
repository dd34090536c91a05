@_spi(Host) import CellKit
import CellKitSupport
import DataBinding
import Glibc
import PluginDiscovery
import Synchronization
import WorkerProtocol

/// Everything a run needs: where plugins are, the interpreter, where output goes.
package final class Context {
    let invocation: Invocation
    let environment: [String: String]
    let output: ConsoleOutput
    let host: PluginLocator
    let interpreter: Interpreter

    /// Where the worker executable is: this program (`/proc/self/exe`), which
    /// a test replaces to see a session that cannot find it.
    static let executablePath = "/proc/self/exe"

    init(
        invocation: Invocation, environment: [String: String],
        executable findExecutable: () throws(FileError) -> String = { () throws(FileError) in try Path.executable() }
    ) {
        self.invocation = invocation
        self.environment = environment
        output = ConsoleOutput(
            standardOutput: ClosedPipeOutput(FileDescriptorOutput(descriptor: 1)),
            standardError: FileDescriptorOutput(descriptor: 2),
            isTerminal: isatty(1) == 1, quiet: invocation.quiet)
        let found = Result { () throws(FileError) in try findExecutable() }
        let executable = try? found.get()
        let searchPath = PluginSearchPath.standard(
            options: invocation.pluginPaths, environment: environment, executableDirectory: executable.map(Path.dirname)
        )
        let cache: RegistryCache
        let allowUnsafe = invocation.allowUnsafePlugins
        let timeout = RegistryScanner.timeout(environment: environment)
        // Scanning opens the library: in a child (`--scan-plugin`), never in the session.
        let scanner: (String) -> RegistryCache.Record
        if let executable {
            scanner = { RegistryScanner.scan($0, executable: executable, allowUnsafe: allowUnsafe, timeout: timeout) }
        } else {
            // Not kept in the cache (a refused record is not): scanned again by a session that can.
            scanner = {
                var record = RegistryScanner.placeholder(for: $0)
                record.refusal = "not scanned: the cellkit executable could not be found (\(Self.executablePath))"
                return record
            }
        }
        if invocation.useCache, let file = RegistryCache.defaultFile(environment: environment) {
            cache = RegistryCache(file: file, scanner: scanner)
        } else {
            // --no-cache, or no home to keep it in: the same answers, from scans that are not kept.
            cache = RegistryCache.inMemory(scanner: scanner)
        }
        host = PluginLocator(searchPath: searchPath, allowUnsafePlugins: invocation.allowUnsafePlugins, cache: cache)
        // Plugins are loaded and drawn by a worker process (docs/design.md): a
        // plugin that traps ends the worker, never this process.
        // The worker records what it loads in the registry cache, as the session would have.
        var workerEnvironment = environment
        workerEnvironment[ProcessInterface.registryCacheVariable] = cache.file.isEmpty ? nil : cache.file
        workerEnvironment[ProcessInterface.windowChromeVariable] = invocation.windowChrome ? nil : "off"
        let output = output
        let backend: WorkerBackend?
        let plugins: any PluginBackend
        var newWorker: (() -> WorkerBackend)?
        switch found {
        case .success(let executable):
            let logs = WorkerLogDirectory.choose(environment: environment)
            for warning in logs.warnings { output.printError(warning) }
            let makeWorker = {
                WorkerBackend(
                    process: WorkerProcess(
                        executable: executable, environment: workerEnvironment, stateDirectory: logs.path))
            }
            newWorker = makeWorker
            let worker = makeWorker()
            backend = worker
            plugins = worker
        case .failure(let error):
            // No worker executable, no plugins: an error at the first command that needs one,
            // never a load into this process (docs/design.md, "Modules").
            backend = nil
            plugins = NoWorkerBackend(tried: Self.executablePath, because: error.reason)
        }
        interpreter = Interpreter(host: host, output: output, environment: environment, backend: plugins)
        interpreter.plugins.newWorker = newWorker
        // The user's settings first: the command line and the environment override them.
        if invocation.useConfig, Self.startsASession(invocation.command),
            let path = ConfigFile.path(environment: environment)
        {
            ConfigFile.apply(path, to: interpreter, output: output)
        }
        if let backend {
            backend.process.interruptRequested = {
                REPLSignals.interruptRequested.load(ordering: .sequentiallyConsistent)
            }
            backend.jobs = WorkerBackend.jobs(
                option: invocation.jobs, environment: environment, warn: { output.printError($0) })
            interpreter.showsProgress = invocation.progress && !invocation.quiet
            backend.showsWaits = interpreter.showsProgress
            if let seconds = invocation.timeout {
                backend.process.timeout = seconds
            } else if let seconds = WorkerProcess.timeout(environment: environment) {
                backend.process.timeout = seconds
            }
        }
        if let color = invocation.color { interpreter.settings.color = color }
        interpreter.terminalWidth = {
            var size = winsize()
            guard isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
            return Int(size.ws_col)
        }
    }

    /// Whether `command` runs a session, which starts with the user's settings (``ConfigFile``).
    static func startsASession(_ command: any CellKitCommand) -> Bool {
        guard let command = command as? any CommandLineCommand else { return false }
        return type(of: command).declaration.traits.contains(.session)
    }

    /// The exit code for the errors of a run: the kind of the first. With
    /// `--keep-going` (or more than one error), says how many there were,
    /// one included (docs/batch.md).
    func finish(_ errors: [ConsoleError]) -> Int32 {
        guard let first = errors.first else { return ExitCode.success.rawValue }
        let count = errors.reduce(0) { $0 + $1.count }
        if count > 1 || (count == 1 && invocation.keepGoing) {
            output.printError(count == 1 ? "1 error" : "\(count) errors")
        }
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
    /// The person typed them on the command line, as they would a flag: a
    /// `load … allow-unsafe=true` among them is honoured (not in files they open).
    func runCommands(_ text: String) -> Int32 {
        interpreter.sources.commandsComeFromThePerson = true
        defer { interpreter.sources.commandsComeFromThePerson = false }
        return finish(interpreter.run(text, file: "<command line>", keepGoing: invocation.keepGoing))
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
                        file, maximumBytes: interpreter.sources.limits.scriptBytes, what: "script",
                        regularFileOnly: false)
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
            interpreter.sources.scriptDirectories = [file == "-" ? "." : Path.dirname(file)]
            interpreter.sources.openFiles = file == "-" ? [] : [interpreter.sources.canonicalFilePath(file)]
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
            guard bytes.count <= interpreter.sources.limits.scriptBytes else {
                throw StandardInputError(
                    message:
                        "standard input is larger than \(byteCountDescription(interpreter.sources.limits.scriptBytes)), the limit for a script (docs/limits.md); split it into smaller files"
                )
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw StandardInputError(message: "standard input is not UTF-8 text")
        }
        return text
    }

    /// `cellkit validate [PLUGIN...]`: loads each plugin (in the worker) and
    /// makes every cell, nib and scene it registered; reports every failure
    /// (as JSON with `--json`). The summary counts plugins that could not be
    /// loaded as failures too.
    func validate(_ names: [String]) -> Int32 {
        let wanted = names.isEmpty ? host.searchPath.libraries().map(\.name) : names
        var failures: [(plugin: String?, message: String, failure: RenderFailure?)] = []
        var loadFailures = 0
        var loaded: [String] = []
        for name in wanted {
            let isPath = name.contains("/") || name.hasSuffix(".so")
            do throws(BackendError) {
                let path: String
                do {
                    path = isPath ? name : try host.locate(name)
                } catch {
                    throw .plugin(error)
                }
                let (plugin, _) = try interpreter.backend.load(
                    path: interpreter.sources.canonicalFilePath(path), allowUnsafe: host.allowUnsafePlugins)
                loaded.append(plugin.name)
            } catch {
                loadFailures += 1
                switch error {
                case .plugin(let error):
                    let shown = LoadedPlugins.shown(error)
                    failures.append(
                        (
                            TextLayout.sanitized(name), shown.description,
                            RenderFailure(shown.code.description, shown.message, fix: shown.fix)
                        ))
                case .worker(let failure): failures.append((name, interpreter.describe(failure), nil))
                case .render(let failure), .output(let failure): failures.append((name, failure.description, failure))
                }
            }
        }
        var checked = 0
        if !loaded.isEmpty {
            do throws(BackendError) {
                let result = try interpreter.backend.validate(plugins: loaded)
                checked = result.checked
                failures += result.failures.map { (nil, $0.description, $0) }
            } catch {
                if case .worker(let failure) = error {
                    failures.append((nil, interpreter.describe(failure), nil))
                } else {
                    failures.append((nil, "\(error)", nil))
                }
            }
        }
        if invocation.json {
            output.print(
                MachineReadable.text(MachineReadable.validate(checked: checked, plugins: loaded, failures: failures)))
        } else {
            for failure in failures {
                output.printError("✗ " + (failure.plugin.map { "\($0): " } ?? "") + failure.message)
            }
            var summary = "checked \(counted(checked, "item")) of \(counted(loaded.count, "plugin"))"
            if loadFailures > 0 {
                summary += "; \(counted(loadFailures, "plugin")) could not be loaded"
            }
            summary += failures.isEmpty ? ": all good" : ": \(counted(failures.count, "failure"))"
            output.print(summary)
        }
        return failures.isEmpty ? ExitCode.success.rawValue : ExitCode.plugin.rawValue
    }

    /// `cellkit describe NAME [--json]`: `describe` as the console runs it,
    /// loading the plugin that has the name. The person typed a name, not a
    /// script: an error says what is wrong with it and the fix, with no
    /// script line or caret (`cellkit: error: no cell … named 'TextCel'`).
    func describe(_ name: String) -> Int32 {
        let command = "describe " + Script.quote(name) + (invocation.json ? " format=json" : "")
        do throws(ConsoleError) {
            switch Script.parse(command, file: "<command line>").lines.first?.result {
            case .success(let parsed)?: try interpreter.execute(parsed)
            case .failure(let list)?: throw ConsoleError(.script, list.diagnostics)
            case nil: break
            }
            return ExitCode.success.rawValue
        } catch {
            for diagnostic in error.diagnostics {
                output.printError(
                    ErrorText.lines(
                        "cellkit: error: " + TextLayout.sanitized(diagnostic.message),
                        diagnostic.notes.map(TextLayout.sanitized)))
            }
            return ExitCode(error.kind).rawValue
        }
    }

    func newPlugin(_ name: String, path: String?, sdk: String?, kind: PluginScaffold.Kind) -> Int32 {
        let scaffold = PluginScaffold(
            name: name, directory: path ?? name,
            sdkPath: sdk.map { (try? Path.absolute($0)) ?? $0 } ?? PluginScaffold.defaultSDKPath, kind: kind)
        do {
            let written = try scaffold.write()
            for file in written { output.print("created \(file)") }
            output.print(
                """

                Next:
                  cd \(scaffold.directory)\(
                    scaffold.isFoundWithoutVariable(home: environment["HOME"])
                        ? "" : "\n  export \(PluginScaffold.sdkVariable)=\(scaffold.sdkPath)")
                  swift build
                  cellkit run Examples/\(scaffold.exampleName) --plugin-path .build/debug
                then, from the same folder, build it in release and install it for every session:
                  cellkit plugin install .
                """)
            return 0
        } catch {
            output.printError("cellkit: error: \(error.description)")
            return error.code == .missingFile ? ExitCode.io.rawValue : ExitCode.usage.rawValue
        }
    }
}
