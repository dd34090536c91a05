import Testing

@testable import Session

/// The key map: Emacs bindings, modified arrows move by words, unbound keys do nothing.
@Suite struct EditActionTests {
    @Test func keysMapToTheirActions() {
        #expect(EditAction(.control("a")) == .moveToStart)
        #expect(EditAction(.home()) == .moveToStart)
        #expect(EditAction(.left()) == .moveBackward)
        #expect(EditAction(.left([.control])) == .moveWordBackward)
        #expect(EditAction(.right([.alt])) == .moveWordForward)
        #expect(EditAction(.delete()) == .deleteForward)
        #expect(EditAction(.delete([.control])) == .killWordForward)
        #expect(EditAction(.alt("Y")) == .yankRotate)
        #expect(EditAction(.character("x")) == .insert("x"))
        #expect(EditAction(.enter) == .accept)
    }

    @Test func unboundKeysAreIgnored() {
        #expect(EditAction(.control("q")) == nil)
        #expect(EditAction(.escape) == nil)
        #expect(EditAction(.unknown([0x1B, 0x5B, 0x32, 0x31, 0x7E])) == nil)
    }
}
