import WorkerProtocol

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

    /// Where each screen is, by name: kept by ``append(_:)``, checked on use
    /// (a screen put in `screens` another way is found by a search).
    private var indexes: [String: Int] = [:]

    func screenIndex(named name: String) -> Int? {
        if let index = indexes[name], screens.indices.contains(index), screens[index].name == name { return index }
        return screens.firstIndex { $0.name == name }
    }

    static func == (a: Session, b: Session) -> Bool {
        a.screens == b.screens && a.current == b.current && a.initialScreen == b.initialScreen
            && a.loadedPlugins == b.loadedPlugins
    }

    /// Records that `plugin` was loaded (once), for `save`.
    mutating func noteLoaded(_ plugin: String) {
        if !loadedPlugins.contains(plugin) { loadedPlugins.append(plugin) }
    }

    /// Adds a screen, and makes it current.
    mutating func append(_ screen: Screen) {
        indexes[screen.name] = screens.count
        screens.append(screen)
        current = screens.count - 1
    }
}
