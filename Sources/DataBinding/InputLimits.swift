import CellKitSupport

/// How large what a session reads may be: larger scripts and data records,
/// and paths that are not regular files (`/dev/zero`, a FIFO, a directory),
/// are refused with an error (docs/limits.md). Tests lower the limits.
package struct InputLimits: Equatable {
    /// Scripts and storyboards (`cellkit run`, `open`, `cellkit render`), read whole: 16 MiB.
    package static let defaultScriptBytes = 16 << 20
    /// One record of a data file (`rows … from`): 16 MiB. A data file is
    /// read a chunk of records at a time: its size is not limited.
    package static let defaultDataRecordBytes = RecordChunker.defaultRecordLimit

    package var scriptBytes = InputLimits.defaultScriptBytes
    package var dataRecordBytes = InputLimits.defaultDataRecordBytes

    package init(
        scriptBytes: Int = InputLimits.defaultScriptBytes,
        dataRecordBytes: Int = InputLimits.defaultDataRecordBytes
    ) {
        self.scriptBytes = scriptBytes
        self.dataRecordBytes = dataRecordBytes
    }
}
