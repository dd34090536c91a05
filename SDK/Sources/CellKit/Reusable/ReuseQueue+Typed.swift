/// Registering and dequeuing by type, and by identifier for hosts: the one
/// implementation behind the table's cells and header/footer views and the
/// collection's cells and supplementary views (their public methods name
/// the queue and pass the type on). Messages name the queue's ``ReuseQueue/kind``.
/// The dequeues are inlined into those methods: they are on the path of every
/// row, as the hand-written copies were.
extension ReuseQueue {
    /// Registers a class under its ``Reusable/reuseIdentifier``; new views
    /// load a nib of the same name as their content if one exists.
    func register<T: ReusableView & Reusable>(_ type: T.Type) {
        register(identifier: identifier(for: type), typeName: "\(T.self)") { try NibLoading.makeView(type) }
    }

    /// Registers a nib-based class: new views load ``NibLoadable/nib``.
    func register<T: ReusableView & Reusable & NibLoadable>(nibBased type: T.Type) {
        register(identifier: identifier(for: type), typeName: "\(T.self)") { try type.tryLoadFromNib() }
    }

    /// A view of type `T`, reused or new; throws when `T` is not registered,
    /// or when another type is registered under its identifier.
    @inline(__always)
    func dequeue<T: ReusableView & Reusable>(_ type: T.Type) throws(CellKitError) -> T {
        let identifier = identifier(for: type)
        return try dequeue(identifier, as: T.self) { view in
            CellKitError(
                .typeMismatch,
                "the \(kind) registered under '\(identifier)' is a \(Swift.type(of: view)), not a \(T.self)",
                fix: "register \(T.self) under its own identifier, or dequeue it as \(Swift.type(of: view))")
        }
    }

    /// ``dequeue(_:)``, trapping with a message saying what to fix: for the
    /// SDK's non-throwing conveniences.
    @inline(__always)
    func dequeueOrTrap<T: ReusableView & Reusable>(_ type: T.Type) -> T {
        do {
            return try dequeue(type)
        } catch {
            fatalError(
                "Failed to dequeue a \(kind) with identifier \(T.reuseIdentifier) matching type \(T.self). "
                    + "Check that the reuseIdentifier is right and that you registered the \(kind) beforehand: \(error)"
            )
        }
    }

    /// The view registered under `identifier`, as a `Base`: for hosts that
    /// know types only at run time.
    @inline(__always)
    func dequeue<Base: ReusableView>(withIdentifier identifier: String, as base: Base.Type) throws(CellKitError)
        -> Base
    {
        try dequeue(identifier, as: Base.self) { view in
            CellKitError(
                .typeMismatch, "'\(identifier)' is a \(Swift.type(of: view)), not a \(Base.self)",
                fix: "register a \(Base.self) under '\(identifier)'")
        }
    }
}
