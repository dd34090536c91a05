// Temporary, replaced by the Text/ implementation (per-grapheme widths).
public enum TerminalWidth {
    public static func of<S: StringProtocol>(_ text: S) -> Int { text.count }
}
public enum TextLayout {
    public static func sanitized(_ s: String) -> String { s }
}
