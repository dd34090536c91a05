import Testing

@testable import CellKitSupport

@Suite("XDG base directories")
struct XDGDirectoriesTests {
    @Test func defaultsUnderHome() throws {
        let directories = try #require(XDGDirectories(environment: Environment(["HOME": "/home/ada"])))
        #expect(directories.home == "/home/ada")
        #expect(directories.configHome == "/home/ada/.config")
        #expect(directories.dataHome == "/home/ada/.local/share")
        #expect(directories.stateHome == "/home/ada/.local/state")
        #expect(directories.cacheHome == "/home/ada/.cache")
        #expect(directories.libraryHome == "/home/ada/.local/lib")
        #expect(directories.runtimeDirectory == nil)
        #expect(directories.configDirectories == ["/etc/xdg"])
        #expect(directories.dataDirectories == ["/usr/local/share", "/usr/share"])
    }

    @Test func variablesWin() {
        let environment = Environment([
            "HOME": "/home/ada", "XDG_CONFIG_HOME": "/c", "XDG_DATA_HOME": "/d",
            "XDG_STATE_HOME": "/s", "XDG_CACHE_HOME": "/k", "XDG_RUNTIME_DIR": "/run/user/1000",
            "XDG_CONFIG_DIRS": "/etc/a:/etc/b", "XDG_DATA_DIRS": "/opt/share",
        ])
        let directories = XDGDirectories(environment: environment, home: "/home/ada")
        #expect(directories.configHome == "/c")
        #expect(directories.dataHome == "/d")
        #expect(directories.stateHome == "/s")
        #expect(directories.cacheHome == "/k")
        #expect(directories.runtimeDirectory == "/run/user/1000")
        #expect(directories.configDirectories == ["/etc/a", "/etc/b"])
        #expect(directories.dataDirectories == ["/opt/share"])
        #expect(directories.libraryHome == "/home/ada/.local/lib")
    }

    @Test func emptyOrRelativeValuesAreIgnored() {
        let environment = Environment([
            "XDG_CONFIG_HOME": "", "XDG_STATE_HOME": "state", "XDG_CACHE_HOME": "./cache",
            "XDG_RUNTIME_DIR": "run", "XDG_CONFIG_DIRS": "relative:/etc/ok::", "XDG_DATA_DIRS": ":x:",
        ])
        let directories = XDGDirectories(environment: environment, home: "/h")
        #expect(directories.configHome == "/h/.config")
        #expect(directories.stateHome == "/h/.local/state")
        #expect(directories.cacheHome == "/h/.cache")
        #expect(directories.runtimeDirectory == nil)
        #expect(directories.configDirectories == ["/etc/ok"])
        #expect(directories.dataDirectories == ["/usr/local/share", "/usr/share"])
    }

    @Test func withoutHOMETheUserDatabaseGivesTheHome() throws {
        let directories = try #require(XDGDirectories(environment: Environment()))
        #expect(directories.home == Environment().homeDirectory())
        #expect(directories.stateHome == Path.join(directories.home, ".local/state"))
    }

    /// A folder in a home that does not exist is not made, nor the home (issue 33, item 9);
    /// one a variable puts elsewhere is.
    @Test func onlyAFolderOfAHomeThatExistsOrOutsideItMayBeMade() {
        let missing = XDGDirectories(environment: Environment(["XDG_STATE_HOME": "/tmp/state"]), home: "/nonexistent/h")
        #expect(!missing.mayMake(missing.cacheHome))
        #expect(!missing.mayMake(missing.configHome + "/cellkit"))
        #expect(!missing.mayMake("/nonexistent/h"))
        #expect(missing.mayMake(missing.stateHome))
        #expect(missing.mayMake("/nonexistent/hh/x"), "not in the home: a sibling whose name starts the same")
        let present = XDGDirectories(environment: Environment(), home: "/tmp")
        #expect(present.mayMake(present.cacheHome))
    }
}
