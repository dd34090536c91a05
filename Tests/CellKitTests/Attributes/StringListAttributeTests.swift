@_spi(Host) import CellKit
import Testing

/// A cell with a list of strings, attributes with typed accessors, and one
/// with untyped accessors: what data-bound rows set millions of times.
final class TagsCell: TableViewCell, Reusable, Inspectable {
    enum Mood: String, CaseIterable, AttributeEnum { case calm, busy }

    var tags: [String] = ["new"]
    var title = "Untitled"
    var mood: Mood = .calm
    var note = ""
    private(set) var titleSets = 0

    override func prepareForReuse() {
        super.prepareForReuse()
        resetAttributesToDefaults()
    }

    static var inspectableAttributes: [InspectableAttribute<TagsCell>] {
        [
            .init("tags", \.tags),
            .init(
                "title", summary: "typed accessors", get: { $0.title },
                set: { cell, value in
                    cell.title = value
                    cell.titleSets += 1
                }),
            .init("mood", \.mood),
            .init(
                "note", type: .string, summary: "untyped accessors", get: { .string($0.note) },
                set: { cell, value throws(ValueError) in cell.note = value.description }),
        ]
    }
}

@Suite struct StringListAttributeTests {
    @Test func aListOfStringsIsWrittenInBracketsOrWithBars() throws {
        #expect(AttributeType.strings.description == "[String]")
        #expect(try AttributeType.strings.parse("[a, b]") == .strings(["a", "b"]))
        #expect(
            try AttributeType.strings.parse(" [ ID , \"Full name\", \"a, b\" ] ")
                == .strings(["ID", "Full name", "a, b"]))
        #expect(try AttributeType.strings.parse("[]") == .strings([]))
        #expect(try AttributeType.strings.parse("[\"\"]") == .strings([""]))
        #expect(try AttributeType.strings.parse("1|Ada Lovelace|1815") == .strings(["1", "Ada Lovelace", "1815"]))
        #expect(try AttributeType.strings.parse("a\\|b | c") == .strings(["a|b", "c"]))
        #expect(try AttributeType.strings.parse("") == .strings([]))
        #expect(try AttributeType.strings.parse("[\"say \\\"hi\\\"\", x]") == .strings(["say \"hi\"", "x"]))
    }

    @Test func aMalformedListSaysWhatIsWrong() {
        let open = #expect(throws: ValueError.self) { try AttributeType.strings.parse("[\"a, b]") }
        #expect(open?.message == "the list [\"a, b] has a quoted item with no closing quote")
        let comma = #expect(throws: ValueError.self) { try AttributeType.strings.parse("[\"a\" \"b\"]") }
        #expect(comma?.fix == "separate the items with commas: [a, b]")
    }

    @Test func aListIsWrittenSoThatItReadsBack() throws {
        for list in [["a", "b"], ["Full name", "x|y", "a, b", "say \"hi\"", "back\\slash", ""], [], ["[x]"]] {
            let text = AttributeValue.strings(list).description
            #expect(try AttributeType.strings.parse(text) == .strings(list), "\(text)")
        }
        #expect(AttributeValue.strings(["ID", "Full name"]).description == "[ID, \"Full name\"]")
    }

    @Test func otherValuesConvertToAList() throws {
        #expect(try AttributeType.strings.convert(.string("a|b|c")) == .strings(["a", "b", "c"]))
        #expect(try AttributeType.strings.convert(.string("[not, a, list]")) == .strings(["[not, a, list]"]))
        #expect(try AttributeType.strings.convert(.int(7)) == .strings(["7"]))
        #expect(try AttributeType.strings.convert(.numbers([1, 2.5])) == .strings(["1", "2.5"]))
        #expect(try [String](attributeValue: .string("x|y")) == ["x", "y"])
        #expect(["a", "b"].attributeValue == .strings(["a", "b"]))
    }

    @Test func aListAttributeIsSetFromTextAndFromValues() throws {
        let cell = TagsCell()
        #expect(try cell.attributeDescriptor(named: "tags").description == "tags: [String] = [new]")
        try cell.setAttribute("tags", to: "[red, \"dark blue\"]")
        #expect(cell.tags == ["red", "dark blue"])
        try cell.setAttribute("tags", value: .string("a|b"))
        #expect(cell.tags == ["a", "b"])
        try cell.attributeDescriptor(named: "tags").apply(.strings(["x"]), to: cell)
        #expect(cell.attribute("tags") == .strings(["x"]))
    }

    @Test func typedAccessorsTakeValuesOfTheirTypeAndConvertOthers() throws {
        let cell = TagsCell()
        let title = try cell.attributeDescriptor(named: "title")
        #expect(title.type == .string)
        try title.apply(.string("Ada"), to: cell)
        try title.apply(.int(1815), to: cell)
        #expect(cell.title == "1815")
        #expect(cell.titleSets == 2)
        let mood = try cell.attributeDescriptor(named: "mood")
        try mood.apply(.enumeration("busy"), to: cell)
        #expect(cell.mood == .busy)
        try mood.apply(.enumeration("CALM"), to: cell)
        #expect(cell.mood == .calm, "a case name in another case is still found")
        let wrong = #expect(throws: ValueError.self) { try mood.apply(.enumeration("sleepy"), to: cell) }
        #expect(wrong?.message == "'sleepy' is not one of calm, busy")
        #expect(cell.mood == .calm)
        #expect(TagsCell.Mood.attributeType == .enumeration(["calm", "busy"]))
    }

    @Test func aReusedCellGetsEveryDefaultBackWhateverItsAccessors() throws {
        let table = TableView()
        table.register(cellType: TagsCell.self)
        let first: TagsCell = table.dequeueReusableCell(for: IndexPath(row: 0, section: 0))
        try first.setAttribute("tags", to: "[a, b]")
        try first.setAttribute("title", to: "Ada")
        try first.setAttribute("mood", to: "busy")
        try first.setAttribute("note", to: "remember")
        table.enqueueReusableCell(first)
        for row in 1...3 {
            let again: TagsCell = table.dequeueReusableCell(for: IndexPath(row: row, section: 0))
            #expect(again === first)
            #expect(again.tags == ["new"])
            #expect(again.title == "Untitled")
            #expect(again.mood == .calm)
            #expect(again.note == "")
            again.tags.append("changed by hand")
            table.enqueueReusableCell(again)
        }
    }
}
