import Foundation

/// The process's umask, read from `/proc/self/status`: calling `umask` to read it would
/// change it for a moment under tests running in parallel.
enum ProcessUmask {
    static var current: UInt32 {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in status.split(separator: "\n") where line.hasPrefix("Umask:") {
            return UInt32(line.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8) ?? 0o022
        }
        return 0o022
    }
}
