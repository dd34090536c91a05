#if DEBUG
    @_spi(Host) import CellKit
    import CellKitSupport
    import Glibc
    import PluginDiscovery
    import PluginRuntime
    @testable import Session
    @testable import Worker
    @testable import WorkerProtocol
    @testable import SessionTestSupport

    /// Storyboards: the input is read as a storyboard (declarations only, as
    /// `cellkit render` reads one), into a session over an in-process plugin;
    /// the session is saved, the saved text read back and saved again (it must
    /// not change), and every screen is rendered as plain text and JSON.
    ///
    /// Commands that reach outside (`load`, `open`, `save`, `render`, `show`)
    /// are skipped, and every `rows … from` reads one small CSV file (as with
    /// `cellkit render --data`), so that an input cannot name a file to read.
    enum StoryboardHarness {
        /// One host for every run: the nib catalog is process-wide, so the
        /// plugin registers once.
        nonisolated(unsafe) static let host: PluginHost = {
            let host = PluginHost(searchPath: PluginSearchPath(directories: []))
            _ = try? host.register(inProcess: FuzzCells.self)
            return host
        }()

        /// One file for every process (written whole, the same bytes each
        /// time: a file per process was left behind by each run).
        static let dataFile: String = {
            let path = "/tmp/cellkit-fuzz-storyboard.csv"
            let text =
                "name,role,count,ratio\nAda Lovelace,Analyst,3,0.5\n高橋 さくら,デザイナー,-7,1e3\n\"a,b\",\"\"\"q\"\"\",0,0\n"
            _ = try? atomicWrite(path, text)
            return path
        }()

        static let skipped: Set<String> = ["load", "open", "save", "render", "show", "quit"]

        static func run(_ data: [UInt8]) {
            let session = read(String(decoding: data, as: UTF8.self))
            let saved = StoryboardWriter.script(session, generator: "fuzz")
            let again = StoryboardWriter.script(read(saved), generator: "fuzz")
            precondition(again == saved, "a saved storyboard reads back differently:\n\(saved)\n---\n\(again)")
            for screen in session.screens {
                let width = min(screen.width ?? 80, 400)
                let renderer = ScreenRenderer(screen: screen, host: host)
                for format in [OutputFormat.plain, .json] {
                    _ = try? renderer.render(format: format, width: width, colors: .none, to: MemoryOutput())
                }
            }
        }

        static func read(_ text: String) -> Session {
            readReportingErrors(text).session
        }

        /// The session, and the errors its commands reported.
        static func readReportingErrors(_ text: String) -> (session: Session, errors: String) {
            let errors = MemoryOutput()
            let output = ConsoleOutput(standardOutput: MemoryOutput(), standardError: errors, isTerminal: false)
            let interpreter = Interpreter(host: host, output: output, environment: [:])
            interpreter.declarationsOnly = true
            interpreter.sources.dataOverride = dataFile
            for line in Script.lines(of: text, file: "fuzz.storyboard") {
                guard case .success(let command) = line.result, !skipped.contains(command.name) else { continue }
                do {
                    try interpreter.execute(command)
                } catch {
                    interpreter.report(error)
                }
            }
            return (interpreter.session, errors.string)
        }
    }
#endif
