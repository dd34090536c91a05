import WorkerProtocol

extension RenderFailure {
    /// The cells of a render or a view that could not be drawn, as one
    /// failure of the first one's kind: the first and how many more (`a cell
    /// could not be drawn: ProfileCell.age: expected a number (and 2
    /// more)`); `nil` when every cell was drawn.
    static func cellsNotDrawn(_ failures: [RenderFailure]) -> RenderFailure? {
        guard let first = failures.first else { return nil }
        let more = failures.count > 1 ? " (and \(failures.count - 1) more)" : ""
        return RenderFailure(first.code, "a cell could not be drawn: \(first)\(more)")
    }
}
