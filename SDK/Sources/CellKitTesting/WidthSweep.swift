@_spi(Host) import CellKit
import Testing

/// Draws `view` at every width in `widths` (1 to 200 by default) and records
/// an issue for each width where it asks for more columns than it was given,
/// draws outside its frame, or renders a line wider than the width.
///
/// A cell that traps at some width ends the test process there: run the
/// sweep in its own test, so the failing test names the cell.
///
/// ```swift
/// @Test func helloCellFitsEveryWidth() throws {
///     let cell = HelloCell()
///     try cell.setAttribute("name", to: String(repeating: "Ada ", count: 50))
///     sweepWidths(cell)
/// }
/// ```
///
/// - Returns: the number of widths where something was wrong (each is also
///   recorded as an issue, the first few in full).
@discardableResult
public func sweepWidths(
    _ view: View, widths: ClosedRange<Int> = 1...200, sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> Int {
    var failures = 0
    for width in widths {
        guard let problem = widthProblem(view, width: width) else { continue }
        failures += 1
        if failures <= 5 {
            Issue.record("\(type(of: view)) at width \(width): \(problem)", sourceLocation: sourceLocation)
        }
    }
    if failures > 5 {
        Issue.record(
            "\(type(of: view)): \(failures - 5) more widths failed in \(widths)", sourceLocation: sourceLocation)
    }
    return failures
}

/// What is wrong with `view` drawn `width` wide, if anything.
func widthProblem(_ view: View, width: Int) -> String? {
    let size = view.sizeThatFits(Size(width: width, height: Int.max / 4))
    if size.width > width { return "sizeThatFits asks for \(size.width) columns" }
    if size.height < 0 || size.height > 100_000 { return "sizeThatFits asks for \(size.height) lines" }
    // Drawn inside a larger canvas full of '#': everything outside its frame must stay '#'.
    let canvas = Canvas(width: width + 4, height: size.height + 2)
    canvas.fill(canvas.bounds, with: "#")
    view.frame = Rect(x: 2, y: 1, width: width, height: size.height)
    view.layoutIfNeeded()
    view.drawHierarchy(in: DrawingContext(canvas: canvas).subcontext(for: view.frame))
    for y in 0..<canvas.height {
        for x in 0..<canvas.width where !view.frame.contains(Point(x: x, y: y)) {
            if canvas.character(of: canvas[x, y]) != "#" {
                return "drew at (\(x - 2), \(y - 1)), outside its \(width)×\(size.height) frame"
            }
        }
    }
    for line in view.render(width: width).text.split(separator: "\n") where TerminalWidth.of(line) > width {
        return "a line is \(TerminalWidth.of(line)) columns wide: '\(line)'"
    }
    return nil
}
