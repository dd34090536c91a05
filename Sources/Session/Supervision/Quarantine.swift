import PluginDiscovery
import WorkerProtocol

/// Which plugins the worker crashed in, and how often: at ``limit`` crashes in
/// its code a plugin is quarantined (not loaded or drawn again) until
/// `reload PLUGIN` or `load PLUGIN force=true` forgives it (docs/design.md,
/// "When the worker dies").
struct Quarantine: Equatable {
    /// How many crashes in one plugin's code quarantine it.
    static let limit = 3

    /// Crashes by the name of the plugin whose code was running.
    private(set) var crashes: [String: Int] = [:]

    /// Whether `plugin` is quarantined.
    func holds(_ plugin: String) -> Bool { (crashes[plugin] ?? 0) >= Self.limit }

    /// Counts a crash against `plugin`; returns the note that says what follows.
    mutating func countCrash(of plugin: String) -> String {
        crashes[plugin, default: 0] += 1
        let count = crashes[plugin] ?? 0
        if count >= Self.limit {
            return "\(plugin) has crashed \(count) times and is quarantined: it is not loaded again until "
                + "\(CommandHint.quoted(.load, plugin, options: ["force": "true"])); the session goes on"
        }
        return "the session goes on; the next command starts a new worker (\(plugin) crashed \(count) "
            + "time\(count == 1 ? "" : "s"); at \(Self.limit) it is quarantined)"
    }

    /// The refusal to load `plugin` (from `path`), if it is quarantined.
    func refusal(ofPlugin plugin: String, at path: String) -> PluginError? {
        guard holds(plugin) else { return nil }
        return PluginError(
            .loadFailed, "\(plugin) is quarantined: the worker crashed \(crashes[plugin] ?? 0) times in its code",
            fix: "fix and rebuild it, then \(CommandHint.quoted(.load, plugin, options: ["force": "true"]))", path: path
        )
    }

    /// The refusal to draw `screen`, if one of its cells belongs to a quarantined plugin.
    func refusal(toDraw screen: Screen) -> PluginError? {
        for section in screen.sections {
            for source in section.rows {
                let plugin = String(source.cell.qualified.split(separator: ".", maxSplits: 1).first ?? "")
                if holds(plugin) {
                    return PluginError(
                        .loadFailed,
                        "\(source.cell.written) belongs to \(plugin), which is quarantined: the worker crashed \(crashes[plugin] ?? 0) times in its code",
                        fix: "fix and rebuild it, then \(CommandHint.quoted(.load, plugin, options: ["force": "true"]))"
                    )
                }
            }
        }
        return nil
    }

    /// Forgets the crashes of `plugin` (`load … force=true`, `reload PLUGIN`).
    mutating func forgive(_ plugin: String) { crashes[plugin] = nil }

    /// Forgets every crash (`reload`).
    mutating func forgiveAll() { crashes = [:] }
}
