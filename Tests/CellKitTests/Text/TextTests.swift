import Testing

/// The text module's tests (`swift test --filter TextTests`); each file adds a nested suite.
@Suite("TextTests")
enum TextTests {}
