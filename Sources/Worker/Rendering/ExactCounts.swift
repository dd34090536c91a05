@_spi(Host) import CellKit
import Dispatch
import PluginRuntime
import WorkerProtocol

/// The records of the bindings `show` opened with a data source's quick
/// upper bound (``SourceBinding/estimated``), counted on a thread of their
/// own while the view is drawn: `show` of a ten-million-row table opens at
/// once, and its rows are counted in the half second after. Each count opens
/// an instance of the source of its own (sources may be opened as often as
/// the host needs; docs/writing-a-data-source.md, "Threads").
final class ExactCounts: @unchecked Sendable {
    // (@unchecked: `counted` is written before `done` is left, and read only after waiting on it.)
    private let done = DispatchGroup()
    private var counted: Screen?

    /// Starts counting the estimated bindings of `screen`; `nil` when it has none.
    init?(_ screen: Screen, host: PluginHost) {
        guard Self.hasEstimates(screen) else { return nil }
        done.enter()
        let registry = host.registry
        DispatchQueue.global().async { [self] in
            counted = Self.counted(screen, registry: registry)
            done.leave()
        }
    }

    /// `screen` with its estimated bindings counted, here and now.
    static func counted(_ screen: Screen, registry: PluginRegistry) -> Screen {
        var exact = screen
        for s in exact.sections.indices {
            for r in exact.sections[s].rows.indices {
                guard case .bound(var binding) = exact.sections[s].rows[r], binding.source?.estimated == true
                else { continue }
                let check = SourceChecker.check(binding, registry: registry, exact: true)
                // A source that fails now keeps its estimate: its rows say why when they are drawn.
                guard check.problems.isEmpty else { continue }
                binding.count = check.count
                binding.source?.estimated = false
                exact.sections[s].rows[r] = .bound(binding)
            }
        }
        return exact
    }

    /// Whether `screen` has a binding whose count is an estimate.
    static func hasEstimates(_ screen: Screen) -> Bool {
        screen.sections.contains { section in
            section.rows.contains { if case .bound(let b) = $0 { b.source?.estimated == true } else { false } }
        }
    }

    /// The screen with its records counted, when they are (without waiting).
    var result: Screen? {
        done.wait(timeout: .now()) == .success ? counted : nil
    }

    /// The screen with its records counted, waiting for the count.
    func wait() -> Screen? {
        done.wait()
        return counted
    }
}
