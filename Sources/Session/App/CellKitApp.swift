@_spi(Host) import CellKit
import CellKitSupport
import Glibc
import PluginDiscovery
import WorkerProtocol

/// The `cellkit` program: sets up the plugin host and the interpreter, and
/// runs what the command line asked for.
package enum CellKitApp {
    /// The version `--version` prints: the SDK's, which cellkit releases with.
    package static let version = PluginABI.sdkVersionDescription

    /// Runs an invocation; returns the exit code (docs/batch.md).
    package static func main(_ invocation: Invocation) -> Int32 {
        // An interrupted write leaves no temporary file; a file size limit is an I/O error (4).
        TemporaryFiles.installSignalHandlers()
        let environment = Environment.current().variables
        let context = Context(invocation: invocation, environment: environment)
        switch invocation.mode {
        case .version:
            context.output.print(
                "cellkit \(version) (CellKit SDK \(PluginABI.sdkVersionDescription), "
                    + "Swift \(PluginABI.compilerDescription(PluginABI.compilerVersion)), \(HostBuild.configuration) build)"
            )
            return 0
        case .help(let topic):
            do {
                context.output.print(try CommandLineHelp.help(topic: topic))
                return 0
            } catch {
                context.output.printError("cellkit: error: \(error.message)\n  'cellkit --help' shows the usage")
                return ExitCode.usage.rawValue
            }
        case .completions(let shell):
            context.output.print(ShellCompletion.script(for: shell), terminator: "")
            return 0
        case .completionNames(let list):
            for name in ShellCompletion.names(list, host: context.host) { context.output.print(name) }
            return 0
        case .manual:
            context.output.print(ManualPage.text(version: version), terminator: "")
            return 0
        case .describe(let name):
            return context.describe(name)
        case .scanPlugin:
            // The executable sends `--scan-plugin` to the worker's side (PluginScan): it opens the library.
            context.output.printError("error: --scan-plugin runs in the worker's side of cellkit, not in a session")
            return ExitCode.usage.rawValue
        case .interactive:
            if isatty(0) == 1 && isatty(1) == 1 {
                let repl = REPL(context: context, recover: false)
                repl.watch = invocation.watch
                return repl.run()
            }
            return context.runStandardInput()
        case .recover:
            let repl = REPL(context: context, recover: true)
            repl.watch = invocation.watch
            return repl.run()
        case .preview(let cell, let attributes, let widths, let format):
            // Invocation.parse accepts plain and ansi only.
            return context.preview(
                cell: cell, attributes: attributes, widths: widths, format: format,
                watch: invocation.watch)
        case .run(let files):
            return context.runFiles(files)
        case .commands(let text):
            return context.runCommands(text)
        case .render(let target, let format, let width, let data, let out):
            return context.renderStoryboard(target, format: format, width: width, data: data, output: out)
        case .plugins:
            if invocation.json {
                context.output.print(context.interpreter.pluginsJSON())
            } else {
                context.interpreter.listPlugins()
            }
            return 0
        case .validate(let plugins):
            return context.validate(plugins)
        case .newPlugin(let name, let path, let sdk, let source):
            return context.newPlugin(name, path: path, sdk: sdk, kind: source ? .source : .cells)
        case .install(let prefix):
            return context.install(prefix: prefix)
        case .sdk:
            return invocation.exportSDK ? context.exportSDK() : context.printSDK()
        case .uninstall(let prefix, let plugins):
            return context.uninstall(prefix: prefix, plugins: plugins)
        case .pluginInstall(let package, let prefix):
            return context.installPlugin(package: package, prefix: prefix)
        case .pluginUninstall(let name, let prefix):
            return context.uninstallPlugin(name, prefix: prefix)
        case .pluginRebuild(let names):
            return context.rebuildPlugins(names)
        }
    }
}
