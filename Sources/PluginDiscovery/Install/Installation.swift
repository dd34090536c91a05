@_spi(Host) import CellKit
import CellKitSupport

/// Where `cellkit install --prefix PREFIX` puts things:
///
/// ```
/// PREFIX/bin/cellkit                 a symbolic link to ../lib/cellkit/cellkit
/// PREFIX/lib/cellkit/cellkit         the executable
/// PREFIX/lib/cellkit/libCellKit.so   the SDK library, beside it
/// PREFIX/lib/cellkit/plugins/        the example plugins, each with its NAME.resources/
/// PREFIX/lib/cellkit/install-manifest.json   what install wrote, for uninstall
/// PREFIX/share/cellkit/SDK/          the SDK package's sources, for building plugins
/// ```
///
/// The executable stays next to `libCellKit.so` because SwiftPM links it with
/// the run path `$ORIGIN`, and the dynamic loader resolves `$ORIGIN` through
/// the `bin/` link: no relinking, no `patchelf`, no wrapper script.
///
/// ```swift
/// let installation = Installation(prefix: "/home/ada/.local")
/// installation.sdkDirectory   // "/home/ada/.local/share/cellkit/SDK"
/// ```
package struct Installation: Hashable, Sendable {
    /// The prefix: `~/.local` by default.
    package let prefix: String

    package init(prefix: String) {
        var prefix = prefix
        while prefix.count > 1 && prefix.hasSuffix("/") { prefix.removeLast() }
        self.prefix = prefix
    }

    /// `PREFIX/bin`, where the `cellkit` command is.
    package var binDirectory: String { prefix + "/bin" }
    /// `PREFIX/bin/cellkit`
    package var command: String { binDirectory + "/cellkit" }
    /// What the `bin/cellkit` link holds.
    package static let commandTarget = "../lib/cellkit/cellkit"
    /// `PREFIX/lib/cellkit`, the executable and `libCellKit.so`.
    package var libraryDirectory: String { prefix + "/lib/cellkit" }
    /// `PREFIX/lib/cellkit/cellkit`
    package var executable: String { libraryDirectory + "/cellkit" }
    /// `PREFIX/lib/cellkit/plugins`, the plugins installed with cellkit.
    package var pluginDirectory: String { PluginSearchPath.installedPlugins(executableDirectory: libraryDirectory) }
    /// `PREFIX/share/cellkit/SDK`, the SDK package plugins build against.
    package var sdkDirectory: String { prefix + "/share/cellkit/SDK" }

    /// The installation `executable` belongs to, if it is an installed
    /// `cellkit` (`PREFIX/lib/cellkit/cellkit` with the SDK beside it).
    package static func containing(executable: String) -> Installation? {
        let directory = Path.dirname(executable)
        guard directory.hasSuffix("/lib/cellkit") else { return nil }
        let installation = Installation(prefix: String(directory.dropLast("/lib/cellkit".count)))
        return fileExists(installation.sdkDirectory + "/Package.swift") ? installation : nil
    }

    /// The SDK package this `cellkit` was built with: the installed copy for
    /// an installed `cellkit`, else the `SDK/` folder of the checkout it was
    /// built from.
    package static func sdkDirectory(executable: String?) -> String {
        if let executable, let installation = containing(executable: executable) {
            return installation.sdkDirectory
        }
        return checkoutSDKDirectory
    }

    /// The version the SDK sources at `sdk` declare (their
    /// ``PluginABI/sdkVersion``, read from its declaration), if it can be read.
    ///
    /// ```swift
    /// Installation.sdkVersion(at: "/home/ada/.local/share/cellkit/SDK")   // (2, 0, 0)
    /// ```
    package static func sdkVersion(at sdk: String) -> (major: UInt32, minor: UInt32, patch: UInt32)? {
        guard let source = try? readTextFile(sdk + "/Sources/CellKit/Plugin/PluginABI.swift"),
            let range = source.firstRange(
                of: "public static var sdkVersion: (major: UInt32, minor: UInt32, patch: UInt32) { (")
        else { return nil }
        let numbers = source[range.upperBound...].prefix { $0 != ")" }.split(separator: ",").compactMap {
            UInt32($0.trimmingPrefix(" "))
        }
        guard numbers.count == 3 else { return nil }
        return (numbers[0], numbers[1], numbers[2])
    }

    /// The `SDK/` folder next to the sources this cellkit was built from.
    package static var checkoutSDKDirectory: String {
        var path = #filePath
        for _ in 0..<4 { path = Path.dirname(path) }
        return path + "/SDK"
    }
}
