import CellKitSupport
import Glibc
import TestSupport
import Testing

@testable import PluginDiscovery

/// The package check's walk (issue 33, item 1), in this process: its bound,
/// and links that lead back into the tree. The end-to-end tests
/// (`EndToEndTests.PackageTrustTests`) show what `plugin install` says.
@Suite struct PackageTrustWalkTests {
    /// A package folder with `files` source files, in a directory removed with the directory.
    static func package(files: Int) throws -> (TemporaryDirectory, root: String) {
        let directory = try TemporaryDirectory()
        try directory.write("// x\n", to: "Big/Package.swift")
        for index in 0..<files {
            try directory.write("// \(index)\n", to: "Big/Sources/Big/F\(index).swift")
        }
        return (directory, directory.file("Big"))
    }

    /// Past its bound the walk stops, and the refusal says to remove the
    /// build folder (what makes a tree that large); its manifest never runs.
    @Test func aTreeLargerThanTheBoundIsRefusedWithTheFix() throws {
        let (directory, root) = try Self.package(files: 20)
        defer { directory.remove() }
        var asked: [String] = []
        let error = #expect(throws: PluginError.self) {
            try PackageTrust(maximumEntries: 10).check(package: root) { folder throws(PluginError) in
                asked.append(folder)
                return []
            }
        }
        #expect(error?.code == .unsafePermissions)
        #expect(
            error?.message.hasPrefix("there are more than 10 files and folders to check in \(root) before") == true)
        #expect(error?.fix == "remove the build folder, which the build makes again: `rm -rf \(root)/.build`")
        #expect(asked.isEmpty)
        // Under the bound, the same tree passes, and its path dependencies are asked for once.
        try PackageTrust(maximumEntries: 100).check(package: root) { folder throws(PluginError) in
            asked.append(folder)
            return []
        }
        #expect(asked == [root])
    }

    /// A link to a folder above it, or a dependency that depends back: each
    /// folder is walked once, and the walk ends.
    @Test func linksAndDependenciesThatLeadBackAreWalkedOnce() throws {
        let (directory, root) = try Self.package(files: 3)
        defer { directory.remove() }
        #expect(symlink("../..", root + "/Sources/Big/Up") == 0)
        var asked: [String] = []
        try PackageTrust().check(package: root) { folder throws(PluginError) in
            asked.append(folder)
            return [root]
        }
        #expect(asked == [root])
    }
}
