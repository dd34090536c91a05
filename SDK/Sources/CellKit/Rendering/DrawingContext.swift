/// Where a view draws: a canvas, the view's position on it, and a clip.
///
/// Coordinates given to a context are the view's own (its bounds start at
/// `(0, 0)`); nothing is drawn outside the view's frame or the clip.
///
/// ```swift
/// override func draw(in context: DrawingContext) {
///     context.draw("Ready", at: Point(x: 1, y: 0), style: Style.bold.foreground(.green))
/// }
/// ```
@frozen public struct DrawingContext {
    /// The canvas being drawn into.
    @_spi(Host) public var canvas: Canvas { target.takeUnretainedValue() }
    /// Not retained per copy: contexts are copied for every view drawn, and the
    /// context made by ``init(canvas:)`` keeps the canvas alive for all the
    /// subcontexts made from it. (An `Unmanaged` reference, not an
    /// `unowned(unsafe)` one: making a subcontext from an unowned reference
    /// retained and released the canvas once per view drawn.)
    private let target: Unmanaged<Canvas>
    private let owner: Canvas?
    /// Where the view's `(0, 0)` is on the canvas.
    public let origin: Point
    /// The view's size.
    public let size: Size
    /// The part of the canvas that may be drawn, in canvas coordinates.
    public let clip: Rect

    /// A context for drawing a whole canvas.
    @_spi(Host) public init(canvas: Canvas) {
        target = Unmanaged.passUnretained(canvas)
        owner = canvas
        origin = .zero
        size = Size(width: canvas.width, height: canvas.height)
        clip = canvas.bounds
    }

    /// A context for a canvas the caller keeps alive for as long as the
    /// context and its subcontexts are used (the renderers' fast path: no
    /// retain per view drawn).
    init(borrowing canvas: Canvas) {
        target = Unmanaged.passUnretained(canvas)
        owner = nil
        origin = .zero
        size = Size(width: canvas.width, height: canvas.height)
        clip = canvas.bounds
    }

    init(canvas: Unmanaged<Canvas>, owner: Canvas?, origin: Point, size: Size, clip: Rect) {
        target = canvas
        self.owner = owner
        self.origin = origin
        self.size = size
        self.clip = clip
    }

    /// The view's bounds: `(0, 0)` and its size.
    public var bounds: Rect { Rect(origin: .zero, size: size) }

    /// A context for a subview at `frame` (in this view's coordinates).
    public func subcontext(for frame: Rect) -> DrawingContext { child(for: frame) }

    /// ``subcontext(for:)``, always inlined (made for every view drawn).
    @inline(__always)
    func child(for frame: Rect) -> DrawingContext {
        let absolute = frame.offsetBy(dx: origin.x, dy: origin.y)
        return DrawingContext(
            canvas: target, owner: owner, origin: absolute.origin, size: frame.size, clip: clip.intersected(absolute))
    }

    /// Draws text at `point`, clipped to the view; a wide character that would
    /// cross the clip's edge is left out.
    ///
    /// - Returns: the column (in view coordinates) just past the text.
    @discardableResult
    public func draw(_ text: some StringProtocol, at point: Point, style: Style = .plain) -> Int {
        target._withUnsafeGuaranteedRef {
            $0.draw(text, at: Point(x: origin.x + point.x, y: origin.y + point.y), style: style, clip: clip)
        } - origin.x
    }

    /// Draws a `String` at `point` (the fast path for the common case).
    ///
    /// ```swift
    /// let end = context.draw("Ada", at: Point(x: 1, y: 0), style: .bold)   // 4
    /// ```
    @discardableResult
    public func draw(_ text: String, at point: Point, style: Style = .plain) -> Int {
        target._withUnsafeGuaranteedRef {
            $0.draw(text, at: Point(x: origin.x + point.x, y: origin.y + point.y), style: style, clip: clip)
        } - origin.x
    }

    /// Fills `rect` with a character.
    ///
    /// ```swift
    /// context.fill(Rect(x: 0, y: 0, width: context.size.width, height: 1), with: "─", style: .dim)
    /// ```
    public func fill(_ rect: Rect, with scalar: Unicode.Scalar = " ", style: Style = .plain) {
        let area = rect.offsetBy(dx: origin.x, dy: origin.y).intersected(clip)
        target._withUnsafeGuaranteedRef { $0.fill(area, with: scalar, style: style) }
    }

    /// Restyles the cells of `rect`, keeping their characters.
    public func restyle(_ rect: Rect, _ transform: (Style) -> Style) {
        let area = rect.offsetBy(dx: origin.x, dy: origin.y).intersected(clip)
        target._withUnsafeGuaranteedRef { $0.restyle(area, transform) }
    }

    /// Draws a border around `rect` with `box`, optionally with a title in its top edge.
    ///
    /// ```swift
    /// context.drawBorder(context.bounds, box: .rounded, title: "Team")
    /// // ╭─ Team ───╮
    /// // │          │
    /// // ╰──────────╯
    /// ```
    public func drawBorder(
        _ rect: Rect, box: BoxStyle, style: Style = .plain, title: String? = nil, titleStyle: Style = .bold
    ) {
        guard !box.isNone, rect.width >= 2, rect.height >= 2 else { return }
        let x0 = rect.minX
        let x1 = rect.maxX - 1
        let y0 = rect.minY
        let y1 = rect.maxY - 1
        fill(Rect(x: x0 + 1, y: y0, width: rect.width - 2, height: 1), with: box.horizontal, style: style)
        fill(Rect(x: x0 + 1, y: y1, width: rect.width - 2, height: 1), with: box.horizontal, style: style)
        fill(Rect(x: x0, y: y0 + 1, width: 1, height: rect.height - 2), with: box.vertical, style: style)
        fill(Rect(x: x1, y: y0 + 1, width: 1, height: rect.height - 2), with: box.vertical, style: style)
        fill(Rect(x: x0, y: y0, width: 1, height: 1), with: box.topLeft, style: style)
        fill(Rect(x: x1, y: y0, width: 1, height: 1), with: box.topRight, style: style)
        fill(Rect(x: x0, y: y1, width: 1, height: 1), with: box.bottomLeft, style: style)
        fill(Rect(x: x1, y: y1, width: 1, height: 1), with: box.bottomRight, style: style)
        if let title {
            canvas.drawBorderTitle(
                title, x: origin.x + x0, y: origin.y + y0, width: rect.width, borderStyle: style,
                titleStyle: titleStyle,
                clip: clip)
        }
    }
}
