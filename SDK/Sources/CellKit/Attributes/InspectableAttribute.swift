/// One attribute of a view that scripts can set by name, with a type check:
/// CellKit's `@IBInspectable`.
///
/// Declare a view's attributes as key paths to its properties; setting one
/// goes through the property, so `didSet` observers run.
///
/// ```swift
/// final class ProgressCell: TableViewCell, Reusable, Inspectable {
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

    /// An attribute backed by a property of the view.
    public init<Value: AttributeValueConvertible>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Owner, Value> & Sendable, summary: String? = nil
    ) {
        self.name = name
        self.type = Value.attributeType
        self.summary = summary
        self.get = { $0[keyPath: keyPath].attributeValue }
        self.set = { owner, value throws(ValueError) in
            owner[keyPath: keyPath] = try Value(attributeValue: try Value.attributeType.convert(value))
        }
    }

    /// An attribute with its own getter and setter.
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
    }
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
