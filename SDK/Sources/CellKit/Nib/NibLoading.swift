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
        try makeView(type, reuseIdentifier: type.reuseIdentifier)
    }

    /// A new view of `type`, with the nib named `reuseIdentifier` loaded
    /// into it when its bundle has one: what ``makeView(_:)`` does for a type
    /// whose conformances are known only at run time.
    static func makeView<T: ReusableView>(_ type: T.Type, reuseIdentifier: String) throws(CellKitError) -> T {
        let view = type.init()
        let nib = Nib(nibName: reuseIdentifier, bundle: PluginBundle(for: type))
        // A NibOwnerLoadable view loads its nib itself; checked only when a nib exists
        // (a dynamic conformance check scans every loaded image).
        if Nib.exists(named: nib.name, in: nib.bundle), !(view is (any NibOwnerLoadable)) {
            try load(nib, into: view)
        }
        return view
    }
}
