import Glibc
import PluginRuntime
import Testing

@testable import Session
@testable import Worker
@testable import WorkerProtocol

extension LineEditorTests {
    /// ``FileDescriptorTerminal`` on a real pseudo-terminal: raw mode, restore,
    /// size, and one edited line through the kernel's tty layer.
    @Suite(.serialized) struct RealTerminal {
        /// A pty pair opened in-process (no child process needed).
        final class PseudoTerminal {
            let master: Int32
            let slave: Int32

            init?(columns: UInt16 = 30, rows: UInt16 = 10) {
                typealias OpenPT = @convention(c) (Int32) -> Int32
                typealias FDCall = @convention(c) (Int32) -> Int32
                typealias PTSName = @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32
                // Not exported by the Glibc module; look them up in libc.
                func symbol<T>(_ name: String, as type: T.Type) -> T? {
                    dlsym(nil, name).map { unsafeBitCast($0, to: type) }
                }
                guard let openpt = symbol("posix_openpt", as: OpenPT.self),
                    let grantpt = symbol("grantpt", as: FDCall.self),
                    let unlockpt = symbol("unlockpt", as: FDCall.self),
                    let ptsname = symbol("ptsname_r", as: PTSName.self)
                else { return nil }
                let master = openpt(O_RDWR | O_NOCTTY)
                guard master >= 0 else { return nil }
                var name = [CChar](repeating: 0, count: 256)
                guard grantpt(master) == 0, unlockpt(master) == 0, ptsname(master, &name, name.count) == 0 else {
                    close(master)
                    return nil
                }
                let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                let slave = open(path, O_RDWR | O_NOCTTY)
                guard slave >= 0 else {
                    close(master)
                    return nil
                }
                var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
                _ = ioctl(master, UInt(TIOCSWINSZ), &size)
                self.master = master
                self.slave = slave
            }

            deinit {
                close(slave)
                close(master)
            }

            func type(_ text: String) {
                let bytes = Array(text.utf8)
                _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            }

            /// Everything the program wrote so far.
            func drain() -> [UInt8] {
                var output: [UInt8] = []
                var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                var buffer = [UInt8](repeating: 0, count: 4096)
                while poll(&descriptor, 1, 50) > 0 {
                    let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                    if count <= 0 { break }
                    output += buffer[0..<count]
                }
                return output
            }

            var mode: termios {
                var mode = termios()
                _ = tcgetattr(slave, &mode)
                return mode
            }
        }

        static func sameFlags(_ a: termios, _ b: termios) -> Bool {
            a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag && a.c_lflag == b.c_lflag
        }

        static let ptyAvailable = PseudoTerminal() != nil

        @Test(.enabled(if: RealTerminal.ptyAvailable))
        func editsALineAndRestoresTheMode() throws {
            let pty = try #require(PseudoTerminal())
            let original = pty.mode
            let terminal = FileDescriptorTerminal(input: pty.slave, output: pty.slave, environment: ["TERM": "xterm"])
            #expect(terminal.supportsLineEditing)
            #expect(terminal.size == TerminalSize(columns: 30, rows: 10))

            try terminal.enterRawMode()
            let raw = pty.mode
            #expect(raw.c_lflag & tcflag_t(ECHO | ICANON | ISIG) == 0)
            #expect(SavedTerminalMode.isSaved)
            pty.type("abc\u{1B}[DX\r")
            let editor = LineEditor(terminal: terminal)
            #expect(try editor.readLine(prompt: "> ") == .line("abXc"))
            #expect(terminal.isRawMode)  // it was on before readLine: left on
            terminal.leaveRawMode()
            terminal.leaveRawMode()  // idempotent
            #expect(Self.sameFlags(pty.mode, original))
            #expect(!SavedTerminalMode.isSaved)

            let screen = VirtualScreen(columns: 30, replaying: pty.drain())
            #expect(screen.lines == ["> abXc"])
            #expect(screen.unexpected.isEmpty)
            #expect(!screen.bracketedPaste)
        }

        @Test(.enabled(if: RealTerminal.ptyAvailable))
        func readLineEntersAndLeavesRawModeItself() throws {
            let pty = try #require(PseudoTerminal())
            let original = pty.mode
            let terminal = FileDescriptorTerminal(input: pty.slave, output: pty.slave, environment: ["TERM": "xterm"])
            pty.type("hello\r")  // typed ahead, while still in cooked mode
            #expect(try LineEditor(terminal: terminal).readLine(prompt: "> ") == .line("hello"))
            #expect(!terminal.isRawMode)
            #expect(Self.sameFlags(pty.mode, original))
        }

        @Test(.enabled(if: RealTerminal.ptyAvailable))
        func withRawModeRestoresWhenTheBodyThrows() throws {
            struct Failure: Error {}
            let pty = try #require(PseudoTerminal())
            let original = pty.mode
            let terminal = FileDescriptorTerminal(input: pty.slave, output: pty.slave, environment: ["TERM": "xterm"])
            #expect(throws: Failure.self) {
                try terminal.withRawMode { throw Failure() }
            }
            #expect(Self.sameFlags(pty.mode, original))
        }

        @Test(.enabled(if: RealTerminal.ptyAvailable))
        func signalHandlerRestoreFunction() throws {
            let pty = try #require(PseudoTerminal())
            let original = pty.mode
            let terminal = FileDescriptorTerminal(input: pty.slave, output: pty.slave, environment: ["TERM": "xterm"])
            try terminal.enterRawMode()
            let raw = pty.mode
            SavedTerminalMode.restore()
            #expect(Self.sameFlags(pty.mode, original))
            SavedTerminalMode.restore()  // any number of times
            SavedTerminalMode.reapplyRawMode()
            #expect(Self.sameFlags(pty.mode, raw))
            terminal.leaveRawMode()
            #expect(Self.sameFlags(pty.mode, original))
            #expect(String(decoding: pty.drain(), as: UTF8.self).contains("\u{1B}[?2004l"))
        }

        @Test(.enabled(if: RealTerminal.ptyAvailable))
        func deinitRestores() throws {
            let pty = try #require(PseudoTerminal())
            let original = pty.mode
            do {
                let terminal = FileDescriptorTerminal(input: pty.slave, output: pty.slave, environment: [:])
                try terminal.enterRawMode()
            }
            #expect(Self.sameFlags(pty.mode, original))
        }

        @Test func pipesAreNotTerminals() throws {
            var fds: [Int32] = [0, 0]
            try #require(pipe(&fds) == 0)
            defer {
                close(fds[0])
                close(fds[1])
            }
            let terminal = FileDescriptorTerminal(input: fds[0], output: fds[1], environment: ["TERM": "xterm"])
            #expect(!terminal.inputIsTerminal)
            #expect(!terminal.supportsLineEditing)
            #expect(throws: TerminalError.self) { try terminal.enterRawMode() }
            try terminal.write("x\n")
            #expect(try terminal.read(timeout: .milliseconds(10)) == .bytes(Array("x\n".utf8)))
            #expect(try terminal.read(timeout: .milliseconds(10)) == .timedOut)
            // Without a window, COLUMNS/LINES or 80×24.
            #expect(terminal.size == .fallback)
            let sized = FileDescriptorTerminal(
                input: fds[0], output: fds[1], environment: ["COLUMNS": "100", "LINES": "40"])
            #expect(sized.size == TerminalSize(columns: 100, rows: 40))
        }

        @Test(.enabled(if: RealTerminal.ptyAvailable))
        func dumbTerminalIsNotEdited() throws {
            let pty = try #require(PseudoTerminal())
            let terminal = FileDescriptorTerminal(input: pty.slave, output: pty.slave, environment: ["TERM": "dumb"])
            #expect(terminal.inputIsTerminal)
            #expect(!terminal.supportsLineEditing)
        }

        @Test func terminalInfo() {
            let info = TerminalInfo(
                environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1", "COLUMNS": "x"],
                stdinIsTerminal: true, stdoutIsTerminal: false, stderrIsTerminal: true)
            #expect(info.term == "xterm-256color")
            #expect(info.noColor)
            #expect(info.announcesTruecolor)
            #expect(info.announces256Colors)
            #expect(!info.isInteractive)
            #expect(!info.isDumb)
            #expect(info.columns == nil)
            let plain = TerminalInfo(
                environment: ["TERM": "dumb", "NO_COLOR": ""],
                stdinIsTerminal: true, stdoutIsTerminal: true, stderrIsTerminal: true)
            #expect(plain.isDumb)
            #expect(!plain.noColor)  // empty NO_COLOR does not count
            #expect(!plain.announces256Colors)
            #expect(plain.isInteractive)
        }
    }
}
