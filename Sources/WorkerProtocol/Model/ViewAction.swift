/// What a key does in `show`'s scrolling view; sent to the worker, which moves its viewport.
package enum ViewAction: Equatable {
    case scroll(lines: Int)
    case pages(Int)
    case halfPages(Int)
    case top
    case bottom
    case redraw
    case suspend
    case quit
    case ignore
}
