/// A view that is the "File's Owner" of a nib of the same name and adds the
/// nib's root views to itself: Reusable's `NibOwnerLoadable`.
///
/// Call ``loadNibContent()`` from `init()`, as Reusable's views do from
/// `init(coder:)`:
///
/// ```swift
/// final class MyCustomWidget: View, NibOwnerLoadable {
///     @Outlet var title: Label
///     required init() {
///         super.init()
///         loadNibContent()
///     }
/// }
/// ```
public protocol NibOwnerLoadable: AnyObject, SendableMetatype {
    /// The nib; by default the one named after the type, in its bundle.
    static var nib: Nib { get }
}

// MARK: - Default implementations

extension NibOwnerLoadable {
    /// `Nib(nibName: "<TypeName>", bundle: PluginBundle(for: Self.self))`.
    public static var nib: Nib {
        Nib(nibName: _typeName(self, qualified: false), bundle: PluginBundle(for: self))
    }
}

extension NibOwnerLoadable where Self: View {
    /// Instantiates the nib with `self` as owner and adds its root views as
    /// subviews pinned to every edge. Traps with a message saying what to
    /// fix; see ``tryLoadNibContent()``.
    ///
    /// ```swift
    /// final class StatusWidget: View, NibOwnerLoadable {
    ///     required init() {
    ///         super.init()
    ///         loadNibContent()
    ///     }
    /// }
    /// ```
    public func loadNibContent() {
        do {
            try tryLoadNibContent()
        } catch {
            fatalError("The nib \(Self.nib) could not be loaded into \(Self.self): \(error)")
        }
    }

    /// Like ``loadNibContent()``, but throws instead of trapping.
    public func tryLoadNibContent() throws(CellKitError) {
        try NibLoading.load(Self.nib, into: self)
    }
}
