/// One value of a record, as a ``DataSource`` reads it: typed, so that the
/// host converts it to an attribute's type without parsing it again.
///
/// ```swift
/// var batch = DataBatch(fieldCount: 4, capacity: 1)
/// batch.append(.text("Ada Lovelace"))
/// batch.append(.integer(1815))
/// batch.append(.number("4134.0"))   // a number as the file writes it
/// batch.append(.null)                // the attribute keeps its default
/// batch.endRecord(at: DataPlace(1))
/// ```
///
/// The cases are fixed (`@frozen`): a new kind of value would be a new major
/// version of the SDK.
@frozen public enum DataValue: Hashable, Sendable, CustomStringConvertible {
    /// No value: the attribute keeps its default.
    case null
    /// Text.
    case text(String)
    /// A whole number.
    case integer(Int64)
    /// A binary floating-point number (a database's REAL).
    case real(Double)
    /// A number as the source writes it (`4134.0`, `1e3`, `-0.50`): bound to
    /// text, it draws as written; bound to a number, it is read as one.
    case number(String)
    /// `true` or `false`.
    case boolean(Bool)
    /// A list, for `[Double]` and `[String]` attributes.
    case list([DataValue])
    /// Bytes that are not text (a database's BLOB), of this length: no
    /// attribute takes them, and binding one is an error naming the field.
    case blob(count: Int)

    /// The value as text: what a `String` attribute is given (a `real` as
    /// its shortest decimal that reads back the same: `3.0`, `0.1`, `1e+20`).
    /// `nil` for a list or a blob.
    public var text: String? {
        switch self {
        case .null: ""
        case .text(let text), .number(let text): text
        case .integer(let value): String(value)
        case .real(let value): value.description
        case .boolean(let value): value ? "true" : "false"
        case .list, .blob: nil
        }
    }

    /// What kind of value it is, for errors: `text`, `a whole number`, `a blob of 12 bytes`.
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .text: "text"
        case .integer: "a whole number"
        case .real, .number: "a number"
        case .boolean: "a Boolean"
        case .list: "a list"
        case .blob(let count): "a blob of \(count) byte\(count == 1 ? "" : "s")"
        }
    }

    /// The value as a script would write it.
    public var description: String {
        switch self {
        case .list(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .blob(let count): "<blob, \(count) bytes>"
        case .null: "null"
        default: text ?? ""
        }
    }
}

/// Where a record is in its source, in one number the source understands
/// (a row id, a line, a byte offset): kept with each record of a batch, and
/// turned into words (``DataSource/describe(_:)``) only when an error names it.
///
/// ```swift
/// var batch = DataBatch(fieldCount: 0, capacity: 1)
/// let rowid: Int64 = 42
/// batch.endRecord(at: DataPlace(rowid))
/// ```
@frozen public struct DataPlace: Hashable, Sendable {
    /// The number.
    public var key: Int64

    /// A place of key `key`.
    @inlinable public init(_ key: Int64) {
        self.key = key
    }

    /// A place of key `key`.
    @inlinable public init(_ key: Int) {
        self.key = Int64(key)
    }
}
