/// Where a scanner is, cheaply: a byte offset, the line, and where that line starts.
///
/// Scanners record these as they go; only an error (or a caller that asked for positions)
/// pays for turning one into a `TextPosition`, whose column counts `Character`s.
struct RawPosition: Hashable, Sendable {
    var offset: Int
    var line: Int
    var lineStart: Int
}
