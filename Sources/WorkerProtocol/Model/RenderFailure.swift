@_spi(Host) import CellKit

/// An error met while drawing a screen (or making a plugin's cells for
/// `validate`), as the worker sends it: what went wrong, where, its kind and
/// how to fix it, as values (not text) the session renders itself, so
/// colour, `--json` output, de-duplication and counting work on them
/// (docs/design.md, "The protocol").
///
/// A cell's failure names the cell as the script wrote it (and the
/// attribute whose value could not be set), or the plugin's item
/// `validate` made; a data file's names its place in ``diagnostics``; a
/// write error has no place, only a message and a fix.
///
/// ```swift
/// let failure = RenderFailure(
///     RenderFailure.invalidAttributeValue, "expected a number, not 'x'", cell: "ProfileCell", attribute: "age")
/// print(failure)   // ProfileCell.age: expected a number, not 'x'
/// ```
package struct RenderFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure: the name of a ``CellKitError`` or `PluginError`
    /// code (`notRegistered`, `invalidAttributeValue`), or one of the render's
    /// own (``dataFile``, ``oversized``, ``output``, ``noView``).
    package var code: String
    /// What went wrong, in one sentence (a file's diagnostics say it again, with the place).
    package var message: String
    /// What would fix it.
    package var fix: String?
    /// The cell as the script wrote it (`validate`: the item, `CardCells.ProfileCell`), when the failure is a cell's.
    package var cell: String?
    /// The cell's attribute whose value could not be set.
    package var attribute: String?
    /// Where in a file it went wrong (a data file's record), compiler-style: every place, in order.
    package var diagnostics: [Diagnostic]

    /// Creates a failure.
    package init(
        _ code: String, _ message: String, fix: String? = nil, cell: String? = nil, attribute: String? = nil,
        diagnostics: [Diagnostic] = []
    ) {
        self.code = code
        self.message = message
        self.fix = fix
        self.cell = cell
        self.attribute = attribute
        self.diagnostics = diagnostics
    }

    /// A failure at a place in a file: the diagnostic says what and where.
    package init(_ code: String, _ diagnostic: Diagnostic) {
        self.init(code, diagnostic.message, diagnostics: [diagnostic])
    }

    /// A data file could not be read, or changed since `rows` read it.
    package static let dataFile = "dataFile"
    /// A cell said a height no canvas can hold, and was drawn cut.
    package static let oversized = "oversized"
    /// The rendered output could not be made or written.
    package static let output = "output"
    /// A `show` request came with no view open.
    package static let noView = "noView"
    /// A cell's attribute was given a value it does not take (the name of `CellKitError.Code.invalidAttributeValue`).
    package static let invalidAttributeValue = "invalidAttributeValue"

    /// The cell and its attribute (`ProfileCell.age: `) when it is a
    /// cell's, then the diagnostics rendered, when there are any, else the
    /// message and the fix after a semicolon.
    package var description: String {
        let subject = [cell, attribute].compactMap { $0 }.joined(separator: ".")
        let text =
            diagnostics.isEmpty
            ? message + (fix.map { "; \($0)" } ?? "") : diagnostics.map { $0.rendered() }.joined(separator: "\n")
        return subject.isEmpty ? text : "\(subject): \(text)"
    }
}
