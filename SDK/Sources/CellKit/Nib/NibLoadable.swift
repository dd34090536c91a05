/// A view whose content is drawn by a nib of the same name, with the view as
/// the nib's root: Reusable's `NibLoadable`.
///
/// ```swift
/// final class NibBasedRootView: View, NibLoadable { /* and that's it! */ }
/// let view1 = NibBasedRootView.loadFromNib()   // one instance
/// let view2 = NibBasedRootView.loadFromNib()   // another one
/// ```
public protocol NibLoadable: AnyObject, SendableMetatype {
    /// The nib; by default the one named after the type, in its bundle.
    static var nib: Nib { get }
}

// MARK: - Default implementations

extension NibLoadable {
    /// `Nib(nibName: "<TypeName>", bundle: PluginBundle(for: Self.self))`.
    public static var nib: Nib {
        Nib(nibName: _typeName(self, qualified: false), bundle: PluginBundle(for: self))
    }
}

extension NibLoadable where Self: View {
    /// A new view with the nib's content. Traps with a message saying what
    /// to fix if the nib is missing, malformed, or its outlets do not match;
    /// see ``tryLoadFromNib()``.
    ///
    /// ```swift
    /// let view = CardCell.loadFromNib()
    /// ```
    public static func loadFromNib() -> Self {
        do {
            return try tryLoadFromNib()
        } catch {
            fatalError("The nib \(nib) could not be loaded as the root view of \(self): \(error)")
        }
    }

    /// Like ``loadFromNib()``, but throws instead of trapping.
    ///
    /// ```swift
    /// let card = try CardCell.tryLoadFromNib()
    /// card.title.text = "A card"
    /// ```
    public static func tryLoadFromNib() throws(CellKitError) -> Self {
        let view = self.init()  // the class the call was made on, even when chosen at run time
        try NibLoading.load(nib, into: view)
        return view
    }
}
