/// Reads choices off the front of a fuzz input; past its end every read is 0,
/// so any input, however short, makes a complete set of choices.
struct FuzzInput {
    let bytes: [UInt8]
    private(set) var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index >= bytes.count }

    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// A number in `range`, from two bytes.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let value = Int(byte()) << 8 | Int(byte())
        return range.lowerBound + value % range.count
    }

    /// One of `choices`, from one byte.
    mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int(byte()) % choices.count]
    }

    /// Up to `limit` bytes.
    mutating func take(_ limit: Int) -> ArraySlice<UInt8> {
        let end = min(bytes.count, index + limit)
        defer { index = max(index, end) }
        return bytes[min(index, end)..<end]
    }

    /// The bytes not read yet.
    mutating func rest() -> ArraySlice<UInt8> {
        take(bytes.count)
    }
}
