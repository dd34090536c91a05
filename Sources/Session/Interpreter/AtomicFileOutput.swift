@_spi(Host) import CellKit
import CellKitSupport
import WorkerProtocol

/// A ``TextOutput`` into an atomic file writer.
final class AtomicFileOutput: TextOutput {
    let writer: AtomicFileWriter
    init(_ writer: AtomicFileWriter) { self.writer = writer }
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        try writer.write(bytes)
    }
}
