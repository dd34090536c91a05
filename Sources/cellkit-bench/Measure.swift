@_spi(Host) import CellKit
import CellKitSupport
import Glibc
import MallocCounter

/// Clocks and counters for the benchmarks.
enum Measure {
    /// Monotonic time in nanoseconds.
    static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Seconds `body` takes.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return Double(now() - start) / 1e9
    }

    /// The CPU time of the calling thread, in nanoseconds: what a render on
    /// this thread costs whatever else the machine's cores are doing.
    static func threadCPU() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Seconds `body` takes, by the clock and in CPU time of this thread.
    static func times(_ body: () throws -> Void) rethrows -> (seconds: Double, cpuSeconds: Double) {
        let cpu = threadCPU()
        let seconds = try Self.seconds(body)
        return (seconds, Double(threadCPU() - cpu) / 1e9)
    }

    /// The process's peak resident memory (VmHWM) in KiB.
    static func peakMemoryKiB() -> Int {
        guard let status = try? readTextFile("/proc/self/status") else { return -1 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
        }
        return -1
    }

    /// How many heap allocations `body` makes (every library's, via the interposed malloc).
    static func allocations(_ body: () -> Void) -> UInt64 {
        malloc_counter_start()
        body()
        return malloc_counter_stop()
    }

    /// The median of some samples.
    static func median(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}

/// One line of results: `key=value` pairs, printed by a child run and read by the driver.
struct ResultLine {
    var fields: [(String, String)] = []

    mutating func add(_ key: String, _ value: some CustomStringConvertible) {
        fields.append((key, value.description))
    }

    func print() {
        Swift.print(fields.map { "\($0.0)=\($0.1)" }.joined(separator: " "))
    }

    static func parse(_ line: String) -> [String: String] {
        var result: [String: String] = [:]
        for pair in line.split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { result[String(parts[0])] = String(parts[1]) }
        }
        return result
    }
}

/// `/dev/null`, so rendering is measured without the cost of a disk.
func nullOutput() -> FileDescriptorNullOutput { FileDescriptorNullOutput() }

/// Counts bytes and throws them away.
final class FileDescriptorNullOutput: TextOutput {
    private(set) var bytes = 0
    func write(_ buffer: UnsafeRawBufferPointer) throws {
        bytes += buffer.count
    }
}

/// What every scenario checks before it reports: that it drew what it says it
/// drew. A benchmark that measures an empty table (a data source released
/// before the render, a writer never flushed) fails loudly instead of
/// reporting an impossible figure.
enum Check {
    /// `served` rows were asked of the data source, `rows` were expected; each
    /// drawn line of a bordered table is at least `width` bytes.
    static func drew(rows: Int, served: Int, bytes: Int, width: Int, what: String) throws {
        guard served == rows else {
            throw BenchError("\(what) drew \(served) rows, not \(rows) (is the data source still alive?)")
        }
        try that(bytes >= rows * width, "\(what) wrote \(bytes) bytes for \(rows) rows \(width) wide")
    }

    /// Fails the run with `message` unless `condition` holds.
    static func that(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        guard condition else { throw BenchError("check failed: \(message())") }
    }
}
