/// The mapping of control characters to visible pictures, shared by `TextLayout.sanitized(_:)`
/// and `Glyphs`.
enum Sanitizer {
    /// U+2424 SYMBOL FOR NEWLINE, the picture of a CR LF cluster.
    static let newlinePicture: Unicode.Scalar = "\u{2424}"

    /// The picture that replaces `scalar`, or nil when it is drawn as it is.
    ///
    /// C0 controls become U+2400 + code (ESC → ␛), TAB a space, DEL ␡, C1 controls U+FFFD.
    @inline(__always)
    static func picture(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return nil }
        if value < 0x20 {
            if value == 0x09 { return " " }
            return Unicode.Scalar(0x2400 &+ value).unsafelyUnwrapped
        }
        if value == 0x7F { return "\u{2421}" }
        if value <= 0x9F { return "\u{FFFD}" }
        return nil
    }

    /// True when some byte encodes a C0 control, DEL or a C1 control (C2 80...C2 9F).
    static func needsSanitizing(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = buffer.count
        var i = 0
        while i < n {
            let byte = buffer[i]
            if byte < 0x20 || byte == 0x7F { return true }
            if byte == 0xC2 && i + 1 < n && buffer[i + 1] <= 0x9F { return true }
            i &+= 1
        }
        return false
    }
}

extension TextLayout {
    /// The text with every control character replaced by a visible picture, so that no raw
    /// escape sequence reaches the terminal.
    ///
    /// Each `Character` maps to exactly one `Character` of the same width, so columns stay put
    /// (diagnostics rely on it): C0 controls become Unicode control pictures (U+2400 + code:
    /// ESC → ␛, NUL → ␀, LF → ␊), DEL → ␡, C1 controls (U+0080...U+009F) → U+FFFD, TAB → one
    /// space, and the CR LF cluster → ␤ (U+2424). Everything else is unchanged.
    ///
    /// ```swift
    /// TextLayout.sanitized("\u{1B}[31mred\u{7F}")  // "␛[31mred␡"
    /// TextLayout.sanitized("a\tb\r\nc")            // "a b␤c"
    /// ```
    ///
    /// A combining mark right after a control character, or a prepended concatenation mark
    /// (such as U+0600) right before one, is a cluster of its own but can attach to the
    /// picture that replaces the control, so the new string may count one `Character` fewer;
    /// the width is unchanged.
    ///
    /// - Complexity: O(n). When nothing needs changing (the usual case) the input is returned,
    ///   after one pass over its bytes and no allocation.
    @_spi(Host) public static func sanitized(_ text: String) -> String {
        withUTF8(text.utf8) { buffer -> String in
            guard Sanitizer.needsSanitizing(buffer) else { return text }
            var out: [UInt8] = []
            out.reserveCapacity(buffer.count + 16)
            func append(_ scalar: Unicode.Scalar) {
                UTF8.encode(scalar) { out.append($0) }
            }
            GraphemeSegmenter.forEachCluster(in: buffer) { info in
                if info.isSingleScalar, let picture = Sanitizer.picture(for: info.first) {
                    append(picture)
                } else if !info.isSingleScalar && info.first == "\r" {
                    append(Sanitizer.newlinePicture)  // CR LF
                } else {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[info.start..<info.end]))
                }
                return true
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}
