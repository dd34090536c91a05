@_spi(Host) import CellKit

/// One or more diagnostics thrown together: the errors of one script line, or
/// of a whole script.
///
/// ```swift
/// do { _ = try CommandSpec.validate(command) } catch {
///     print(error)   // every diagnostic, rendered, one after the other
/// }
/// ```
struct DiagnosticList: Error, Hashable, Sendable, CustomStringConvertible {
    /// The diagnostics, in source order.
    var diagnostics: [Diagnostic]

    /// Creates a list.
    init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// Every diagnostic rendered, separated by line breaks.
    var description: String {
        diagnostics.map { $0.rendered() }.joined(separator: "\n")
    }
}
