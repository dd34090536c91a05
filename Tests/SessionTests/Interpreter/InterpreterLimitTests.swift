import CellKitSupport
import Glibc
import Testing

@testable import DataBinding
@testable import Session
@testable import WorkerProtocol

/// Hostile files get a clear error within a documented limit (docs/limits.md),
/// never a read without end: data files must be regular files of at most
/// 256 MiB, scripts and storyboards of at most 16 MiB.
@Suite struct InterpreterLimitTests {
    /// A file of `size` bytes that takes no disk space (its contents are never read).
    static func sparseFile(_ files: TemporaryFiles, _ name: String, size: Int) -> String {
        let path = files.write(name, "")
        #expect(truncate(path, off_t(size)) == 0)
        return path
    }

    @Test(arguments: ["/dev/zero", "/dev/urandom"])
    func aDeviceIsNotADataFile(device: String) {
        let s = ScriptSession()
        let error = s.fail("screen A\nrows WeatherCell from \"\(device)\" city=.name")
        #expect(
            error.contains("<stdin>:2:23: error: cannot open '\(device)': it is a character device, not a regular file")
        )
        #expect(error.contains("a data file must be a regular file"))
        #expect(s.session.screens[0].sections.isEmpty, "nothing was added")
    }

    @Test func aFIFOIsNotADataFile() {
        let files = TemporaryFiles()
        let fifo = files.path("pipe.json")
        #expect(mkfifo(fifo, 0o600) == 0)
        // Opened without waiting for a writer, and refused.
        let error = ScriptSession().fail("screen A\nrows WeatherCell from \"\(fifo)\" city=.name")
        #expect(error.contains("it is a FIFO (a named pipe), not a regular file"))
    }

    @Test func aDirectoryIsNotADataFile() {
        let files = TemporaryFiles()
        let error = ScriptSession().fail("screen A\nrows WeatherCell from \"\(files.directory)\" city=.name")
        #expect(error.contains("Is a directory (EISDIR)"))
    }

    /// A data file is read a chunk at a time: its size is not limited, one
    /// record's is. A 300 MB file of one field (sparse: NUL bytes, no line
    /// break) is refused for its first record, after 16 MiB of it, never for
    /// its size, and the error says nothing of `ulimit`.
    @Test func aDataFileIsNotRefusedForItsSizeButForARecordOverTheLimit() {
        #expect(InputLimits.defaultDataRecordBytes == 16 << 20)
        let files = TemporaryFiles()
        let path = Self.sparseFile(files, "big.csv", size: 300_000_000)
        let error = ScriptSession().fail("screen A\nrows WeatherCell from \"\(path)\" city=.name")
        #expect(
            error.contains("big.csv:1:1: error: record 1 is larger than 16 MiB, the limit for one record"), "\(error)")
        #expect(!error.contains("ulimit"))
        #expect(!error.contains("limit for a data file"))
    }

    @Test func aCSVFieldLargerThanTheLimitIsRefused() {
        let files = TemporaryFiles()
        let path = files.write("field.csv", "name\n\"" + String(repeating: "x", count: 5000) + "\"\n")
        let s = ScriptSession()
        s.interpreter.sources.limits.dataRecordBytes = 4096
        let error = s.fail("screen A\nrows WeatherCell from \"\(path)\" city=.name")
        #expect(
            error.contains("field.csv:2:1: error: record 1 is larger than 4 KiB, the limit for one record"), "\(error)")
        #expect(error.contains("a quote left open makes the rest of the file one field"))
        s.interpreter.sources.limits.dataRecordBytes = 8192
        s.succeed("rows WeatherCell from \"\(path)\" city=.name")
    }

    @Test func aStoryboardBindingDevZeroFailsWhenOpened() {
        let files = TemporaryFiles()
        let path = files.write("board.cellkit", "screen A\nrows WeatherCell from \"/dev/zero\" city=.name\n")
        let s = ScriptSession()
        let error = s.fail("open \"\(path)\"")
        #expect(error.contains("board.cellkit:2:23: error: cannot open '/dev/zero': it is a character device"))
        #expect(s.session.screens.isEmpty, "the file was all or nothing")
    }

    @Test func aOneGigabyteScriptOfOneLineIsRefusedBeforeItIsRead() {
        #expect(InputLimits.defaultScriptBytes == 16 << 20)
        let files = TemporaryFiles()
        let path = Self.sparseFile(files, "huge.cellkit", size: 1 << 30)
        let error = ScriptSession().fail("open \"\(path)\"")
        #expect(error.contains("it is larger than 16 MiB, the limit for a script (docs/limits.md)"))
    }

    @Test func aScriptFromADeviceIsReadOnlyUpToTheLimit() {
        // Scripts may be pipes (`cellkit run <(generate)`), so they are not refused
        // for not being regular files; /dev/zero stops at the limit all the same.
        let s = ScriptSession()
        s.interpreter.sources.limits.scriptBytes = 4096
        #expect(s.fail("open \"/dev/zero\"").contains("it is larger than 4 KiB, the limit for a script"))
    }

    @Test func aLongAttributeStringIsRefusedWithItsScript() {
        // The 100 MB attribute string of the issue, scaled down with the limit.
        let files = TemporaryFiles()
        let path = files.write(
            "long.cellkit", "screen A\nrow WeatherCell city=\"\(String(repeating: "é", count: 3000))\"\n")
        let s = ScriptSession()
        s.interpreter.sources.limits.scriptBytes = 4096
        #expect(s.fail("open \"\(path)\"").contains("it is larger than 4 KiB, the limit for a script"))
        s.interpreter.sources.limits.scriptBytes = 8192
        s.succeed("open \"\(path)\"")
        #expect(s.session.screens[0].rowCount == 1)
    }
}
