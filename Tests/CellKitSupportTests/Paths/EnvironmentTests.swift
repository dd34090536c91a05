import Foundation
import Testing

@testable import CellKitSupport

@Suite("Environment")
struct EnvironmentTests {
    @Test func theSnapshotMatchesFoundations() {
        #expect(Environment.current().variables == ProcessInfo.processInfo.environment)
    }

    @Test func anInjectedEnvironment() {
        var environment = Environment(["A": "1"])
        #expect(environment["A"] == "1")
        environment["B"] = "2"
        environment["A"] = nil
        #expect(environment.variables == ["B": "2"])
    }

    @Test func homeComesFromHOMEOrElseTheUserDatabase() throws {
        #expect(Environment(["HOME": "/home/ada"]).homeDirectory() == "/home/ada")
        let entry = try #require(getpwuid(getuid()))
        let fromDatabase = String(cString: entry.pointee.pw_dir)
        #expect(Environment().homeDirectory() == fromDatabase)
        #expect(Environment(["HOME": ""]).homeDirectory() == fromDatabase)
        #expect(Environment(["HOME": "relative"]).homeDirectory() == fromDatabase)
    }
}
