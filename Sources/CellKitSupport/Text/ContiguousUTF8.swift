/// Lends the parsers a contiguous UTF-8 buffer, copying only when the input is not already
/// contiguous (a native `String` and an `Array` never are copied).
enum ContiguousUTF8 {
    /// Calls `body` with the UTF-8 of `text`.
    static func with<Result>(
        _ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        var text = text
        return text.withUTF8(body)
    }

    /// Calls `body` with `bytes`.
    static func with<Result>(
        _ bytes: some Collection<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        if let result = bytes.withContiguousStorageIfAvailable(body) {
            return result
        }
        return Array(bytes).withUnsafeBufferPointer(body)
    }
}
