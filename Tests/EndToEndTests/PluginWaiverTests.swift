import CellKitSupport
import Glibc
import Testing

/// `load X allow-unsafe=true` waives the trust check only when the person
/// says so: typed at the interactive prompt, or on the command line (`-c`,
/// like `--allow-unsafe-plugins`). A file that is run, opened, rendered,
/// piped in or recovered cannot grant it. The library is the marker fixture
/// in a directory others can write: if its constructor ever runs, the marker
/// file exists.
@Suite struct PluginWaiverTests {
    typealias Scratch = PluginTrustTests.Scratch

    /// The fixture in a 0777 directory, and a storyboard whose first line waives the check for it.
    func layOut(_ s: Scratch) throws -> (library: String, document: String) {
        let dir = try s.directory("open", mode: 0o777)
        let library = try s.install(in: dir)
        let document = s.root + "/doc.cellkit"
        try atomicWrite(document, "load \(library) allow-unsafe=true\nscreen S\nrow TxtCell\nrender\n")
        return (library, document)
    }

    /// What every refused waiver says (after the trust check's own message).
    func expectRefusedWaiver(_ result: CellKitProcess.Result, from source: String, library: String) {
        #expect(result.status == 3)
        #expect(
            result.standardError.contains("error: refusing to load \(library): directory "), "\(result.standardError)")
        #expect(
            result.standardError.contains(
                "  allow-unsafe=true was not honoured: it comes from \(source), not from you; to grant it, run "
                    + "cellkit with --allow-unsafe-plugins, or type `load \(library) allow-unsafe=true` at the "
                    + "interactive prompt\n"), "\(result.standardError)")
        #expect(!result.standardOutput.contains("TxtCell"))
    }

    @Test func aDocumentCannotWaiveTheCheck() throws {
        let s = try Scratch()
        defer { s.remove() }
        let (library, document) = try layOut(s)
        let env = s.environment()

        let render = try CellKitProcess.run(["render", document + "#S"], environment: env)
        expectRefusedWaiver(render, from: document, library: library)
        let run = try CellKitProcess.run(["run", document], environment: env)
        expectRefusedWaiver(run, from: document, library: library)
        let piped = try CellKitProcess.run([], input: try readTextFile(document), environment: env)
        expectRefusedWaiver(piped, from: "a script on standard input", library: library)
        let opened = try CellKitProcess.run(["-c", "open \(document)"], environment: env)
        expectRefusedWaiver(opened, from: document, library: library)
        #expect(!s.markerWritten, "a document waived the trust check")
    }

    /// The person's own grants: `-c` and `--allow-unsafe-plugins` (which also covers a document).
    @Test func theCommandLineGrantsIt() throws {
        let s = try Scratch()
        defer { s.remove() }
        let (library, document) = try layOut(s)
        let typed = try CellKitProcess.run(["-c", "load \(library) allow-unsafe=true"], environment: s.environment())
        #expect(typed.status == 0, "\(typed.standardError)")
        #expect(typed.standardError.contains("loaded Other 0.0.1 from "))
        #expect(s.markerWritten)

        unlink(s.marker)
        let flag = try CellKitProcess.run(
            ["--allow-unsafe-plugins", "render", document + "#S"], environment: s.environment())
        #expect(flag.status == 0, "\(flag.standardError)")
        #expect(s.markerWritten)
    }

    /// Typed at the prompt it is honoured; the journal does not carry it into `--recover`.
    @Test func thePromptGrantsItButRecoveryDoesNot() throws {
        let s = try Scratch()
        defer { s.remove() }
        let (library, _) = try layOut(s)
        do {
            let first = try PTYSession.start(home: s.home, ownsHome: false, environment: s.environment())
            try first.type("load \(library) allow-unsafe=true")
            try first.waitFor("loaded Other 0.0.1")
            try first.type("screen Kept")
            try first.waitForPrompt()
            #expect(s.markerWritten)
            first.signal(SIGKILL)
            try first.waitForExit()
        }
        unlink(s.marker)
        let second = try PTYSession.start(["--recover"], home: s.home, ownsHome: false, environment: s.environment())
        try second.waitFor("recovered 1 command and 1 screen (Kept)")
        try second.waitFor("this command failed again and was left out:")
        try second.waitFor("allow-unsafe=true was not honoured: it comes from a recovered session")
        try second.type("quit")
        try second.waitForExit()
        #expect(!s.markerWritten, "--recover carried the waiver over")
    }
}
