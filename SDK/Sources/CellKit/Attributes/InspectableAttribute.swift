/// One attribute of a view that scripts can set by name, with a type check:
/// CellKit's `@IBInspectable`.
///
/// Declare a view's attributes as key paths to its properties; setting one
/// goes through the property, so `didSet` observers run.
///
/// ```swift
/// final class ProgressCell: TableViewCell, Reusable, Inspectable {
///     private let title = Label()
///     var label = "" { didSet { title.text = label } }
///     var value = 0.0
///     static var inspectableAttributes: [InspectableAttribute<ProgressCell>] {
///         [.init("label", \.label, summary: "text before the bar"),
///          .init("value", \.value, summary: "0...1")]
///     }
/// }
/// ```
public struct InspectableAttribute<Owner: AnyObject>: Sendable {
    /// The name scripts use.
    public let name: String
    /// What values it takes.
    public let type: AttributeType
    /// One line for `describe`.
    public let summary: String?
    let get: @Sendable (Owner) -> AttributeValue
    let set: @Sendable (Owner, AttributeValue) throws(ValueError) -> Void
    /// Given a new view, makes what puts that view's value back on another
    /// view in the property's own type, with no ``AttributeValue`` and no
    /// conversion (what ``Inspectable/resetAttributesToDefaults()`` runs for
    /// every reused cell); `nil` for attributes with untyped accessors.
    let snapshot: (@Sendable (Owner) -> @Sendable (Owner) -> Void)?
    /// Converts a value once and gives what sets it on a view of `Owner`,
    /// with no conversion left: what the host makes of a value that every
    /// row of a binding sets (`rows … divider=light`).
    let prepare: @Sendable (AttributeValue) throws(ValueError) -> PreparedValue
    /// Sets a value already of the property's type on any view of `Owner`
    /// (a ``TypedSetter`` of that type), with no ``AttributeValue``: how the
    /// host sets text it read from a data file; `nil` for untyped accessors.
    let typedSetter: (any Sendable)?

    /// An attribute backed by a property of the view.
    ///
    /// Setting it writes through the key path, so `didSet` observers run.
    /// (A cell set millions of times, by a data file's rows, is faster with
    /// ``init(_:summary:get:set:)``: a key path write to an observed property
    /// costs a heap allocation.)
    ///
    /// ```swift
    /// final class ForecastCell: TableViewCell, Reusable, Inspectable {
    ///     var day = ""
    ///     static var inspectableAttributes: [InspectableAttribute<ForecastCell>] {
    ///         [.init("day", \.day, summary: "the day's name")]
    ///     }
    /// }
    /// ```
    public init<Value: AttributeValueConvertible>(
        _ name: String, _ keyPath: any ReferenceWritableKeyPath<Owner, Value> & Sendable, summary: String? = nil
    ) {
        self.init(name, summary: summary, get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 })
    }

    /// An attribute with typed accessors: the fastest to set, since the
    /// value reaches `set` in the property's own type (converted only when
    /// it comes in another).
    ///
    /// ```swift
    /// final class ProgressCell: TableViewCell, Reusable, Inspectable {
    ///     var value = 0.0
    ///     static var inspectableAttributes: [InspectableAttribute<ProgressCell>] {
    ///         [.init("value", summary: "0...1", get: { $0.value }, set: { $0.value = $1 })]
    ///     }
    /// }
    /// ```
    public init<Value: AttributeValueConvertible>(
        _ name: String, summary: String? = nil, get: @escaping @Sendable (Owner) -> Value,
        set: @escaping @Sendable (Owner, Value) -> Void
    ) {
        // Computed once here, never per set (an enumeration's type lists its cases).
        let type = Value.attributeType
        self.name = name
        self.type = type
        self.summary = summary
        self.get = { get($0).attributeValue }
        self.set = { owner, value throws(ValueError) in
            set(owner, try Value(attributeValue: type.accepts(value) ? value : try type.convert(value)))
        }
        self.snapshot = { prototype in
            let value = UncheckedSendableBox(get(prototype))
            return { set($0, value.value) }
        }
        self.prepare = { value throws(ValueError) in
            let converted = UncheckedSendableBox(
                try Value(attributeValue: type.accepts(value) ? value : try type.convert(value)))
            return PreparedValue { view throws(ValueError) in set(try owner(of: view), converted.value) }
        }
        self.typedSetter = TypedSetter<Value> { view, value in
            if let owner = fastCast(view, to: Owner.self) { set(owner, value) }
        }
    }

    /// An attribute with its own getter and setter.
    ///
    /// ```swift
    /// final class NoteCell: TableViewCell, Reusable, Inspectable {
    ///     var note: String?
    ///     static var inspectableAttributes: [InspectableAttribute<NoteCell>] {
    ///         [
    ///             .init(
    ///                 "note", type: .string, summary: "optional",
    ///                 get: { .string($0.note ?? "") },
    ///                 set: { cell, value throws(ValueError) in
    ///                     cell.note = value.description.isEmpty ? nil : value.description
    ///                 })
    ///         ]
    ///     }
    /// }
    /// ```
    public init(
        _ name: String, type: AttributeType, summary: String? = nil,
        get: @escaping @Sendable (Owner) -> AttributeValue,
        set: @escaping @Sendable (Owner, AttributeValue) throws(ValueError) -> Void
    ) {
        self.name = name
        self.type = type
        self.summary = summary
        self.get = get
        self.set = set
        self.snapshot = nil
        self.prepare = { value throws(ValueError) in
            PreparedValue { view throws(ValueError) in try set(try owner(of: view), value) }
        }
        self.typedSetter = nil
    }
}

/// What sets an attribute's value, given in the property's own type, on a
/// view of the attribute's owner (and does nothing to any other view).
struct TypedSetter<Value>: Sendable {
    let set: @Sendable (View, Value) -> Void
}

/// `view` as an `Owner`, or the error that it is not one.
@inline(__always)
func owner<Owner: AnyObject>(of view: View) throws(ValueError) -> Owner {
    guard let owner = fastCast(view, to: Owner.self) else {
        throw ValueError("\(Swift.type(of: view)) is not a \(Owner.self)")
    }
    return owner
}

/// `view as? Owner`, without the runtime's generic cast when the view is
/// exactly an `Owner` (always, for cells a registry made).
@inline(__always)
func fastCast<Owner: AnyObject>(_ view: View, to type: Owner.Type) -> Owner? {
    if ObjectIdentifier(Swift.type(of: view)) == ObjectIdentifier(type) { return unsafeDowncast(view, to: type) }
    return view as? Owner
}

/// A default value captured once and only read afterwards (attribute values
/// are values: strings, numbers, enumerations).
final class UncheckedSendableBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A view with attributes scripts can list and set by name.
///
/// ```swift
/// let cell = ProgressCell()
/// try cell.setAttribute("value", to: "0.72")
/// cell.attribute("value")   // .double(0.72)
/// ```
public protocol Inspectable: AnyObject, SendableMetatype {
    /// The attributes, in the order `describe` lists them.
    static var inspectableAttributes: [InspectableAttribute<Self>] { get }
}
