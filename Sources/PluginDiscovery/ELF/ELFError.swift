/// Why a file that says it is an ELF library cannot be read as one: an
/// offset, size or index in it points outside the file or at the wrong kind
/// of section. Such a file is refused, never opened: it is not a plugin
/// cellkit can load.
package struct ELFError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file, once known (the reader itself sees only bytes).
    package var path: String?
    /// What is wrong, with the offsets and sizes involved.
    package var problem: String

    package init(path: String? = nil, _ problem: String) {
        self.path = path
        self.problem = problem
    }

    /// What `cellkit plugins` shows for the file (its path is in a column of its own).
    package var reason: String {
        "not a plugin cellkit can load: \(problem)"
    }

    /// The file, what is wrong, and what to do.
    package var description: String {
        "\(path ?? "the file"): \(reason)\n  it is damaged or truncated: build or copy it again, or remove it"
    }
}
