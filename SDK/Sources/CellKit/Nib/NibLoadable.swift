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
    public static func loadFromNib() -> Self {
        do {
            return try tryLoadFromNib()
        } catch {
            fatalError("The nib \(nib) could not be loaded as the root view of \(self): \(error)")
        }
    }

    /// Like ``loadFromNib()``, but throws instead of trapping.
    public static func tryLoadFromNib() throws(CellKitError) -> Self {
        let view = self.init()  // the class the call was made on, even when chosen at run time
        try NibLoading.load(nib, into: view)
        return view
    }
}

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

/// The loading both nib protocols share.
enum NibLoading {
    /// Adds the nib's root views to `view`, pinned, with outlets connected to it.
    static func load(_ nib: Nib, into view: View) throws(CellKitError) {
        let content = (view as? TableViewCell)?.contentView ?? (view as? CollectionViewCell)?.contentView ?? view
        for root in try nib.instantiate(withOwner: view) {
            root.pinEdges()
            content.addSubview(root)
        }
    }

    /// A new `T`; if a nib named after its reuse identifier exists in its
    /// bundle, loaded into it (seed 002: "use the nib if one exists").
    /// `type` may be a subclass of `T` chosen at run time: that class is made.
    static func makeView<T: ReusableView & Reusable>(_ type: T.Type) throws(CellKitError) -> T {
        let view = type.init()
        let nib = Nib(nibName: type.reuseIdentifier, bundle: PluginBundle(for: type))
        // A NibOwnerLoadable view loads its nib itself; checked only when a nib exists
        // (a dynamic conformance check scans every loaded image).
        if Nib.exists(named: nib.name, in: nib.bundle), !(view is NibOwnerLoadable) {
            try load(nib, into: view)
        }
        return view
    }
}
