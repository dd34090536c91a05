/// The character between the fields of a CSV record: `,` unless told otherwise.
///
/// ```swift
/// let parser = CSVParser(delimiter: .semicolon)
/// let custom = CSVDelimiter("|")   // any ASCII character but '"', CR and LF
/// ```
package struct CSVDelimiter: Hashable, Sendable, CustomStringConvertible {
    /// The delimiter's byte.
    let byte: UInt8

    /// `,` (RFC 4180).
    package static let comma = CSVDelimiter(byte: UInt8(ascii: ","))
    /// `;`, common where `,` is the decimal separator.
    package static let semicolon = CSVDelimiter(byte: UInt8(ascii: ";"))
    /// A tab (TSV).
    package static let tab = CSVDelimiter(byte: 0x09)

    private init(byte: UInt8) {
        self.byte = byte
    }

    /// The delimiter `character`, or `nil` unless it is one ASCII character other than `"`,
    /// CR and LF.
    package init?(_ character: Character) {
        guard let ascii = character.asciiValue, ascii != UInt8(ascii: "\""), ascii != 0x0A,
            ascii != 0x0D
        else { return nil }
        self.byte = ascii
    }

    /// `','`, `';'`, `a tab`...: how messages name it.
    package var description: String {
        CharacterDescription.describe(Unicode.Scalar(byte))
    }
}
