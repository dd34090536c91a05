import CellKitSupport
import Glibc
import PluginDiscovery
import TestSupport
import Testing

/// `InstallManifest`: what `cellkit uninstall` trusts. A manifest that names
/// a path outside its prefix is not read at all; a folder on the way that is
/// a symbolic link keeps everything below it; the folders install made go
/// only when empty.
@Suite struct InstallManifestTests {
    @Test func aManifestWithAPathOutsideItsPrefixIsNotRead() throws {
        var manifest = InstallManifest(version: "1.0.0", configuration: "release")
        manifest.files = [
            .init(path: "lib/cellkit/cellkit", size: 1, modificationTime: FileTimestamp(seconds: 2, nanoseconds: 3))
        ]
        manifest.addLink("bin/cellkit", target: "../lib/cellkit/cellkit")
        manifest.directories = ["lib", "lib/cellkit"]
        #expect(InstallManifest(json: manifest.json) == manifest)
        for bad in ["../home/ada/.bashrc", "/etc/passwd", "lib/../../x", "lib//x", "./lib", ""] {
            var json = manifest.json.objectValue!
            json.updateValue(
                .array([["path": .string(bad), "size": 1, "mtime": 2, "mtimeNanoseconds": 3]]), forKey: "files")
            #expect(InstallManifest(json: .object(json)) == nil, "\(bad) was accepted")
        }
    }

    @Test func filesBelowALinkedFolderAreKeptAndFoldersGoOnlyWhenEmpty() throws {
        let prefix = try TemporaryDirectory.create()
        let outside = try TemporaryDirectory.create()
        defer {
            try? removeTree(prefix)
            try? removeTree(outside)
        }
        var manifest = InstallManifest(version: "1.0.0", configuration: "release")
        manifest.noteNewDirectories(above: prefix + "/share/cellkit/a.txt", prefix: prefix)
        manifest.noteNewDirectories(above: prefix + "/lib/x/b.txt", prefix: prefix)
        #expect(manifest.directories == ["share", "share/cellkit", "lib", "lib/x"])
        try createDirectories(prefix + "/share/cellkit")
        try createDirectories(prefix + "/lib/x")
        try atomicWrite(prefix + "/share/cellkit/a.txt", "a")
        try atomicWrite(prefix + "/lib/x/b.txt", "b")
        try manifest.addFile("share/cellkit/a.txt", prefix: prefix)
        try manifest.addFile("lib/x/b.txt", prefix: prefix)
        // lib/x swapped for a link to a folder of someone's, holding a b.txt of the same size and time.
        try atomicWrite(outside + "/b.txt", "b")
        #expect(rename(prefix + "/lib/x/b.txt", outside + "/b.txt") == 0)
        try removeTree(prefix + "/lib/x")
        #expect(symlink(outside, prefix + "/lib/x") == 0)
        // A file of the user's beside a file install wrote.
        try atomicWrite(prefix + "/share/cellkit/mine.txt", "mine")

        let removal = manifest.remove(prefix: prefix)
        #expect(removal.removed == [prefix + "/share/cellkit/a.txt"])
        #expect(fileExists(outside + "/b.txt"))
        #expect(removal.kept.map(\.path) == [prefix + "/lib/x/b.txt", prefix + "/share/cellkit"])
        #expect(removal.kept.first?.reason == "the folder \(prefix)/lib/x is a symbolic link")
        #expect(removal.kept.last?.reason == "it holds files cellkit install did not write")
        #expect(try readTextFile(prefix + "/share/cellkit/mine.txt") == "mine")
    }
}
