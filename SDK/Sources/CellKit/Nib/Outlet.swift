/// Marks a label property as a nib outlet: CellKit's `@IBOutlet`.
///
/// When a nib is loaded with the view as its owner, each `{name}` in the
/// template is connected to the `@Outlet` property of that name: the nib
/// places and styles the label, and the view sets its text. Each outlet is
/// also a String attribute scripts can set, unless it is declared
/// `@Outlet(scriptable: false)`: then the cell alone fills it (from another
/// attribute, say), and scripts neither see it in `describe` nor can set it.
///
/// ```swift
/// final class ProfileCell: TableViewCell, NibReusable {
///     @Outlet var name: Label
///     @Outlet var role: Label
///     @Outlet(scriptable: false) var since: Label   // filled by `year`, not by scripts
///     var year = 0 { didSet { since.text = "since \(year)" } }
/// }
/// ```
///
/// For an outlet the view draws itself (a bar, a gauge), see ``ViewOutlet``.
@propertyWrapper
public struct Outlet {
    /// The label the nib places.
    public let wrappedValue: Label
    /// Whether scripts see the outlet as a String attribute and can set it.
    public let isScriptable: Bool

    /// A new, unconnected label that scripts can set.
    public init() {
        wrappedValue = Label()
        isScriptable = true
    }

    /// A new, unconnected label; with `scriptable: false` only the view's
    /// code fills it: it is no attribute, `describe` and completion leave it
    /// out, and a script that sets it gets an error naming the outlet.
    public init(scriptable: Bool) {
        wrappedValue = Label()
        isScriptable = scriptable
    }
}

/// An owner's outlet as the nib connects it: a label (``Outlet``) or a view
/// the owner draws (``ViewOutlet``).
struct DeclaredOutlet {
    let name: String
    let view: View
    /// True for a ``ViewOutlet`` and an `@Outlet(scriptable: false)`.
    let isCodeOnly: Bool
    var label: Label? { view as? Label }
}

/// What ``ViewOutlet`` shows the nib, whatever its view type.
protocol AnyViewOutlet {
    var view: View { get }
}

extension View {
    /// The view's `@Outlet` and `@ViewOutlet` properties by name, including inherited ones.
    func declaredOutlets() -> [DeclaredOutlet] {
        var result: [DeclaredOutlet] = []
        var mirror: Mirror? = Mirror(reflecting: self)
        while let m = mirror {
            for child in m.children {
                guard let label = child.label, label.hasPrefix("_") else { continue }
                let name = String(label.dropFirst())
                if let outlet = child.value as? Outlet {
                    result.append(
                        DeclaredOutlet(name: name, view: outlet.wrappedValue, isCodeOnly: !outlet.isScriptable))
                } else if let outlet = child.value as? any AnyViewOutlet {
                    result.append(DeclaredOutlet(name: name, view: outlet.view, isCodeOnly: true))
                }
            }
            mirror = m.superclassMirror
        }
        return result
    }
}
