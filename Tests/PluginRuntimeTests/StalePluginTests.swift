@_spi(Host) import CellKit
import CellKitSupport
import PluginDiscovery
import PluginRuntime
import Testing

/// What makes a plugin stale (rebuilt by `cellkit plugin rebuild`) rather
/// than broken: another compiler, or an SDK this cellkit's gate refuses; and
/// what the registry scanner records of such a plugin, so `cellkit plugins`
/// can say so.
@Suite struct StalePluginTests {
    @Test func anotherCompilerOrAnotherSDKMajorIsStaleAndThisBuildIsNot() {
        let host = PluginABI.version
        let compiler = PluginABI.compilerVersion
        #expect(StalePlugin.reason(abiVersion: host, compilerVersion: compiler) == nil)
        #expect(
            StalePlugin.reason(abiVersion: host, compilerVersion: 51000)
                == "built with Swift 5.10.0; this cellkit has Swift \(PluginABI.compilerDescription(compiler))")
        #expect(
            StalePlugin.reason(abiVersion: 3, compilerVersion: compiler)
                == "built against SDK \(PluginABI.versionDescription(3)); this cellkit has SDK "
                + PluginABI.versionDescription(host))
        // Unknown (a plugin that never answered): not called stale.
        #expect(StalePlugin.reason(abiVersion: 0, compilerVersion: 0) == nil)
    }

    @Test func theScannerRecordsWhatARefusedPluginWasBuiltWith() {
        let record = RegistryCache.scanInProcess(
            TestEnvironment.library("cellkit-fixture-other-compiler"), trustPolicy: nil)
        #expect(record.compilerVersion == 51000)
        #expect(record.staleReason?.hasPrefix("built with Swift 5.10.0; ") == true, "\(record.error ?? "")")
    }
}
