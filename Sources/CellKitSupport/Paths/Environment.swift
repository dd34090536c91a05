import Glibc

/// A snapshot of environment variables, passed to what reads them so that tests can give
/// their own.
///
/// ```swift
/// let environment = Environment.current()
/// environment["NO_COLOR"] != nil
///
/// let test = Environment(["HOME": "/home/ada", "XDG_STATE_HOME": "/tmp/state"])
/// XDGDirectories(environment: test)?.stateHome   // /tmp/state
/// ```
package struct Environment: Hashable, Sendable {
    /// The variables by name.
    package var variables: [String: String]

    /// An environment of `variables`.
    package init(_ variables: [String: String] = [:]) {
        self.variables = variables
    }

    /// The process's environment now. Where a name appears twice, the first wins, as with
    /// `getenv`.
    package static func current() -> Environment {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                if variables[name] == nil {
                    variables[name] = String(text[text.utf8.index(after: equals)...])
                }
            }
            entry += 1
        }
        return Environment(variables)
    }

    /// The variable `name`, or `nil` when it is not set.
    package subscript(name: String) -> String? {
        get { variables[name] }
        set { variables[name] = newValue }
    }

    /// The user's home directory: `HOME` when it is an absolute path, or else the user
    /// database's entry for the real user ID; `nil` when neither gives one.
    package func homeDirectory() -> String? {
        if let home = variables["HOME"], Path.isAbsolute(home) {
            return home
        }
        return UserDatabase.homeDirectory(ofUID: getuid())
    }
}
