@_spi(Host) import CellKit

extension AttributeType {
    /// `an Int`, `a Double`, `one of left, center, right`.
    package var articleName: String {
        switch self {
        case .int: "an Int"
        case .enumeration(let cases): "one of " + cases.joined(separator: ", ")
        case .numbers: "a list of numbers ([Double])"
        case .strings: "a list of text ([String])"
        default: "a \(self)"
        }
    }
}

extension String {
    /// The text without the blanks around it, as a number is read from a data field.
    package var trimmedForNumber: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
