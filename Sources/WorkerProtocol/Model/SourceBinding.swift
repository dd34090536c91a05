/// Where a binding's records come from when a plugin's data source reads
/// them (`rows CELL from "app.db" table=users …`): the source, its options,
/// and what it was when `rows` checked it. A plugin's code runs only in the
/// worker, so the worker checks such a binding and reads its records; the
/// session keeps this, as it keeps a data file's identity.
package struct SourceBinding: Equatable, Sendable {
    /// The data source, qualified by its plugin (`SQLite.sqlite`).
    package var name: String
    /// Its options as the command gave them (`table=users`), in order.
    package var options: [SourceOption]
    /// What "changed since it was checked" compares (the file's own
    /// identity is the binding's).
    package var fingerprint: SourceFingerprint
    /// Records where the source starts reading fast (``DataSource/split(_:parts:)``),
    /// increasing: a render shared by several workers starts its blocks there,
    /// as it starts them where a data file's chunks do.
    package var starts: [Int]
    /// Whether the binding's count is the source's quick upper bound
    /// (``SourceCheck/estimated``): a render counts the records first; `show`
    /// opens at once and counts them on the side.
    package var estimated: Bool

    package init(
        name: String, options: [SourceOption], fingerprint: SourceFingerprint = SourceFingerprint(), starts: [Int] = [],
        estimated: Bool = false
    ) {
        self.name = name
        self.options = options
        self.fingerprint = fingerprint
        self.starts = starts
        self.estimated = estimated
    }

    /// The option named `name`, if given.
    package func option(_ name: String) -> String? {
        options.first { $0.name == name }?.value
    }
}

/// One option a `rows` command gave a data source: `table=users`.
package struct SourceOption: Equatable, Sendable {
    package var name: String
    package var value: String

    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// What a data source adds to a binding's identity: the other files its
/// records come from, each as it was (`nil`: absent), and a token the source
/// gives (docs/writing-a-data-source.md, "Fingerprints").
package struct SourceFingerprint: Equatable, Sendable {
    package var files: [String]
    package var identities: [DataFileIdentity?]
    package var token: String

    package init(files: [String] = [], identities: [DataFileIdentity?] = [], token: String = "") {
        self.files = files
        self.identities = identities
        self.token = token
    }

    /// `files` as they are now, with `token`.
    package init(now files: [String], token: String) {
        self.init(files: files, identities: files.map { DataFileIdentity(of: $0) }, token: token)
    }
}
