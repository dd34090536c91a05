import CellKitSupport
import Glibc

/// Whether a plugin package may be built: a build runs the package's code
/// with the user's rights (its manifest, then the plugin itself while it is
/// validated), so every file and folder the build reads must pass the check a
/// plugin library passes (``TrustPolicy``: yours or root's, writable by no one
/// else, nor any folder above it, nor a link on the way).
///
/// What is checked, for the package and, transitively, for each package it
/// depends on by path (the CellKit SDK a scaffolded plugin finds through
/// `CELLKIT_SDK` among them):
///
/// - the folder, every folder above it, and every file, folder and symbolic
///   link below it: sources, resources, `Package.swift`, `Package.resolved`,
///   `.swiftpm/`, and the package's own `.build`, which the build reuses
///   (object files, the compiled manifest, checkouts). A link is checked as a
///   path ("the path as given"), and the folder it leads to is walked too;
/// - not `.git` (a build does not read it), nor a dependency's `.build` (a
///   build makes its own in the package it builds).
///
/// The walk is bounded: a tree of more than ``maximumEntries`` entries is
/// refused rather than walked for minutes (a `.build` of many builds is the
/// usual cause; the fix says to remove it).
///
/// A package's path dependencies are asked of `dependencies` only once its
/// tree has passed: they come from its manifest, which runs to say them.
///
/// ```swift
/// try PackageTrust().check(package: "/home/ada/WeatherCells") { try PluginPackage(directory: $0).pathDependencies() }
/// // throws .unsafePermissions: "/home/ada/WeatherCells/Sources/WeatherCells/Cell.swift can be written by others
/// // (mode 664)", fix "run `chmod go-w /home/ada/WeatherCells/Sources/WeatherCells/Cell.swift`"
/// ```
package struct PackageTrust: Sendable {
    /// The rules each entry is judged by.
    package var policy: TrustPolicy
    /// The most files, folders and links walked in all before the build is refused.
    package var maximumEntries: Int

    /// The default of ``maximumEntries``: far above a plugin package with a
    /// debug and a release build in its `.build` (a few thousand), walked in
    /// well under a second.
    package static let defaultMaximumEntries = 200_000

    package init(policy: TrustPolicy = TrustPolicy(), maximumEntries: Int = PackageTrust.defaultMaximumEntries) {
        self.policy = policy
        self.maximumEntries = maximumEntries
    }

    /// The names that are never walked: git's own folder.
    static let skipped: Set<String> = [".git"]

    /// Checks the package in `package` and every package it depends on by
    /// path, as ``dependencies`` lists them for a package folder.
    ///
    /// - Throws: `PluginError` `.unsafePermissions` whose message is the
    ///   reason (`PATH belongs to another user (uid N)`) and whose fix is the
    ///   command that fixes it, for the caller to word as its refusal; or what
    ///   `dependencies` throws.
    package func check(package: String, dependencies: (String) throws(PluginError) -> [String]) throws(PluginError) {
        let root = (try? Path.absolute(package)) ?? package
        var walk = Walk(policy: policy, limit: maximumEntries)
        var pending = [root]
        var seen: Set<String> = []
        while let next = pending.popLast() {
            let folder = Path.canonical(next) ?? next
            // A dependency that is not there: nothing of it is read, and the build says so itself.
            guard seen.insert(folder).inserted, isDirectory(folder) else { continue }
            try walk.check(package: next, isDependency: next != root)
            pending += try dependencies(next).reversed()
        }
    }

    /// The walk through the packages: what was counted and checked so far.
    struct Walk {
        let policy: TrustPolicy
        let limit: Int
        var entries = 0
        var checkedDirectories: Set<String> = []
        var walked: Set<String> = []

        /// Checks one package's folder, the folders above it and everything in
        /// it; its `.build` too unless it `isDependency` (a build makes its own
        /// in the package it builds).
        mutating func check(package: String, isDependency: Bool) throws(PluginError) {
            func refusal(_ found: TrustPolicy.Finding, fix: String? = nil) -> PluginError {
                let reason =
                    found.reason
                    + (isDependency ? "; it is part of \(package), a package the plugin depends on by path" : "")
                return PluginError(
                    .unsafePermissions, reason, fix: fix ?? self.fix(for: found), path: found.path)
            }
            if let found = policy.finding(for: package, checkedDirectories: &checkedDirectories) {
                throw refusal(found)
            }
            // Walked from where it really is, so that a link back into it is seen as walked already.
            let start = Path.canonical(package) ?? package
            let build = start + "/.build"
            let removeBuild = "remove the build folder, which the build makes again: `rm -rf \(build)`"
            var pending = [start]
            while let folder = pending.popLast() {
                guard walked.insert(folder).inserted else { continue }
                let names: [String]
                do {
                    names = try listDirectory(folder).sorted()
                } catch {
                    throw PluginError(
                        .unsafePermissions, "cannot read \(folder) to check it before building: \(error.reason)",
                        fix: "make it readable (chmod u+rx \(folder))", path: folder)
                }
                for name in names where !PackageTrust.skipped.contains(name) {
                    let path = folder + "/" + name
                    if path == build && isDependency { continue }
                    entries += 1
                    guard entries <= limit else {
                        throw PluginError(
                            .unsafePermissions,
                            "there are more than \(limit) files and folders to check in \(package) before building "
                                + "it (\(build), the build folder, is usually why)",
                            fix: removeBuild, path: package)
                    }
                    guard let status = try? fileInfo(path, followingSymbolicLinks: false) else { continue }
                    let rebuild = path == build || path.hasPrefix(build + "/") ? removeBuild : nil
                    if let found = policy.finding(at: path, status) { throw refusal(found, fix: rebuild) }
                    switch status.kind {
                    case .directory:
                        pending.append(path)
                    case .symbolicLink:
                        // The link as a path: its owner, the folders on the way to its target, and the target.
                        if let found = policy.finding(for: path, checkedDirectories: &checkedDirectories) {
                            throw refusal(found, fix: rebuild)
                        }
                        if let target = Path.canonical(path), isDirectory(target) { pending.append(target) }
                    default:
                        break
                    }
                }
            }
        }

        /// How to fix `found`: `chmod go-w PATH`, or for another user's entry,
        /// copying the package or making it yours.
        func fix(for found: TrustPolicy.Finding) -> String {
            switch found.problem {
            case .writable:
                return "run `\(found.command(user: ""))`"
            case .owner:
                let user = UserDatabase.name(ofUID: policy.uid) ?? String(policy.uid)
                return "a build runs the package's code with your rights; copy the package to a folder of yours "
                    + "and build it there, or, as root, make it yours: `\(found.command(user: user))`"
            }
        }
    }
}
