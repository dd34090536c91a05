import CellKitSupport
import Glibc
import Testing

/// Issue 33, items 15 and 16: messages that said the wrong thing, through
/// `cellkit` as a person runs it.
@Suite struct MessageTests {
    static let anything =
        "no cell or data source or header/footer view or item or loader or nib or storyboard or supplementary view named"

    /// `cellkit describe TextCel` offers the name meant, from the plugins on
    /// the path (a name loads its plugin by itself: "no plugins are loaded
    /// yet; load one first" was no fix), and shows no script line with a
    /// caret under `describe "TextCel"`, which the person never typed.
    @Test func describeOfAMistypedNameSaysWhatWasMeant() throws {
        let result = try CellKitProcess.run(["describe", "TextCel"])
        #expect(result.status == 1)
        #expect(result.standardError == "cellkit: error: \(Self.anything) 'TextCel'\n  did you mean 'TextCell'?\n")
        #expect(result.standardOutput.isEmpty)
        let nothing = try CellKitProcess.run(["describe", "Zzzz"])
        #expect(
            nothing.standardError
                == "cellkit: error: \(Self.anything) 'Zzzz'\n"
                + "  `cells` lists what the loaded plugins provide; `cellkit plugins`, the plugins on the path\n")
        // At the prompt (or with -c) too, before any plugin is loaded.
        let typed = try CellKitProcess.run(["-c", "screen S\nrow TextCel"])
        #expect(typed.standardError.contains("  row TextCel\n      ^~~~~~~\n  did you mean 'TextCell'?\n"))
        #expect(!typed.standardError.contains("no plugins are loaded"))
        // The name itself still describes.
        let right = try CellKitProcess.run(["describe", "TextCell"])
        #expect(right.status == 0 && right.standardOutput.hasPrefix("BasicCells.TextCell   cell\n"))
    }

    /// A cell of a plugin that is broken (it traps while it registers) is
    /// not called a cell of no loaded plugin: the note says which library's
    /// contents are unknown, and why.
    @Test func aCellOfABrokenPluginSaysThePluginIsBroken() throws {
        let scratch = try Scratch()
        try createDirectories(scratch.path("plugins"))
        try copyFile(
            CellKitProcess.buildDirectory + "/libcellkit-fixture-traps-in-register.so",
            to: scratch.path("plugins/libTrapsInRegister.so"))
        let result = try scratch.cellkit(["--plugin-path", "plugins", "-c", "screen S\nrow BoomCell"])
        #expect(result.status == 1)
        #expect(
            result.standardError.contains(
                "  TrapsInRegister on the plugin path is broken (crashed while registering"), "\(result.standardError)")
        #expect(!result.standardError.contains("no plugins are loaded"), "\(result.standardError)")
    }

    /// A line break in a plugin's name, typed or given, is shown as a
    /// picture in the message, never as a line break of its own.
    @Test func aLineBreakInAPluginNameIsShownAsAPicture() throws {
        let load = try CellKitProcess.run(["-c", #"load "Bad\nName""#])
        #expect(load.standardError.contains("error: no plugin named 'Bad␊Name' on the plugin path\n"))
        let validate = try CellKitProcess.run(["validate", "Bad\nName"])
        #expect(validate.standardError.hasPrefix("✗ Bad␊Name: no plugin named 'Bad␊Name' on the plugin path\n"))
        let describe = try CellKitProcess.run(["describe", "Bad\nName"])
        #expect(describe.standardError.hasPrefix("cellkit: error: \(Self.anything) 'Bad␊Name'\n"))
        for result in [load, validate, describe] {
            #expect(!result.standardError.contains("Bad\n"), "\(result.standardError)")
        }
    }

    /// A plugin loaded for a cell, by a command that then failed (so, to
    /// the session, it is not loaded), is loaded for the next cell with the
    /// usual note: it said "BasicCells is already loaded …; nothing to do"
    /// of a load the person never asked for.
    @Test func aPluginLoadedAgainForACellSaysItIsLoaded() throws {
        let scratch = try Scratch()
        try scratch.write("bad.csv", "a,b\n1\n")
        let result = try scratch.cellkit(
            ["--keep-going", "-c", "screen S\nrows TextCell from \"bad.csv\" text=.a\nrow TextCell text=x\nrender"])
        #expect(result.standardOutput == "x\n")
        #expect(!result.standardError.contains("already loaded"), "\(result.standardError)")
        #expect(result.standardError.ranges(of: "loaded BasicCells 0.1.0 for TextCell").count == 2)
    }

    /// Reading or writing through a link to a link that leads nowhere says
    /// so: the first link is there, what is missing is at the end.
    @Test func aLinkToADanglingLinkIsNotCalledMissing() throws {
        let scratch = try Scratch()
        try scratch.write("doc.cellkit", "load BasicCells\nscreen S width=30\nrow TextCell text=hello\nrender\n")
        #expect(symlink("second", scratch.path("first")) == 0 && symlink("missing", scratch.path("second")) == 0)
        let chain = "it is a symbolic link to 'second', a symbolic link to 'missing', which does not exist"
        let write = try scratch.cellkit(["render", "doc.cellkit#S", "-o", "first", "--format", "plain"])
        #expect(write.status == 4)
        #expect(
            write.standardError.hasSuffix(
                "cellkit: error: cannot create 'first': \(chain), and cellkit does not write through it (ENOENT); "
                    + "create the file it points to first, remove the link, or write to another file\n"),
            "\(write.standardError)")
        let read = try scratch.cellkit(["-c", "screen S\nrows TextCell from \"first\" text=.a"])
        #expect(
            read.standardError.contains(
                "error: cannot open 'first': \(chain) (ENOENT); create the file it leads to, or point the link at one "
                    + "that exists\n"), "\(read.standardError)")
        let run = try scratch.cellkit(["run", "first"])
        #expect(run.standardError.contains("cannot open 'first': \(chain) (ENOENT)"), "\(run.standardError)")
        #expect(!(read.standardError + run.standardError).contains("check the spelling"))
    }
}
