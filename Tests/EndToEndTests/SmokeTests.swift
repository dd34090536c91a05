import Testing

@Suite struct SmokeTests {
    @Test func versionPrintsTheSDKABI() throws {
        let result = try CellKitProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("cellkit 1.1.0 (CellKit SDK 1.1.0, Swift "))
    }
}
