@_spi(Host) import CellKit
import WorkerProtocol

extension RowFilter {
    /// Why the text of `where=` or `sort=` does not read: the message, where
    /// (in characters from the start of the text) and how long, and the fix.
    package struct ParseError: Error, Equatable {
        package var message: String
        package var offset: Int
        package var length: Int
        package var fix: String
    }

    /// The grammar, for messages.
    package static let grammar =
        "write comparisons such as .status == \"failed\" or .age >= 30, joined by and, or, not and parentheses"

    /// Parses the text of `where=`.
    package static func parse(_ text: String) throws(ParseError) -> RowFilter {
        var parser = Parser(tokens: try Tokens.read(text), end: text.count)
        let filter = try parser.expression()
        if let extra = parser.peek {
            throw ParseError(
                message: "unexpected \(extra.description) after a whole expression", offset: extra.offset,
                length: extra.length, fix: "join comparisons with and or or: .a == 1 and .b == 2")
        }
        return filter
    }
}

/// A token of `where=`.
struct FilterToken {
    enum Kind: Equatable {
        case field(FieldPath)
        case literal(RowValue)
        case op(DataComparison)
        case word(String)  // and, or, not, or a word that is none of them
        case open, close
        case unknown(String)
    }
    var kind: Kind
    var offset: Int
    var length: Int

    var description: String {
        switch kind {
        case .field(let path): "field \(path)"
        case .literal(.value(let text, _)): "'\(text)'"
        case .literal: "null"
        case .op(let op): "'\(op.rawValue)'"
        case .word(let word): "'\(word)'"
        case .open: "'('"
        case .close: "')'"
        case .unknown(let text): "'\(text)'"
        }
    }
}

/// Reads the tokens of `where=` and `sort=`.
enum Tokens {
    static func read(_ text: String) throws(RowFilter.ParseError) -> [FilterToken] {
        let c = Array(text)
        var tokens: [FilterToken] = []
        var i = 0
        func isNameStart(_ ch: Character) -> Bool {
            ch.unicodeScalars.count == 1 && Lexer.isNameStart(ch.unicodeScalars.first!)
        }
        func isNameContinue(_ ch: Character) -> Bool {
            ch.unicodeScalars.count == 1 && Lexer.isNameContinue(ch.unicodeScalars.first!)
        }
        while i < c.count {
            let start = i
            let ch = c[i]
            if ch == " " || ch == "\t" {
                i += 1
                continue
            }
            let kind: FilterToken.Kind
            if ch == "." {
                kind = .field(try field(c, &i))
            } else if ch == "\"" {
                kind = .literal(.value(text: try quoted(c, &i), number: nil))
            } else if ch == "(" || ch == ")" {
                i += 1
                kind = ch == "(" ? .open : .close
            } else if "=!<>&|".contains(ch) {
                var op = String(ch)
                i += 1
                if i < c.count, "=&|".contains(c[i]) {
                    op.append(c[i])
                    i += 1
                }
                if let known = DataComparison(rawValue: op), known != .contains {
                    kind = .op(known)
                } else {
                    let fixes = ["=": "==", "&&": "and", "||": "or", "!": "not", "&": "and", "|": "or"]
                    throw RowFilter.ParseError(
                        message: "unknown operator '\(op)'", offset: start, length: op.count,
                        fix: fixes[op].map { "did you mean '\($0)'?" } ?? RowFilter.grammar)
                }
            } else if ch.isNumber || ch == "-" || ch == "+" {
                var word = ""
                while i < c.count, c[i].isLetter || c[i].isNumber || ".+-_".contains(c[i]) {
                    word.append(c[i])
                    i += 1
                }
                guard let number = RowValue.number(word) else {
                    throw RowFilter.ParseError(
                        message: "'\(word)' is not a number", offset: start, length: max(1, word.count),
                        fix: "write a number as 42, -3.5 or 1e6, and text in double quotes: \"\(word)\"")
                }
                kind = .literal(.value(text: word, number: number))
            } else if isNameStart(ch) {
                var word = ""
                while i < c.count, isNameContinue(c[i]) {
                    word.append(c[i])
                    i += 1
                }
                switch word {
                case "true", "false": kind = .literal(.value(text: word, number: nil))
                case "null": kind = .literal(.null)
                case "contains": kind = .op(.contains)
                default: kind = .word(word)
                }
            } else {
                i += 1
                kind = .unknown(String(ch))
            }
            tokens.append(FilterToken(kind: kind, offset: start, length: i - start))
        }
        return tokens
    }

    /// A field after its `.` at `i`: names, quoted names, `.` between them, `[N]` indexes.
    static func field(_ c: [Character], _ i: inout Int) throws(RowFilter.ParseError) -> FieldPath {
        let start = i
        var components: [FieldPath.Component] = []
        func isName(_ ch: Character, first: Bool) -> Bool {
            guard ch.unicodeScalars.count == 1, let s = ch.unicodeScalars.first else { return false }
            return first ? Lexer.isNameStart(s) : Lexer.isNameContinue(s)
        }
        while i < c.count {
            if c[i] == "." {
                i += 1
                if i < c.count, c[i] == "\"" {
                    components.append(.key(try quoted(c, &i)))
                } else if i < c.count, isName(c[i], first: true) {
                    var key = ""
                    while i < c.count, isName(c[i], first: false) {
                        key.append(c[i])
                        i += 1
                    }
                    components.append(.key(key))
                } else {
                    throw RowFilter.ParseError(
                        message: "expected a field name after '.'", offset: i - 1, length: 1,
                        fix: "a field is written .name, .a.b, .items[0] or .\"First Name\"")
                }
            } else if c[i] == "[" {
                let open = i
                i += 1
                var digits = ""
                while i < c.count, c[i].isASCII, c[i].isNumber {
                    digits.append(c[i])
                    i += 1
                }
                guard let index = Int(digits), i < c.count, c[i] == "]" else {
                    throw RowFilter.ParseError(
                        message: "expected an index from 0, such as [0]", offset: open, length: 1,
                        fix: "a field is written .name, .a.b, .items[0] or .\"First Name\"")
                }
                i += 1
                components.append(.index(index))
            } else {
                break
            }
        }
        if components.isEmpty && i == start + 1 { return FieldPath([]) }
        return FieldPath(components)
    }

    /// A double-quoted string at `i`, with the script's escapes `\"` and `\\`.
    static func quoted(_ c: [Character], _ i: inout Int) throws(RowFilter.ParseError) -> String {
        let open = i
        i += 1
        var text = ""
        while i < c.count, c[i] != "\"" {
            if c[i] == "\\", i + 1 < c.count, c[i + 1] == "\"" || c[i + 1] == "\\" { i += 1 }
            text.append(c[i])
            i += 1
        }
        guard i < c.count else {
            throw RowFilter.ParseError(
                message: "this text has no closing '\"'", offset: open, length: 1,
                fix: "close it: \"failed\"; in the script, put the whole expression in single quotes")
        }
        i += 1
        return text
    }
}

/// A recursive descent over the tokens: or, and, not, comparisons.
private struct Parser {
    var tokens: [FilterToken]
    var index = 0
    /// The text's length: where a missing operand at its end is.
    var end: Int

    init(tokens: [FilterToken], end: Int) {
        self.tokens = tokens
        self.end = end
    }

    var peek: FilterToken? { index < tokens.count ? tokens[index] : nil }

    mutating func next() -> FilterToken? {
        defer { index += 1 }
        return peek
    }

    func isWord(_ word: String) -> Bool {
        peek?.kind == .word(word)
    }

    mutating func expression() throws(RowFilter.ParseError) -> RowFilter {
        var left = try conjunction()
        while isWord("or") {
            index += 1
            left = .or(left, try conjunction())
        }
        return left
    }

    mutating func conjunction() throws(RowFilter.ParseError) -> RowFilter {
        var left = try negation()
        while isWord("and") {
            index += 1
            left = .and(left, try negation())
        }
        return left
    }

    mutating func negation() throws(RowFilter.ParseError) -> RowFilter {
        if isWord("not") {
            index += 1
            return .not(try negation())
        }
        if peek?.kind == .open {
            let open = next()!
            let inner = try expression()
            guard peek?.kind == .close else {
                throw RowFilter.ParseError(
                    message: "this '(' is not closed", offset: open.offset, length: 1,
                    fix: "add ')' after the expression it opens")
            }
            index += 1
            return inner
        }
        let left = try operand()
        guard let token = next() else {
            throw RowFilter.ParseError(
                message: "expected an operator after \(left.1)", offset: end, length: 1,
                fix: "compare it: ==, !=, <, <=, >, >= or contains, then a field or a value")
        }
        guard case .op(let op) = token.kind else {
            var fix = "the operators are ==, !=, <, <=, >, >= and contains"
            if case .word(let word) = token.kind,
                let suggestion = Suggestions.didYouMean(word, in: ["contains", "and", "or", "not"])
            {
                fix = suggestion
            }
            throw RowFilter.ParseError(
                message: "expected an operator after \(left.1), found \(token.description)", offset: token.offset,
                length: token.length, fix: fix)
        }
        let right = try operand()
        return .compare(left.0, op, right.0)
    }

    /// A field or a literal, and how messages name it.
    mutating func operand() throws(RowFilter.ParseError) -> (RowOperand, String) {
        guard let token = next() else {
            throw RowFilter.ParseError(
                message: "expected a field or a value at the end", offset: end, length: 1,
                fix: "finish the comparison: .age > 30")
        }
        switch token.kind {
        case .field(let path): return (.field(path, offset: token.offset), "field \(path)")
        case .literal(let value): return (.literal(value), token.description)
        case .word(let word) where !["and", "or", "not"].contains(word):
            throw RowFilter.ParseError(
                message: "'\(word)' is neither a field nor a value", offset: token.offset, length: token.length,
                fix: "a field starts with a dot (.\(word)); text is in double quotes (\"\(word)\")")
        default:
            throw RowFilter.ParseError(
                message: "expected a field or a value, found \(token.description)", offset: token.offset,
                length: token.length, fix: RowFilter.grammar)
        }
    }
}
