/// Turns the bytes a terminal sends into ``Key``s.
///
/// Feed it bytes as they arrive (`feed(_:)`) and take keys out (`next()`).
/// Sequences split across reads are kept until the rest arrives: an incomplete
/// UTF-8 character, an incomplete escape sequence, a paste without its end
/// marker. A lone ESC cannot be told from the start of a sequence, so when
/// `next()` returns `nil` while `hasPendingInput` is `true`, the caller waits at
/// most ``escapeTimeout`` for more input and calls `flush()` if none comes:
/// `ESC` alone then decodes as `.escape`, `ESC [` as Alt-[, and so on.
///
/// Recognised: printable UTF-8; CR and LF (a CR LF pair in one read is one
/// Enter); Tab; DEL and BS; all C0 controls as `.control`; ESC + printable as
/// `.alt`; ESC + DEL/BS; CSI and SS3 cursor keys in the xterm, VT220, rxvt and
/// Linux console variants, with xterm modifiers (`ESC[1;5C`) and ESC-prefixed
/// sequences as Alt (`ESC ESC[D`); `ESC[Z`; bracketed paste. Other well-formed
/// sequences are swallowed as `.unknown`; invalid UTF-8 is dropped.
struct KeyDecoder {
    /// How long to wait after an ESC (or another incomplete sequence) before
    /// deciding it is complete: long enough for a sequence split over a slow link,
    /// short enough that a lone ESC does not feel slow.
    static let escapeTimeout: Duration = .milliseconds(100)

    private var buffer: [UInt8] = []
    private var start = 0
    private var ready: [Key] = []
    private var readyStart = 0
    private var inPaste = false
    private var pasted: [UInt8] = []
    private var flushing = false

    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    init() {}

    /// Adds bytes read from the terminal.
    mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete key, or `nil` when more input is needed.
    mutating func next() -> Key? {
        if readyStart == ready.count { decodeAvailable() }
        guard readyStart < ready.count else { return nil }
        let key = ready[readyStart]
        readyStart += 1
        if readyStart == ready.count {
            ready.removeAll(keepingCapacity: true)
            readyStart = 0
        }
        return key
    }

    /// Whether `next()` would return a key without more input.
    mutating func hasKeyReady() -> Bool {
        if readyStart == ready.count { decodeAvailable() }
        return readyStart < ready.count
    }

    /// Whether bytes are held back waiting for the rest of a sequence (or a
    /// paste is in progress). When `next()` returns `nil` and this is `true`, read
    /// with ``escapeTimeout`` and call `flush()` on timeout.
    var hasPendingInput: Bool {
        start < buffer.count || inPaste
    }

    /// Decodes what is pending as if no more bytes were coming: a lone ESC
    /// becomes `.escape`, a paste in progress yields what has arrived so far
    /// (and stays in paste mode until its end marker), an incomplete UTF-8
    /// sequence is dropped.
    mutating func flush() {
        flushing = true
        decodeAvailable()
        flushing = false
    }

    // MARK: - Decoding

    private mutating func decodeAvailable() {
        while readyStart == ready.count {
            let before = (start, inPaste)
            if inPaste {
                decodePaste()
            } else {
                guard start < buffer.count else { break }
                decodeOne()
            }
            let madeProgress = readyStart < ready.count || start != before.0 || inPaste != before.1
            if !madeProgress { break }  // an incomplete sequence: wait for more input
        }
        compact()
    }

    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 4096 {
            buffer.removeFirst(start)
            start = 0
        }
    }

    private mutating func emit(_ key: Key, consuming count: Int) {
        ready.append(key)
        start += count
    }

    private mutating func decodeOne() {
        let byte = buffer[start]
        switch byte {
        case 0x1B:
            decodeEscape()
        case 0x0D:
            let pairedLF = start + 1 < buffer.count && buffer[start + 1] == 0x0A
            emit(.enter, consuming: pairedLF ? 2 : 1)
        case 0x0A:
            emit(.enter, consuming: 1)
        case 0x09:
            emit(.tab, consuming: 1)
        case 0x7F, 0x08:
            emit(.backspace, consuming: 1)
        case 0x00..<0x20:
            emit(.control(Self.controlName(byte)), consuming: 1)
        default:
            decodeText()
        }
    }

    /// The character naming a C0 control: 0x01 → "a", 0x00 → "@", 0x1F → "_".
    private static func controlName(_ byte: UInt8) -> Character {
        let scalar = Unicode.Scalar(byte | 0x40)
        return Character(scalar).lowercased().first ?? Character(scalar)
    }

    /// A run of printable characters, up to the next control byte or the end of
    /// the complete input.
    private mutating func decodeText() {
        var end = start
        var validBytes: [UInt8] = []
        while end < buffer.count {
            let byte = buffer[end]
            if byte < 0x20 || byte == 0x7F { break }
            if byte < 0x80 {
                validBytes.append(byte)
                end += 1
                continue
            }
            switch Self.utf8Sequence(in: buffer, at: end) {
            case .complete(let length):
                let scalarBytes = buffer[end..<(end + length)]
                if !Self.isC1Control(scalarBytes) { validBytes.append(contentsOf: scalarBytes) }
                end += length
            case .invalid:
                end += 1
            case .incomplete:
                if flushing {
                    end = buffer.count
                }
                // Stop here: the rest arrives with the next read.
                finishText(validBytes, end: end)
                return
            }
        }
        finishText(validBytes, end: end)
    }

    private mutating func finishText(_ bytes: [UInt8], end: Int) {
        for character in String(decoding: bytes, as: UTF8.self) {
            ready.append(.character(character))
        }
        start = end
    }

    private static func isC1Control(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.count == 2 && bytes.first == 0xC2 && (bytes.last ?? 0) < 0xA0
    }

    enum UTF8Sequence: Equatable {
        case complete(Int)
        case incomplete, invalid
    }

    /// Checks the structure of the UTF-8 sequence starting at `index`.
    static func utf8Sequence(in bytes: [UInt8], at index: Int) -> UTF8Sequence {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0x00..<0x80: return .complete(1)
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .invalid
        }
        var offset = 1
        while offset < length {
            guard index + offset < bytes.count else { return .incomplete }
            if bytes[index + offset] & 0xC0 != 0x80 { return .invalid }
            offset += 1
        }
        return .complete(length)
    }

    // MARK: Escape sequences

    private mutating func decodeEscape() {
        let next = start + 1
        guard next < buffer.count else {
            if flushing { emit(.escape, consuming: 1) }
            return
        }
        let byte = buffer[next]
        switch byte {
        case UInt8(ascii: "["), UInt8(ascii: "O"):
            guard let (key, length) = decodeSequence(at: start) else { return }
            emitSequence(key, consuming: length)
        case 0x1B:
            // ESC ESC [ … : the Alt variant some terminals send for Alt-arrows.
            let third = start + 2
            guard third < buffer.count else {
                if flushing { emit(.escape, consuming: 1) }
                return
            }
            if buffer[third] == UInt8(ascii: "[") || buffer[third] == UInt8(ascii: "O") {
                guard let (key, length) = decodeSequence(at: next) else { return }
                emitSequence(Self.addingAlt(to: key), consuming: length + 1)
            } else {
                emit(.escape, consuming: 1)
            }
        case 0x7F, 0x08:
            emit(.altBackspace, consuming: 2)
        case 0x00..<0x20:
            emit(.escape, consuming: 1)
        case 0x20..<0x7F:
            emit(.alt(Character(Unicode.Scalar(byte))), consuming: 2)
        default:
            switch Self.utf8Sequence(in: buffer, at: next) {
            case .complete(let length):
                let text = String(decoding: buffer[next..<(next + length)], as: UTF8.self)
                if let character = text.first {
                    emit(.alt(character), consuming: 1 + length)
                } else {
                    emit(.escape, consuming: 1)
                }
            case .incomplete:
                if flushing { emit(.escape, consuming: 1) }
            case .invalid:
                emit(.escape, consuming: 1)
            }
        }
    }

    private mutating func emitSequence(_ key: Key?, consuming length: Int) {
        if let key {
            emit(key, consuming: length)
        } else {
            // Bracketed paste start: no key; the paste follows.
            start += length
            inPaste = true
            pasted.removeAll(keepingCapacity: true)
        }
    }

    /// Decodes `ESC [ …` or `ESC O x` at `index`. Returns `nil` when more bytes
    /// are needed; a `nil` key means "bracketed paste starts".
    private func decodeSequence(at index: Int) -> (Key?, Int)? {
        let introducer = buffer[index + 1]
        let body = index + 2
        if introducer == UInt8(ascii: "O") {
            guard body < buffer.count else {
                return flushing ? (.alt("O"), 2) : nil
            }
            return (Self.ss3Key(buffer[body]), 3)
        }
        // CSI: parameters 0x30–0x3F, intermediates 0x20–0x2F, final 0x40–0x7E.
        if body < buffer.count && buffer[body] == UInt8(ascii: "[") {
            // Linux console function keys: ESC [ [ A.
            guard body + 1 < buffer.count else {
                return flushing ? (.unknown(Array(buffer[index...])), buffer.count - index) : nil
            }
            return (.unknown(Array(buffer[index...(body + 1)])), body + 2 - index)
        }
        var position = body
        while position < buffer.count {
            let byte = buffer[position]
            let isRxvtFinal = byte == UInt8(ascii: "$") && position > body
            if (0x40...0x7E).contains(byte) || isRxvtFinal {
                let length = position + 1 - index
                let key = Self.csiKey(
                    parameters: Array(buffer[body..<position]), final: byte,
                    bytes: Array(buffer[index...position]))
                return (key, length)
            }
            if byte < 0x20 || byte == 0x7F || position - index > 64 {
                // Malformed: swallow what came before the offending byte.
                if position == body { return (.alt("["), 2) }
                return (.unknown(Array(buffer[index..<position])), position - index)
            }
            position += 1
        }
        guard flushing else { return nil }
        if body >= buffer.count { return (.alt("["), 2) }
        return (.unknown(Array(buffer[index...])), buffer.count - index)
    }

    private static func ss3Key(_ final: UInt8) -> Key {
        switch final {
        case UInt8(ascii: "A"): return .up()
        case UInt8(ascii: "B"): return .down()
        case UInt8(ascii: "C"): return .right()
        case UInt8(ascii: "D"): return .left()
        case UInt8(ascii: "H"): return .home()
        case UInt8(ascii: "F"): return .end()
        case UInt8(ascii: "a"): return .up(.control)
        case UInt8(ascii: "b"): return .down(.control)
        case UInt8(ascii: "c"): return .right(.control)
        case UInt8(ascii: "d"): return .left(.control)
        case UInt8(ascii: "M"): return .enter
        default: return .unknown([0x1B, UInt8(ascii: "O"), final])
        }
    }

    /// The key for a complete CSI sequence; `nil` for "bracketed paste starts".
    private static func csiKey(parameters: [UInt8], final: UInt8, bytes: [UInt8]) -> Key? {
        if let first = parameters.first, (0x3C...0x3F).contains(first) {
            return .unknown(bytes)  // private parameters: mouse, replies…
        }
        let numbers = String(decoding: parameters, as: UTF8.self)
            .split(separator: ";", omittingEmptySubsequences: false)
            .map { Int($0) }
        let first = numbers.first.flatMap { $0 }
        let second = numbers.count > 1 ? numbers[1] : nil
        switch final {
        case UInt8(ascii: "A"), UInt8(ascii: "B"), UInt8(ascii: "C"), UInt8(ascii: "D"),
            UInt8(ascii: "H"), UInt8(ascii: "F"):
            // ESC[1;5C, and the older ESC[5C.
            let modifier = second ?? (first.map { $0 > 1 ? $0 : 1 } ?? 1)
            let modifiers = KeyModifiers(xtermParameter: modifier)
            switch final {
            case UInt8(ascii: "A"): return .up(modifiers)
            case UInt8(ascii: "B"): return .down(modifiers)
            case UInt8(ascii: "C"): return .right(modifiers)
            case UInt8(ascii: "D"): return .left(modifiers)
            case UInt8(ascii: "H"): return .home(modifiers)
            default: return .end(modifiers)
            }
        case UInt8(ascii: "a"): return .up(.shift)
        case UInt8(ascii: "b"): return .down(.shift)
        case UInt8(ascii: "c"): return .right(.shift)
        case UInt8(ascii: "d"): return .left(.shift)
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "~"), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "@"):
            var modifiers = KeyModifiers(xtermParameter: second ?? 1)
            switch final {
            case UInt8(ascii: "^"): modifiers.insert(.control)
            case UInt8(ascii: "$"): modifiers.insert(.shift)
            case UInt8(ascii: "@"): modifiers.formUnion([.control, .shift])
            default: break
            }
            switch first {
            case 1, 7: return .home(modifiers)
            case 4, 8: return .end(modifiers)
            case 2: return .insert(modifiers)
            case 3: return .delete(modifiers)
            case 5: return .pageUp(modifiers)
            case 6: return .pageDown(modifiers)
            case 200 where final == UInt8(ascii: "~"): return nil
            default: return .unknown(bytes)
            }
        default:
            return .unknown(bytes)
        }
    }

    private static func addingAlt(to key: Key?) -> Key? {
        switch key {
        case .up(let m): return .up(m.union(.alt))
        case .down(let m): return .down(m.union(.alt))
        case .left(let m): return .left(m.union(.alt))
        case .right(let m): return .right(m.union(.alt))
        case .home(let m): return .home(m.union(.alt))
        case .end(let m): return .end(m.union(.alt))
        case .pageUp(let m): return .pageUp(m.union(.alt))
        case .pageDown(let m): return .pageDown(m.union(.alt))
        case .insert(let m): return .insert(m.union(.alt))
        case .delete(let m): return .delete(m.union(.alt))
        case .unknown(let bytes): return .unknown([0x1B] + bytes)
        default: return key
        }
    }

    // MARK: Bracketed paste

    /// In paste mode: moves bytes into `pasted` up to the end marker, and emits
    /// the paste when the marker arrives (or what has arrived, on flush).
    private mutating func decodePaste() {
        if let markerIndex = Self.find(Self.pasteEnd, in: buffer, from: start) {
            pasted.append(contentsOf: buffer[start..<markerIndex])
            start = markerIndex + Self.pasteEnd.count
            inPaste = false
            emitPasted(all: true)
            return
        }
        // Keep a tail that may be the start of the end marker.
        let keep = Self.longestSuffixPrefix(of: buffer, from: start, marker: Self.pasteEnd)
        let movable = buffer.count - keep
        if movable > start {
            pasted.append(contentsOf: buffer[start..<movable])
            start = movable
        }
        if flushing { emitPasted(all: false) }
    }

    /// Emits the pasted bytes as one `.paste`; when `all` is false, holds back an
    /// incomplete UTF-8 sequence at the end.
    private mutating func emitPasted(all: Bool) {
        var count = pasted.count
        if !all {
            var lead = count - 1
            while lead >= 0 && lead >= count - 3 && pasted[lead] & 0xC0 == 0x80 { lead -= 1 }
            if lead >= 0, case .incomplete = Self.utf8Sequence(in: pasted, at: lead) {
                count = lead
            }
        }
        guard count > 0 else { return }
        ready.append(.paste(String(decoding: pasted[0..<count], as: UTF8.self)))
        pasted.removeFirst(count)
    }

    private static func find(_ marker: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard bytes.count - from >= marker.count else { return nil }
        var index = from
        while index + marker.count <= bytes.count {
            if bytes[index] == marker[0] && bytes[index..<(index + marker.count)].elementsEqual(marker) {
                return index
            }
            index += 1
        }
        return nil
    }

    private static func longestSuffixPrefix(of bytes: [UInt8], from: Int, marker: [UInt8]) -> Int {
        let available = bytes.count - from
        var length = min(available, marker.count - 1)
        while length > 0 {
            if bytes[(bytes.count - length)...].elementsEqual(marker[0..<length]) { return length }
            length -= 1
        }
        return 0
    }
}
