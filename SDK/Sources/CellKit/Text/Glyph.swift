/// One grapheme cluster as the terminal draws it.
///
/// `Glyphs.forEach(in:_:)` produces them for the renderer's canvas: a glyph occupies `width`
/// columns (0, 1 or 2); a canvas draws `cluster` when it is not nil, else `scalar`, and drops
/// glyphs of width 0.
///
/// ```swift
/// Glyphs.forEach(in: "e\u{301}\u{1B}") { print($0.scalar, $0.cluster ?? "-", $0.width) }
/// // e é 1
/// // ␛ - 1
/// ```
struct Glyph: Sendable, Equatable {
    /// The first scalar of the cluster, after sanitizing: a control character comes out as its
    /// picture (ESC as ␛, DEL as ␡, C1 controls as U+FFFD, CR LF as ␤) and a tab as a space.
    var scalar: Unicode.Scalar
    /// The whole cluster, a slice of the text; nil when the cluster is that one scalar.
    var cluster: Substring?
    /// Columns the cluster occupies: 0, 1 or 2.
    var width: Int

    /// A glyph; `cluster` is nil for a single-scalar cluster.
    ///
    /// ```swift
    /// let star = Glyph(scalar: "*", width: 1)
    /// print(star.scalar, star.width)  // * 1
    /// ```
    init(scalar: Unicode.Scalar, cluster: Substring? = nil, width: Int) {
        self.scalar = scalar
        self.cluster = cluster
        self.width = width
    }
}
