import Synchronization

/// A rectangle of terminal cells that draws itself and holds subviews:
/// CellKit's `UIView`.
///
/// Subclasses override ``draw(in:)`` to draw, ``sizeThatFits(_:)`` to say how
/// big they want to be, and ``layoutSubviews()`` to place their subviews. A
/// subview with ``pinnedInsets`` set fills its superview's bounds minus the
/// insets (as a nib's root view does), without any code.
///
/// ```swift
/// final class Banner: View {
///     override func draw(in context: DrawingContext) {
///         context.fill(context.bounds, with: "░")
///         context.draw(" hello ", at: Point(x: 2, y: 0), style: .bold)
///     }
/// }
/// let banner = Banner()
/// print(renderedText(banner, width: 12))   // ░░ hello ░░░
/// ```
open class View {
    /// The view's position and size in its superview's coordinates.
    @exclusivity(unchecked) public var frame: Rect = .zero
    /// The superview, if any.
    ///
    /// Not a `weak` reference: a weakly referenced object's retains and
    /// releases all take the slow path, and views are retained and released
    /// millions of times a second while rendering. The superview owns its
    /// subviews and clears this pointer before it goes away, so it never dangles.
    public var superview: View? { superviewStorage }
    @exclusivity(unchecked) private unowned(unsafe) var superviewStorage: View?
    /// The views drawn on top of this one, back to front.
    @exclusivity(unchecked) public private(set) var subviews: [View] = []
    /// A hidden view (and its subviews) takes part in layout but is not drawn.
    @exclusivity(unchecked) public var isHidden = false
    /// When set, the view is filled with this colour before it draws.
    @exclusivity(unchecked) public var backgroundColor: Color?
    /// When set, the superview's default layout makes this view fill its
    /// bounds inset by these amounts; ``pinEdges(insets:)`` sets it.
    @exclusivity(unchecked) public var pinnedInsets: EdgeInsets?
    /// How a horizontal ``StackView`` sizes this view.
    @exclusivity(unchecked) public var stackSizing: StackSizing = .natural
    /// The labels a nib connected to this view, by outlet name.
    public internal(set) var connectedOutlets: [String: Label] = [:]
    /// The outlets only this view's code fills: its `@ViewOutlet`s and its
    /// `@Outlet(scriptable: false)` labels. They are no attributes.
    var codeOnlyOutlets: Set<String> = []
    /// What ``Inspectable/resetAttributesToDefaults()`` runs, kept from the
    /// first reset of this view.
    var attributeTable: AttributeTable?
    /// The declared attributes (by index in ``AttributeDescriptor/declared(by:)``)
    /// that the host sets on this view every time it configures it, to the
    /// row's value or to the default: ``Inspectable/resetAttributesToDefaults()``
    /// leaves them to the host, which sets them right after (a reused cell of
    /// a million data-bound rows would otherwise put back, then set again,
    /// the same constants on every row). `nil` outside a host.
    @_spi(Host) public var attributesTheHostSets: [Bool]? {
        didSet { resetsDue = nil }
    }
    /// The resets ``Inspectable/resetAttributesToDefaults()`` runs on this
    /// view, chosen by its first reset since ``attributesTheHostSets`` changed.
    var resetsDue: AttributeResets?

    /// Whether the console may set an attribute that every row of a binding
    /// gives alike (a script's `rows … divider=light`) once, on the first
    /// rows it draws on this view, and leave it in place for the rows after:
    /// `false`, set on every row, unless a view type says `true`. Saying
    /// `true` promises two things:
    ///
    /// - the view's reuse changes no attribute the console sets: a
    ///   ``ReusableView/prepareForReuse()`` that resets attributes only by
    ///   ``Inspectable/resetAttributesToDefaults()`` keeps it (that reset
    ///   leaves them to the console);
    /// - setting one attribute never changes another's value: a `percent`
    ///   whose `didSet` writes the `pct` outlet's text breaks it.
    ///
    /// A cell drawn a million times by a data file's rows then skips a few
    /// hundred instructions a row for each such attribute.
    ///
    /// ```swift
    /// final class ScoreCell: TableViewCell, Reusable, Inspectable {
    ///     override class var keepsAttributesBetweenRows: Bool { true }
    ///     var name = ""
    ///     var unit = ""   // `rows ScoreCell from "scores.csv" name=.name unit=pts`: set once
    ///     override func prepareForReuse() {
    ///         super.prepareForReuse()
    ///         resetAttributesToDefaults()
    ///     }
    ///     static var inspectableAttributes: [InspectableAttribute<ScoreCell>] {
    ///         [.init("name", \.name, summary: "who"), .init("unit", \.unit, summary: "after the score")]
    ///     }
    /// }
    /// ```
    open class var keepsAttributesBetweenRows: Bool { false }

    /// Creates an empty view. Every view can be made with `init()`, so cell
    /// types can be registered and instantiated by name.
    public required init() {}

    deinit {
        for view in subviews { view.superviewStorage = nil }
    }

    /// The view's own coordinate space: `(0, 0)` and its size.
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }

    // MARK: - Hierarchy

    /// Adds `view` on top of the existing subviews (removing it from its old superview).
    ///
    /// ```swift
    /// let cell = TableViewCell()
    /// let label = Label(text: "Hi")
    /// label.pinEdges()
    /// cell.contentView.addSubview(label)
    /// ```
    public func addSubview(_ view: View) {
        precondition(view !== self, "a view cannot be its own subview")
        view.removeFromSuperview()
        view.superviewStorage = self
        subviews.append(view)
    }

    /// Removes the view from its superview.
    public func removeFromSuperview() {
        guard let parent = superviewStorage else { return }
        parent.subviews.removeAll { $0 === self }
        superviewStorage = nil
    }

    /// Makes the view fill its superview's bounds, inset by `insets`.
    ///
    /// ```swift
    /// let cell = TableViewCell()
    /// let name = Label(text: "Ada"), role = Label(text: "Engineer")
    /// let row = StackView(axis: .horizontal, spacing: 1, views: [name, role])
    /// row.pinEdges()   // fills the cell, with no layout code
    /// cell.contentView.addSubview(row)
    /// ```
    public func pinEdges(insets: EdgeInsets = .zero) {
        pinnedInsets = insets
    }

    // MARK: - Layout

    /// The size the view wants within `size` (the width is the important part:
    /// the height is what the view needs at that width).
    ///
    /// The default fills the proposed width and is as tall as its pinned
    /// subviews need, or as its other subviews' frames reach.
    ///
    /// ```swift
    /// override func sizeThatFits(_ size: Size) -> Size { Size(width: size.width, height: 1) }
    /// ```
    open func sizeThatFits(_ size: Size) -> Size {
        var height = 0
        forEachSubview { view in
            if let insets = view.pinnedInsets {
                let inner = Size(width: size.width - insets.horizontal, height: size.height - insets.vertical)
                height = max(height, view.sizeThatFits(inner).height + insets.vertical)
            } else {
                height = max(height, view.frame.maxY)
            }
        }
        return Size(width: size.width, height: height)
    }

    /// Places the subviews. The default gives each pinned subview the bounds
    /// minus its insets and leaves the others where their frames put them.
    open func layoutSubviews() {
        let bounds = self.bounds
        forEachSubview { view in
            if let insets = view.pinnedInsets { view.frame = bounds.insetBy(insets) }
        }
    }

    /// Lays out this view and, after it, every subview, recursively.
    public func layoutIfNeeded() {
        layoutSubviews()
        forEachSubview { $0.layoutIfNeeded() }
    }

    /// Calls `body` with each subview without retaining it (the subviews
    /// array owns them): traversals run for every row drawn, and each atomic
    /// retain and release costs more than the rest of a small view's work.
    ///
    /// The array itself is held by a local copy (one retain per traversal):
    /// a `body` that adds or removes subviews of this view (which
    /// `subviews`' `@exclusivity(unchecked)` no longer traps on) makes the
    /// array copy itself, instead of freeing the buffer being read.
    ///
    /// A view without subviews (a label: most of the views drawn) returns
    /// before that copy.
    @inline(__always)
    func forEachSubview(_ body: (View) -> Void) {
        if self.subviews.isEmpty { return }
        let subviews = self.subviews
        subviews.withUnsafeBufferPointer { views in
            for i in views.indices {
                Unmanaged.passUnretained(views[i])._withUnsafeGuaranteedRef(body)
            }
        }
    }

    // MARK: - Drawing

    /// Draws the view's own content; subviews are drawn after it, on top.
    /// The default draws nothing (the background is filled before this).
    ///
    /// ```swift
    /// override func draw(in context: DrawingContext) {
    ///     context.fill(context.bounds, with: "░")
    ///     context.draw(" hello ", at: Point(x: 2, y: 0), style: .bold)
    /// }
    /// ```
    open func draw(in context: DrawingContext) {}

    /// Draws this view and its subviews into `context`.
    public func drawHierarchy(in context: DrawingContext) {
        guard !isHidden else { return }
        if let backgroundColor {
            context.restyle(context.bounds) { $0.background(backgroundColor) }
        }
        draw(in: context)
        forEachSubview { view in
            if !view.isHidden { view.drawHierarchy(in: context.child(for: view.frame)) }
        }
    }

    /// Sizes the view to `width` (and its fitting height, unless `height` is
    /// given), lays it out, and draws it into a new canvas.
    ///
    /// ```swift
    /// let label = Label(text: "Hi")
    /// label.render(width: 4).text   // "Hi"
    /// ```
    @_spi(Host) public func render(width: Int, height: Int? = nil) -> Canvas {
        let canvas = Canvas(width: 0, height: 0)
        render(into: canvas, width: width, height: height)
        return canvas
    }

    /// Like ``render(width:height:)``, reusing `canvas`.
    @_spi(Host) public func render(into canvas: Canvas, width: Int, height: Int? = nil) {
        let h = min(max(0, height ?? fittingHeight(width: width)), Canvas.maximumHeight)
        frame = Rect(x: 0, y: 0, width: width, height: h)
        layoutIfNeeded()
        canvas.reset(width: width, height: h)
        drawHierarchy(in: DrawingContext(borrowing: canvas))
    }
}

/// How a horizontal ``StackView`` gives width to a view.
///
/// ```swift
/// let nameLabel = Label(text: "Ada"), idLabel = Label(text: "42")
/// nameLabel.stackSizing = .flexible()      // takes the slack
/// idLabel.stackSizing = .fixed(6)          // always 6 columns
/// ```
public enum StackSizing: Hashable, Sendable {
    /// As wide as its content (``View/sizeThatFits(_:)``), shrunk if the row is too narrow.
    case natural
    /// Exactly this many columns.
    case fixed(Int)
    /// A share of the space left after natural and fixed views, in
    /// proportion to `weight`.
    case flexible(weight: Int = 1)
}

extension View {
    /// How tall the view is at `width`, as ``sizeThatFits(_:)`` says, kept
    /// within what a canvas can hold (a plugin's view may say anything).
    /// (In an extension: a method in the class would change its vtable, and
    /// with it the SDK's ABI.)
    func fittingHeight(width: Int) -> Int {
        let reported = sizeThatFits(Size(width: width, height: Int.max / 4)).height
        if reported < 0 || reported > Canvas.maximumHeight {
            SizeReports.note(
                SizeReports.Report(type: String(describing: type(of: self)), height: reported, width: width))
        }
        return min(max(0, reported), Canvas.maximumHeight)
    }
}

/// Views whose ``View/sizeThatFits(_:)`` said a height no canvas can hold
/// (more than 1,000 lines, or less than none): they are drawn cut to what
/// fits, and the host reports each as the plugin's error after the render.
///
/// ```swift
/// let writer = PlainTextWriter(output: MemoryOutput())
/// try table.render(width: 40, to: writer)
/// for report in SizeReports.take() { print(report) }
/// // HugeCell said it is 9223372036854775807 lines tall at width 40; ...
/// ```
@_spi(Host) public enum SizeReports {
    /// One view that said an impossible height.
    public struct Report: Sendable, CustomStringConvertible {
        /// The view's type.
        public let type: String
        /// The height it said.
        public let height: Int
        /// The width it was asked at.
        public let width: Int

        public var description: String {
            "\(type) said it is \(height) lines tall at width \(width); it is drawn cut to "
                + (height < 0 ? "no lines" : "\(Canvas.maximumHeight) lines, the most a row may have")
        }
    }

    private static let reports = Mutex<[Report]>([])

    static func note(_ report: Report) {
        // A few are enough to name the cell: a table of such rows must not grow a list.
        reports.withLock { if $0.count < 8 { $0.append(report) } }
    }

    /// The reports since the last call, oldest first.
    public static func take() -> [Report] {
        reports.withLock { reports in
            defer { reports = [] }
            return reports
        }
    }
}
