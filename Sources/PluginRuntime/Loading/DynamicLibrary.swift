@_spi(Host) import CellKit
import CellKitSupport
import Glibc
import PluginDiscovery

/// A shared library opened with `dlopen(RTLD_NOW | RTLD_NODELETE)`.
///
/// Libraries are never closed: the Swift runtime keeps pointers into every
/// image it has seen, so unloading one makes later casts crash. "Reloading"
/// means loading a new build under a new path.
struct DynamicLibrary: @unchecked Sendable {
    let path: String
    let handle: UnsafeMutableRawPointer

    /// Opens the library, turning `dlerror()` into an error that says what
    /// is wrong with the file and how to fix it.
    static func open(_ path: String) throws(PluginError) -> DynamicLibrary {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_NODELETE | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown error"
            throw classify(reason, path: path)
        }
        return DynamicLibrary(path: path, handle: handle)
    }

    /// A symbol's address, or `nil`.
    func symbol(_ name: String) -> UnsafeMutableRawPointer? {
        _ = dlerror()
        return dlsym(handle, name)
    }

    static func classify(_ reason: String, path: String) -> PluginError {
        let detail = reason.hasPrefix(path + ": ") ? String(reason.dropFirst(path.count + 2)) : reason
        if detail.contains("cannot open shared object file") {
            if !fileExists(path) {
                return PluginError(
                    .missingFile, "\(path): no such file",
                    fix: "check the path, or build the plugin first (swift build)", path: path)
            }
            let dependency = detail.split(separator: ":").first.map(String.init) ?? detail
            return PluginError(
                .missingDependency, "\(path) needs \(dependency), which was not found",
                fix: "install it, or put it next to the plugin (the plugin's RUNPATH includes $ORIGIN)", path: path)
        }
        if detail.contains("invalid ELF header") || detail.contains("file too short") {
            return PluginError(
                .notSharedLibrary, "\(path) is not a shared library (\(detail))",
                fix: "a plugin is the lib<Name>.so that `swift build` makes from a .dynamic library product", path: path
            )
        }
        if detail.contains("only ET_DYN and ET_EXEC can be loaded") {
            return PluginError(
                .notSharedLibrary, "\(path) is an object file, not a shared library",
                fix: "link it as a shared library: declare the product with `type: .dynamic`", path: path)
        }
        let marker = "undefined symbol: "
        if detail.contains(marker), let symbol = detail.split(separator: " ").last.map(String.init) {
            return PluginError(
                .undefinedSymbol,
                "\(path) was built against a CellKit SDK this cellkit (SDK \(PluginABI.sdkVersionDescription)) cannot run: "
                    + "it needs \(symbol), which this SDK does not have (a breaking change: another major version)",
                fix:
                    "rebuild the plugin against this cellkit's SDK: cellkit plugin install PACKAGE_DIR again, or swift build in its package (cellkit sdk says where the SDK is)",
                path: path)
        }
        if detail.contains("wrong ELF class") || detail.contains("cannot open shared object") {
            return PluginError(
                .notSharedLibrary, "\(path): \(detail)", fix: "build the plugin for this machine", path: path)
        }
        return PluginError(.loadFailed, "\(path) could not be loaded: \(detail)", path: path)
    }
}
