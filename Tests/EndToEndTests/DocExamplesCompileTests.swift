import CellKitSupport
import Glibc
import TestSupport
import Testing

/// Every ```` ```swift ```` example of the SDK's documentation (its doc
/// comments and its DocC articles) compiles against the SDK as built, as a
/// plugin sees it: one `swiftc -typecheck` over all of them (DocExample says
/// how each becomes a file). A block that is not code opts out on its first
/// line, `// not compiled: REASON`; a marker without a reason is a failure.
@Suite struct DocExamplesCompileTests {
    /// The `swiftc` on the test's `PATH`, if any.
    static let swiftc: String? = {
        let path = getenv("PATH").map { String(cString: $0) } ?? ""
        for directory in path.split(separator: ":") where access(String(directory) + "/swiftc", X_OK) == 0 {
            return String(directory) + "/swiftc"
        }
        return nil
    }()

    /// The SDK's documented sources: every Swift file and DocC article under `SDK/Sources`.
    static func documentedFiles() -> [String] {
        var found: [String] = []
        func walk(_ relative: String) {
            for name in TemporaryDirectory.names(in: CellKitProcess.repositoryRoot + "/" + relative).sorted() {
                let path = relative + "/" + name
                var info = stat()
                guard stat(CellKitProcess.repositoryRoot + "/" + path, &info) == 0 else { continue }
                if info.st_mode & S_IFMT == S_IFDIR {
                    walk(path)
                } else if name.hasSuffix(".swift") || name.hasSuffix(".md") {
                    found.append(path)
                }
            }
        }
        walk("SDK/Sources")
        return found
    }

    static func examples() -> [DocExample] {
        documentedFiles().flatMap { file in
            DocExample.extract(
                from: TemporaryDirectory.readText(CellKitProcess.repositoryRoot + "/" + file) ?? "", file: file)
        }
    }

    /// Type-checks `examples` against the built SDK; returns the errors, each
    /// at the example's own `file:line`.
    static func typecheck(_ examples: [DocExample]) throws -> [String] {
        let scratch = try TemporaryDirectory(prefix: "cellkit-doc-examples")
        defer { scratch.remove() }
        var files = [try scratch.write(DocExamplePrelude.source, to: "Prelude.swift")]
        var origins: [String: (example: DocExample, lines: [Int])] = [:]
        let groups = Dictionary(grouping: examples) { "\($0.file) \($0.isHost)" }
        for (index, key) in groups.keys.sorted().enumerated() {
            let (text, lines) = DocExample.file(groups[key]!)
            let name = "Examples\(index).swift"
            files.append(try scratch.write(text, to: name))
            origins[name] = (groups[key]![0], lines)
        }
        let build = CellKitProcess.buildDirectory
        let result = try CellKitProcess.spawn(
            [
                swiftc!, "-typecheck", "-diagnostic-style", "llvm", "-swift-version", "6", "-module-name",
                "DocExamples", "-I", build + "/Modules",
                "-Xcc", "-fmodule-map-file=\(build)/CellKitShims.build/module.modulemap",
                "-module-cache-path", scratch.file("ModuleCache"),
            ] + files, input: "", directory: scratch.path, environment: NewPluginTests.buildEnvironment)
        let errors = result.standardError.split(separator: "\n").filter { $0.contains(": error: ") }.map {
            located(String($0), in: scratch.path + "/", origins: origins)
        }
        return result.status != 0 && errors.isEmpty ? [result.standardError] : errors
    }

    /// `/tmp/…/Example12.swift:5:9: error: …` as `SDK/Sources/…/Loader.swift:87: error: …`.
    static func located(
        _ line: String, in scratch: String, origins: [String: (example: DocExample, lines: [Int])]
    ) -> String {
        guard line.hasPrefix(scratch) else { return line }
        let parts = line.dropFirst(scratch.count).split(separator: ":", maxSplits: 3)
        guard parts.count == 4, let origin = origins[String(parts[0])], let number = Int(parts[1]) else { return line }
        let source = number - 1 < origin.lines.count ? origin.lines[number - 1] : 0
        let place =
            source == 0
            ? "\(origin.example.file):\(origin.example.line) (the example's wrapper)"
            : "\(origin.example.file):\(source)"
        return place + ":" + parts[3]
    }

    @Test(
        .enabled(if: swiftc != nil, "swiftc is not on PATH"),
        .disabled(if: CellKitProcess.isSanitized, "its work is the compiler's: the ordinary pass runs it"))
    func everyExampleCompiles() throws {
        let all = Self.examples()
        let optedOut = all.filter { $0.optOut != nil }
        for example in optedOut where example.optOut!.isEmpty {
            Issue.record("\(example.file):\(example.line): '// not compiled:' needs a reason")
        }
        #expect(all.count > 150, "found only \(all.count) examples: is the extraction broken?")
        #expect(optedOut.count * 10 < all.count, "\(optedOut.count) of \(all.count) examples opt out")
        let errors = try Self.typecheck(all.filter { $0.optOut == nil })
        #expect(errors.isEmpty, "examples that do not compile:\n\(errors.joined(separator: "\n"))")
    }

    /// The check fails when an example is broken: one that calls an API the SDK does not have.
    @Test(
        .enabled(if: swiftc != nil, "swiftc is not on PATH"),
        .disabled(if: CellKitProcess.isSanitized, "its work is the compiler's: the ordinary pass runs it"))
    func aBrokenExampleIsReportedAtItsLine() throws {
        let broken = DocExample(
            file: "SDK/Sources/CellKit/Example.swift", line: 10,
            code: ["let label = Label(text: \"Hi\")", "label.textColour = .red"])
        let errors = try Self.typecheck([broken])
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0.hasPrefix("SDK/Sources/CellKit/Example.swift:11: error: ") }, "\(errors)")
        #expect(errors.first?.contains("has no member 'textColour'") == true, "\(errors)")
    }
}
