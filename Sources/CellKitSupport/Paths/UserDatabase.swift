import Glibc

/// Home directories and user names from the user database (`/etc/passwd`, NSS), read
/// with the reentrant calls so that any thread may ask.
///
/// ```swift
/// UserDatabase.name(ofUID: 0)   // "root"
/// ```
package enum UserDatabase {
    /// The home directory of the user with `uid`, or `nil`.
    static func homeDirectory(ofUID uid: uid_t) -> String? {
        lookUp { entry, buffer, size, result in getpwuid_r(uid, &entry, buffer, size, &result) }?.home
    }

    /// The home directory of the user called `name`, or `nil`.
    static func homeDirectory(ofUser name: String) -> String? {
        lookUp { entry, buffer, size, result in getpwnam_r(name, &entry, buffer, size, &result) }?.home
    }

    /// The name of the user with `uid` (what a command such as `chown` takes), or `nil`
    /// when the database has no entry for it.
    package static func name(ofUID uid: uid_t) -> String? {
        lookUp { entry, buffer, size, result in getpwuid_r(uid, &entry, buffer, size, &result) }?.name
    }

    /// The name and home directory of the entry `call` finds (each `nil` when empty);
    /// `nil` when there is none.
    private static func lookUp(
        _ call: (
            inout passwd, UnsafeMutablePointer<CChar>, Int, inout UnsafeMutablePointer<passwd>?
        ) -> Int32
    ) -> (name: String?, home: String?)? {
        var size = 1024
        while size <= 1 << 20 {
            var entry = passwd()
            var result: UnsafeMutablePointer<passwd>?
            var buffer = [CChar](repeating: 0, count: size)
            let status = buffer.withUnsafeMutableBufferPointer { buffer in
                call(&entry, buffer.baseAddress!, size, &result)
            }
            if status == ERANGE {
                size *= 2
                continue
            }
            guard status == 0, result != nil else { return nil }
            let name = entry.pw_name.map { String(cString: $0) } ?? ""
            let home = entry.pw_dir.map { String(cString: $0) } ?? ""
            return (name.isEmpty ? nil : name, home.isEmpty ? nil : home)
        }
        return nil
    }
}
