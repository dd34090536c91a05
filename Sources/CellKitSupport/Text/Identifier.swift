/// Whether `name` is an identifier: a letter or `_`, then letters, the digits 0 to 9 and `_`.
///
/// The host's one copy of the rule (the SDK, which cannot import this module, keeps its own
/// for nib outlets). JSON paths and console names use ASCII letters; plugin names are Swift
/// module names, whose letters may be any alphabetic character.
///
/// ```swift
/// isIdentifier("first_name")                     // true
/// isIdentifier("1st")                            // false
/// isIdentifier("Café")                           // false
/// isIdentifier("Café", unicodeLetters: true)     // true
/// ```
///
/// - Parameter unicodeLetters: count every alphabetic character as a letter, as Swift does;
///   otherwise only `A` to `Z` and `a` to `z`.
package func isIdentifier(_ name: some StringProtocol, unicodeLetters: Bool = false) -> Bool {
    func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        }
        return unicodeLetters && scalar.properties.isAlphabetic
    }
    guard let first = name.unicodeScalars.first, first == "_" || isLetter(first) else { return false }
    return name.unicodeScalars.allSatisfy { $0 == "_" || isLetter($0) || ("0"..."9").contains($0) }
}
