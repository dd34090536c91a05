/// When to write ANSI colour to standard output: on a terminal only (`auto`),
/// `always`, or `never`. What `--color` and `set color=` choose; one type for
/// both, so the command line's choice is the session's setting as it is.
package enum ColorChoice: String, CaseIterable, Equatable, Sendable {
    case auto, always, never
}
