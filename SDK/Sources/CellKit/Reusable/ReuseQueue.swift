/// Registered view factories and the pools of views waiting to be reused,
/// one pool per reuse identifier. Tables and collections own one per kind of
/// view (cells, headers and footers, each supplementary kind).
final class ReuseQueue {
    struct Registration {
        /// The registered type's name, for error messages.
        let typeName: String
        /// Makes a new view (class init, or nib instantiation).
        let make: () throws -> ReusableView
    }

    /// One identifier's registration and its pool of views waiting to be reused.
    struct Entry {
        let identifier: String
        var registration: Registration
        var pool: [ReusableView] = []
    }

    /// What the queue is for, in error messages: "cell", "header/footer view".
    let kind: String
    /// The registration call for an identifier, suggested when it is not registered.
    let registerCall: (String) -> String
    @exclusivity(unchecked) private var entries: [Entry] = []
    @exclusivity(unchecked) private var indexByIdentifier: [String: Int] = [:]
    /// The last identifier dequeued and its entry: rows of one type follow each
    /// other, and comparing two short strings is cheaper than hashing one.
    @exclusivity(unchecked) private var lastIdentifier = ""
    @exclusivity(unchecked) private var lastIndex = -1
    /// Views made by factories so far (not counting reuse).
    @exclusivity(unchecked) private(set) var createdCount = 0
    /// Views handed out and not yet given back.
    @exclusivity(unchecked) private(set) var liveCount = 0
    /// The reuse identifiers of the types registered and dequeued by type.
    @exclusivity(unchecked) private var identifierCache = ReuseIdentifierCache()
    /// The type dequeued by type last, and its identifier: rows of one type
    /// follow each other, and the cache's dictionary lookup (hashing the
    /// type, and the run-time metadata of the generic dictionary) cost more
    /// than the rest of the dequeue.
    @exclusivity(unchecked) private var lastType: ObjectIdentifier?
    @exclusivity(unchecked) private var lastTypeIdentifier = ""

    init(kind: String, registerCall: @escaping (String) -> String = { "register(cellType: \($0).self)" }) {
        self.kind = kind
        self.registerCall = registerCall
    }

    func register(identifier: String, typeName: String, make: @escaping () throws -> ReusableView) {
        let registration = Registration(typeName: typeName, make: make)
        if let index = indexByIdentifier[identifier] {
            entries[index] = Entry(identifier: identifier, registration: registration)
        } else {
            indexByIdentifier[identifier] = entries.count
            entries.append(Entry(identifier: identifier, registration: registration))
        }
    }

    var identifiers: [String] { indexByIdentifier.keys.sorted() }

    /// `T.reuseIdentifier`, computed once per type.
    @inline(__always)
    func identifier<T: Reusable>(for type: T.Type) -> String {
        let key = ObjectIdentifier(type)
        if key == lastType { return lastTypeIdentifier }
        let identifier = identifierCache.identifier(for: type)
        lastType = key
        lastTypeIdentifier = identifier
        return identifier
    }

    @inline(__always)
    private func index(of identifier: String) -> Int? {
        if lastIndex >= 0 && identifier == lastIdentifier { return lastIndex }
        guard let index = indexByIdentifier[identifier] else { return nil }
        lastIdentifier = identifier
        lastIndex = index
        return index
    }

    /// A view for `identifier`: a pooled one after `prepareForReuse()`, or a new one.
    func dequeue(_ identifier: String) throws(CellKitError) -> ReusableView {
        guard let index = index(of: identifier) else {
            throw CellKitError(
                .notRegistered, "no \(kind) is registered under '\(identifier)'",
                fix: "register it before dequeuing, e.g. \(registerCall(identifier))")
        }
        if let view = entries[index].pool.popLast() {
            liveCount += 1
            view.prepareForReuse()
            return view
        }
        let registration = entries[index].registration
        let view: ReusableView
        do {
            view = try registration.make()
        } catch let error as CellKitError {
            throw error
        } catch {
            throw CellKitError(
                .loadFailed, "could not make a \(registration.typeName) for '\(identifier)': \(error)")
        }
        view.reuseIdentifier = identifier
        view.reusePool = (ObjectIdentifier(self), index)
        createdCount += 1
        liveCount += 1
        return view
    }

    /// A view for `identifier` as a `T`; one of another type is given back
    /// to the queue at once and `mismatch` says what went wrong.
    func dequeue<T>(
        _ identifier: String, as type: T.Type, mismatch: (ReusableView) -> CellKitError
    ) throws(CellKitError) -> T {
        let view = try dequeue(identifier)
        // The common case, a view of exactly the class asked for, without
        // the runtime's generic cast (a cache lookup per row dequeued).
        let wanted: Any.Type = type
        if ObjectIdentifier(Swift.type(of: view)) == ObjectIdentifier(wanted) {
            return unsafeBitCast(view, to: T.self)
        }
        return try cast(view, to: type, mismatch: mismatch)
    }

    /// `view as? T`, else the view given back and `mismatch`'s error. Apart
    /// from ``dequeue(_:as:mismatch:)`` so that its common case never asks the
    /// runtime for `Optional<T>`'s metadata (a generic `T` is not specialized
    /// across the library's boundary, and the cast's `Optional<T>` cost a
    /// metadata lookup per row dequeued: 2.8% of `cellkit-bench table`).
    @inline(never)
    private func cast<T>(
        _ view: ReusableView, to type: T.Type, mismatch: (ReusableView) -> CellKitError
    ) throws(CellKitError) -> T {
        guard let typed = view as? T else {
            enqueue(view)
            throw mismatch(view)
        }
        return typed
    }

    /// Gives a view back for reuse.
    func enqueue(_ view: ReusableView) {
        let index: Int
        if let pool = view.reusePool, pool.queue == ObjectIdentifier(self) {
            index = pool.index
        } else if let identifier = view.reuseIdentifier, let found = indexByIdentifier[identifier] {
            index = found
        } else {
            return
        }
        liveCount -= 1
        entries[index].pool.append(view)
    }
}

/// Caches `reuseIdentifier` per type: computing it (a type's name)
/// on every dequeue would cost more than the rest of the dequeue.
struct ReuseIdentifierCache {
    private var cache: [ObjectIdentifier: String] = [:]

    mutating func identifier<T: Reusable>(for type: T.Type) -> String {
        let key = ObjectIdentifier(type)
        if let id = cache[key] { return id }
        let id = type.reuseIdentifier
        cache[key] = id
        return id
    }
}
