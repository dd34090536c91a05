import Foundation

/// A fresh directory under the system's temporary directory, removed with everything in it
/// when the test is done (call `remove()` in a `defer`).
struct TemporaryDirectory {
    let path: String

    init() throws {
        let base = (NSTemporaryDirectory() as NSString).appendingPathComponent("cellkit-support-XXXXXX")
        var template = Array(base.utf8CString)
        guard let created = mkdtemp(&template) else {
            throw CocoaError(.fileWriteUnknown)
        }
        path = String(cString: created)
    }

    /// `name` inside the directory.
    func file(_ name: String) -> String {
        path + "/" + name
    }

    /// Writes `text` to `name` with Foundation, to set up a test without the code under test.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        try text.write(toFile: file(name), atomically: false, encoding: .utf8)
        return file(name)
    }

    /// The file's text, read with Foundation.
    func read(_ name: String) throws -> String {
        try String(contentsOfFile: file(name), encoding: .utf8)
    }

    /// The names in the directory, with Foundation, sorted.
    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
