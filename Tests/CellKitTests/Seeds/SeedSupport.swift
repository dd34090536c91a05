@_spi(Host) import CellKit
import Testing

// Helpers shared by the seed tests: nibs registered from strings (the XIBs of
// the seeds), and a table or collection rendered to lines.

/// Registers a nib's text in the bundle of `type` — the test module's bundle,
/// `PluginBundle(for: type)`, named `CellKitTests` — where `NibLoadable`'s
/// default `nib` looks for it. Registering the same text again is harmless.
func registerNib(_ source: String, named name: String, for type: AnyClass) throws {
    try Nib.register(source: source, named: name, in: PluginBundle(for: type))
}

/// The lines of `content` rendered at `width`, trailing spaces removed.
func renderedLines(_ content: any ScrollableContent, width: Int) -> [String] {
    let canvas = content.renderCanvas(width: width)
    return (0..<canvas.height).map(canvas.text(ofRow:))
}

/// The lines of a view rendered at `width` (for a table or a collection,
/// `renderedLines` draws every row).
func viewLines(_ view: View, width: Int) -> [String] {
    let canvas = view.render(width: width)
    return (0..<canvas.height).map(canvas.text(ofRow:))
}

/// Runs `body` and returns the `CellKitError` it throws, recording an issue
/// if it throws none or another error.
func expectCellKitError(
    sourceLocation: Testing.SourceLocation = #_sourceLocation, _ body: () throws -> Void
) -> CellKitError? {
    do {
        try body()
        Issue.record("expected a CellKitError, but nothing was thrown", sourceLocation: sourceLocation)
        return nil
    } catch let error as CellKitError {
        return error
    } catch {
        Issue.record("expected a CellKitError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// A table data source made of closures, for tests that need one quickly.
final class TableRows: TableViewDataSource {
    var sections: [Int]
    var cell: (TableView, IndexPath) -> TableViewCell
    var header: (Int) -> String? = { _ in nil }
    var footer: (Int) -> String? = { _ in nil }

    init(_ sections: [Int], cell: @escaping (TableView, IndexPath) -> TableViewCell) {
        self.sections = sections
        self.cell = cell
    }

    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section] }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        cell(tableView, indexPath)
    }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { header(section) }
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { footer(section) }
}

/// A collection data source made of closures.
final class CollectionItems: CollectionViewDataSource {
    var sections: [Int]
    var cell: (CollectionView, IndexPath) -> CollectionViewCell
    var supplementary: (CollectionView, String, IndexPath) -> CollectionReusableView? = { _, _, _ in nil }

    init(_ sections: [Int], cell: @escaping (CollectionView, IndexPath) -> CollectionViewCell) {
        self.sections = sections
        self.cell = cell
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        sections[section]
    }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        cell(collectionView, indexPath)
    }
    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CollectionReusableView? {
        supplementary(collectionView, kind, indexPath)
    }
}
