import CellKitSupport

/// How large what a session reads may be: larger scripts and data records,
/// and paths that are not regular files (`/dev/zero`, a FIFO, a directory),
/// are refused with an error (docs/limits.md). Tests lower the limits.
struct InputLimits: Equatable {
    /// Scripts and storyboards (`cellkit run`, `open`, `cellkit render`), read whole: 16 MiB.
    static let defaultScriptBytes = 16 << 20
    /// One record of a data file (`rows … from`): 16 MiB. A data file is
    /// read a chunk of records at a time: its size is not limited.
    static let defaultDataRecordBytes = RecordChunker.defaultRecordLimit

    var scriptBytes = InputLimits.defaultScriptBytes
    var dataRecordBytes = InputLimits.defaultDataRecordBytes
}
