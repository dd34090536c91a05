/// A view controller that is the initial scene of a storyboard named after
/// it: Reusable's `StoryboardBased`.
///
/// ```swift
/// final class CustomVC: ViewController, StoryboardBased { /* and that's it! */ }
/// let vc = CustomVC.instantiate()   // the initial scene of storyboard "CustomVC"
/// ```
public protocol StoryboardBased: AnyObject, SendableMetatype {
    /// The storyboard; by default the one named after the type, in its bundle.
    static var sceneStoryboard: Storyboard { get }
}

// MARK: - Default implementations

extension StoryboardBased {
    /// The storyboard named after the type, in the type's bundle:
    /// `Storyboard(name: "<TypeName>", bundle: PluginBundle(for: Self.self))`.
    public static var sceneStoryboard: Storyboard {
        Storyboard(name: _typeName(self, qualified: false), bundle: PluginBundle(for: self))
    }
}

extension StoryboardBased where Self: ViewController {
    /// The storyboard's initial controller, typed. Traps with a message
    /// saying what to fix; see ``tryInstantiate()``.
    ///
    /// ```swift
    /// let vc = TodayViewController.instantiate()   // the initial scene of storyboard "TodayViewController"
    /// ```
    public static func instantiate() -> Self {
        trappingOnError(tryInstantiate)
    }

    /// Like ``instantiate()``, but throws instead of trapping.
    ///
    /// ```swift
    /// let vc = try TodayViewController.tryInstantiate()
    /// ```
    public static func tryInstantiate() throws(CellKitError) -> Self {
        let vc = try sceneStoryboard.tryInstantiateInitialViewController()
        guard let typed = vc as? Self else {
            throw CellKitError(
                .typeMismatch,
                "the initial scene of storyboard \(sceneStoryboard) is a \(type(of: vc)), not a \(Self.self)",
                fix: "make a \(Self.self) scene the initial one")
        }
        return typed
    }
}

/// A view controller that is a scene, identified by its type's name, of a
/// storyboard it names: Reusable's `StoryboardSceneBased`.
///
/// ```swift
/// final class SecondaryVC: ViewController, StoryboardSceneBased {
///     static let sceneStoryboard = Storyboard(name: "CustomVC")
/// }
/// let vc = SecondaryVC.instantiate()   // scene "SecondaryVC" of CustomVC
/// ```
public protocol StoryboardSceneBased: AnyObject, SendableMetatype {
    /// The storyboard the scene is in.
    static var sceneStoryboard: Storyboard { get }
    /// The scene identifier; by default the type's name.
    static var sceneIdentifier: String { get }
}

// MARK: - Default implementations

extension StoryboardSceneBased {
    /// The type's name, such as `"DayViewController"`.
    public static var sceneIdentifier: String { _typeName(self, qualified: false) }
}

extension StoryboardSceneBased where Self: ViewController {
    /// The scene's controller, typed. Traps with a message saying what to
    /// fix; see ``tryInstantiate()``.
    ///
    /// ```swift
    /// let vc = DayViewController.instantiate()   // scene "DayViewController" of its sceneStoryboard
    /// ```
    public static func instantiate() -> Self {
        trappingOnError(tryInstantiate)
    }

    /// Like ``instantiate()``, but throws instead of trapping.
    ///
    /// ```swift
    /// let vc = try DayViewController.tryInstantiate()
    /// ```
    public static func tryInstantiate() throws(CellKitError) -> Self {
        let vc = try sceneStoryboard.tryInstantiateViewController(withIdentifier: sceneIdentifier)
        guard let typed = vc as? Self else {
            throw CellKitError(
                .typeMismatch,
                "scene '\(sceneIdentifier)' of \(sceneStoryboard) is a \(type(of: vc)), not a \(Self.self)")
        }
        return typed
    }
}

/// What `instantiate` does with `tryInstantiate` in both protocols: the
/// controller, or a trap whose message is the error's (what to fix).
private func trappingOnError<Controller>(_ instantiate: () throws(CellKitError) -> Controller) -> Controller {
    do {
        return try instantiate()
    } catch {
        fatalError("\(error)")
    }
}
