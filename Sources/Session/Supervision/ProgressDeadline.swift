/// Tells slow work from a hang: a request hangs when the worker's progress
/// counter (``Breadcrumb/progress``) has not moved for ``limit``, measured
/// from the moment it last moved, however often it is looked at.
///
/// ```swift
/// var deadline = ProgressDeadline(limit: .seconds(10), progress: 0, at: start)
/// deadline.hasPassed(progress: 0, at: start + .seconds(9))    // false
/// deadline.hasPassed(progress: 1, at: start + .seconds(9))    // false: it moved
/// deadline.hasPassed(progress: 1, at: start + .seconds(19))   // true
/// ```
struct ProgressDeadline {
    /// How long the counter may stay still.
    let limit: Duration
    private var lastProgress: UInt64
    private var lastMoved: ContinuousClock.Instant

    init(limit: Duration, progress: UInt64, at now: ContinuousClock.Instant) {
        self.limit = limit
        lastProgress = progress
        lastMoved = now
    }

    /// Notes the counter as it is `now`; whether it has been still for ``limit``.
    mutating func hasPassed(progress: UInt64, at now: ContinuousClock.Instant) -> Bool {
        if progress != lastProgress {
            lastProgress = progress
            lastMoved = now
        }
        return now - lastMoved >= limit
    }

}
