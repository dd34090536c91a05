/// What a key does at the line editor's prompt (outside reverse search): the key map,
/// Emacs-style as readline binds it.
///
/// ```swift
/// EditAction(.control("a"))            // .moveToStart
/// EditAction(.left([.control]))        // .moveWordBackward
/// EditAction(.control("q"))            // nil: unbound, ignored
/// ```
enum EditAction: Equatable {
    case insert(String)
    /// A bracketed paste, inserted once its control characters are made safe.
    case paste(String)
    case accept
    /// Ctrl-C: give up the line.
    case interrupt
    /// Ctrl-D: the end of input on an empty line, else a forward delete.
    case endOfInputOrDeleteForward
    case deleteBackward, deleteForward
    case moveBackward, moveForward, moveToStart, moveToEnd
    case moveWordBackward, moveWordForward
    /// Kills into the kill ring: a word, a whitespace-separated word, or to an end of the line.
    case killWordForward, killWordBackward, killBigWordBackward, killToEnd, killToStart
    case yank, yankRotate
    case transpose
    case clearScreen
    case historyOlder, historyNewer, historyFirst, historyLast
    case reverseSearch
    case complete
    case bell
    case suspend

    /// The action `key` is bound to; `nil` for an unbound key.
    init?(_ key: Key) {
        let word: KeyModifiers = [.control, .alt, .meta]
        switch key {
        case .character(let character): self = .insert(String(character))
        case .paste(let text): self = .paste(text)
        case .enter: self = .accept
        case .control("c"): self = .interrupt
        case .control("d"): self = .endOfInputOrDeleteForward
        case .backspace, .control("h"): self = .deleteBackward
        case .left(let modifiers) where !modifiers.isDisjoint(with: word): self = .moveWordBackward
        case .right(let modifiers) where !modifiers.isDisjoint(with: word): self = .moveWordForward
        case .left, .control("b"): self = .moveBackward
        case .right, .control("f"): self = .moveForward
        case .home, .control("a"): self = .moveToStart
        case .end, .control("e"): self = .moveToEnd
        case .alt("b"), .alt("B"): self = .moveWordBackward
        case .alt("f"), .alt("F"): self = .moveWordForward
        case .alt("d"), .alt("D"): self = .killWordForward
        case .delete(let modifiers) where !modifiers.isDisjoint(with: word): self = .killWordForward
        case .altBackspace: self = .killWordBackward
        case .delete: self = .deleteForward
        case .control("w"): self = .killBigWordBackward
        case .control("k"): self = .killToEnd
        case .control("u"): self = .killToStart
        case .control("y"): self = .yank
        case .alt("y"), .alt("Y"): self = .yankRotate
        case .control("t"): self = .transpose
        case .control("l"): self = .clearScreen
        case .up, .control("p"): self = .historyOlder
        case .down, .control("n"): self = .historyNewer
        case .pageUp, .alt("<"): self = .historyFirst
        case .pageDown, .alt(">"): self = .historyLast
        case .control("r"): self = .reverseSearch
        case .tab: self = .complete
        case .control("g"): self = .bell
        case .control("z"): self = .suspend
        default: return nil
        }
    }
}
