import Glibc

/// A program started in a pseudo-terminal of its own, as a person's terminal
/// runs it: a session leader with the terminal as its controlling one (so a
/// window-size change sends it SIGWINCH), its standard streams on the
/// terminal, the signals a test runner may ignore or block back at their
/// defaults. The end-to-end tests (`PTYSession`) and `cellkit-bench search`
/// drive `cellkit` through one.
///
/// ```swift
/// let terminal = try PseudoTerminal.start(["/bin/cat"], environment: [:], directory: "/tmp", columns: 80, rows: 24)
/// // write keys to terminal.master, read what the program draws from it
/// ```
public struct PseudoTerminal {
    /// The program (the shell that changes directory and then runs it).
    public let pid: pid_t
    /// The test's side: keys are written here and the program's output read.
    public let master: Int32
    /// The terminal's side, kept open to read its mode after the program ends.
    public let slave: Int32

    /// Why a program could not be started in a pseudo-terminal.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts `argv` in `directory` (through /bin/sh, which changes
    /// directory first) with exactly `environment`, in a new terminal
    /// `columns` × `rows`. Close `master` and `slave` when done.
    public static func start(
        _ argv: [String], environment: [String: String], directory: String, columns: Int, rows: Int
    ) throws -> PseudoTerminal {
        guard let libc = LibC.shared else { throw Failure(description: "posix_openpt and friends are not in libc") }
        let master = libc.openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0, libc.grantpt(master) == 0, libc.unlockpt(master) == 0 else {
            throw Failure(description: "cannot open a pseudo-terminal: \(errorText(errno))")
        }
        var nameBuffer = [CChar](repeating: 0, count: 128)
        guard libc.ptsname(master, &nameBuffer, nameBuffer.count) == 0 else {
            close(master)
            throw Failure(description: "ptsname failed")
        }
        let slavePath = String(decoding: nameBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        resize(master, columns: columns, rows: rows)
        let slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else {
            close(master)
            throw Failure(description: "cannot open \(slavePath): \(errorText(errno))")
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A new session: opening the terminal below makes it the controlling one.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU, SIGWINCH, SIGCHLD] {
            sigaddset(&defaults, number)
        }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(
            &attributes, Int16(LibC.spawnSetSID | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        // Descriptors other tests opened without O_CLOEXEC must not leak into the child.
        _ = libc.addCloseFrom?(&actions, 3)

        let shell = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory] + argv
        let argvC: [UnsafeMutablePointer<CChar>?] = shell.map { strdup($0) } + [nil]
        let envC: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argvC { free(pointer) }
            for pointer in envC { free(pointer) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argvC, envC)
        guard status == 0 else {
            close(master)
            close(slave)
            throw Failure(description: "cannot start \(argv.first ?? "a program"): \(errorText(status))")
        }
        return PseudoTerminal(pid: pid, master: master, slave: slave)
    }

    /// Changes the window size, as a person resizing the terminal window does
    /// (the kernel sends SIGWINCH to the foreground process).
    public static func resize(_ master: Int32, columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// The C library's text for an `errno` value.
    public static func errorText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(decoding: UnsafeRawBufferPointer(start: text, count: strlen(text)), as: UTF8.self)
    }
}

/// The C library functions the Glibc module does not export (they need
/// `_XOPEN_SOURCE` or `_GNU_SOURCE`), looked up by name.
struct LibC {
    typealias OpenPT = @convention(c) (Int32) -> Int32
    typealias DescriptorCall = @convention(c) (Int32) -> Int32
    typealias PTSName = @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    let openpt: OpenPT
    let grantpt: DescriptorCall
    let unlockpt: DescriptorCall
    let ptsname: PTSName
    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34 and later).
    let addCloseFrom: AddCloseFrom?

    /// `POSIX_SPAWN_SETSID` (glibc 2.26 and later): the child starts a new session.
    static let spawnSetSID: Int32 = 0x80

    static let shared: LibC? = {
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(nil, name).map { unsafeBitCast($0, to: type) }
        }
        guard let openpt = symbol("posix_openpt", as: OpenPT.self),
            let grantpt = symbol("grantpt", as: DescriptorCall.self),
            let unlockpt = symbol("unlockpt", as: DescriptorCall.self),
            let ptsname = symbol("ptsname_r", as: PTSName.self)
        else { return nil }
        return LibC(
            openpt: openpt, grantpt: grantpt, unlockpt: unlockpt, ptsname: ptsname,
            addCloseFrom: symbol("posix_spawn_file_actions_addclosefrom_np", as: AddCloseFrom.self))
    }()
}
