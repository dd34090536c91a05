/// Marks a label property as a nib outlet: CellKit's `@IBOutlet`.
///
/// When a nib is loaded with the view as its owner, each `{name}` in the
/// template is connected to the `@Outlet` property of that name: the nib
/// places and styles the label, and the view sets its text. Each outlet is
/// also a String attribute scripts can set.
///
/// ```swift
/// final class ProfileCell: TableViewCell, NibReusable {
///     @Outlet var name: Label
///     @Outlet var role: Label
///     func fill(_ person: Person) {
///         name.text = person.name
///         role.text = person.title
///     }
/// }
/// ```
@propertyWrapper
public struct Outlet {
    /// The label the nib places.
    public let wrappedValue: Label

    /// A new, unconnected label.
    public init() {
        wrappedValue = Label()
    }
}

extension View {
    /// The view's `@Outlet` properties by name, including inherited ones.
    func declaredOutlets() -> [(name: String, label: Label)] {
        var result: [(String, Label)] = []
        var mirror: Mirror? = Mirror(reflecting: self)
        while let m = mirror {
            for child in m.children {
                if let outlet = child.value as? Outlet, let label = child.label, label.hasPrefix("_") {
                    result.append((String(label.dropFirst()), outlet.wrappedValue))
                }
            }
            mirror = m.superclassMirror
        }
        return result
    }
}
