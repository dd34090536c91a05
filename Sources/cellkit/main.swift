// The `cellkit` executable: argument handling only. Everything else is in Console.
import CellKit
import Console
import Glibc

let usage = """
    usage: cellkit [OPTIONS]                             the REPL (or a script on standard input)
           cellkit run FILE... [--keep-going]            run script files ('-' reads standard input)
           cellkit -c 'COMMANDS' [--keep-going]          run commands (';' does not separate; use newlines)
           cellkit render STORYBOARD[#SCENE] [--format plain|ansi|html|svg|json] [--width N] [--data FILE] [-o OUT]
           cellkit plugins                               list plugins on the plugin path
           cellkit validate [PLUGIN...]                  make every cell, nib and scene; report every failure
           cellkit new-plugin NAME [--path DIR] [--sdk PATH]
           cellkit preview CELL [NAME=VALUE...] [--widths 20,40,80] [--format plain|ansi] [--watch]
                                                         draw one cell at several widths (again on every rebuild)
           cellkit --recover                             restore the screens of a session that crashed
    options: --plugin-path DIR (repeatable)  --allow-unsafe-plugins  --color auto|always|never  --no-cache
             --keep-going (-k): report every error, not only the first  --help  --version
             --watch: load plugins again when their files change (the console, show, preview)
             --timeout SECONDS: how long a plugin may work on one row before its worker is stopped (10)
    exit status: 0 success, 1 script error, 2 usage error, 3 plugin error, 4 I/O error
                 (with --keep-going, that of the first error); docs/batch.md explains them
    """

struct UsageError: Error {
    var message: String
}

func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    var invocation = Invocation(mode: .interactive)
    var positionals: [String] = []
    var commands: String?
    var format: String?
    var width: Int?
    var data: String?
    var out: String?
    var path: String?
    var sdk: String?
    var widths: [Int] = []
    var recover = false
    var index = 0
    func value(_ flag: String) throws(UsageError) -> String {
        index += 1
        guard index < arguments.count else { throw UsageError(message: "\(flag) needs a value") }
        return arguments[index]
    }
    while index < arguments.count {
        let argument = arguments[index]
        var flag = argument
        var inline: String?
        if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
            flag = String(argument[..<eq])
            inline = String(argument[argument.index(after: eq)...])
        }
        func take() throws(UsageError) -> String {
            if let inline { return inline }
            return try value(flag)
        }
        switch flag {
        case "-h", "--help": invocation.mode = .help
        case "--version": invocation.mode = .version
        case "-c": commands = try take()
        case "--plugin-path", "-p": invocation.pluginPaths.append(try take())
        case "--allow-unsafe-plugins", "--allow-unsafe": invocation.allowUnsafePlugins = true
        case "--keep-going", "-k": invocation.keepGoing = true
        case "--color", "--colour":
            let choice = try take()
            guard ["auto", "always", "never"].contains(choice) else {
                throw UsageError(message: "\(flag) expects auto, always or never, not '\(choice)'")
            }
            invocation.color = choice
        case "--no-color", "--no-colour": invocation.color = "never"
        case "--no-cache": invocation.useCache = false
        case "--format", "-f": format = try take()
        case "--width", "-w":
            let text = try take()
            guard let n = Int(text), n > 0, n <= 10000 else {
                throw UsageError(message: "--width expects a number of columns from 1 to 10000, not '\(text)'")
            }
            width = n
        case "--data": data = try take()
        case "-o", "--output": out = try take()
        case "--path": path = try take()
        case "--sdk": sdk = try take()
        case "--recover": recover = true
        case "--watch": invocation.watch = true
        case "--timeout":
            let text = try take()
            guard let n = Int(text), n > 0, n <= 86400 else {
                throw UsageError(message: "--timeout expects a number of seconds from 1 to 86400, not '\(text)'")
            }
            invocation.timeout = n
        case "--widths":
            let text = try take()
            widths = []
            for part in text.split(separator: ",") {
                guard let n = Int(part), n > 0, n <= 10000 else {
                    throw UsageError(
                        message: "--widths expects columns from 1 to 10000, separated by commas, not '\(text)'")
                }
                widths.append(n)
            }
        case "--scan-plugin": invocation.mode = .scanPlugin(path: try take())
        default:
            if argument.hasPrefix("-") && argument != "-" {
                let flags = [
                    "--help", "--version", "--plugin-path", "--allow-unsafe-plugins", "--keep-going", "--color",
                    "--no-color", "--no-cache", "--format", "--width", "--data", "--output", "--path", "--sdk",
                    "--recover", "--watch", "--timeout", "--widths",
                ]
                var message = "unknown option '\(argument)'"
                if let suggestion = Suggestions.didYouMean(flag, in: flags) { message += "; \(suggestion)" }
                throw UsageError(message: message)
            }
            positionals.append(argument)
        }
        index += 1
    }
    if case .help = invocation.mode { return invocation }
    if case .version = invocation.mode { return invocation }
    if case .scanPlugin = invocation.mode { return invocation }
    if recover {
        invocation.mode = .recover
        return invocation
    }
    if let commands {
        guard positionals.isEmpty else { throw UsageError(message: "-c takes no other arguments: \(positionals[0])") }
        invocation.mode = .commands(commands)
        return invocation
    }
    guard let verb = positionals.first else { return invocation }
    let rest = Array(positionals.dropFirst())
    switch verb {
    case "run":
        guard !rest.isEmpty else { throw UsageError(message: "run needs at least one script file") }
        invocation.mode = .run(files: rest)
    case "render":
        guard rest.count == 1 else { throw UsageError(message: "render needs exactly one STORYBOARD[#SCENE]") }
        invocation.mode = .render(target: rest[0], format: format, width: width, data: data, output: out)
    case "plugins":
        invocation.mode = .plugins
    case "validate":
        invocation.mode = .validate(plugins: rest)
    case "preview":
        guard let cell = rest.first else {
            throw UsageError(message: "preview needs a CELL, then NAME=VALUE attributes")
        }
        invocation.mode = .preview(cell: cell, attributes: Array(rest.dropFirst()), widths: widths, format: format)
    case "new-plugin":
        guard rest.count == 1 else { throw UsageError(message: "new-plugin needs exactly one NAME") }
        invocation.mode = .newPlugin(name: rest[0], path: path, sdk: sdk)
    default:
        let verbs = ["run", "render", "plugins", "validate", "new-plugin", "preview"]
        var message = "unknown command '\(verb)'"
        if let suggestion = Suggestions.didYouMean(verb, in: verbs) {
            message += "; \(suggestion)"
        } else if verb.hasSuffix(".cellkit") || verb.contains("/") {
            message += "; to run a script, write: cellkit run \(verb)"
        }
        throw UsageError(message: message)
    }
    return invocation
}

// The worker process a session starts (docs/design.md): not a command for people.
if CommandLine.arguments.count == 2 && CommandLine.arguments[1] == "--worker" {
    exit(WorkerMain.run())
}

do {
    let invocation = try parse(Array(CommandLine.arguments.dropFirst()))
    if invocation.mode == .help {
        print(usage)
        exit(0)
    }
    exit(CellKitApp.main(invocation))
} catch {
    // The message quotes what was typed: made safe for the terminal (an escape in an argument stays text).
    let text = Array(
        "cellkit: error: \(TextLayout.sanitized(error.message))\n  'cellkit --help' shows the usage\n".utf8)
    _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
}
