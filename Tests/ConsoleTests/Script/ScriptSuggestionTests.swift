import Testing

@testable import Console

@Suite struct ScriptSuggestionTests {
    @Test func distances() {
        #expect(EditDistance.distance("row", "row") == 0)
        #expect(EditDistance.distance("ROW", "row") == 0)
        #expect(EditDistance.distance("rwo", "row") == 1)  // transposition
        #expect(EditDistance.distance("widht", "width") == 1)
        #expect(EditDistance.distance("rendr", "render") == 1)  // insertion
        #expect(EditDistance.distance("renderr", "render") == 1)  // deletion
        #expect(EditDistance.distance("raw", "row") == 1)  // substitution
        #expect(EditDistance.distance("", "abc") == 3)
        #expect(EditDistance.distance("abc", "") == 3)
        #expect(EditDistance.distance("kitten", "sitting") == 3)
        // Optimal string alignment, not full Damerau–Levenshtein.
        #expect(EditDistance.distance("ca", "abc") == 3)
        #expect(EditDistance.distance("naïve", "naive") == 1)
        #expect(EditDistance.distance("👩‍💻", "👩") == 1)  // characters, not scalars
    }

    @Test func commandSuggestions() {
        let words = CommandSpec.commandWords
        #expect(EditDistance.nearest(to: "rwo", in: words) == "row")
        #expect(EditDistance.nearest(to: "rendr", in: words) == "render")
        #expect(EditDistance.nearest(to: "scren", in: words) == "screen")
        #expect(EditDistance.nearest(to: "SECTION", in: words) == "section")
        #expect(EditDistance.nearest(to: "desc", in: words) == "describe")  // a prefix
        #expect(EditDistance.nearest(to: "plugin", in: words) == "plugins")
        #expect(EditDistance.nearest(to: "exti", in: words) == "exit")
        #expect(EditDistance.nearest(to: "iem", in: words) == "item")
        #expect(EditDistance.nearest(to: "xyzzy", in: words) == nil)
        #expect(EditDistance.nearest(to: "", in: words) == nil)
    }

    @Test func optionAndAttributeSuggestions() {
        #expect(EditDistance.nearest(to: "widht", in: ["width", "border", "title"]) == "width")
        #expect(EditDistance.nearest(to: "nmae", in: ["name", "role", "accent"]) == "name")
        #expect(EditDistance.nearest(to: "colour", in: ["width", "color"]) == "color")
        #expect(EditDistance.nearest(to: "itemwidth", in: ["item-width", "width"]) == "item-width")
        #expect(EditDistance.nearest(to: "zzz", in: ["name", "role"]) == nil)
        #expect(EditDistance.didYouMean("widht", in: ["width"]) == "did you mean 'width'?")
        #expect(EditDistance.didYouMean("q", in: ["width"]) == nil)
    }

    @Test func theNearestWinsAndTiesGoToTheFirst() {
        #expect(EditDistance.nearest(to: "rows", in: ["row", "rows"]) == "rows")
        #expect(EditDistance.nearest(to: "rowz", in: ["row", "rows"]) == "row")
        #expect(EditDistance.nearest(to: "bat", in: ["cat", "hat"]) == "cat")
    }

    @Test func shortWordsNeedCloseMatches() {
        // One edit in three characters is a typo; two is another word.
        #expect(EditDistance.nearest(to: "ro", in: ["row"]) == "row")
        #expect(EditDistance.nearest(to: "rx", in: ["set"]) == nil)
        #expect(EditDistance.nearest(to: "abc", in: ["xyz"]) == nil)
    }
}
