import Testing

/// `format=json` escapes the C1 controls (issue 21, item 18): U+009B is a
/// one-byte CSI, and a data file's `A<U+009B>31mB` written raw would turn a
/// terminal showing the JSON red, where every other format shows `�`.
@Suite struct JSONControlEscapeTests {
    /// U+0085 (NEL) is escaped too; U+00A0 (a no-break space) is not a control.
    @Test func aC1ControlFromADataFileIsWrittenAsAnEscape() throws {
        let s = try Scratch()
        try s.write("c1.csv", "name\nA\u{9B}31mB\nC\u{85}D\u{A0}E\n")
        try s.write("doc.cellkit", "screen S width=20\nrows TextCell from \"c1.csv\" text=.name\nrender format=json\n")
        let result = try s.cellkit(["run", "doc.cellkit"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput
                == #"""
                {
                  "screen": "S",
                  "kind": "list",
                  "width": 20,
                  "border": "none",
                  "separators": false,
                  "sections": [
                    {
                      "rows": [
                        {
                          "cell": "BasicCells.TextCell",
                          "attributes": {
                            "text": "A\u009B31mB"
                          },
                          "source": {
                            "file": "c1.csv",
                            "record": 0
                          }
                        },
                        {
                          "cell": "BasicCells.TextCell",
                          "attributes": {
                            "text": "C\u0085D{NBSP}E"
                          },
                          "source": {
                            "file": "c1.csv",
                            "record": 1
                          }
                        }
                      ]
                    }
                  ],
                  "renderedWidth": 20
                }

                """#.replacing("{NBSP}", with: "\u{A0}"))
        #expect(!result.standardOutput.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
    }
}
