@_spi(Host) import CellKit
import PluginDiscovery
import PluginRuntime
import WorkerProtocol

// The worker's errors as the values it sends (``RenderFailure``): each
// keeps its code, message, fix and place, and names the cell it is about.

extension RenderFailure {
    /// A cell that could not be made (its type, its nib): the plugin's refusal.
    init(_ error: PluginError, cell: String) {
        self.init(error.code.description, error.message, fix: error.fix, cell: cell)
    }

    /// A cell that could not be dequeued; a nib's or storyboard's error keeps its places.
    init(_ error: CellKitError, cell: String) {
        self.init(error.code.description, error.message, fix: error.fix, cell: cell, diagnostics: error.diagnostics)
    }

    /// A value the cell's `attribute` does not take.
    init(_ error: ValueError, cell: String, attribute: String) {
        self.init(Self.invalidAttributeValue, error.message, fix: error.fix, cell: cell, attribute: attribute)
    }

    /// The cells that said a height no canvas can hold since the last call
    /// (``SizeReports``): each drawn cut, the plugin's error to report.
    static func oversizedCells() -> [RenderFailure] {
        SizeReports.take().map { RenderFailure(oversized, $0.description) }
    }

    /// An item `validate` could not make, named by its plugin (`CardCells.ProfileCell`).
    init(_ failure: PluginValidator.Failure) {
        self.init(
            failure.code, failure.message, fix: failure.fix, cell: failure.item, diagnostics: failure.diagnostics)
    }
}
