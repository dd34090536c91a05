#if canImport(Glibc)
    import Glibc
#endif

/// The message for an `errno` value (`strerror`), as a Swift string.
enum ErrnoText {
    static func of(_ code: Int32) -> String {
        guard let message = strerror(code) else { return "error \(code)" }
        let bytes = UnsafeRawPointer(message).assumingMemoryBound(to: UInt8.self)
        return String(decoding: UnsafeBufferPointer(start: bytes, count: strlen(message)), as: UTF8.self)
    }
}
