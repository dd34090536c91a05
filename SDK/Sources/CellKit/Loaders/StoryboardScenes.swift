/// An enum that stands for a storyboard (named after the enum) and lists its
/// scenes: Loaders' `Storyboard` protocol, renamed because `Storyboard` is
/// CellKit's `UIStoryboard` (see docs/coming-from-reusable-and-loaders.md).
///
/// Cases name scenes: `pageViewController` is the scene `PageViewController`,
/// and `initialViewController` is the storyboard's initial scene.
///
/// ```swift
/// enum Main: String, StoryboardScenes {
///     case initialViewController, pageViewController, pageDetailsViewController
/// }
/// let page = Main.pageViewController.load()                     // ViewController
/// let typed: PageViewController = Main.pageViewController.load()
/// ```
///
/// The storyboard is looked up in the bundle of the enclosing enum named
/// after a plugin, if any (`enum User { enum Main: … }` finds `Main` in the
/// `User` plugin), otherwise in the module the enum is declared in.
public protocol StoryboardScenes: SendableMetatype {}

// MARK: - Default implementations

extension StoryboardScenes {
    /// The storyboard's name: the enum's name.
    public static var storyboardName: String { _typeName(self, qualified: false) }

    /// The storyboard the enum stands for.
    public static var storyboard: Storyboard {
        Storyboard(name: storyboardName, bundle: PluginBundle(name: namespace))
    }

    /// The namespace searched: the innermost enclosing type named after a
    /// namespace that has storyboards, else the enum's module.
    static var namespace: String {
        let parts = _typeName(self, qualified: true).split(separator: ".").map(String.init)
        for part in parts.dropLast().reversed() where Storyboard.hasNamespace(part) {
            return part
        }
        return parts.first ?? storyboardName
    }

    /// The scene identifier for a member name: `pageViewController` or
    /// `pageViewController()` → `PageViewController`.
    static func sceneIdentifier(forMember member: String) -> String {
        var name = member
        if let paren = name.firstIndex(of: "(") { name = String(name[..<paren]) }
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    /// The scene named after the calling property or function, typed: for
    /// `static var pageViewController: PageViewController { load() }`.
    public static func load<T: ViewController>(identifier: String = #function) -> T {
        do {
            return try tryLoad(identifier: identifier)
        } catch {
            fatalError("\(error)")
        }
    }

    /// Like ``load(identifier:)``, but throws.
    public static func tryLoad<T: ViewController>(identifier: String = #function) throws(CellKitError) -> T {
        let scene = sceneIdentifier(forMember: identifier)
        let vc = try storyboard.tryInstantiateViewController(withIdentifier: scene)
        guard let typed = vc as? T else {
            throw CellKitError(.typeMismatch, "scene '\(scene)' of \(storyboard) is a \(type(of: vc)), not a \(T.self)")
        }
        return typed
    }

    /// A loader of the scene named after the calling property or function:
    /// `static var page: Loader<PageViewController> { loader() }`.
    public static func loader<T: ViewController>(identifier: String = #function) -> Loader<T> {
        let id = identifier
        return Loader { () throws(CellKitError) -> T in try tryLoad(identifier: id) }
    }

    /// An untyped loader: `static var details: ControllerLoader { loader() }`.
    public static func loader(identifier: String = #function) -> any ControllerLoader {
        let id = identifier
        return Loader<ViewController> { () throws(CellKitError) -> ViewController in
            try storyboard.tryInstantiateViewController(withIdentifier: sceneIdentifier(forMember: id))
        }
    }
}

extension StoryboardScenes where Self: RawRepresentable, RawValue == String {
    /// Whether this case stands for the initial scene.
    public var isInitialScene: Bool { rawValue == "initialViewController" }

    /// The scene identifier: the case name with a capital first letter.
    public var sceneIdentifier: String { Self.sceneIdentifier(forMember: rawValue) }

    /// The scene's controller. Traps with a message saying what to fix;
    /// see ``tryLoad()``.
    public func load() -> ViewController {
        do {
            return try tryLoad()
        } catch {
            fatalError("\(error)")
        }
    }

    /// The scene's controller, typed by the call site.
    public func load<T: ViewController>() -> T {
        do {
            let vc = try tryLoad()
            guard let typed = vc as? T else {
                throw CellKitError(.typeMismatch, "scene '\(sceneIdentifier)' is a \(type(of: vc)), not a \(T.self)")
            }
            return typed
        } catch {
            fatalError("\(error)")
        }
    }

    /// The scene's controller, or an error saying what to fix.
    public func tryLoad() throws(CellKitError) -> ViewController {
        isInitialScene
            ? try Self.storyboard.tryInstantiateInitialViewController()
            : try Self.storyboard.tryInstantiateViewController(withIdentifier: sceneIdentifier)
    }

    /// A loader of the scene.
    public func loader() -> Loader<ViewController> {
        let scene = self.rawValue
        return Loader { () throws(CellKitError) -> ViewController in
            guard let value = Self(rawValue: scene) else {
                throw CellKitError(.sceneNotFound, "no scene \(scene)")
            }
            return try value.tryLoad()
        }
    }
}

extension StoryboardScenes where Self: RawRepresentable, RawValue == String, Self: CaseIterable {
    /// Loads every scene, and throws one error listing every scene that
    /// failed: seed 003's `Main.allCases.map { $0.load() }` as a check that
    /// reports everything at once.
    ///
    /// ```swift
    /// @Test func mainStoryboardLoads() throws {
    ///     _ = try Main.loadAll()
    /// }
    /// ```
    public static func loadAll() throws(StoryboardValidationError) -> [ViewController] {
        var loaded: [ViewController] = []
        var failures: [CellKitError] = []
        for scene in allCases {
            do {
                let vc = try scene.tryLoad()
                vc.loadViewIfNeeded()
                loaded.append(vc)
            } catch {
                failures.append(error)
            }
        }
        if !failures.isEmpty { throw StoryboardValidationError(storyboard: "\(storyboard)", failures: failures) }
        return loaded
    }
}

/// Some scenes of a storyboard failed to load; all of them are listed.
public struct StoryboardValidationError: Error, CustomStringConvertible {
    /// The storyboard checked.
    public let storyboard: String
    /// One error per scene that failed.
    public let failures: [CellKitError]

    /// How many scenes failed, then one line per failure.
    public var description: String {
        "\(failures.count) scene(s) of \(storyboard) failed to load:\n"
            + failures.map { "  - \($0)" }.joined(separator: "\n")
    }
}

/// A storyboard enum whose storyboard has an initial scene of a known type:
/// Loaders' `HasInitialController`.
///
/// ```swift
/// enum Details: StoryboardScenes, HasInitialController {
///     typealias InitialControllerType = DetailsViewController
/// }
/// let vc = Details.instantiateInitialViewController()   // DetailsViewController
/// let later = Details.initialViewController             // Loader<DetailsViewController>
/// ```
public protocol HasInitialController {
    /// The initial scene's controller type.
    associatedtype InitialControllerType: ViewController = ViewController
}

extension HasInitialController where Self: StoryboardScenes {
    /// The initial scene's controller. Traps with a message saying what to fix.
    ///
    /// ```swift
    /// let vc = Details.instantiateInitialViewController()   // DetailsViewController
    /// ```
    public static func instantiateInitialViewController() -> InitialControllerType {
        initialViewController.load()
    }

    /// A loader of the initial scene's controller.
    public static var initialViewController: Loader<InitialControllerType> {
        Loader { () throws(CellKitError) -> InitialControllerType in
            let vc = try storyboard.tryInstantiateInitialViewController()
            guard let typed = vc as? InitialControllerType else {
                throw CellKitError(
                    .typeMismatch,
                    "the initial scene of \(storyboard) is a \(type(of: vc)), not a \(InitialControllerType.self)")
            }
            return typed
        }
    }
}
