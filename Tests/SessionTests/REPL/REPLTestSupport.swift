@_spi(Host) import CellKit
import CellKitSupport
import Glibc
import PluginDiscovery
import PluginRuntime
import TestSupport

@testable import Session
@testable import SessionTestSupport

/// Helpers for the REPL's unit tests (`swift test --filter REPL`).
enum REPLTestSupport {
    /// The build directory, where `swift build` put the example plugins.
    static var buildDirectory: String { TestPaths.buildDirectory }

    /// An interpreter over a host that finds the example plugins, after running `script`.
    static func interpreter(running script: String) throws -> Interpreter {
        let host = PluginHost(searchPath: PluginSearchPath(directories: [buildDirectory]))
        let output = ConsoleOutput(standardOutput: MemoryOutput(), standardError: MemoryOutput(), isTerminal: false)
        let interpreter = Interpreter(host: host, output: output, environment: [:])
        let errors = interpreter.run(script, file: "<test>")
        if let first = errors.first { throw TestFailure(description: first.description) }
        return interpreter
    }

    /// A CSV file of `count` rows `item 0`, `item 1`, … in a new temporary directory.
    static func rowsFile(_ count: Int) throws -> String {
        let path = try temporaryDirectory() + "/rows.csv"
        var text = "name\n"
        for i in 0..<count { text += "item \(i)\n" }
        try atomicWrite(path, text)
        return path
    }

    /// Removes a directory made by ``temporaryDirectory()`` and what is in it.
    static func remove(_ path: String) {
        guard path.hasPrefix("/tmp/cellkit-repl-") else { return }
        TemporaryDirectory.removeTree(path)
    }

    /// A new, empty directory under /tmp; ``remove(_:)`` removes it.
    static func temporaryDirectory() throws -> String {
        try TemporaryDirectory.create(prefix: "cellkit-repl")
    }

    /// The frames a scroll view wrote (each starts by moving the cursor home),
    /// as rows of text without escape sequences.
    static func frames(in output: [UInt8]) -> [[String]] {
        let text = String(decoding: output, as: UTF8.self)
        return text.splitAll(at: "\u{1B}[H").dropFirst().map { frame in
            frame.splitAll(at: "\r\n").map { stripped($0) }
        }
    }

    /// `text` without CSI escape sequences, trailing blanks removed.
    static func stripped(_ text: String) -> String {
        var out = ""
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\u{1B}" {
                guard scalars.next() == "[" else { continue }
                while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        while out.last == " " { out.removeLast() }
        return out
    }

    struct TestFailure: Error, CustomStringConvertible {
        var description: String
    }
}

extension String {
    /// Splits at every occurrence of `separator` (no Foundation in these tests).
    fileprivate func splitAll(at separator: String) -> [String] {
        var parts: [String] = []
        var rest = self[...]
        while let range = rest.firstRange(of: separator) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }
}
