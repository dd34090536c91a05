@_spi(Host) import CellKit
import Testing

@testable import Session

@Suite struct ScriptSuggestionTests {
    @Test func distances() {
        #expect(Suggestions.distance("row", "row") == 0)
        #expect(Suggestions.distance("ROW", "row") == 0)
        #expect(Suggestions.distance("rwo", "row") == 1)  // transposition
        #expect(Suggestions.distance("widht", "width") == 1)
        #expect(Suggestions.distance("rendr", "render") == 1)  // insertion
        #expect(Suggestions.distance("renderr", "render") == 1)  // deletion
        #expect(Suggestions.distance("raw", "row") == 1)  // substitution
        #expect(Suggestions.distance("", "abc") == 3)
        #expect(Suggestions.distance("abc", "") == 3)
        #expect(Suggestions.distance("kitten", "sitting") == 3)
        // Optimal string alignment, not full Damerau–Levenshtein.
        #expect(Suggestions.distance("ca", "abc") == 3)
        #expect(Suggestions.distance("naïve", "naive") == 1)
        #expect(Suggestions.distance("👩‍💻", "👩") == 1)  // characters, not scalars
    }

    @Test func commandSuggestions() {
        let words = CommandSpec.commandWords
        #expect(Suggestions.nearest(to: "rwo", in: words) == "row")
        #expect(Suggestions.nearest(to: "rendr", in: words) == "render")
        #expect(Suggestions.nearest(to: "scren", in: words) == "screen")
        #expect(Suggestions.nearest(to: "SECTION", in: words) == "section")
        #expect(Suggestions.nearest(to: "desc", in: words) == "describe")  // a prefix
        #expect(Suggestions.nearest(to: "plugin", in: words) == "plugins")
        #expect(Suggestions.nearest(to: "exti", in: words) == "exit")
        #expect(Suggestions.nearest(to: "iem", in: words) == "item")
        #expect(Suggestions.nearest(to: "xyzzy", in: words) == nil)
        #expect(Suggestions.nearest(to: "", in: words) == nil)
    }

    @Test func optionAndAttributeSuggestions() {
        #expect(Suggestions.nearest(to: "widht", in: ["width", "border", "title"]) == "width")
        #expect(Suggestions.nearest(to: "nmae", in: ["name", "role", "accent"]) == "name")
        #expect(Suggestions.nearest(to: "colour", in: ["width", "color"]) == "color")
        #expect(Suggestions.nearest(to: "itemwidth", in: ["item-width", "width"]) == "item-width")
        #expect(Suggestions.nearest(to: "zzz", in: ["name", "role"]) == nil)
        #expect(Suggestions.didYouMean("widht", in: ["width"]) == "did you mean 'width'?")
        #expect(Suggestions.didYouMean("q", in: ["width"]) == nil)
    }

    @Test func theNearestWinsAndTiesGoToTheFirst() {
        #expect(Suggestions.nearest(to: "rows", in: ["row", "rows"]) == "rows")
        #expect(Suggestions.nearest(to: "rowz", in: ["row", "rows"]) == "row")
        #expect(Suggestions.nearest(to: "bat", in: ["cat", "hat"]) == "cat")
    }

    @Test func shortWordsNeedCloseMatches() {
        // One edit in three characters is a typo; two is another word.
        #expect(Suggestions.nearest(to: "ro", in: ["row"]) == "row")
        #expect(Suggestions.nearest(to: "rx", in: ["set"]) == nil)
        #expect(Suggestions.nearest(to: "abc", in: ["xyz"]) == nil)
    }
}
