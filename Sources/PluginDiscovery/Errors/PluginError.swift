import CellKitSupport

/// Why a plugin was refused or could not be found: what, where, and how to fix it.
///
/// Every refusal leaves the registry as it was; the session goes on.
///
/// Like swift-nio's `FileSystemError`, it keeps what caused it (``cause``: the error a
/// plugin's registration or factory threw) for callers in this process; the text
/// (``description``) already says it, and is all that crosses to another process.
///
/// ```swift
/// do { try host.load("CardCels") }
/// catch let error as PluginError where error.code == .notFound { print(error) }
/// // no plugin named 'CardCels' on the plugin path; did you mean 'CardCells'?
/// //   searched: .build/debug, ~/.local/lib/cellkit/plugins
/// ```
package struct PluginError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of refusal.
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        enum Base: String, Hashable, Sendable {
            case notFound, missingFile, notSharedLibrary, missingDependency, undefinedSymbol, missingEntryPoint
            case abiMismatch, compilerMismatch, duplicatePlugin, duplicateName, registrationFailed
            case unsafePermissions, ambiguousName, unknownName, invalidPlugin, loadFailed
        }
        let base: Base

        /// No plugin of that name on the search path.
        package static let notFound = Code(base: .notFound)
        /// The file does not exist.
        package static let missingFile = Code(base: .missingFile)
        /// The file is not a shared library (random bytes, text, an object file, ...).
        package static let notSharedLibrary = Code(base: .notSharedLibrary)
        /// A library the plugin needs is not found.
        package static let missingDependency = Code(base: .missingDependency)
        /// The plugin needs a symbol the host does not have: built against another SDK.
        package static let undefinedSymbol = Code(base: .undefinedSymbol)
        /// The library has no `cellkit_plugin_abi` or `cellkit_plugin_register`.
        package static let missingEntryPoint = Code(base: .missingEntryPoint)
        /// Built against another SDK ABI version.
        package static let abiMismatch = Code(base: .abiMismatch)
        /// Built by another Swift compiler.
        package static let compilerMismatch = Code(base: .compilerMismatch)
        /// A plugin with that name is already loaded from another file.
        package static let duplicatePlugin = Code(base: .duplicatePlugin)
        /// The plugin registers one name twice.
        package static let duplicateName = Code(base: .duplicateName)
        /// The plugin's registration threw.
        package static let registrationFailed = Code(base: .registrationFailed)
        /// The file, or a directory above it, can be written by someone else.
        package static let unsafePermissions = Code(base: .unsafePermissions)
        /// A short name matches items of several plugins.
        package static let ambiguousName = Code(base: .ambiguousName)
        /// No registered item has that name.
        package static let unknownName = Code(base: .unknownName)
        /// The plugin reports an unusable name or version.
        package static let invalidPlugin = Code(base: .invalidPlugin)
        /// `dlopen` failed for another reason.
        package static let loadFailed = Code(base: .loadFailed)

        package var description: String { base.rawValue }
    }

    /// The kind of refusal.
    package var code: Code
    /// What is wrong.
    package var message: String
    /// How to fix it.
    package var fix: String?
    /// The plugin file concerned, if any.
    package var path: String?
    /// The error that caused this one, if another error did: what a plugin threw. Not part
    /// of equality (errors are not comparable); ``message`` already describes it.
    package var cause: (any Error)?

    /// Creates an error.
    package init(
        _ code: Code, _ message: String, fix: String? = nil, path: String? = nil, cause: (any Error)? = nil
    ) {
        self.code = code
        self.message = message
        self.fix = fix
        self.path = path
        self.cause = cause
    }

    /// The message, then the fix on its own line (``ErrorText/lines(_:_:)``).
    package var description: String {
        ErrorText.lines(message, fix.map { [$0] } ?? [])
    }

    package static func == (left: PluginError, right: PluginError) -> Bool {
        left.code == right.code && left.message == right.message && left.fix == right.fix && left.path == right.path
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(message)
        hasher.combine(fix)
        hasher.combine(path)
    }
}

extension PluginError.Code {
    /// The code whose ``description`` is `name` (as it crossed from the worker).
    package init?(named name: String) {
        guard let base = Base(rawValue: name) else { return nil }
        self.init(base: base)
    }
}
