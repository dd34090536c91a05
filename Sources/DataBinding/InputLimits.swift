/// How large the files a session reads may be: larger files, and paths that
/// are not regular files (`/dev/zero`, a FIFO, a directory), are refused with
/// an error before they are read (docs/limits.md). Tests lower the limits.
package struct InputLimits: Equatable {
    /// Scripts and storyboards (`cellkit run`, `open`, `cellkit render`): 16 MiB.
    package static let defaultScriptBytes = 16 << 20
    /// Data files (`rows … from`): 256 MiB (a million records of issue 7's
    /// benchmark is under 100 MB as JSON).
    package static let defaultDataFileBytes = 256 << 20

    package var scriptBytes = InputLimits.defaultScriptBytes
    package var dataFileBytes = InputLimits.defaultDataFileBytes

    package init(
        scriptBytes: Int = InputLimits.defaultScriptBytes, dataFileBytes: Int = InputLimits.defaultDataFileBytes
    ) {
        self.scriptBytes = scriptBytes
        self.dataFileBytes = dataFileBytes
    }
}
