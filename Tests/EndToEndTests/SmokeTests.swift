import Testing

@Suite struct SmokeTests {
    @Test func versionPrintsTheSDKABI() throws {
        let result = try CellKitProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("cellkit 2.1.0 (CellKit SDK 2.1.0, Swift "))
    }

    /// Whether it is a release or a debug build (issue 33, item 21), as
    /// `cellkit sdk` says (`build     debug (…)`).
    @Test func versionSaysWhichBuildItIs() throws {
        let sdk = try CellKitProcess.run(["sdk"]).standardOutput
        let line = try #require(sdk.split(separator: "\n").first { $0.hasPrefix("build     ") })
        let configuration = line.dropFirst("build     ".count).prefix { $0 != " " }
        #expect(configuration == "debug" || configuration == "release")
        let version = try CellKitProcess.run(["--version"]).standardOutput
        #expect(version.hasSuffix(", \(configuration) build)\n"), "\(version)")
    }
}
