@_spi(Host) import CellKit
import PluginDiscovery

/// Instantiates everything plugins registered — every cell, nib, header and
/// footer view, storyboard scene and loader — and reports every failure
/// without stopping at the first: seed 003's "load every scene" check,
/// for whole plugins.
///
/// ```swift
/// let report = PluginValidator(host: host).validate(plugins: ["CardCells"])
/// for f in report.failures { print(f.item, f.message) }   // CardCells.ProfileCell no nib named 'ProfileCell' ...
/// ```
package struct PluginValidator {
    /// One thing that failed.
    package struct Failure: Sendable {
        /// `CardCells.ProfileCell`, or `CardCells.Main#Detail` for a scene.
        package let item: String
        /// The kind of failure: the name of the error's code (`nibNotFound`), or `loadFailed`.
        package var code = PluginError.Code.loadFailed.description
        /// What went wrong.
        package let message: String
        /// How to fix it.
        package var fix: String?
        /// Where in a nib or storyboard it went wrong.
        package var diagnostics: [Diagnostic] = []
    }

    /// What was checked.
    package struct Report: Sendable {
        /// How many items were instantiated.
        package var checked = 0
        /// Everything that failed.
        package var failures: [Failure] = []
    }

    let host: PluginHost

    /// A validator over a host's loaded plugins.
    package init(host: PluginHost) {
        self.host = host
    }

    /// Checks the named plugins (all loaded plugins when empty).
    package func validate(plugins names: [String] = []) -> Report {
        var report = Report()
        let plugins = host.registry.plugins.filter { names.isEmpty || names.contains($0.name) }
        for plugin in plugins {
            for registration in plugin.registrations {
                let item = RegisteredItem(plugin: plugin.name, registration: registration)
                check(item, into: &report)
            }
        }
        return report
    }

    private func check(_ item: RegisteredItem, into report: inout Report) {
        switch item.kind {
        case .cell, .item, .headerFooter, .supplementary, .nib:
            report.checked += 1
            do {
                let view = try host.makeView(item)
                for width in [1, 20, 80] { _ = view.render(width: width) }
            } catch {
                report.failures.append(
                    Failure(
                        item: item.qualifiedName, code: error.code.description, message: error.message, fix: error.fix))
            }
        case .storyboard:
            let storyboard = Storyboard(name: item.name, bundle: PluginBundle(name: item.plugin))
            report.checked += max(1, storyboard.sceneIdentifiers.count)
            for failure in storyboard.validate() {
                report.failures.append(
                    Failure(
                        item: item.qualifiedName, code: failure.code.description, message: failure.message,
                        fix: failure.fix, diagnostics: failure.diagnostics))
            }
        case .loader:
            report.checked += 1
            do {
                _ = try item.registration.loader?.tryLoad()
            } catch {
                report.failures.append(Failure(item: item.qualifiedName, message: error.description))
            }
        case .dataSource:
            // A source opens a file a script names: there is none to open here. Its format must be one
            // a script can name, which registering checked.
            report.checked += 1
        @unknown default:
            // The host is built with its SDK, so every kind is known; a kind added to the
            // SDK without a check here is reported rather than passed.
            report.failures.append(
                Failure(item: item.qualifiedName, message: "cellkit cannot check a \(item.kind.rawValue) registration"))
        }
    }
}
