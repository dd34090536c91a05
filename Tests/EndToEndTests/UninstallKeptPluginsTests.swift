import CellKitSupport
import Glibc
import TestSupport
import Testing

/// `cellkit uninstall` keeps the plugins the user installed into the prefix,
/// and says `cellkit uninstall --plugins` removes them too: that command,
/// run after, does (issue 33, item 19: it failed, "cellkit is not
/// installed"), and so does removing the last one with `plugin uninstall`;
/// either leaves no empty `lib/cellkit/plugins/` behind.
///
/// The prefix is made as `cellkit install` leaves it, small: an executable, the
/// `bin/cellkit` link, the manifest listing them (no release build needed;
/// `ReleaseInstallTests` installs for real).
@Suite struct UninstallKeptPluginsTests {
    /// A prefix with cellkit "installed" and the user's plugin `Mine` in its plugin folder.
    static func installedPrefix(_ scratch: Scratch) throws -> String {
        let prefix = scratch.path("prefix")
        let executable = try scratch.write("prefix/lib/cellkit/cellkit", "#!/bin/sh\n")
        try createDirectories(scratch.path("prefix/bin"))
        #expect(symlink("../lib/cellkit/cellkit", scratch.path("prefix/bin/cellkit")) == 0)
        try createDirectories(scratch.path("prefix/lib/cellkit/plugins"))
        try copyFile(TestPaths.buildDirectory + "/libBasicCells.so", to: prefix + "/lib/cellkit/plugins/libMine.so")
        try scratch.write("prefix/lib/cellkit/plugins/Mine.source", "/home/ada/Mine\n")
        let info = try #require(try fileInfo(executable))
        try scratch.write(
            "prefix/lib/cellkit/install-manifest.json",
            """
            {"manifest": 1, "version": "2.0.0", "configuration": "release",
             "files": [{"path": "lib/cellkit/cellkit", "size": \(info.size), "mtime": \(info.modificationTime.seconds),
                        "mtimeNanoseconds": \(info.modificationTime.nanoseconds)}],
             "links": [{"path": "bin/cellkit", "target": "../lib/cellkit/cellkit"}],
             "directories": ["bin", "lib", "lib/cellkit", "lib/cellkit/plugins"]}

            """)
        return prefix
    }

    static func run(_ arguments: [String], _ scratch: Scratch) throws -> CellKitProcess.Result {
        try scratch.cellkit(arguments, environment: ["HOME": scratch.path("home")])
    }

    @Test func theSuggestedUninstallPluginsRemovesThemAndTheFolders() throws {
        let scratch = try Scratch()
        let prefix = try Self.installedPrefix(scratch)
        let plugins = prefix + "/lib/cellkit/plugins"
        let kept = try Self.run(["uninstall", "--prefix", prefix], scratch)
        #expect(kept.status == 0, "\(kept.standardError)")
        let suggestion = "cellkit uninstall --plugins --prefix \(prefix)"
        #expect(
            kept.standardOutput.hasSuffix(
                "kept the plugins you installed in \(plugins): Mine\n"
                    + "  \(suggestion) removes them too; cellkit plugin uninstall NAME removes one\n"),
            "\(kept.standardOutput)")
        #expect(!fileExists(prefix + "/lib/cellkit/cellkit") && !fileExists(prefix + "/bin"))
        #expect(fileExists(plugins + "/libMine.so"))

        // Asked again without --plugins: nothing more to do, and it says so.
        let again = try Self.run(["uninstall", "--prefix", prefix], scratch)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardOutput.hasPrefix("cellkit is uninstalled from \(prefix); kept the plugins you installed"))

        // The suggestion works, and leaves nothing of cellkit's.
        let removed = try Self.run(Array(suggestion.split(separator: " ").dropFirst().map(String.init)), scratch)
        #expect(removed.status == 0, "\(removed.standardError)")
        #expect(removed.standardOutput.hasPrefix("removed the rest of cellkit 2.0.0 from \(prefix): "))
        #expect(removed.standardOutput.hasSuffix(", and the plugins Mine\n"), "\(removed.standardOutput)")
        #expect(removed.standardError == "")
        #expect(ReleaseInstallTests.tree(prefix) == [], "\(ReleaseInstallTests.tree(prefix))")
    }

    @Test func removingTheLastKeptPluginRemovesTheFolders() throws {
        let scratch = try Scratch()
        let prefix = try Self.installedPrefix(scratch)
        #expect(try Self.run(["uninstall", "--prefix", prefix], scratch).status == 0)
        let removed = try Self.run(["plugin", "uninstall", "Mine", "--prefix", prefix], scratch)
        #expect(removed.status == 0, "\(removed.standardError)")
        #expect(
            removed.standardOutput.contains(
                "that was the last plugin of \(prefix), where cellkit was uninstalled: removed the folders cellkit "
                    + "install made there"), "\(removed.standardOutput)")
        #expect(ReleaseInstallTests.tree(prefix) == [], "\(ReleaseInstallTests.tree(prefix))")
    }
}
