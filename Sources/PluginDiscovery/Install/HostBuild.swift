import CellKitSupport

/// Which build of `cellkit` is running: its configuration (`debug` or
/// `release`, compiled in: SwiftPM defines `DEBUG` for debug builds), and
/// the checkout it was built in when it runs from a build folder.
///
/// `cellkit install` installs release code only: a debug build in a checkout
/// builds release there first (``releaseBuilds(checkout:)``) and lets that
/// build install itself.
///
/// ```swift
/// HostBuild.configuration                                        // "debug"
/// HostBuild.checkout(ofExecutable: "/src/cellkit/.build/debug/cellkit")   // "/src/cellkit"
/// ```
package enum HostBuild {
    /// Whether this `cellkit` was compiled in the debug configuration.
    package static var isDebug: Bool {
        #if DEBUG
            return true
        #else
            return false
        #endif
    }

    /// `debug` or `release`: what ``isDebug`` says, as `cellkit sdk` and the install manifest write it.
    package static var configuration: String { isDebug ? "debug" : "release" }

    /// The checkout an executable in a build folder belongs to: the folder
    /// holding the first `.build` component of its path, when that folder has
    /// a `Package.swift`; `nil` for an installed `cellkit`.
    package static func checkout(ofExecutable executable: String) -> String? {
        let parts = executable.split(separator: "/", omittingEmptySubsequences: false)
        guard let build = parts.firstIndex(of: ".build"), build > 0 else { return nil }
        let root = parts[..<build].joined(separator: "/")
        let checkout = root.isEmpty ? "/" : root
        return isRegularFile(checkout + "/Package.swift") ? checkout : nil
    }

    /// The scratch folder of the release build `cellkit install` makes in a
    /// checkout: `.build/install`, its own, so that it never waits for the lock
    /// of a `swift build`, `swift run` or `swift test` using `.build` (a
    /// `swift run cellkit install` holds it while cellkit runs).
    package static func releaseScratchPath(checkout: String) -> String { checkout + "/.build/install" }

    /// What `cellkit install` installs, and so all its release build makes:
    /// the `cellkit` executable (and `libCellKit.so`, which it links) and the
    /// example plugins. Not the tests' fixtures, the fuzz harnesses nor the
    /// benchmarks, which took most of a build of every target.
    package static let installedProducts = ["cellkit", "BasicCells", "ChartCells", "CardCells", "SQLite"]

    /// The commands that build release in `checkout`, one product of
    /// ``installedProducts`` each (`swift build` makes one product, or every
    /// target, per run), as run and as shown.
    package static func releaseBuilds(checkout: String) -> [[String]] {
        installedProducts.map {
            [
                "swift", "build", "-c", "release", "--scratch-path", releaseScratchPath(checkout: checkout),
                "--product", $0,
            ]
        }
    }
}
