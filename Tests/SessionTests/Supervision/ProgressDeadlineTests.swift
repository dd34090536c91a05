import Testing

@testable import Session

/// The hang limit counts from the worker's last progress (issue 21, item 6:
/// it was 10 to 20 s for a limit of 10, as a hang was only seen at the
/// second look after it began).
@Suite struct ProgressDeadlineTests {
    let start = ContinuousClock.now

    @Test func aCounterThatStopsJustAfterALookPassesTheLimitAfterTheLimit() {
        var deadline = ProgressDeadline(limit: .seconds(10), progress: 0, at: start)
        // It moves at 0.1 s, then stops; looks every 0.1 s.
        var passed = deadline.hasPassed(progress: 1, at: start + .milliseconds(100))
        #expect(!passed)
        passed = deadline.hasPassed(progress: 1, at: start + .milliseconds(10_000))
        #expect(!passed)
        passed = deadline.hasPassed(progress: 1, at: start + .milliseconds(10_100))
        #expect(passed)
    }

    @Test func aCounterThatMovesNeverPasses() {
        var deadline = ProgressDeadline(limit: .seconds(2), progress: 0, at: start)
        for second in 1...100 {
            let passed = deadline.hasPassed(progress: UInt64(second), at: start + .seconds(second))
            #expect(!passed)
        }
        let passed = deadline.hasPassed(progress: 100, at: start + .seconds(102))
        #expect(passed)
    }
}
