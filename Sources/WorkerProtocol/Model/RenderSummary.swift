/// What a render did: sent back by the worker at the end of a render.
package struct RenderSummary: Equatable {
    /// Rows dequeued and drawn.
    package var rows: Int
    /// Cells that could not be made or configured (their rows show the error).
    package var cellErrors: [RenderFailure]
    /// Data files that changed since `rows` read them, or could not be read.
    package var dataErrors: [RenderFailure] = []

    package init(rows: Int, cellErrors: [RenderFailure], dataErrors: [RenderFailure] = []) {
        self.rows = rows
        self.cellErrors = cellErrors
        self.dataErrors = dataErrors
    }
}
