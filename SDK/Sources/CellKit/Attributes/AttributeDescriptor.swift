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
public struct AttributeDescriptor: Sendable, CustomStringConvertible {
    /// Where an attribute comes from.
    public enum Kind: String, Sendable {
        /// A property declared in ``Inspectable/inspectableAttributes``.
        case property
        /// A nib outlet: setting it sets the outlet label's text.
        case outlet
    }

    /// The name scripts use.
    public let name: String
    /// What values it takes.
    public let type: AttributeType
    /// The value a new view has, when known.
    public let defaultValue: AttributeValue?
    /// One line for `describe`.
    public let summary: String?
    /// Property or outlet.
    public let kind: Kind
    let set: @Sendable (View, AttributeValue) throws(ValueError) -> Void
    let get: @Sendable (View) -> AttributeValue?

    /// Sets the attribute on `view`, converting `value` to the attribute's type.
    public func apply(_ value: AttributeValue, to view: View) throws(ValueError) {
        try set(view, value)
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
        let prototype = type.init()
        let result = erase(type).map { $0.withDefault($0.get(prototype)) }
        cache.withLock { $0[key] = result }
    }

    /// The declared (property) attributes of a view type, with defaults read
    /// from a fresh instance. Computed once per type.
    public static func declared(by type: View.Type) -> [AttributeDescriptor] {
        let key = ObjectIdentifier(type)
        if let hit = cache.withLock({ $0[key] }) { return hit }
        var result: [AttributeDescriptor] = []
        if let inspectable = type as? any Inspectable.Type {
            result = erase(inspectable)
            let prototype = type.init()
            result = result.map { $0.withDefault($0.get(prototype)) }
        }
        cache.withLock { $0[key] = result }
        return result
    }

    /// Every attribute of `view`: its type's declared ones, then one String
    /// attribute per connected nib outlet that no declared attribute shadows.
    public static func descriptors(of view: View) -> [AttributeDescriptor] {
        let declared = declared(by: Swift.type(of: view))
        let names = Set(declared.map(\.name))
        let outlets = view.connectedOutlets.keys.sorted().filter { !names.contains($0) }.map(outlet)
        return declared + outlets
    }

    /// A String attribute that sets the text of the outlet label `name`.
    static func outlet(_ name: String) -> AttributeDescriptor {
        AttributeDescriptor(
            name: name, type: .string, defaultValue: .string(""), summary: "outlet {\(name)}", kind: .outlet,
            set: { view, value throws(ValueError) in
                view.connectedOutlets[name]?.text = value.description
            },
            get: { view in view.connectedOutlets[name].map { .string($0.text) } })
    }

    private static func erase<Owner: Inspectable>(_ type: Owner.Type) -> [AttributeDescriptor] {
        Owner.inspectableAttributes.map { attribute in
            AttributeDescriptor(
                name: attribute.name, type: attribute.type, defaultValue: nil, summary: attribute.summary,
                kind: .property,
                set: { view, value throws(ValueError) in
                    guard let owner = view as? Owner else {
                        throw ValueError("\(Swift.type(of: view)) is not a \(Owner.self)")
                    }
                    try attribute.set(owner, value)
                },
                get: { view in (view as? Owner).map(attribute.get) })
        }
    }

    private func withDefault(_ value: AttributeValue?) -> AttributeDescriptor {
        AttributeDescriptor(
            name: name, type: type, defaultValue: value, summary: summary, kind: kind, set: set, get: get)
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
    public func setAttribute(_ name: String, value: AttributeValue) throws(CellKitError) {
        let descriptor = try attributeDescriptor(named: name)
        do {
            try descriptor.apply(value, to: self)
        } catch {
            throw CellKitError(.invalidAttributeValue, "\(name): \(error.message)", fix: error.fix)
        }
    }

    /// The current value of an attribute, or `nil` if there is none by that name.
    public func attribute(_ name: String) -> AttributeValue? {
        AttributeDescriptor.descriptors(of: self).first { $0.name == name }?.value(of: self)
    }

    /// The descriptor of the attribute `name`, or an error suggesting the nearest name.
    public func attributeDescriptor(named name: String) throws(CellKitError) -> AttributeDescriptor {
        if let d = AttributeDescriptor.declared(by: type(of: self)).first(where: { $0.name == name }) { return d }
        if connectedOutlets[name] != nil { return AttributeDescriptor.outlet(name) }
        let all = AttributeDescriptor.descriptors(of: self).map(\.name)
        throw CellKitError(
            .unknownAttribute, "\(type(of: self)) has no attribute '\(name)'",
            fix: Suggestions.nearest(to: name, in: all).map { "did you mean '\($0)'?" }
                ?? (all.isEmpty ? "it has no attributes" : "its attributes are: \(all.joined(separator: ", "))"))
    }
}
