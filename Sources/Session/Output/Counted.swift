/// A count and its noun, in words: `1 screen`, `3 screens`, `0 failures`.
///
/// ```swift
/// counted(1, "plugin")            // "1 plugin"
/// counted(2, "header/footer view") // "2 header/footer views"
/// ```
func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
}
