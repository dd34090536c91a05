extension StringProtocol {
    /// The string without leading and trailing spaces and tabs (the SDK
    /// does not import Foundation, to keep start-up fast).
    var trimmedSpaces: String {
        // Most values have nothing to trim: two byte checks, no index walking.
        let string = String(self)
        if let first = string.utf8.first, let last = string.utf8.last, first != 0x20, first != 0x09, last != 0x20,
            last != 0x09
        {
            return string
        }
        var start = startIndex
        var end = endIndex
        while start < end, self[start] == " " || self[start] == "\t" { start = index(after: start) }
        while end > start {
            let before = index(before: end)
            guard self[before] == " " || self[before] == "\t" else { break }
            end = before
        }
        return String(self[start..<end])
    }
}
