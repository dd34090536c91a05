/// What the worker found when it checked a binding that a plugin's data
/// source reads (``WorkerRequest/checkSource(_:)``): how many records, the
/// fingerprint to compare when the rows are drawn, and why the rows cannot
/// be drawn, if anything. The session turns each problem into an error at
/// the script's `file:line:col`.
package struct SourceCheck: Equatable, Sendable {
    package var count: Int
    /// Whether ``count`` is the source's quick upper bound, not a count.
    package var estimated: Bool
    package var fingerprint: SourceFingerprint
    /// Where the source starts reading fast (``SourceBinding/starts``).
    package var starts: [Int]
    package var problems: [SourceProblem]

    package init(
        count: Int = 0, estimated: Bool = false, fingerprint: SourceFingerprint = SourceFingerprint(),
        starts: [Int] = [], problems: [SourceProblem] = []
    ) {
        self.count = count
        self.estimated = estimated
        self.fingerprint = fingerprint
        self.starts = starts
        self.problems = problems
    }
}

/// One reason a data source's rows cannot be drawn: what, how to fix it,
/// the field it is about (the script's mapping of that field is pointed at)
/// and the source's own place (`table users, rowid 7`).
package struct SourceProblem: Equatable, Sendable {
    package var message: String
    package var fix: String?
    package var field: String?
    package var place: String?

    package init(_ message: String, fix: String? = nil, field: String? = nil, place: String? = nil) {
        self.message = message
        self.fix = fix
        self.field = field
        self.place = place
    }
}
