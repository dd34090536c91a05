#if DEBUG
    import CellKit
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
            checkRecordCheck(data)
        }

        /// The check pass's quick look (`JSONRecordCheck`) counts and reads only
        /// what the parser reads the same way.
        static func checkRecordCheck(_ data: [UInt8]) {
            checkLines(data)
            for keys in [[], ["id"], ["a", "b"]] {
                let counted = JSONRecordCheck.scalarMembers(data, keys: keys)
                let texts = JSONRecordCheck.scalarTexts(
                    data, keys: keys, numbers: JSONNumberText(isShortestDecimal: false) { "\($0)" })
                guard counted != nil || texts != nil else { continue }
                guard case .array(let records)? = try? JSONParser().parse(data) else {
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
                        let text: String
                        switch object[index].value {
                        case .null: text = ""
                        case .bool(let b): text = b ? "true" : "false"
                        case .int(let i): text = String(i)
                        case .double(let d): text = "\(d)"
                        case .string(let s): text = s
                        case .array, .object: preconditionFailure("\(key) is not a scalar")
                        }
                        precondition(texts == nil || texts?[r][k] == text, "JSONRecordCheck read \(key) otherwise")
                    }
                }
            }
        }

        /// JSON Lines are checked as they are, with the answer the array of
        /// their lines gets; a number taken as written (the SDK's way of
        /// writing a `Double`) is what the SDK writes of the parser's value.
        static func checkLines(_ data: [UInt8]) {
            let array = JSONCutScanner.arrayOfLines(data)
            let sdk = JSONNumberText(isShortestDecimal: true) { AttributeValue.double($0).description }
            for keys in [["id"], ["a", "b"]] {
                let counted = JSONRecordCheck.scalarMembers(data, keys: keys, lines: true)
                let texts = JSONRecordCheck.scalarTexts(data, keys: keys, numbers: sdk, lines: true)
                guard counted != nil || texts != nil else { continue }
                guard case .array(let records)? = try? JSONParser().parse(array) else {
                    preconditionFailure("JSONRecordCheck read lines the parser refuses as an array")
                }
                precondition(counted == nil || counted == records.count, "JSONRecordCheck counted lines otherwise")
                precondition(texts == nil || texts?.count == records.count, "JSONRecordCheck read lines otherwise")
                for (r, record) in records.enumerated() {
                    guard case .object(let object) = record else { preconditionFailure("a line that is not an object") }
                    for (k, key) in keys.enumerated() {
                        guard let index = object.index(forKey: key) else { preconditionFailure("no \(key)") }
                        guard case .double(let d) = object[index].value else { continue }
                        precondition(
                            texts == nil || texts?[r][k] == AttributeValue.double(d).description,
                            "JSONRecordCheck wrote \(key) otherwise than the SDK")
                    }
                }
            }
        }
    }
#endif
