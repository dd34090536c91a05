import Testing

@Suite struct SmokeTests {
    @Test func versionPrintsTheSDKABI() throws {
        let result = try CellKitProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("cellkit 2.0.0 (CellKit SDK 2.0.0, Swift "))
    }
}
