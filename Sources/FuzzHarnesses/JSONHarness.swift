#if DEBUG
    import CellKitSupport

    /// The JSON scanner: values and positions; what parses serializes (compact
    /// and pretty) to text that parses again to the same value.
    enum JSONHarness {
        static func run(_ data: [UInt8]) {
            // A small depth limit as well as the default, so both paths are reached.
            for depth in [JSONParser.defaultMaximumDepth, 4] {
                let parser = JSONParser(maximumDepth: depth)
                do {
                    let value = try parser.parse(data)
                    let document = try parser.parseDocument(data)
                    precondition(document.value == value, "parseDocument and parse differ")
                    for format in [JSONFormat.compact, .pretty] {
                        guard let text = try? value.serialized(format) else { continue }
                        let again = try JSONParser(maximumDepth: depth + 1).parse(text)
                        precondition(again == value, "the serialized value reads back differently: \(text)")
                    }
                } catch {
                    _ = error.description
                }
            }
        }
    }
#endif
