import Testing

/// Outlets a cell fills from code (CardCells' GaugeCell: the `@Outlet(scriptable:
/// false)` label `pct` and the `@ViewOutlet` bar), as the built `cellkit` shows them:
/// not in `describe`, not offered by Tab, refused by name when a script sets them.
@Suite struct CodeOnlyOutletTests {
    typealias Keys = PTYSession

    @Test func describeListsNoCodeOnlyOutlet() throws {
        let result = try CellKitProcess.run(["-c", "load CardCells", "-c", "describe GaugeCell"])
        #expect(result.status == 0, "\(result.standardError)")
        let names = result.standardOutput.split(separator: "\n").dropFirst(2).compactMap {
            $0.split(separator: " ").first.map(String.init)
        }
        #expect(names == ["value", "color", "name"], "\(result.standardOutput)")
    }

    @Test func aScriptThatSetsOneIsRefusedByName() throws {
        let result = try CellKitProcess.run([
            "-c", "load CardCells", "-c", "screen S width=30", "-c", "row GaugeCell name=Disk pct=99%", "-c", "render",
        ])
        #expect(result.status != 0)
        #expect(
            result.standardError.contains(
                "error: GaugeCell's outlet 'pct' is filled by the cell, not by scripts"),
            "\(result.standardError)")
        #expect(result.standardError.contains("set one of its attributes: value, color, name"))
        let bar = try CellKitProcess.run([
            "-c", "load CardCells", "-c", "screen S width=30", "-c", "row GaugeCell bar=x",
        ])
        #expect(bar.standardError.contains("GaugeCell's outlet 'bar' is filled by the cell, not by scripts"))
    }

    @Test func tabOffersNoCodeOnlyOutlet() throws {
        let repl = try PTYSession.start()
        try repl.type("load CardCells")
        try repl.waitForPrompt()
        try repl.send("row GaugeCell n", Keys.tab)
        try repl.wait(for: "the scriptable outlet completed") { $0.cursorLine == "cellkit> row GaugeCell name=" }
        for hidden in ["p", "b"] {
            let bellsBefore = repl.screen.bells
            try repl.send(Keys.control("u"), "row GaugeCell \(hidden)", Keys.tab)
            try repl.wait(for: "the bell: nothing starts with '\(hidden)'") {
                $0.bells > bellsBefore && $0.cursorLine == "cellkit> row GaugeCell \(hidden)"
            }
        }
    }
}
