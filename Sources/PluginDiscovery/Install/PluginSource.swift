import CellKitSupport
import Glibc

/// Where an installed plugin's package is: `cellkit plugin install` writes
/// its absolute path into `NAME.source`, beside `libNAME.so`, so that
/// `cellkit plugin rebuild NAME` can build it again after a toolchain or SDK
/// change without being told where it is.
///
/// ```swift
/// try PluginSource.record("/home/ada/WeatherCells", for: "WeatherCells", in: plugins)
/// PluginSource.recorded(for: "WeatherCells", in: plugins)   // "/home/ada/WeatherCells"
/// ```
package enum PluginSource {
    /// The file that records plugin `name`'s package in `pluginDirectory`.
    package static func file(for name: String, in pluginDirectory: String) -> String {
        pluginDirectory + "/" + name + ".source"
    }

    /// Records `package` (an absolute path) as plugin `name`'s source.
    package static func record(_ package: String, for name: String, in pluginDirectory: String) throws(FileError) {
        try atomicWrite(file(for: name, in: pluginDirectory), package + "\n", permissions: 0o644)
    }

    /// Plugin `name`'s recorded package folder; `nil` when none is recorded
    /// (the plugin was not installed by `plugin install`), or the record is
    /// not a regular file of yours holding one absolute path.
    package static func recorded(for name: String, in pluginDirectory: String) -> String? {
        let path = file(for: name, in: pluginDirectory)
        guard let info = try? fileInfo(path, followingSymbolicLinks: false), info.isRegularFile,
            info.uid == geteuid(), info.size < 4096,
            let text = try? readTextFile(path)
        else { return nil }
        let package = String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
        return Path.isAbsolute(package) ? package : nil
    }
}
