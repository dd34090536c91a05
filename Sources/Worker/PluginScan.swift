import CellKitSupport
import Glibc
import PluginDiscovery
import PluginRuntime
import WorkerProtocol

/// The child side of the session's registry scan (`RegistryScanner` in the
/// session): `cellkit --scan-plugin PATH` opens the library in this process.
package enum PluginScan {
    /// `cellkit --scan-plugin PATH`: checks, scans in this process and
    /// answers with the record, on descriptor 3 when the parent gave it a
    /// pipe there, else on standard output (run by hand).
    package static func printRecord(of path: String, allowUnsafe: Bool) -> Int32 {
        // A scan whose session is gone (a signal, SIGKILL) ends at once, with what the plugin started.
        ParentWatch.start()
        var status = stat()
        let reply: Int32
        if fstat(ProcessInterface.scanReplyDescriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO {
            // Out of the way of the plugin, which may close or write to descriptor 3.
            reply = fcntl(ProcessInterface.scanReplyDescriptor, F_DUPFD_CLOEXEC, 10)
            close(ProcessInterface.scanReplyDescriptor)
        } else {
            reply = 1
        }
        let record = RegistryCache.scanInProcess(path, trustPolicy: allowUnsafe ? nil : TrustPolicy())
        guard let text = try? record.json.serialized() else { return 1 }
        return SystemCall.writeAll(reply, Array((text + "\n").utf8)) == 0 ? 0 : 1
    }

    /// `cellkit --plugin-abi PATH`: what the plugin's ABI entry point
    /// returns, for a worker whose `dlopen` refused the plugin (PluginABIProbe).
    package static func printABI(of path: String) -> Int32 {
        // A probe stuck in a library's constructor ends when the process that asked is gone.
        ParentWatch.start()
        return PluginABIProbe.run(path: path)
    }
}
