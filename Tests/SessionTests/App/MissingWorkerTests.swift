import CellKitSupport
import Glibc
import TestSupport
import Testing
import WorkerProtocol

@testable import Session

/// A session that cannot find its worker executable (it is this program, found
/// through `/proc/self/exe`) says so at the first command that needs a plugin, and
/// loads nothing: there is no in-process fallback (issue 19, docs/design.md).
@Suite struct MissingWorkerTests {
    /// A session built as `cellkit` builds it, whose executable cannot be read.
    private func sessionWithoutWorker() throws -> Context {
        let invocation = try Invocation.parse(["--no-cache", "--plugin-path", TestPaths.buildDirectory, "-c", "quit"])
        return Context(
            invocation: invocation, environment: [:],
            executable: { () throws(FileError) -> String in
                throw FileError(path: Context.executablePath, operation: .readLink, errno: ENOENT)
            })
    }

    @Test func loadingAPluginIsAnErrorThatNamesThePathAndTheFix() throws {
        let context = try sessionWithoutWorker()
        let errors = context.interpreter.run("load BasicCells", file: "<test>")
        let message = try #require(errors.first).description
        #expect(message.contains("cannot start the worker process that loads plugins"))
        #expect(message.contains("/proc/self/exe"))
        #expect(message.contains("no plugin was loaded"))
        #expect(message.contains("run it where /proc is mounted"))
        #expect(context.interpreter.catalog.plugins.isEmpty)
        #expect(errors.first?.kind == .plugin)
    }

    @Test func commandsThatNeedNoPluginStillWork() throws {
        let context = try sessionWithoutWorker()
        #expect(context.interpreter.run("screen Board width=40\nsection \"Today\"", file: "<test>").isEmpty)
        #expect(context.interpreter.session.screens.map(\.name) == ["Board"])
    }
}
