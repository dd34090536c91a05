import CellKitTesting
import Testing

extension OutputTests {
    @Suite struct GoldenFileTests {
        @Test func diffShowsEachChangeWithTwoLinesOfContext() {
            let diff = GoldenFiles.diff("a\nb\nc\nd\ne\nf\ng\nh\ni\nj", "a\nB\nc\nd\ne\nf\ng\nh\ni\nJ")
            #expect(
                diff == """
                      a|
                    - b|
                    + B|
                      c|
                      d|
                       ...
                      h|
                      i|
                    - j|
                    + J|
                    """)
        }

        @Test func diffOfDifferentLengthsShowsWhatWasAdded() {
            let diff = GoldenFiles.diff("a\nb\nz", "a\nb\nc\nd\nz")
            #expect(
                diff == """
                      a|
                      b|
                    + c|
                    + d|
                      z|
                    """)
        }
    }
}
