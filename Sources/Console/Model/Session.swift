/// Everything a console session has composed: screens in order, the
/// current one, the storyboard's initial scene, and session options.
struct Session: Equatable, Sendable {
    var screens: [Screen] = []
    /// The index of the screen commands add to.
    var current: Int?
    /// The storyboard's initial scene (a screen name).
    var initialScreen: String?
    /// Plugins loaded by the session, as written (so `save` can write `load` lines).
    var loadedPlugins: [String] = []

    var currentScreen: Screen? {
        get { current.map { screens[$0] } }
        set {
            if let i = current, let newValue { screens[i] = newValue }
        }
    }

    func screenIndex(named name: String) -> Int? {
        screens.firstIndex { $0.name == name }
    }
}
