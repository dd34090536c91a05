@_spi(Host) import CellKit
import CellKitSupport
import PluginHost

// MARK: - load, plugins, cells, describe

extension Interpreter {
    func load(_ c: ValidatedCommand) throws(ConsoleError) {
        guard let argument = c.arguments["plugin"] else { return }
        let name = argument.text
        do {
            let result = try host.load(
                name.hasSuffix(".so") || name.contains("/") ? resolvePath(name) : name,
                allowUnsafe: c.bool("allow-unsafe"))
            // A note, not a result: standard output stays the rendered screens.
            output.printError(result.message)
            if !session.loadedPlugins.contains(name) { session.loadedPlugins.append(name) }
        } catch {
            var failure = pluginError(error, c, at: argument.span)
            if error.code == .notFound, let hint = unbuiltExamplePlugin(name), !failure.diagnostics.isEmpty {
                failure.diagnostics[0].notes.append(hint)
            }
            throw failure
        }
    }

    /// When `name` is one of the example plugins of the checkout this
    /// cellkit was built in, and is not built yet (`swift run cellkit` builds
    /// only cellkit), how to build it.
    func unbuiltExamplePlugin(_ name: String) -> String? {
        for directory in host.searchPath.directories {
            let parts = directory.split(separator: "/", omittingEmptySubsequences: false)
            guard let build = parts.lastIndex(of: ".build") else { continue }
            let root = parts[..<build].joined(separator: "/")
            let sources = (root.isEmpty ? "." : root) + "/Plugins/" + name
            if fileExists(root + "/Package.swift"), fileExists(sources) {
                return "\(name) is an example plugin of this checkout (Plugins/\(name)) and is not built yet: "
                    + "`swift build` builds every plugin (`swift run cellkit` builds cellkit only)"
            }
        }
        return nil
    }

    func listPlugins() {
        let loaded = host.registry.plugins
        var rows: [[String]] = [["PLUGIN", "VERSION", "ABI", "STATE", "PROVIDES", "PATH"]]
        for plugin in loaded {
            rows.append([
                plugin.name, plugin.version, "\(plugin.abiVersion)", "loaded", plugin.contentsSummary,
                plugin.path.map(displayPath) ?? "(built in)",
            ])
        }
        if let cache = host.cache {
            for record in cache.records(for: host.searchPath) where record.isPlugin {
                guard !loaded.contains(where: { $0.name == record.name || $0.path == record.path }) else { continue }
                let state = record.error.map { "broken: \($0)" } ?? "available"
                rows.append([
                    record.name, record.version, "\(record.abiVersion)", state, record.contentsSummary,
                    displayPath(record.path),
                ])
            }
        }
        if rows.count == 1 {
            output.print("no plugins loaded or found on the plugin path (\(host.searchPath))")
            return
        }
        output.print(TextTable.format(rows))
    }

    func listCells(_ c: ValidatedCommand) throws(ConsoleError) {
        let filter = c.arguments["plugin"]
        if let filter, host.registry.plugin(named: filter.text) == nil {
            let names = host.registry.plugins.map(\.name)
            throw ConsoleError(
                .script,
                c.command.diagnostic(
                    "no plugin named '\(filter.text)' is loaded", at: filter.span,
                    notes: [Suggestions.didYouMean(filter.text, in: names) ?? "load it first: load \(filter.text)"]))
        }
        let items = host.registry.items().filter { filter == nil || $0.plugin == filter?.text }
        guard !items.isEmpty else {
            output.print("no cells yet: load a plugin first (load BasicCells)")
            return
        }
        var rows: [[String]] = [["NAME", "KIND", "ATTRIBUTES", "SUMMARY"]]
        for item in items {
            rows.append([
                item.qualifiedName, item.kind.noun(plural: false),
                item.registration.attributes.map(\.name).joined(separator: ","),
                item.registration.summary ?? "",
            ])
        }
        output.print(TextTable.format(rows))
    }

    func describe(_ c: ValidatedCommand) throws(ConsoleError) {
        guard let argument = c.arguments["cell"] else { return }
        let item = try resolve(argument.text, kinds: Set(PluginRegistration.Kind.allCases), c, at: argument.span)
        var header = "\(item.qualifiedName)   \(item.kind.noun(plural: false))"
        if let nib = item.registration.nibName { header += "   nib \(nib).nib" }
        output.print(header)
        if let summary = item.registration.summary, !summary.isEmpty { output.print("  \(summary)") }
        let attributes = item.registration.attributes
        if attributes.isEmpty {
            if !item.registration.scenes.isEmpty {
                output.print("  scenes: \(item.registration.scenes.joined(separator: ", "))")
            } else {
                output.print("  no attributes")
            }
            return
        }
        let rows = attributes.map { a in
            [
                "  " + a.name, a.type.description,
                a.defaultValue.map { Script.format(StoryboardWriter.value($0)) } ?? "", a.summary ?? "",
            ]
        }
        output.print(TextTable.format(rows, header: false))
    }
}

extension RegistryCache.Record {
    /// `3 cells, 1 nib`.
    var contentsSummary: String {
        PluginRegistration.Kind.allCases.compactMap { kind -> String? in
            let n = registrations.filter { $0.kind == kind }.count
            return n == 0 ? nil : "\(n) \(kind.noun(plural: n != 1))"
        }.joined(separator: ", ")
    }
}

/// Columns of plain text, left-aligned, two spaces apart, widths by terminal columns.
enum TextTable {
    static func format(_ rows: [[String]], header: Bool = true) -> String {
        let count = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: count)
        for row in rows {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], TerminalWidth.of(cell)) }
        }
        return rows.map { row in
            var line = ""
            for (i, cell) in row.enumerated() {
                line += i == row.count - 1 ? cell : TextLayout.padded(cell, toWidth: widths[i], alignment: .left) + "  "
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}
