import Testing

extension OutputTests {
    @Suite struct GoldenFileTests {
        @Test func diffShowsEachChangedLineWithContext() {
            let diff = goldenDiff(expected: "a\nb\nc\nd\ne\nf\ng", actual: "a\nB\nc\nd\ne\nf\nG", name: "x.txt")
            #expect(
                diff == """
                    --- golden/x.txt
                    +++ actual
                    @@ line 2 @@
                     a
                    -b
                    +B
                    @@ line 7 @@
                     d
                     e
                     f
                    -g
                    +G
                    """)
        }

        @Test func diffOfDifferentLengthsShowsTheChangedBlock() {
            let diff = goldenDiff(expected: "a\nb\nz", actual: "a\nb\nc\nd\nz", name: "x.txt")
            #expect(
                diff == """
                    --- golden/x.txt
                    +++ actual
                    @@ line 3: 3 lines in the golden file, 5 in the output @@
                     a
                     b
                    +c
                    +d
                    """)
        }
    }
}
