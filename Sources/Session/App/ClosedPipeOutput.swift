@_spi(Host) import CellKit
import CellKitSupport
import Glibc

/// Standard output that ends the process quietly, as SIGPIPE's default action would,
/// once its reader has gone (`cellkit run report.cellkit | head -1`): the session
/// catches SIGPIPE so that its worker's socket cannot end it, which turns a closed
/// pipe into `EPIPE` here, and every later render would report it again.
/// The shell sees status 141 (128 + SIGPIPE), as for `yes | head -1` (docs/batch.md).
final class ClosedPipeOutput: TextOutput {
    let base: any TextOutput

    init(_ base: any TextOutput) {
        self.base = base
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        do {
            try base.write(bytes)
        } catch let error as OutputError where error.errno == EPIPE {
            TemporaryFiles.endForClosedPipe()
        }
    }
}
