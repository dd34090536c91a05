/// Valid JSON texts that the round-trip, Foundation cross-check and fuzz tests share.
enum JSONCorpus {
    static let documents: [String] = [
        "null", "true", "false", "0", "-0", "1", "-1", "42", "3.25", "-0.5", "1e3", "1E-3",
        "2.5e+10", "0.1", "1.7976931348623157e308", "5e-324", "-1.5E-7",
        "9223372036854775807", "-9223372036854775808", "9223372036854775808",
        "123456789012345678901234567890", "-123456789012345678901234567890",
        "\"\"", "\"plain\"", "\"with \\\"quotes\\\" and \\\\ backslash\"",
        "\"\\/ slash \\b\\f\\n\\r\\t controls\"", "\"\\u0000 nul and \\u001f unit separator\"",
        "\"caf\\u00e9 = café\"", "\"\\u4e2d\\u6587 中文\"", "\"\\uD83D\\uDE00 😀 emoji\"",
        "\"\\ud834\\udd1e clef 𝄞\"", "\"e\\u0301 combining\"", "\"👩‍👩‍👧 family\"",
        "\"\\u2028\\u2029 separators\"", "\"tab\\tin\\tstring\"",
        "[]", "{}", "[[]]", "[{}]", "{\"a\":{}}", "[1,2,3]", "[ 1 , 2 , 3 ]",
        " \t\r\n [\r\n1\r\n] \n ",
        "{\"name\":\"Ada\",\"born\":1815,\"languages\":[\"en\",\"fr\"],\"alive\":false,\"spouse\":null}",
        "{\"z\":1,\"a\":2,\"m\":3}",
        "{\"\":\"empty key\",\"é\":\"non-ASCII key\",\"a\\nb\":\"escaped key\"}",
        "[true,false,null,0,-1,1.5,\"s\",[],{}]",
        "{\"nested\":{\"deeper\":{\"deepest\":[1,[2,[3,[4]]]]}}}",
        "[{\"id\":1,\"tags\":[\"a\",\"b\"]},{\"id\":2,\"tags\":[]},{\"id\":3,\"tags\":[\"c\"]}]",
        "{\"k1\":1,\"k2\":2,\"k3\":3,\"k4\":4,\"k5\":5,\"k6\":6,\"k7\":7,\"k8\":8,\"k9\":9,\"k10\":10}",
        "[-0.0,1.0,100.0,1e-7,123456.789,-2.5e-300]",
        "\u{FEFF}{\"bom\":true}",
    ]

    /// `depth` nested arrays around `1`.
    static func nestedArrays(depth: Int) -> String {
        String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
    }

    /// `depth` nested objects, each `{"k": ...}`, around `1`.
    static func nestedObjects(depth: Int) -> String {
        String(repeating: "{\"k\":", count: depth) + "1" + String(repeating: "}", count: depth)
    }
}
