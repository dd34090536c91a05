/// Where per-user files go, by the XDG Base Directory Specification (0.8), plus
/// `~/.local/lib` for plugins.
///
/// Each `XDG_*` variable is used when it is set to an absolute path; an unset, empty or
/// relative value falls back to the specification's default (relative values are
/// invalid there). The app-specific folder is for the caller to add.
///
/// ```swift
/// let directories = XDGDirectories(environment: Environment(["HOME": "/home/ada"]))!
/// directories.stateHome        // /home/ada/.local/state
/// Path.join(directories.stateHome, "cellkit", "history")
/// ```
package struct XDGDirectories: Hashable, Sendable {
    /// The home directory the defaults are under.
    package let home: String
    /// `XDG_CONFIG_HOME`, or `~/.config`: settings.
    package let configHome: String
    /// `XDG_DATA_HOME`, or `~/.local/share`: data the user would keep.
    package let dataHome: String
    /// `XDG_STATE_HOME`, or `~/.local/state`: history, logs, journals.
    package let stateHome: String
    /// `XDG_CACHE_HOME`, or `~/.cache`: what can be rebuilt.
    package let cacheHome: String
    /// `XDG_RUNTIME_DIR`, or `nil`: the specification gives it no default.
    package let runtimeDirectory: String?
    /// `XDG_CONFIG_DIRS` (colon-separated), or `[/etc/xdg]`: system settings, most
    /// important first.
    package let configDirectories: [String]
    /// `XDG_DATA_DIRS` (colon-separated), or `[/usr/local/share, /usr/share]`.
    package let dataDirectories: [String]
    /// `~/.local/lib`: the user's libraries, where plugins are installed. No variable.
    package let libraryHome: String

    /// The directories for `environment`, with defaults under `home`.
    package init(environment: Environment, home: String) {
        func directory(_ name: String, default relative: String) -> String {
            if let value = environment[name], Path.isAbsolute(value) {
                return value
            }
            return Path.join(home, relative)
        }
        func list(_ name: String, default defaults: [String]) -> [String] {
            let listed = (environment[name] ?? "").split(separator: ":").map(String.init)
                .filter(Path.isAbsolute)
            return listed.isEmpty ? defaults : listed
        }
        self.home = home
        configHome = directory("XDG_CONFIG_HOME", default: ".config")
        dataHome = directory("XDG_DATA_HOME", default: ".local/share")
        stateHome = directory("XDG_STATE_HOME", default: ".local/state")
        cacheHome = directory("XDG_CACHE_HOME", default: ".cache")
        runtimeDirectory = environment["XDG_RUNTIME_DIR"].flatMap { Path.isAbsolute($0) ? $0 : nil }
        configDirectories = list("XDG_CONFIG_DIRS", default: ["/etc/xdg"])
        dataDirectories = list("XDG_DATA_DIRS", default: ["/usr/local/share", "/usr/share"])
        libraryHome = Path.join(home, ".local/lib")
    }

    /// Whether cellkit may make `directory` (one of these, or a folder in one):
    /// always when it is not in the home directory (a variable named it elsewhere);
    /// in the home only when the home exists. A home that does not exist
    /// (`HOME=/nonexistent`, as a system user has) is never created, nor
    /// anything in it: per-user files then go elsewhere or nowhere.
    ///
    /// ```swift
    /// let directories = XDGDirectories(environment: Environment(), home: "/nonexistent")
    /// directories.mayMake(directories.cacheHome)   // false
    /// ```
    package func mayMake(_ directory: String) -> Bool {
        let inHome = directory == home || directory.hasPrefix(home.hasSuffix("/") ? home : home + "/")
        return !inHome || isDirectory(home)
    }

    /// The directories for `environment`, with defaults under its home directory (see
    /// `Environment.homeDirectory()`); `nil` when no home directory can be found.
    package init?(environment: Environment = .current()) {
        guard let home = environment.homeDirectory() else { return nil }
        self.init(environment: environment, home: home)
    }
}
