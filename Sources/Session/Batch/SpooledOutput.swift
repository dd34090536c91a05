@_spi(Host) import CellKit
import CellKitSupport
import Glibc

/// A part of a sharded render on its way to standard output, held in a
/// temporary file until it is whole (``RenderShard``): a part that fails half
/// way writes nothing, so a runner that retries it (Kubernetes'
/// `backoffLimitPerIndex`, a Slurm requeue) never joins half a part. The file
/// is unlinked as soon as it is made, in `$TMPDIR` (else `/tmp`), so no exit
/// path leaves it behind.
final class SpooledOutput: TextOutput {
    private let descriptor: Int32

    init(environment: [String: String]) throws(BackendError) {
        let file: String
        do {
            // A folder of the user's own (0700) for a moment, so the file is made where nobody else can look.
            file =
                try PrivateDirectory.makeTemporary(prefix: "cellkit-part", environment: Environment(environment))
                + "/part"
        } catch {
            throw .output(
                "cannot hold the part until it is whole: \(error.description)\n"
                    + "  set TMPDIR to a folder you can write to, or write the part to a file with -o")
        }
        descriptor = open(file, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        let failed = errno
        unlink(file)
        rmdir(Path.dirname(file))
        guard descriptor >= 0 else {
            throw .output(
                "cannot hold the part in \(file) until it is whole: \(String(cString: strerror(failed)))\n"
                    + "  set TMPDIR to a folder you can write to, or write the part to a file with -o")
        }
    }

    deinit { close(descriptor) }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        let failed = SystemCall.writeAll(descriptor, bytes)
        guard failed == 0 else {
            throw BackendError.output(
                "cannot hold the part until it is whole: \(String(cString: strerror(failed)))\n"
                    + "  free some space in TMPDIR, or write the part to a file with -o")
        }
    }

    /// Writes the whole part to `output`, from the start.
    func deliver(to output: any TextOutput) throws(BackendError) {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset: off_t = 0
        while true {
            let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, $0.count, offset) }
            if read < 0 && errno == EINTR { continue }
            guard read >= 0 else {
                throw .output("cannot read the part back: \(String(cString: strerror(errno)))")
            }
            if read == 0 { return }
            do {
                try buffer[..<read].withUnsafeBytes { try output.write($0) }
            } catch {
                throw .output("cannot write the part to standard output: \(error)")
            }
            offset += off_t(read)
        }
    }
}
