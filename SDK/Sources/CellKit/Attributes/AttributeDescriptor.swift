import Synchronization

/// An attribute of some view type, without the type: what the host and the
/// console list (`describe`) and set by name.
///
/// ```swift
/// for a in AttributeDescriptor.descriptors(of: cell) {
///     print(a.name, a.type, a.defaultValue ?? "")
/// }
/// // name    String
/// // accent  Color   blue
/// ```
@_spi(Host) public struct AttributeDescriptor: Sendable, CustomStringConvertible {
    /// Where an attribute comes from.
    public enum Kind: String, Sendable {
        /// A property declared in ``Inspectable/inspectableAttributes``.
        case property
        /// A nib outlet: setting it sets the outlet label's text.
        case outlet
    }

    /// Everything, in one object: a descriptor is copied wherever it goes
    /// (into a binding plan, out of an array, into a closure), and a copy
    /// then retains one reference instead of eight.
    @usableFromInline
    final class Storage: Sendable {
        let name: String
        let type: AttributeType
        let defaultValue: AttributeValue?
        let summary: String?
        let kind: Kind
        @usableFromInline let set: @Sendable (View, AttributeValue) throws(ValueError) -> Void
        let get: @Sendable (View) -> AttributeValue?
        let reset: (@Sendable (View) -> Void)?
        let prepare: @Sendable (AttributeValue) throws(ValueError) -> PreparedValue
        /// A ``TypedSetter`` of the property's type, or `nil`.
        let typed: (any Sendable)?

        init(
            name: String, type: AttributeType, defaultValue: AttributeValue?, summary: String?, kind: Kind,
            set: @escaping @Sendable (View, AttributeValue) throws(ValueError) -> Void,
            get: @escaping @Sendable (View) -> AttributeValue?, reset: (@Sendable (View) -> Void)?,
            prepare: (@Sendable (AttributeValue) throws(ValueError) -> PreparedValue)?, typed: (any Sendable)?
        ) {
            self.name = name
            self.type = type
            self.defaultValue = defaultValue
            self.summary = summary
            self.kind = kind
            self.set = set
            self.get = get
            self.reset = reset
            self.prepare = prepare ?? { value in PreparedValue { view throws(ValueError) in try set(view, value) } }
            self.typed = typed
        }
    }

    @usableFromInline let storage: Storage

    /// The name scripts use.
    public var name: String { storage.name }
    /// What values it takes.
    public var type: AttributeType { storage.type }
    /// The value a new view has, when known.
    public var defaultValue: AttributeValue? { storage.defaultValue }
    /// One line for `describe`.
    public var summary: String? { storage.summary }
    /// Property or outlet.
    public var kind: Kind { storage.kind }
    var get: @Sendable (View) -> AttributeValue? { storage.get }
    /// Puts the default value back on a view of the declaring type, in the
    /// property's own type (no conversion); `nil` when there is no default
    /// or the attribute's accessors are untyped.
    var reset: (@Sendable (View) -> Void)? { storage.reset }

    init(
        name: String, type: AttributeType, defaultValue: AttributeValue?, summary: String?, kind: Kind,
        set: @escaping @Sendable (View, AttributeValue) throws(ValueError) -> Void,
        get: @escaping @Sendable (View) -> AttributeValue?, reset: (@Sendable (View) -> Void)?,
        prepare: (@Sendable (AttributeValue) throws(ValueError) -> PreparedValue)? = nil, typed: (any Sendable)? = nil
    ) {
        storage = Storage(
            name: name, type: type, defaultValue: defaultValue, summary: summary, kind: kind, set: set, get: get,
            reset: reset, prepare: prepare, typed: typed)
    }

    /// `value` converted to the attribute's type once, to be set on many
    /// views without converting it again: the host sets a binding's
    /// constants (`rows … divider=light`) on every row this way. A value the
    /// attribute does not take is an error here, once.
    ///
    /// ```swift
    /// let descriptor = try cell.attributeDescriptor(named: "label")
    /// let divider = try descriptor.prepared(.string("light"))
    /// try divider.apply(to: cell)   // no parsing of "light"
    /// ```
    @_spi(Host) public func prepared(_ value: AttributeValue) throws(ValueError) -> PreparedValue {
        try storage.prepare(value)
    }

    /// Sets the attribute on `view`, converting `value` to the attribute's
    /// type. A value already of that type (an `.int` for an Int attribute, a
    /// case name of the enumeration) goes straight to the property: this is
    /// what data-bound rows call for every bound attribute of every row.
    ///
    /// ```swift
    /// let value = try cell.attributeDescriptor(named: "value")
    /// try value.apply(.double(0.72), to: cell)
    /// ```
    ///
    /// - Complexity: O(1) for a value of the attribute's type (O(*cases*)
    ///   for an enumeration), with no allocation beyond what the property's
    ///   own setter does.
    @inlinable
    public func apply(_ value: AttributeValue, to view: View) throws(ValueError) {
        try storage.set(view, value)
    }

    /// What ``apply(_:to:)`` calls, as a closure: the host keeps a cell
    /// type's setters in an array of its own, which its per-row loop reads
    /// without copying descriptors (a resilient type) out of an array.
    @_spi(Host) public var setter: @Sendable (View, AttributeValue) throws(ValueError) -> Void { storage.set }

    /// What sets a value already of the property's own type, when the
    /// property is of type `Value` and declared with typed accessors (or
    /// is an outlet, for `String`): no ``AttributeValue`` is made, tested
    /// or converted. `nil` otherwise. Setting `value` this way is the same
    /// as ``apply(_:to:)`` with `value`'s ``AttributeValue``. The host sets
    /// the text it reads from a data file's records this way.
    ///
    /// ```swift
    /// let values = try cell.attributeDescriptor(named: "values")
    /// if let set = values.setter(of: [String].self) {
    ///     set(cell, ["1", "Ada Lovelace", "1815"])
    /// }
    /// ```
    @_spi(Host) public func setter<Value>(of type: Value.Type) -> (@Sendable (View, Value) -> Void)? {
        (storage.typed as? TypedSetter<Value>)?.set
    }

    /// The attribute's current value on `view`.
    public func value(of view: View) -> AttributeValue? { get(view) }

    /// `name: Type = default`.
    public var description: String {
        "\(name): \(type)" + (defaultValue.map { " = \($0)" } ?? "")
    }

    // MARK: - Lookup

    private static let cache = Mutex<[ObjectIdentifier: [AttributeDescriptor]]>([:])

    /// Computes and caches the attributes of an ``Inspectable`` type known
    /// statically, so ``declared(by:)`` never needs a dynamic conformance
    /// check for it (that check scans every loaded image's conformances).
    static func prime<Owner: Inspectable & View>(_ type: Owner.Type) {
        let key = ObjectIdentifier(type)
        guard cache.withLock({ $0[key] }) == nil else { return }
        let result = erase(type, prototype: type.init())
        cache.withLock { $0[key] = result }
    }

    /// The declared (property) attributes of a view type, with defaults read
    /// from a fresh instance. Computed once per type.
    ///
    /// ```swift
    /// AttributeDescriptor.declared(by: ForecastCell.self).map(\.name)   // ["day", "high", "color"]
    /// ```
    public static func declared(by type: View.Type) -> [AttributeDescriptor] {
        let key = ObjectIdentifier(type)
        if let hit = cache.withLock({ $0[key] }) { return hit }
        var result: [AttributeDescriptor] = []
        if let inspectable = type as? any Inspectable.Type {
            result = erase(inspectable, prototype: type.init())
        }
        cache.withLock { $0[key] = result }
        return result
    }

    /// Every attribute of `view`: its type's declared ones, then one String
    /// attribute per connected nib outlet that no declared attribute shadows
    /// (outlets declared `@Outlet(scriptable: false)` are none).
    public static func descriptors(of view: View) -> [AttributeDescriptor] {
        let declared = declared(by: Swift.type(of: view))
        let names = Set(declared.map(\.name))
        let outlets = view.connectedOutlets.keys.sorted().filter {
            !names.contains($0) && !view.codeOnlyOutlets.contains($0)
        }
        return declared + outlets.map(outlet)
    }

    /// A String attribute that sets the text of the outlet label `name`.
    static func outlet(_ name: String) -> AttributeDescriptor {
        AttributeDescriptor(
            name: name, type: .string, defaultValue: .string(""), summary: "outlet {\(name)}", kind: .outlet,
            set: { view, value throws(ValueError) in
                view.connectedOutlets[name]?.text = value.description
            },
            get: { view in view.connectedOutlets[name].map { .string($0.text) } }, reset: nil,
            prepare: { value in
                let text = value.description
                return PreparedValue { view in view.connectedOutlets[name]?.text = text }
            },
            typed: TypedSetter<String> { view, text in view.connectedOutlets[name]?.text = text })
    }

    /// The declared attributes of `Owner`, with defaults read from `prototype`.
    private static func erase<Owner: Inspectable>(_ type: Owner.Type, prototype: View) -> [AttributeDescriptor] {
        let typedPrototype = prototype as? Owner
        return Owner.inspectableAttributes.map { attribute in
            let defaultValue = typedPrototype.map(attribute.get)
            var reset: (@Sendable (View) -> Void)?
            if let typedPrototype, let snapshot = attribute.snapshot {
                let restore = snapshot(typedPrototype)
                reset = { view in if let owner = fastCast(view, to: Owner.self) { restore(owner) } }
            } else if let defaultValue {
                let set = attribute.set
                reset = { view in if let owner = fastCast(view, to: Owner.self) { try? set(owner, defaultValue) } }
            }
            return AttributeDescriptor(
                name: attribute.name, type: attribute.type, defaultValue: defaultValue, summary: attribute.summary,
                kind: .property,
                set: { view, value throws(ValueError) in try attribute.set(try owner(of: view), value) },
                get: { view in fastCast(view, to: Owner.self).map(attribute.get) },
                reset: reset,
                prepare: attribute.prepare, typed: attribute.typedSetter)
        }
    }
}

/// A value of an attribute converted once (``AttributeDescriptor/prepared(_:)``),
/// set on a view without converting it again. Frozen: the host keeps these
/// in its per-row loop, where a resilient value would be copied and tested
/// through value witnesses (host-only, so no plugin depends on its layout).
@_spi(Host) @frozen public struct PreparedValue: Sendable {
    @usableFromInline let set: @Sendable (View) throws(ValueError) -> Void

    init(_ set: @escaping @Sendable (View) throws(ValueError) -> Void) { self.set = set }

    /// Sets the value on `view`, a view of the attribute's type.
    @inlinable public func apply(to view: View) throws(ValueError) { try set(view) }
}

// MARK: - Resetting a reused view

/// A type's declared attributes and what resets them, looked up once per
/// view (a reused cell keeps it), so ``Inspectable/resetAttributesToDefaults()``
/// takes no lock and does no lookup per row.
final class AttributeTable {
    /// The type whose attributes these are.
    let type: ObjectIdentifier
    /// What resets each attribute that has a default, with its index among the declared attributes.
    let resets: [(index: Int, reset: @Sendable (View) -> Void)]

    init(_ descriptors: [AttributeDescriptor], type: ObjectIdentifier) {
        self.type = type
        resets = descriptors.enumerated().compactMap { index, descriptor in descriptor.reset.map { (index, $0) } }
    }
}

// MARK: - Setting attributes by name

extension View {
    /// Sets an attribute by name from script text, checking its type.
    ///
    /// ```swift
    /// try cell.setAttribute("value", to: "0.72")
    /// try cell.setAttribute("vaule", to: "1")
    /// // throws: ProgressCell has no attribute 'vaule'; did you mean 'value'?
    /// ```
    public func setAttribute(_ name: String, to text: String) throws(CellKitError) {
        let descriptor = try attributeDescriptor(named: name)
        do {
            try descriptor.apply(try descriptor.type.parse(text), to: self)
        } catch {
            throw CellKitError(.invalidAttributeValue, "\(name): \(error.message)", fix: error.fix)
        }
    }

    /// Sets an attribute by name to a value (from JSON, say), converting it
    /// to the attribute's type where that is lossless.
    ///
    /// ```swift
    /// try cell.setAttribute("trend", value: .enumeration("up"))
    /// try cell.setAttribute("high", value: .int(21))
    /// ```
    @_spi(Host) public func setAttribute(_ name: String, value: AttributeValue) throws(CellKitError) {
        let descriptor = try attributeDescriptor(named: name)
        do {
            try descriptor.apply(value, to: self)
        } catch {
            throw CellKitError(.invalidAttributeValue, "\(name): \(error.message)", fix: error.fix)
        }
    }

    /// The current value of an attribute, or `nil` if there is none by that name.
    ///
    /// ```swift
    /// try cell.setAttribute("high", to: "21")
    /// cell.attribute("high")   // .int(21)
    /// ```
    public func attribute(_ name: String) -> AttributeValue? {
        AttributeDescriptor.descriptors(of: self).first { $0.name == name }?.value(of: self)
    }

    /// The descriptor of the attribute `name`, or an error suggesting the nearest name.
    @_spi(Host) public func attributeDescriptor(named name: String) throws(CellKitError) -> AttributeDescriptor {
        if let d = AttributeDescriptor.declared(by: type(of: self)).first(where: { $0.name == name }) { return d }
        if codeOnlyOutlets.contains(name) {
            let all = AttributeDescriptor.descriptors(of: self).map(\.name)
            throw CellKitError(
                .unknownAttribute, "\(type(of: self))'s outlet '\(name)' is filled by the cell, not by scripts",
                fix: all.isEmpty ? "it has no attributes" : "set one of its attributes: \(all.joined(separator: ", "))")
        }
        if connectedOutlets[name] != nil { return AttributeDescriptor.outlet(name) }
        let all = AttributeDescriptor.descriptors(of: self).map(\.name)
        throw CellKitError(
            .unknownAttribute, "\(type(of: self)) has no attribute '\(name)'",
            fix: Suggestions.nearest(to: name, in: all).map { "did you mean '\($0)'?" }
                ?? (all.isEmpty ? "it has no attributes" : "its attributes are: \(all.joined(separator: ", "))"))
    }
}
