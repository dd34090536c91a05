// Temporary, replaced by the Text/ implementation (per-grapheme widths).
public enum TerminalWidth {
    public static func of<S: StringProtocol>(_ text: S) -> Int { text.count }
}
public enum TextLayout {
    public static func sanitized(_ s: String) -> String { s }
}
public enum TextAlignment: String, Sendable, CaseIterable { case left, center, right }
public enum TruncationMode: String, Sendable, CaseIterable { case head, middle, tail, clip }
public enum LineBreakMode: String, Sendable, CaseIterable { case wordWrapping, charWrapping, clipping, truncatingHead, truncatingTail, truncatingMiddle }
public struct Glyph: Sendable { public var scalar: Unicode.Scalar; public var cluster: Substring?; public var width: Int }
public enum Glyphs {
    public static func forEach<S: StringProtocol>(in text: S, _ body: (Glyph) -> Void) {
        for c in text { body(Glyph(scalar: c.unicodeScalars.first!, cluster: c.unicodeScalars.count > 1 ? Substring(String(c)) : nil, width: 1)) }
    }
}
extension TextLayout {
    public static func truncated(_ text: String, toWidth: Int, mode: TruncationMode = .tail, ellipsis: String = "…") -> String {
        text.count <= toWidth ? text : String(text.prefix(max(0, toWidth - 1))) + ellipsis
    }
    public static func lines(_ text: String, width: Int, mode: LineBreakMode, maxLines: Int) -> [String] { [text] }
}
extension TextLayout {
    public static func wrapped(_ text: String, toWidth: Int) -> [String] { [text] }
}
extension TextLayout {
    public static func padded(_ text: String, toWidth: Int, alignment: TextAlignment) -> String {
        let w = TerminalWidth.of(text)
        guard w < toWidth else { return text }
        return text + String(repeating: " ", count: toWidth - w)
    }
}
