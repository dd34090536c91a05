/// Writes `JSONValue`s as UTF-8 JSON text: the engine of `JSONValue.serialized(_:)`.
struct JSONWriter {
    private(set) var output: [UInt8] = []
    private let isPretty: Bool
    /// Whether NaN and infinities are written as Swift prints them (for `description`)
    /// instead of refused.
    private let writesNonFiniteAsText: Bool

    init(format: JSONFormat, writesNonFiniteAsText: Bool = false) {
        self.isPretty = format == .pretty
        self.writesNonFiniteAsText = writesNonFiniteAsText
    }

    /// Appends `value`, nested `depth` levels deep (for pretty indentation).
    mutating func write(_ value: JSONValue, depth: Int = 0) throws(JSONSerializationError) {
        switch value {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let value):
            output.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value):
            output.append(contentsOf: String(value).utf8)
        case .double(let value):
            // Swift's shortest round-tripping form; always valid JSON for finite values
            // ("1.0", "1e-05", "1.7976931348623157e+308", "-0.0").
            guard value.isFinite || writesNonFiniteAsText else {
                throw JSONSerializationError(
                    path: JSONPath(),
                    message: value.isNaN
                        ? "NaN cannot be written as JSON" : "\(value) cannot be written as JSON",
                    fix: "write null or a string instead")
            }
            output.append(contentsOf: value.description.utf8)
        case .number(let text):
            output.append(contentsOf: text.utf8)
        case .string(let value):
            Self.appendQuoted(value, to: &output)
        case .array(let elements):
            guard !elements.isEmpty else {
                output.append(contentsOf: "[]".utf8)
                return
            }
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 {
                    output.append(UInt8(ascii: ","))
                }
                newline(depth: depth + 1)
                do {
                    try write(element, depth: depth + 1)
                } catch {
                    throw error.prefixed(with: .index(index))
                }
            }
            newline(depth: depth)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else {
                output.append(contentsOf: "{}".utf8)
                return
            }
            output.append(UInt8(ascii: "{"))
            for (index, member) in object.enumerated() {
                if index > 0 {
                    output.append(UInt8(ascii: ","))
                }
                newline(depth: depth + 1)
                Self.appendQuoted(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                if isPretty {
                    output.append(UInt8(ascii: " "))
                }
                do {
                    try write(member.value, depth: depth + 1)
                } catch {
                    throw error.prefixed(with: .key(member.key))
                }
            }
            newline(depth: depth)
            output.append(UInt8(ascii: "}"))
        }
    }

    private mutating func newline(depth: Int) {
        guard isPretty else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    /// Appends `string` in double quotes, escaping `"`, `\`, the control characters
    /// U+0000 to U+001F (`\b \f \n \r \t`, the others as `\u00XX`), and the C1 controls
    /// U+0080 to U+009F as `\u00XX` (U+009B is a one-byte CSI: a terminal showing the
    /// JSON must never see it raw). `/`, DEL and everything else beyond ASCII are
    /// written as they are, in UTF-8.
    static func appendQuoted(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        ContiguousUTF8.with(string) { bytes in
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                // A C1 control is 0xC2 then 0x80 to 0x9F in UTF-8.
                let c1 = byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] < 0xA0
                guard byte < 0x20 || c1 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                else {
                    index += 1
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                let scalar = c1 ? bytes[index + 1] : byte
                index += c1 ? 2 : 1
                runStart = index
                output.append(UInt8(ascii: "\\"))
                switch scalar {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(scalar)
                case 0x08: output.append(UInt8(ascii: "b"))
                case 0x0C: output.append(UInt8(ascii: "f"))
                case 0x0A: output.append(UInt8(ascii: "n"))
                case 0x0D: output.append(UInt8(ascii: "r"))
                case 0x09: output.append(UInt8(ascii: "t"))
                default:
                    output.append(contentsOf: "u00".utf8)
                    output.append(contentsOf: CharacterDescription.hex(UInt32(scalar), digits: 2).utf8)
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        output.append(UInt8(ascii: "\""))
    }
}
