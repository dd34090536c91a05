/// A table's column names and where each is, shared by all its records.
final class CSVHeader: Sendable {
    let names: [String]
    let index: [String: Int]

    /// A header of `names`, which are unique.
    init(names: [String]) {
        self.names = names
        var index = [String: Int](minimumCapacity: names.count)
        for (position, name) in names.enumerated() {
            index[name] = position
        }
        self.index = index
    }
}
