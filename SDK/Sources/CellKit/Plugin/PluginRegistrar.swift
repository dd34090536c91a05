import Synchronization

/// What a plugin registers into while it loads. The host makes one per
/// plugin, passes it to the plugin's `cellkit_plugin_register` entry point,
/// and merges what it holds into the registry only if everything succeeded:
/// a plugin that fails halfway leaves nothing behind.
///
/// ```swift
/// static func register(in registrar: PluginRegistrar) throws {
///     try registrar.register(ProfileCell.self, summary: "a person, with role and accent colour")
///     try registrar.register(SectionHeader.self)
///     try registrar.register(nibNamed: "NoticeBox")          // a nib-only cell
/// }
/// ```
public final class PluginRegistrar {
    /// The plugin's library, as the host opened it.
    @_spi(Host) public let imagePath: String?
    /// The plugin's name, version and summary, set by ``run(_:with:)``.
    @_spi(Host) public internal(set) var pluginName = ""
    /// The plugin's version.
    @_spi(Host) public internal(set) var pluginVersion = ""
    /// The plugin's summary.
    @_spi(Host) public internal(set) var pluginSummary = ""
    /// What has been registered so far, in order.
    @_spi(Host) public private(set) var registrations: [PluginRegistration] = []
    /// The error the plugin's `register(in:)` threw, if it did: kept whole, so that the
    /// host can tell a ``CellKitError`` and keep it as the cause of its own error.
    @_spi(Host) public internal(set) var failure: (any Error)?
    private var nibs: [(name: String, template: NibTemplate)] = []
    private var storyboards: [Storyboard] = []

    /// Creates a registrar for the library at `imagePath` (the host does this).
    @_spi(Host) public init(imagePath: String?) {
        self.imagePath = imagePath
    }

    /// The bundle of the plugin being registered: its name, library and resources.
    public var bundle: PluginBundle {
        if let cachedBundle, cachedBundle.name == pluginName { return cachedBundle }
        let bundle = PluginBundle(
            name: pluginName, imagePath: imagePath,
            resourceDirectory: imagePath.flatMap { PluginBundle.findResources(name: pluginName, nextTo: $0) })
        cachedBundle = bundle
        return bundle
    }
    private var cachedBundle: PluginBundle?

    // MARK: - Entry point support

    /// Runs a plugin's registration against the registrar behind `pointer`:
    /// what a plugin's `cellkit_plugin_register` entry point calls. Returns
    /// 0 on success, 1 if registration threw (the error is kept for the host).
    ///
    /// ```swift
    /// @_cdecl("cellkit_plugin_register")
    /// public func cellkitPluginRegister(_ registrar: UnsafeMutableRawPointer) -> Int32 {
    ///     PluginRegistrar.run(WeatherCells.self, with: registrar)
    /// }
    /// ```
    public static func run<P: Plugin>(_ plugin: P.Type, with pointer: UnsafeMutableRawPointer) -> Int32 {
        let registrar = Unmanaged<PluginRegistrar>.fromOpaque(pointer).takeUnretainedValue()
        return registrar.run(plugin)
    }

    /// Runs `plugin`'s registration into this registrar; in-process plugins
    /// and tests use it directly.
    @_spi(Host) public func run<P: Plugin>(_ plugin: P.Type) -> Int32 {
        pluginName = P.name
        pluginVersion = P.version
        pluginSummary = P.summary
        do {
            try P.register(in: self)
            return 0
        } catch {
            failure = error
            return 1
        }
    }

    // MARK: - Registering

    /// Registers a view type under its reuse identifier: a table cell, a
    /// collection cell, a section header/footer view or a collection
    /// supplementary view. What it is, and how it is made, is read from the
    /// type when the plugin loads: its class says the kind, ``Reusable`` its
    /// name, ``NibLoadable`` that every new one loads its nib, ``Inspectable``
    /// its attributes. One is made now, so a cell that cannot be made fails
    /// the plugin's load, not a later render.
    ///
    /// ```swift
    /// try registrar.register(HelloCell.self, summary: "a greeting")
    /// try registrar.register(SectionHeader.self)
    /// ```
    ///
    /// - Throws: ``CellKitError`` (`registrationFailed`) when the type is not
    ///   ``Reusable``, or is not a cell, header/footer or supplementary view,
    ///   saying which type and how to fix it; `duplicateName` when its name is
    ///   taken; the nib's error when its nib cannot be loaded.
    public func register(_ viewType: ReusableView.Type, summary: String? = nil) throws(CellKitError) {
        guard let reusable = viewType as? any Reusable.Type else {
            throw CellKitError(
                .registrationFailed, "\(pluginName) registers \(viewType), which is not Reusable",
                fix: "declare it `\(viewType): \(Self.baseClassName(of: viewType)), Reusable` (or NibReusable)")
        }
        guard let kind = Self.kind(of: viewType) else {
            throw CellKitError(
                .registrationFailed,
                "\(pluginName) registers \(viewType), which is no cell, header/footer or supplementary view",
                fix:
                    "make it a subclass of TableViewCell, CollectionViewCell, TableViewHeaderFooterView or CollectionReusableView"
            )
        }
        let name = reusable.reuseIdentifier
        if let nibLoadable = viewType as? any NibLoadable.Type {
            try add(viewType, name: name, kind: kind, summary: summary, nib: nibLoadable.nib) {
                () throws(CellKitError) in
                let view = viewType.init()  // the registered class, even when it is a subclass chosen at run time
                try NibLoading.load(nibLoadable.nib, into: view)  // asked each time, as tryLoadFromNib() does
                return view
            }
        } else {
            try add(viewType, name: name, kind: kind, summary: summary) { () throws(CellKitError) in
                try NibLoading.makeView(viewType, reuseIdentifier: name)
            }
        }
    }

    /// What a view type registers as, from its class; nil for a view that is none of them.
    private static func kind(of viewType: ReusableView.Type) -> PluginRegistration.Kind? {
        switch viewType {
        case is TableViewCell.Type: .cell
        case is CollectionViewCell.Type: .item
        case is TableViewHeaderFooterView.Type: .headerFooter
        case is CollectionReusableView.Type: .supplementary
        default: nil
        }
    }

    /// The SDK class `viewType` descends from, for the fix of an error.
    private static func baseClassName(of viewType: ReusableView.Type) -> String {
        switch kind(of: viewType) {
        case .cell: "TableViewCell"
        case .item: "CollectionViewCell"
        case .headerFooter: "TableViewHeaderFooterView"
        case .supplementary: "CollectionReusableView"
        default: "TableViewCell"
        }
    }

    /// Registers the nib `name.nib` from the plugin's resources as a cell of
    /// its own: its outlets are its String attributes. The nib is parsed now.
    ///
    /// ```swift
    /// try registrar.register(nibNamed: "NoticeBox")   // Resources/NoticeBox.nib: a cell named NoticeBox
    /// ```
    public func register(nibNamed name: String, summary: String? = nil) throws(CellKitError) {
        let nib = Nib(nibName: name, bundle: bundle)
        try addNib(name: name, template: try nib.template(), summary: summary)
    }

    /// Registers a nib from its text, as a cell of its own.
    ///
    /// ```swift
    /// try registrar.register(nibSource: "☂ {chance:bold} {~} {where:dim}", named: "RainCell")
    /// ```
    public func register(nibSource source: String, named name: String, summary: String? = nil) throws(CellKitError) {
        try addNib(
            name: name, template: try Nib.parse(source, name: name, file: "\(pluginName)/\(name).nib"), summary: summary
        )
    }

    /// Registers a storyboard (its bundle becomes the plugin's).
    ///
    /// ```swift
    /// try registrar.register(
    ///     storyboard: Storyboard(name: "Week", scenes: [.init("Today", TodayViewController.self)], initialScene: "Today"))
    /// ```
    public func register(storyboard: Storyboard) throws(CellKitError) {
        try checkUnique(storyboard.name)
        storyboards.append(storyboard)
        registrations.append(
            PluginRegistration(
                name: storyboard.name, kind: .storyboard,
                summary: "scenes: \(storyboard.sceneIdentifiers.joined(separator: ", "))",
                typeName: "Storyboard", attributes: [], nibName: nil,
                scenes: storyboard.sceneIdentifiers, initialScene: storyboard.initialSceneIdentifier,
                makeView: nil, loader: nil))
    }

    /// Registers a screen or controller loader by name.
    ///
    /// ```swift
    /// try registrar.register(loader: Loader { DayViewController() }, named: "Day")
    /// ```
    public func register<T>(loader: Loader<T>, named name: String, summary: String? = nil) throws(CellKitError) {
        try checkUnique(name)
        registrations.append(
            PluginRegistration(
                name: name, kind: .loader, summary: summary, typeName: "\(T.self)", attributes: [], nibName: nil,
                scenes: [], initialScene: nil, makeView: nil, loader: loader.erased))
    }

    /// Registers a data source: a format that `rows CELL from FILE` reads,
    /// by its ``DataFormat/name`` (`format=sqlite`) and by the file names it
    /// claims (`.db`). Its name shares the plugin's namespace with its cells.
    ///
    /// ```swift
    /// try registrar.register(SQLiteSource.self)
    /// ```
    ///
    /// - Throws: ``CellKitError`` (`registrationFailed`) when the format's name
    ///   is not a name (letters, digits, `-` and `_`), or a file name ending
    ///   or an option is not; `duplicateName` when its name is taken.
    public func register(_ sourceType: any DataSource.Type, summary: String? = nil) throws(CellKitError) {
        let format = sourceType.format
        func isName(_ text: String) -> Bool {
            !text.isEmpty
                && text.utf8.allSatisfy {
                    ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || $0 >= 0x30 && $0 <= 0x39 || $0 == 0x2D || $0 == 0x5F
                }
        }
        guard isName(format.name) else {
            throw CellKitError(
                .registrationFailed,
                "\(pluginName) registers a data source named '\(format.name)', which is not a name",
                fix: "name it with letters, digits, - and _, such as sqlite")
        }
        for word in format.fileExtensions + format.options.map(\.name) where !isName(word) {
            throw CellKitError(
                .registrationFailed,
                "\(pluginName)'s data source \(format.name) declares '\(word)', which is not a name",
                fix: "write file name endings without the dot (db, not .db), and options as names (table)")
        }
        try checkUnique(format.name)
        var registration = PluginRegistration(
            name: format.name, kind: .dataSource, summary: summary ?? (format.summary.isEmpty ? nil : format.summary),
            typeName: _typeName(sourceType, qualified: false), attributes: [], nibName: nil, scenes: [],
            initialScene: nil, makeView: nil, loader: nil)
        registration.dataSource = sourceType
        registration.dataFormat = format
        registrations.append(registration)
    }

    // MARK: - Committing (the host)

    /// Makes the plugin's nibs and storyboards findable by name. The host
    /// calls this once, after the registrations were accepted.
    @_spi(Host) public func commitResources() {
        let bundle = self.bundle
        for nib in nibs {
            NibCatalog.shared.withLock { $0.templates[NibCatalog.key(bundle.name, nib.name)] = nib.template }
        }
        for storyboard in storyboards {
            Storyboard.register(storyboard.rebundled(bundle))
        }
    }

    // MARK: - Helpers

    private func checkUnique(_ name: String) throws(CellKitError) {
        if registrations.contains(where: { $0.name == name }) {
            throw CellKitError(
                .duplicateName, "\(pluginName) registers '\(name)' twice",
                fix: "give each cell, nib, storyboard and loader of a plugin its own name")
        }
    }

    private func add(
        _ type: ReusableView.Type, name: String, kind: PluginRegistration.Kind, summary: String?, nib: Nib? = nil,
        make: @escaping @Sendable () throws(CellKitError) -> ReusableView
    ) throws(CellKitError) {
        try checkUnique(name)
        // Make one now: a cell that cannot be made fails the plugin's load, not a later render.
        let prototype = try make()
        let attributes = AttributeDescriptor.descriptors(of: prototype)
        let nibName =
            nib?.name ?? (prototype.connectedOutlets.isEmpty && prototype.codeOnlyOutlets.isEmpty ? nil : name)
        registrations.append(
            PluginRegistration(
                name: name, kind: kind, summary: summary, typeName: "\(type)", attributes: attributes,
                nibName: nibName, scenes: [], initialScene: nil, makeView: make, loader: nil,
                codeOnlyOutlets: prototype.codeOnlyOutlets.sorted()))
    }

    private func addNib(name: String, template: NibTemplate, summary: String?) throws(CellKitError) {
        try checkUnique(name)
        nibs.append((name, template))
        let probe = NibTableViewCell()
        _ = try NibView(template: template, owner: probe, nibName: name)
        let attributes = AttributeDescriptor.descriptors(of: probe)
        registrations.append(
            PluginRegistration(
                name: name, kind: .nib, summary: summary, typeName: "\(name).nib", attributes: attributes,
                nibName: name, scenes: [], initialScene: nil,
                makeView: { () throws(CellKitError) -> ReusableView in
                    let cell = NibTableViewCell()
                    let root = try NibView(template: template, owner: cell, nibName: name)
                    root.pinEdges()
                    cell.contentView.addSubview(root)
                    return cell
                }, loader: nil))
    }
}

/// One thing a plugin registered: a cell type, a header/footer view, a nib,
/// a storyboard or a loader.
@_spi(Host) public struct PluginRegistration: Sendable {
    /// What was registered.
    public enum Kind: String, Sendable, CaseIterable {
        /// A table cell type (a row).
        case cell
        /// A collection cell type (a grid item).
        case item
        /// A table section header/footer view type.
        case headerFooter = "header/footer"
        /// A collection supplementary view type.
        case supplementary
        /// A nib used as a cell of its own.
        case nib
        /// A storyboard.
        case storyboard
        /// A screen or controller loader.
        case loader
        /// A data source: a format `rows … from FILE` reads.
        case dataSource = "data source"
    }

    /// The short name (qualified by the plugin's name in the host's registry).
    public let name: String
    /// What kind of thing it is.
    public let kind: Kind
    /// One line about it.
    public let summary: String?
    /// The Swift type (or `Name.nib`).
    public let typeName: String
    /// Its inspectable attributes, with defaults.
    public let attributes: [AttributeDescriptor]
    /// The nib it draws from, if any.
    public let nibName: String?
    /// A storyboard's scene identifiers.
    public let scenes: [String]
    /// A storyboard's initial scene.
    public let initialScene: String?
    /// Makes a new view, for cells, header/footer and supplementary views and nibs.
    public let makeView: (@Sendable () throws(CellKitError) -> ReusableView)?
    /// A registered loader.
    public let loader: AnyLoader?
    /// The nib outlets the cell fills from code (`@ViewOutlet`s and
    /// `@Outlet(scriptable: false)` labels): no attributes, and a script
    /// that sets one is refused by name.
    public internal(set) var codeOnlyOutlets: [String] = []
    /// A registered data source's type.
    public internal(set) var dataSource: (any DataSource.Type)?
    /// What a registered data source reads: its name, file names and options.
    public internal(set) var dataFormat: DataFormat?
}

extension Storyboard {
    /// The same storyboard, in another bundle.
    func rebundled(_ bundle: PluginBundle) -> Storyboard {
        guard let content = try? resolved() else { return self }
        return Storyboard(name: name, bundle: bundle, scenes: content.scenes, initialScene: content.initialScene)
    }
}
