/// Marks a property as a nib outlet the view draws itself: a bar, a gauge,
/// a meter. CellKit's `@IBOutlet` to a custom `UIView` subclass.
///
/// The nib places the view like any outlet; `{name:stretch}` makes it take
/// the slack of its line, so it is as wide as the line leaves after the
/// fixed parts (at least `min=N`). The view is any ``View`` subclass: it
/// gets its frame from the nib and draws in ``View/draw(in:)`` with the
/// ``DrawingContext`` of that frame. Its owner gives it the values to draw.
///
/// ```swift
/// // GaugeCell.nib:  {name:min=8} {bar:stretch,min=3} {pct:right,width=4}
/// final class GaugeBar: View {
///     var fraction = 0.0
///     override func draw(in context: DrawingContext) {
///         context.drawBar(fraction, at: .zero, width: context.size.width, style: Style(foreground: .green), track: "░")
///     }
/// }
///
/// final class GaugeCell: TableViewCell, NibReusable {
///     @Outlet var name: Label
///     @ViewOutlet var bar: GaugeBar
///     @Outlet(scriptable: false) var pct: Label
///     var value = 0.0 { didSet { bar.fraction = value; pct.text = "\(Int(value * 100))%" } }
/// }
/// ```
///
/// A view outlet is filled by code only: it is no script attribute. It is one
/// row tall; the text modifiers of a nib (styles, colours, `wrap`,
/// `placeholder`, `collapse`) are for labels and are refused on it.
@propertyWrapper
public struct ViewOutlet<Content: View> {
    /// The view the nib places.
    public let wrappedValue: Content

    /// A new, unconnected view, made with `init()`.
    public init() {
        wrappedValue = Content()
    }
}

extension ViewOutlet: AnyViewOutlet {
    var view: View { wrappedValue }
}
