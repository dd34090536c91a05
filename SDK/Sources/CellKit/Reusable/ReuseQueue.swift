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

    /// What the queue is for, in error messages: "cell", "header/footer view".
    let kind: String
    private var registrations: [String: Registration] = [:]
    private var pools: [String: [ReusableView]] = [:]
    /// Views made by factories so far (not counting reuse).
    private(set) var createdCount = 0
    /// Views handed out and not yet given back.
    private(set) var liveCount = 0

    init(kind: String) {
        self.kind = kind
    }

    func register(identifier: String, typeName: String, make: @escaping () throws -> ReusableView) {
        registrations[identifier] = Registration(typeName: typeName, make: make)
        pools[identifier] = nil
    }

    func isRegistered(_ identifier: String) -> Bool { registrations[identifier] != nil }

    func registeredTypeName(_ identifier: String) -> String? { registrations[identifier]?.typeName }

    var identifiers: [String] { registrations.keys.sorted() }

    /// A view for `identifier`: a pooled one after `prepareForReuse()`, or a new one.
    func dequeue(_ identifier: String) throws(CellKitError) -> ReusableView {
        if let view = pools[identifier]?.popLast() {
            liveCount += 1
            view.prepareForReuse()
            return view
        }
        guard let registration = registrations[identifier] else {
            throw CellKitError(
                .notRegistered, "no \(kind) is registered under '\(identifier)'",
                fix: "register it before dequeuing, e.g. register(cellType: \(identifier).self)")
        }
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
        createdCount += 1
        liveCount += 1
        return view
    }

    /// Gives a view back for reuse.
    func enqueue(_ view: ReusableView) {
        guard let identifier = view.reuseIdentifier, registrations[identifier] != nil else { return }
        liveCount -= 1
        pools[identifier, default: []].append(view)
    }

    /// Forgets the pooled views (registrations stay).
    func drain() {
        for key in pools.keys { pools[key]?.removeAll() }
        liveCount = 0
    }
}

/// Caches `reuseIdentifier` per type: computing it (`String(describing:)`)
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
