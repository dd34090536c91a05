/// Owns a screen's root view: CellKit's `UIViewController`.
///
/// The view is made on first use by ``loadView()`` (override it, or set
/// ``view``), then ``viewDidLoad()`` runs.
///
/// ```swift
/// final class TeamViewController: ViewController {
///     let table = TableView()
///     override func loadView() { view = table }
///     override func viewDidLoad() { table.register(cellType: ProfileCell.self) }
/// }
/// ```
open class ViewController {
    /// A title, shown by screens that have one.
    public var title: String?
    /// The storyboard the controller was instantiated from, if any.
    public internal(set) var storyboard: Storyboard?
    /// The scene identifier it was instantiated as, if any.
    public internal(set) var sceneIdentifier: String?
    private var loadedView: View?

    /// Creates a controller; its view is made when first asked for.
    public required init() {}

    /// The root view, made by ``loadView()`` the first time it is read.
    public var view: View {
        get {
            loadViewIfNeeded()
            return loadedView ?? View()
        }
        set { loadedView = newValue }
    }

    /// Whether the view has been made.
    public var isViewLoaded: Bool { loadedView != nil }

    /// Makes the view if it has not been made yet, then calls ``viewDidLoad()``.
    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { loadedView = View() }
        viewDidLoad()
    }

    /// Makes the root view; the default makes an empty ``View``.
    ///
    /// ```swift
    /// final class TeamViewController: ViewController {
    ///     let table = TableView()
    ///     override func loadView() { view = table }
    /// }
    /// ```
    open func loadView() {
        loadedView = View()
    }

    /// Called once, after the view is made.
    ///
    /// ```swift
    /// final class TeamViewController: ViewController {
    ///     let table = TableView()
    ///     override func viewDidLoad() { table.register(cellType: ProfileCell.self) }
    /// }
    /// ```
    open func viewDidLoad() {}
}
