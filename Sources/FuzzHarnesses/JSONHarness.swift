#if DEBUG
    import CellKitSupport
    import DataBinding

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
                    // Numbers kept as written (as data files are read) are written back as they were.
                    let kept = try JSONParser(maximumDepth: depth, keepsNumberText: true).parse(data)
                    for (value, keeps) in [(value, false), (kept, true)] {
                        for format in [JSONFormat.compact, .pretty] {
                            guard let text = try? value.serialized(format) else { continue }
                            let again = try JSONParser(maximumDepth: depth + 1, keepsNumberText: keeps).parse(text)
                            precondition(again == value, "the serialized value reads back differently: \(text)")
                        }
                    }
                } catch {
                    _ = error.description
                }
            }
            checkRecordCheck(data)
        }

        /// The check pass's quick look (`JSONRecordCheck`) counts and reads only
        /// what the parser reads the same way: each text byte for byte the one
        /// the full parse draws (`JSONValue.scalarText` of the parser that keeps
        /// numbers' text, as data files are read), a number's as it is written,
        /// a string's escapes made into the same characters. JSON Lines are
        /// checked as they are, with the answer the array of their lines gets.
        static func checkRecordCheck(_ data: [UInt8]) {
            for lines in [false, true] {
                let array = lines ? JSONCutScanner.arrayOfLines(data) : data
                for keys in [[], ["id"], ["a", "b"]] {
                    let counted = JSONRecordCheck.scalarMembers(data, keys: keys, lines: lines)
                    let texts = JSONRecordCheck.scalarTexts(data, keys: keys, lines: lines)
                    guard counted != nil || texts != nil else { continue }
                    guard case .array(let records)? = try? JSONParser(keepsNumberText: true).parse(array) else {
                        preconditionFailure("JSONRecordCheck read what the parser refuses")
                    }
                    precondition(counted == nil || counted == records.count, "JSONRecordCheck counted otherwise")
                    precondition(texts == nil || texts?.count == records.count, "JSONRecordCheck read otherwise")
                    for (r, record) in records.enumerated() {
                        guard case .object(let object) = record else {
                            preconditionFailure("a record that is not an object")
                        }
                        for (k, key) in keys.enumerated() {
                            guard let index = object.index(forKey: key) else { preconditionFailure("no \(key)") }
                            guard let text = object[index].value.scalarText else {
                                preconditionFailure("\(key) is not a scalar")
                            }
                            precondition(
                                texts == nil || texts.map { Array($0[r][k].utf8) } == Array(text.utf8),
                                "JSONRecordCheck read \(key) otherwise")
                        }
                    }
                }
            }
        }
    }
#endif
