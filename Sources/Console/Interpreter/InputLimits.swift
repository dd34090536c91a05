/// How large the files a session reads may be: larger files, and paths that
/// are not regular files (`/dev/zero`, a FIFO, a directory), are refused with
/// an error before they are read (docs/limits.md). Tests lower the limits.
struct InputLimits: Equatable {
    /// Scripts and storyboards (`cellkit run`, `open`, `cellkit render`): 16 MiB.
    static let defaultScriptBytes = 16 << 20
    /// Data files (`rows … from`): 64 MiB.
    static let defaultDataFileBytes = 64 << 20

    var scriptBytes = InputLimits.defaultScriptBytes
    var dataFileBytes = InputLimits.defaultDataFileBytes
}
