extension StringProtocol {
    /// The string without leading and trailing spaces and tabs (the SDK
    /// does not import Foundation, to keep start-up fast).
    var trimmedSpaces: String {
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
