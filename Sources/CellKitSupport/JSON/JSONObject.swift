/// A JSON object: members with unique keys, in the order they were written or inserted.
///
/// The order is kept so that a file read and written back changes only what was edited,
/// and so that output is stable. Equality and hashing ignore the order, as RFC 8259 does
/// (`{"a":1,"b":2} == {"b":2,"a":1}`); compare `keys` too when the order matters.
///
/// Lookup by key is a linear scan for small objects and a hash lookup once an object has
/// more than 8 members, so a large object used as a map stays fast.
///
/// ```swift
/// var object: JSONObject = ["name": "Ada"]
/// object["born"] = 1815          // appended at the end
/// object.keys                    // ["name", "born"]
/// object["name"] = nil           // removed
/// ```
package struct JSONObject: Sendable {
    /// A member: its key and its value.
    package typealias Member = (key: String, value: JSONValue)

    /// Above this many members, lookups go through `keyIndex`.
    private static let indexThreshold = 8

    private var members: [Member] = []
    /// Key → position in `members`, kept only for objects above `indexThreshold` members.
    private var keyIndex: [String: Int]?

    /// An empty object.
    package init() {}

    /// An object with `members` in order; a repeated key keeps its first place and takes the
    /// last value.
    package init(_ members: some Sequence<Member>) {
        for member in members {
            updateValue(member.value, forKey: member.key)
        }
    }

    /// The keys, in order.
    package var keys: [String] { members.map(\.key) }

    /// The values, in the order of their keys.
    package var values: [JSONValue] { members.map(\.value) }

    /// The position of the member with `key`, or `nil`.
    ///
    /// - Complexity: O(1) on average above 8 members, O(*n*) below.
    package func index(forKey key: String) -> Int? {
        if let keyIndex {
            return keyIndex[key]
        }
        return members.firstIndex { $0.key == key }
    }

    /// The value of the member with `key`; setting a new key appends a member, setting an
    /// existing key replaces its value in place, and setting `nil` removes the member.
    package subscript(key: String) -> JSONValue? {
        get {
            index(forKey: key).map { members[$0].value }
        }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// Replaces the value of `key` in place, or appends a member; returns the old value.
    @discardableResult
    package mutating func updateValue(_ value: JSONValue, forKey key: String) -> JSONValue? {
        if let position = index(forKey: key) {
            let old = members[position].value
            members[position].value = value
            return old
        }
        appendNewMember(key: key, value: value)
        return nil
    }

    /// Removes the member with `key`; returns its value, or `nil` when there was none.
    ///
    /// - Complexity: O(*n*): the members after it move up.
    @discardableResult
    package mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let position = index(forKey: key) else { return nil }
        let old = members.remove(at: position).value
        keyIndex = nil
        rebuildIndexIfLarge()
        return old
    }

    /// Makes room for `count` members (the parser: as many as the last object it read).
    mutating func reserveCapacity(_ count: Int) {
        members.reserveCapacity(count)
    }

    /// Appends a member whose key the caller knows is not there yet (the parser checks it
    /// first, to report a duplicate with its position).
    mutating func appendNewMember(key: String, value: JSONValue) {
        members.append((key: key, value: value))
        if keyIndex != nil {
            keyIndex?[key] = members.count - 1
        } else {
            rebuildIndexIfLarge()
        }
    }

    private mutating func rebuildIndexIfLarge() {
        guard members.count > Self.indexThreshold else { return }
        var built = [String: Int](minimumCapacity: members.count)
        for (position, member) in members.enumerated() {
            built[member.key] = position
        }
        keyIndex = built
    }
}

// MARK: - Collection

extension JSONObject: RandomAccessCollection {
    /// 0.
    package var startIndex: Int { 0 }
    /// The number of members.
    package var endIndex: Int { members.count }
    /// The member at `position`, in order.
    package subscript(position: Int) -> Member { members[position] }
}

// MARK: - Equality

extension JSONObject: Hashable {
    /// Whether both objects have the same keys with equal values, in any order.
    package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for member in lhs.members {
            guard let other = rhs[member.key], other == member.value else { return false }
        }
        return true
    }

    /// Hashes the members without regard to their order, consistently with `==`.
    package func hash(into hasher: inout Hasher) {
        var combined = 0
        for member in members {
            var memberHasher = Hasher()
            memberHasher.combine(member.key)
            memberHasher.combine(member.value)
            combined = combined &+ memberHasher.finalize()
        }
        hasher.combine(members.count)
        hasher.combine(combined)
    }
}

// MARK: - Literals

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// The members in the order written; a repeated key keeps its first place and takes the
    /// last value.
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.lazy.map { (key: $0.0, value: $0.1) })
    }
}
