import Synchronization

/// A text template of a view, loaded by name from a bundle and instantiated
/// as many times as needed: CellKit's `UINib`.
///
/// The template is read and parsed once per process (the first time it is
/// needed) and cached. Nibs live in a plugin's resources folder
/// (`ProfileCell.nib`) or are registered from a string.
///
/// ```swift
/// Nib.register(source: "│ {name:bold} {~} {role:dim} │", named: "Badge", in: .main)
/// let nib = Nib(nibName: "Badge", bundle: .main)
/// let views = try nib.instantiate(withOwner: nil)
/// ```
public struct Nib: Hashable, Sendable, CustomStringConvertible {
    /// The nib's name, without `.nib`.
    public let name: String
    /// The bundle it is looked up in.
    public let bundle: PluginBundle

    /// A nib by name in a bundle; nothing is read until it is used.
    public init(nibName: String, bundle: PluginBundle) {
        self.name = nibName
        self.bundle = bundle
    }

    /// Registers a nib's text under a name in a bundle, replacing the file
    /// lookup for that name. The text is parsed now, so errors surface here.
    ///
    /// - Throws: a ``CellKitError`` with code `.invalidNib` and a diagnostic.
    @discardableResult
    public static func register(source: String, named name: String, in bundle: PluginBundle) throws(CellKitError) -> Nib
    {
        let template = try parse(source, name: name, file: "\(name).nib")
        NibCatalog.shared.withLock { $0.templates[NibCatalog.key(bundle.name, name)] = template }
        return Nib(nibName: name, bundle: bundle)
    }

    /// Whether a nib of that name exists in the bundle (registered or on disk).
    public static func exists(named name: String, in bundle: PluginBundle) -> Bool {
        if NibCatalog.shared.withLock({ $0.templates[NibCatalog.key(bundle.name, name)] }) != nil { return true }
        return bundle.path(forResource: name, ofType: "nib") != nil
    }

    /// The parsed template (parsed once, then cached).
    func template() throws(CellKitError) -> NibTemplate {
        let key = NibCatalog.key(bundle.name, name)
        if let cached = NibCatalog.shared.withLock({ $0.templates[key] }) { return cached }
        guard let path = bundle.path(forResource: name, ofType: "nib") else {
            let looked =
                bundle.resourceDirectory.map { "\($0)/\(name).nib" }
                ?? "no resources folder next to \(bundle.imagePath ?? bundle.name)"
            throw CellKitError(
                .nibNotFound, "no nib named '\(name)' in bundle \(bundle.name) (looked for \(looked))",
                fix: "add \(name).nib to the plugin's resources, or register it with Nib.register(source:named:in:)")
        }
        let template = try Nib.parse(try readTextFile(path), name: name, file: path)
        NibCatalog.shared.withLock { $0.templates[key] = template }
        return template
    }

    /// Makes the nib's root view, its outlets connected to `owner`'s
    /// ``Outlet`` properties (or to new labels when `owner` is `nil`).
    ///
    /// - Throws: `.nibNotFound`, `.invalidNib`, or `.outletMismatch` naming
    ///   both sides when the nib and the owner disagree on outlets.
    public func instantiate(withOwner owner: View?) throws(CellKitError) -> [View] {
        let template = try template()
        return [try NibView(template: template, owner: owner, nibName: name)]
    }

    public var description: String { "\(bundle.name)/\(name).nib" }

    static func parse(_ source: String, name: String, file: String) throws(CellKitError) -> NibTemplate {
        do {
            return try NibTemplate.parse(source, name: name, file: file)
        } catch {
            let first = error.first
            throw CellKitError(
                .invalidNib, first.map { "\($0.location): \($0.message)" } ?? "\(file) is not a valid nib",
                fix: first?.notes.first, diagnostics: error.diagnostics)
        }
    }
}

/// Parsed nibs, process-wide, keyed by bundle and name.
enum NibCatalog {
    struct State {
        var templates: [String: NibTemplate] = [:]
    }
    static let shared = Mutex(State())
    static func key(_ bundle: String, _ name: String) -> String { bundle + "/" + name }
}
