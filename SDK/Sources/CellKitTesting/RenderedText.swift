@_spi(Host) import CellKit

/// The view drawn `width` columns wide (at the height it asks for), as text:
/// what a test compares with what the user should see.
///
/// ```swift
/// let cell = HelloCell()
/// cell.name = "Ada"
/// renderedText(cell, width: 20)   // "Hello, Ada!"
/// ```
///
/// Lines are joined with `\n`; there is no newline at the end.
public func renderedText(_ view: View, width: Int, format: TextFormat = .plain) -> String {
    let canvas = view.render(width: width)
    switch format {
    case .plain:
        return canvas.text
    case .ansi(let colors):
        return write(canvas, colors: colors).replacing("\u{1B}", with: "\\e")
    case .rawANSI(let colors):
        return write(canvas, colors: colors)
    }
}

/// The view drawn at each width, each under a `width N:` caption, separated
/// by blank lines: one golden file shows how it narrows.
///
/// ```swift
/// renderedText(cell, widths: [40, 12])
/// // width 40:
/// // Hello, Ada!
/// //
/// // width 12:
/// // Hello, Ada!
/// ```
public func renderedText(_ view: View, widths: [Int], format: TextFormat = .plain) -> String {
    widths.map { "width \($0):\n" + renderedText(view, width: $0, format: format) }.joined(separator: "\n\n")
}

/// A nib instantiated on its own (its outlets connected to new labels), the
/// outlets given their text, drawn `width` columns wide.
///
/// ```swift
/// let nib = Nib(nibName: "CardCell", bundle: PluginBundle(for: CardCell.self))
/// try renderedText(nib: nib, width: 24, outlets: ["title": "A card", "detail": "text"])
/// // ╭─ A card ─────────────╮
/// // │ text                 │
/// // ╰──────────────────────╯
/// ```
///
/// - Throws: `CellKitError` when the nib is missing or malformed, or an
///   outlet named in `outlets` is not in the nib.
public func renderedText(nib: Nib, width: Int, outlets: [String: String] = [:], format: TextFormat = .plain)
    throws(CellKitError) -> String
{
    guard let root = try nib.instantiate(withOwner: nil).first else {
        throw CellKitError(.invalidNib, "\(nib) has no root view")
    }
    for (name, text) in outlets.sorted(by: { $0.key < $1.key }) {
        guard let label = root.connectedOutlets[name] else {
            let known = root.connectedOutlets.keys.sorted().joined(separator: ", ")
            throw CellKitError(
                .outletMismatch, "\(nib) has no outlet '\(name)'", fix: "its outlets are: \(known)")
        }
        label.text = text
    }
    return renderedText(root, width: width, format: format)
}

/// The canvas written by an ANSI writer.
private func write(_ canvas: Canvas, colors: TextFormat.Colors) -> String {
    let output = MemoryOutput()
    do {
        try ANSIWriter(output: output, colorMode: colors.mode).write(canvas)
    } catch {
        return "<\(error)>"
    }
    var text = output.string
    if text.hasSuffix("\n") { text.removeLast() }
    return text
}
