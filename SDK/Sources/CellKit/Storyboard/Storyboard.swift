import Synchronization

/// A set of scenes (view controllers by identifier), one of them initial:
/// CellKit's `UIStoryboard`.
///
/// A storyboard is defined in code (or by a console storyboard file),
/// registered under a name in a bundle, and looked up by name like UIKit's:
///
/// ```swift
/// let main = Storyboard(
///     name: "Main", bundle: .main,
///     scenes: [.init("Dashboard", TodayViewController.self), .init("Team", TeamViewController.self)],
///     initialScene: "Dashboard")
/// Storyboard.register(main)
///
/// let vc = Storyboard(name: "Main", bundle: .main).instantiateInitialViewController()
/// ```
public struct Storyboard: Sendable, CustomStringConvertible {
    /// A scene: an identifier and how to make its controller.
    public struct Scene: Sendable {
        /// The scene identifier (UIKit's Storyboard ID).
        public let identifier: String
        /// Makes the scene's controller.
        public let loader: Loader<ViewController>

        /// A scene made by a loader.
        public init(_ identifier: String, loader: Loader<ViewController>) {
            self.identifier = identifier
            self.loader = loader
        }

        /// A scene whose controller is a new `T`.
        public init<T: ViewController>(_ identifier: String, _ type: T.Type) {
            self.init(identifier, loader: Loader { T() as ViewController })
        }
    }

    struct Content: Sendable {
        var scenes: [Scene]
        var initialScene: String?
    }

    /// The storyboard's name.
    public let name: String
    /// The bundle (namespace) it belongs to.
    public let bundle: PluginBundle
    private let content: Content?

    /// A storyboard by name, looked up in `bundle` when it is used.
    ///
    /// ```swift
    /// let week = Storyboard(name: "Week", bundle: PluginBundle(for: TodayViewController.self))
    /// let today = week.instantiateInitialViewController()
    /// ```
    public init(name: String, bundle: PluginBundle = .main) {
        self.name = name
        self.bundle = bundle
        self.content = nil
    }

    /// A storyboard defined in code.
    ///
    /// ```swift
    /// let week = Storyboard(
    ///     name: "Week", scenes: [.init("Today", TodayViewController.self), .init("Day", DayViewController.self)],
    ///     initialScene: "Today")
    /// ```
    public init(name: String, bundle: PluginBundle = .main, scenes: [Scene], initialScene: String? = nil) {
        self.name = name
        self.bundle = bundle
        self.content = Content(scenes: scenes, initialScene: initialScene)
    }

    /// `Bundle.Name`, such as `WeatherCells.Week`.
    public var description: String { "\(bundle.name).\(name)" }

    // MARK: - Registry

    private static let catalog = Mutex<[String: Storyboard]>([:])

    private static func key(_ bundle: String, _ name: String) -> String { bundle + "/" + name }

    /// Makes a defined storyboard findable by name in its bundle, replacing
    /// any registered before under the same name.
    ///
    /// ```swift
    /// Storyboard.register(Storyboard(name: "Week", scenes: [.init("Today", TodayViewController.self)], initialScene: "Today"))
    /// let today = Storyboard(name: "Week").instantiateInitialViewController()
    /// ```
    public static func register(_ storyboard: Storyboard) {
        catalog.withLock { $0[key(storyboard.bundle.name, storyboard.name)] = storyboard }
    }

    /// Whether any storyboard is registered in a bundle of that name.
    static func hasNamespace(_ bundle: String) -> Bool {
        catalog.withLock { $0.keys.contains { $0.hasPrefix(bundle + "/") } }
    }

    /// The names of the registered storyboards, `Bundle.Name`, sorted.
    public static var registeredNames: [String] {
        catalog.withLock { $0.values.map(\.description).sorted() }
    }

    func resolved() throws(CellKitError) -> Content {
        if let content { return content }
        if let found = Self.catalog.withLock({ $0[Self.key(bundle.name, name)] }), let content = found.content {
            return content
        }
        throw CellKitError(
            .storyboardNotFound, "no storyboard named '\(name)' in \(bundle.name)",
            fix: Storyboard.registeredNames.isEmpty
                ? "define it and register it with Storyboard.register(_:)"
                : "registered storyboards are: \(Storyboard.registeredNames.joined(separator: ", "))")
    }

    // MARK: - Scenes

    /// The scene identifiers, in order.
    public var sceneIdentifiers: [String] { (try? resolved().scenes.map(\.identifier)) ?? [] }

    /// The initial scene's identifier, if there is one.
    public var initialSceneIdentifier: String? { try? resolved().initialScene }

    /// The initial scene's controller, or `nil` if there is none or it fails to load.
    public func instantiateInitialViewController() -> ViewController? {
        try? tryInstantiateInitialViewController()
    }

    /// The initial scene's controller, or an error saying what is missing.
    public func tryInstantiateInitialViewController() throws(CellKitError) -> ViewController {
        let content = try resolved()
        guard let initial = content.initialScene else {
            throw CellKitError(
                .noInitialScene, "storyboard \(self) has no initial scene",
                fix:
                    "mark one of its scenes as initial (scenes: \(content.scenes.map(\.identifier).joined(separator: ", ")))"
            )
        }
        return try tryInstantiateViewController(withIdentifier: initial)
    }

    /// The controller of a scene. Traps with a message saying what to fix if
    /// there is no such scene; see ``tryInstantiateViewController(withIdentifier:)``.
    ///
    /// ```swift
    /// let day = Storyboard(name: "Week").instantiateViewController(withIdentifier: "Day")
    /// ```
    public func instantiateViewController(withIdentifier identifier: String) -> ViewController {
        do {
            return try tryInstantiateViewController(withIdentifier: identifier)
        } catch {
            fatalError("\(error)")
        }
    }

    /// The controller of a scene, or an error suggesting the nearest identifier.
    ///
    /// ```swift
    /// do {
    ///     _ = try Storyboard(name: "Week").tryInstantiateViewController(withIdentifier: "Dya")
    /// } catch {
    ///     print(error.fix ?? "")   // did you mean 'Day'?
    /// }
    /// ```
    public func tryInstantiateViewController(withIdentifier identifier: String) throws(CellKitError) -> ViewController {
        let content = try resolved()
        guard let scene = content.scenes.first(where: { $0.identifier == identifier }) else {
            let ids = content.scenes.map(\.identifier)
            throw CellKitError(
                .sceneNotFound, "storyboard \(self) has no scene '\(identifier)'",
                fix: Suggestions.nearest(to: identifier, in: ids).map { "did you mean '\($0)'?" }
                    ?? "its scenes are: \(ids.joined(separator: ", "))")
        }
        let vc = try scene.loader.tryLoad()
        vc.storyboard = self
        vc.sceneIdentifier = identifier
        return vc
    }

    /// Instantiates every scene and loads its view, reporting every failure
    /// rather than stopping at the first: seed 003's "load every scene" check.
    ///
    /// ```swift
    /// let failures = Storyboard(name: "Main").validate()
    /// #expect(failures.isEmpty)
    /// ```
    public func validate() -> [CellKitError] {
        let content: Content
        do {
            content = try resolved()
        } catch {
            return [error]
        }
        var failures: [CellKitError] = []
        if let initial = content.initialScene, !content.scenes.contains(where: { $0.identifier == initial }) {
            failures.append(
                CellKitError(.sceneNotFound, "storyboard \(self): the initial scene '\(initial)' does not exist"))
        }
        for scene in content.scenes {
            do {
                let vc = try tryInstantiateViewController(withIdentifier: scene.identifier)
                vc.loadViewIfNeeded()
            } catch {
                failures.append(
                    CellKitError(error.code, "scene '\(scene.identifier)' of \(self): \(error.message)", fix: error.fix)
                )
            }
        }
        return failures
    }
}
