import Glibc

/// Home directories from the user database (`/etc/passwd`, NSS), read with the reentrant
/// calls so that any thread may ask.
enum UserDatabase {
    /// The home directory of the user with `uid`, or `nil`.
    static func homeDirectory(ofUID uid: uid_t) -> String? {
        lookUp { entry, buffer, size, result in getpwuid_r(uid, &entry, buffer, size, &result) }
    }

    /// The home directory of the user called `name`, or `nil`.
    static func homeDirectory(ofUser name: String) -> String? {
        lookUp { entry, buffer, size, result in getpwnam_r(name, &entry, buffer, size, &result) }
    }

    private static func lookUp(
        _ call: (
            inout passwd, UnsafeMutablePointer<CChar>, Int, inout UnsafeMutablePointer<passwd>?
        ) -> Int32
    ) -> String? {
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
            guard status == 0, result != nil, let directory = entry.pw_dir else { return nil }
            let home = String(cString: directory)
            return home.isEmpty ? nil : home
        }
        return nil
    }
}
