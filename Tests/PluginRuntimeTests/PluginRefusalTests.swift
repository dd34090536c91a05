@_spi(Host) import CellKit
import Glibc
import Testing

@testable import PluginDiscovery
@testable import PluginRuntime

/// Every way a plugin can be bad, through the real dlopen path: each is
/// refused with its own message, and the registry is left as it was.
@Suite struct PluginRefusalTests {
    /// Loads BasicCells, then tries `path`, and checks the refusal left BasicCells alone.
    func refuse(_ path: String, host: PluginHost = TestEnvironment.host()) throws -> PluginError {
        _ = try host.load("BasicCells")
        let before = host.registry.items().map(\.qualifiedName)
        let error = try #require(throws: PluginError.self) { try host.load(path) }
        #expect(host.registry.plugins.map(\.name) == ["BasicCells"])
        #expect(host.registry.items().map(\.qualifiedName) == before)
        // The session goes on: the good plugin still makes cells.
        #expect(try host.makeView(try host.registry.resolve("TextCell")) is TableViewCell)
        return error
    }

    @Test func aMissingFileIsRefused() throws {
        let error = try refuse("/nonexistent/libNothing.so")
        #expect(error.code == .missingFile)
        #expect(error.message == "/nonexistent/libNothing.so: no such file")
    }

    @Test func randomBytesAreNotASharedLibrary() throws {
        let dir = TestEnvironment.temporaryDirectory()
        var generator = SystemRandomNumberGenerator()
        TestEnvironment.write(
            (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }, to: dir + "/libRandom.so")
        let error = try refuse(dir + "/libRandom.so")
        #expect(error.code == .notSharedLibrary)
        #expect(error.message.contains("is not a shared library (invalid ELF header)"))
        #expect(error.fix?.contains(".dynamic library product") == true)
    }

    @Test func aTextFileIsNotASharedLibrary() throws {
        let dir = TestEnvironment.temporaryDirectory()
        TestEnvironment.write(Array("not a plugin\n".utf8), to: dir + "/libShort.so")
        let short = try refuse(dir + "/libShort.so")
        #expect(short.code == .notSharedLibrary)
        #expect(short.message.contains("file too short"))
        TestEnvironment.write(
            Array(String(repeating: "plugins are code, not prose.\n", count: 100).utf8), to: dir + "/libLong.so")
        let long = try refuse(dir + "/libLong.so")
        #expect(long.code == .notSharedLibrary)
        #expect(long.message.contains("invalid ELF header"))
    }

    @Test func anObjectFileIsRefusedAsSuch() throws {
        let object = TestEnvironment.buildDirectory + "/BasicCells.build/TextCell.swift.o"
        try #require(access(object, R_OK) == 0, "the build should leave \(object)")
        let dir = TestEnvironment.temporaryDirectory()
        TestEnvironment.copy(object, to: dir + "/libObject.so", mode: 0o644)
        let error = try refuse(dir + "/libObject.so")
        #expect(error.code == .notSharedLibrary)
        #expect(error.message.hasSuffix("is an object file, not a shared library"))
        #expect(error.fix == "link it as a shared library: declare the product with `type: .dynamic`")
    }

    @Test func aLibraryWithoutEntryPointsIsNotAPlugin() throws {
        let error = try refuse(TestEnvironment.library("cellkit-fixture-no-entry"))
        #expect(error.code == .missingEntryPoint)
        #expect(
            error.message.hasSuffix(
                "is a shared library but not a CellKit plugin: it has no cellkit_plugin_abi entry point"))
    }

    @Test func aPluginThatNeedsANewerMinorVersionIsRefusedBeforeRegistrationRuns() throws {
        let error = try refuse(TestEnvironment.library("cellkit-fixture-other-abi"))
        #expect(error.code == .abiMismatch)
        let (major, minor) = (PluginABI.sdkVersion.major, PluginABI.sdkVersion.minor)
        #expect(
            error.message.hasSuffix(
                "needs CellKit SDK \(major).\(minor + 1) or newer, but this cellkit has SDK \(major).\(minor)"))
        #expect(error.fix?.hasPrefix("update cellkit to one with SDK \(major).\(minor + 1) or later") == true)
    }

    /// The gate of docs/abi-policy.md: the same major version, a minor version no newer than the host's.
    @Test func theVersionGateLoadsOlderMinorsOfTheSameMajorOnly() {
        func refusal(_ plugin: (UInt32, UInt32), in host: (UInt32, UInt32)) -> String? {
            PluginLoader.versionRefusal(
                pluginVersion: plugin.0 << 16 | plugin.1, hostVersion: host.0 << 16 | host.1, path: "libP.so")?.message
        }
        #expect(refusal((1, 0), in: (1, 0)) == nil)
        #expect(refusal((1, 0), in: (1, 7)) == nil, "a plugin built against 1.0 loads in every 1.n")
        #expect(refusal((1, 3), in: (1, 7)) == nil)
        #expect(refusal((1, 8), in: (1, 7)) == "libP.so needs CellKit SDK 1.8 or newer, but this cellkit has SDK 1.7")
        #expect(
            refusal((2, 0), in: (1, 7))
                == "libP.so was built against CellKit SDK 2.0, but this cellkit has SDK 1.7: "
                + "a plugin loads only in a cellkit of the same major version")
        // Plugins built before 1.0 reported their ABI number (3): major version 0.
        #expect(
            refusal((0, 3), in: (1, 0))
                == "libP.so was built against CellKit SDK 0.3 (ABI 3, before 1.0), but this cellkit has SDK 1.0: "
                + "a plugin loads only in a cellkit of the same major version")
    }

    @Test func anotherCompilerIsRefused() throws {
        let error = try refuse(TestEnvironment.library("cellkit-fixture-other-compiler"))
        #expect(error.code == .compilerMismatch)
        #expect(
            error.message.contains(
                "was built with Swift 5.10.0, but this cellkit was built with Swift \(PluginABI.compilerDescription(PluginABI.compilerVersion))"
            ))
    }

    @Test func aSecondPluginWithATakenNameIsRefused() throws {
        let error = try refuse(TestEnvironment.library("cellkit-fixture-same-name"))
        #expect(error.code == .duplicatePlugin)
        #expect(
            error.message.hasPrefix(
                "a plugin named BasicCells is already loaded from \(TestEnvironment.library("BasicCells"))"))
    }

    @Test func aNameRegisteredTwiceIsRefused() throws {
        let error = try refuse(TestEnvironment.library("cellkit-fixture-duplicate-name"))
        #expect(error.code == .duplicateName)
        #expect(error.message == "FixtureDuplicateName registers 'TwiceCell' twice")
        // The SDK's error is kept whole, not only its text.
        #expect((error.cause as? CellKitError)?.code == .duplicateName)
    }

    @Test func registrationThatThrowsLeavesNothingBehind() throws {
        let host = TestEnvironment.host()
        let error = try refuse(TestEnvironment.library("cellkit-fixture-throws"), host: host)
        #expect(error.code == .registrationFailed)
        #expect(error.message == "FixtureThrows failed to register: the fixture refuses to finish registering")
        // What the plugin threw is the cause, as it threw it (its own type, from the plugin).
        let cause = try #require(error.cause)
        #expect(!(cause is PluginError) && !(cause is CellKitError))
        #expect("\(cause)" == "the fixture refuses to finish registering")
        #expect(throws: PluginError.self) { try host.registry.resolve("HalfwayCell") }
    }

    @Test func aFileOthersCanWriteIsRefusedUnlessAllowed() throws {
        let dir = TestEnvironment.temporaryDirectory()
        let path = dir + "/libBasicCells.so"
        TestEnvironment.copy(TestEnvironment.library("BasicCells"), to: path, mode: 0o757)
        let host = PluginHost(searchPath: PluginSearchPath(directories: []))
        let error = try #require(throws: PluginError.self) { try host.load(path) }
        #expect(error.code == .unsafePermissions)
        #expect(error.message == "refusing to load \(path): \(path) can be written by others (mode 757)")
        #expect(error.fix?.hasPrefix("run `chmod go-w \(path)`") == true)
        #expect(host.registry.plugins.isEmpty)
        let allowed = try host.load(path, allowUnsafe: true)
        #expect(allowed.plugin.name == "BasicCells")
    }

    @Test func aDirectoryOthersCanWriteIsRefusedButStickyOnesAreFine() throws {
        let dir = TestEnvironment.temporaryDirectory()
        let path = dir + "/libBasicCells.so"
        TestEnvironment.copy(TestEnvironment.library("BasicCells"), to: path)
        chmod(dir, 0o777)
        let host = PluginHost(searchPath: PluginSearchPath(directories: []))
        let error = try #require(throws: PluginError.self) { try host.load(path) }
        #expect(error.code == .unsafePermissions)
        #expect(error.message == "refusing to load \(path): directory \(dir) can be written by others (mode 777)")
        chmod(dir, 0o1777)  // like /tmp: others can add files, not replace ours
        #expect(try host.load(path).plugin.name == "BasicCells")
    }

    @Test(.enabled(if: getuid() == 0, "only root can give a file to another user"))
    func aFileOfAnotherUserIsRefused() throws {
        let dir = TestEnvironment.temporaryDirectory()
        let path = dir + "/libBasicCells.so"
        TestEnvironment.copy(TestEnvironment.library("BasicCells"), to: path)
        chown(path, 65534, 65534)
        let error = try #require(throws: PluginError.self) {
            try PluginHost(searchPath: PluginSearchPath(directories: [])).load(path)
        }
        #expect(error.code == .unsafePermissions)
        #expect(error.message == "refusing to load \(path): \(path) belongs to another user (uid 65534)")
    }

    /// The whole text of a refusal: what, where, and how to grant the load (the real option names).
    @Test func theRefusalSaysHowToGrantIt() throws {
        let dir = TestEnvironment.temporaryDirectory()
        let path = dir + "/libBasicCells.so"
        TestEnvironment.copy(TestEnvironment.library("BasicCells"), to: path, mode: 0o666)
        let error = try #require(throws: PluginError.self) {
            try PluginHost(searchPath: PluginSearchPath(directories: [])).load(path)
        }
        #expect(
            error.description == """
                refusing to load \(path): \(path) can be written by others (mode 666)
                  run `chmod go-w \(path)`, or, if you trust it, run cellkit with --allow-unsafe-plugins, \
                or type `load NAME allow-unsafe=true` at the interactive prompt
                """)
        #expect(error.refusalReason == "\(path) can be written by others (mode 666)")
    }

    /// The path as given is checked, not only the file it leads to: a link in
    /// a directory others can write could be pointed anywhere.
    @Test func aLinkInADirectoryOthersCanWriteIsRefused() throws {
        let root = TestEnvironment.temporaryDirectory()
        mkdir(root + "/safe", 0o755)
        mkdir(root + "/open", 0o755)
        chmod(root + "/open", 0o777)
        let target = root + "/safe/libBasicCells.so"
        TestEnvironment.copy(TestEnvironment.library("BasicCells"), to: target)
        #expect(symlink(target, root + "/open/libBasicCells.so") == 0)
        let host = PluginHost(searchPath: PluginSearchPath(directories: []))
        let error = try #require(throws: PluginError.self) { try host.load(root + "/open/libBasicCells.so") }
        #expect(
            error.message
                == "refusing to load \(root)/open/libBasicCells.so: directory \(root)/open can be written by others (mode 777)"
        )
        #expect(host.registry.plugins.isEmpty)
        #expect(try host.load(target).plugin.name == "BasicCells")
    }

    /// A chain of links is followed one link at a time: a directory others
    /// can write on the way is refused even when neither end is in it.
    @Test func aChainOfLinksThroughADirectoryOthersCanWriteIsRefused() throws {
        let root = TestEnvironment.temporaryDirectory()
        for dir in ["safe", "open", "entry"] { mkdir(root + "/" + dir, 0o755) }
        chmod(root + "/open", 0o777)
        TestEnvironment.copy(TestEnvironment.library("BasicCells"), to: root + "/safe/libBasicCells.so")
        #expect(symlink(root + "/safe", root + "/open/hop") == 0)
        #expect(symlink("../open/hop/libBasicCells.so", root + "/entry/libBasicCells.so") == 0)
        let error = try #require(throws: PluginError.self) {
            try PluginHost(searchPath: PluginSearchPath(directories: [])).load(root + "/entry/libBasicCells.so")
        }
        #expect(error.refusalReason == "directory \(root)/open can be written by others (mode 777)")
    }

    @Test(.enabled(if: getuid() == 0, "only root can give a link to another user"))
    func aLinkOfAnotherUserIsRefused() throws {
        let root = TestEnvironment.temporaryDirectory()
        let target = root + "/libBasicCells.so"
        TestEnvironment.copy(TestEnvironment.library("BasicCells"), to: target)
        #expect(symlink(target, root + "/libLink.so") == 0)
        #expect(lchown(root + "/libLink.so", 65534, 65534) == 0)
        let error = try #require(throws: PluginError.self) {
            try PluginHost(searchPath: PluginSearchPath(directories: [])).load(root + "/libLink.so")
        }
        #expect(error.refusalReason == "symbolic link \(root)/libLink.so belongs to another user (uid 65534)")
    }
}
