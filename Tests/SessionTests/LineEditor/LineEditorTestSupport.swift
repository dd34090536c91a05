@testable import Session
@testable import SessionTestSupport
@testable import WorkerProtocol

/// The parent of every line editor suite, so that
/// `swift test --filter LineEditor` runs them all.
enum LineEditorTests {}

/// Bytes for keys, as a terminal sends them.
enum Keys {
    static let enter = "\r"
    static let tab = "\t"
    static let backspace = "\u{7F}"
    static let escape = "\u{1B}"
    static let left = "\u{1B}[D"
    static let right = "\u{1B}[C"
    static let up = "\u{1B}[A"
    static let down = "\u{1B}[B"
    static let home = "\u{1B}[H"
    static let end = "\u{1B}[F"
    static let delete = "\u{1B}[3~"
    static let ctrlLeft = "\u{1B}[1;5D"
    static let ctrlRight = "\u{1B}[1;5C"
    static let altBackspace = "\u{1B}\u{7F}"
    static let pasteStart = "\u{1B}[200~"
    static let pasteEnd = "\u{1B}[201~"

    /// Ctrl-<letter>.
    static func ctrl(_ letter: Character) -> String {
        let value = letter.asciiValue.map { $0 & 0x1F } ?? 0
        return String(UnicodeScalar(value))
    }

    /// Alt-<character> (ESC prefix).
    static func alt(_ character: Character) -> String {
        "\u{1B}" + String(character)
    }
}

/// One `readLine` driven through a ``TestTerminal``.
struct EditorRun {
    let result: LineEditor.Result
    let terminal: TestTerminal
    let columns: Int
    /// `readMarks.count` before this run started (for runs after the first).
    let firstRead: Int
    let outputStart: Int

    /// The screen when the editor was waiting for the key of `index` (0-based
    /// within this run's reads).
    func screen(waitingForRead index: Int) -> VirtualScreen {
        let marks = terminal.readMarks
        let mark = marks[min(firstRead + index, marks.count - 1)]
        return VirtualScreen(columns: columns, replaying: terminal.output[outputStart..<mark])
    }

    /// The screen just before the last key of the run was read (usually: what
    /// the user saw when pressing Enter).
    var screenBeforeLastKey: VirtualScreen {
        screen(waitingForRead: terminal.readMarks.count - firstRead - 1)
    }

    /// The screen after the run.
    var finalScreen: VirtualScreen {
        VirtualScreen(columns: columns, replaying: terminal.output[outputStart...])
    }
}

/// Drives a ``LineEditor`` with scripted keys, one read per key.
final class EditorHarness {
    let terminal: TestTerminal
    let editor: LineEditor

    init(
        columns: Int = 40, rows: Int = 24, history: History = History(),
        completion: Completion.Provider? = nil
    ) {
        terminal = TestTerminal(size: TerminalSize(columns: columns, rows: rows))
        editor = LineEditor(terminal: terminal, history: history, completion: completion)
    }

    /// Queues `keys` (one read each) and reads one line.
    func run(_ keys: [String], prompt: String = "> ") throws -> EditorRun {
        for key in keys { terminal.type(key) }
        let firstRead = terminal.readMarks.count
        let outputStart = terminal.output.count
        let result = try editor.readLine(prompt: prompt)
        return EditorRun(
            result: result, terminal: terminal, columns: terminal.size.columns,
            firstRead: firstRead, outputStart: outputStart)
    }
}

/// Runs one line through a fresh editor.
func edit(
    _ keys: [String], columns: Int = 40, prompt: String = "> ", history: History = History(),
    completion: Completion.Provider? = nil
) throws -> EditorRun {
    try EditorHarness(columns: columns, history: history, completion: completion)
        .run(keys, prompt: prompt)
}
