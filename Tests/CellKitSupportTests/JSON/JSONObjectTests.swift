import Testing

@testable import CellKitSupport

@Suite("JSON objects")
struct JSONObjectTests {
    @Test func membersKeepTheirOrderAndUpdateInPlace() {
        var object: JSONObject = ["b": 1, "a": 2]
        object["c"] = 3
        object["b"] = 10
        #expect(object.keys == ["b", "a", "c"])
        #expect(object.values == [10, 2, 3])
        #expect(object.updateValue(20, forKey: "a") == 2)
        #expect(object.removeValue(forKey: "b") == 10)
        #expect(object.removeValue(forKey: "b") == nil)
        object["a"] = nil
        #expect(object.keys == ["c"])
        #expect(object.map(\.key) == ["c"])
        #expect(object[0].value == 3)
    }

    @Test func equalityAndHashIgnoreOrder() {
        let one: JSONObject = ["a": 1, "b": [1, 2]]
        let other: JSONObject = ["b": [1, 2], "a": 1]
        #expect(one == other)
        #expect(one.hashValue == other.hashValue)
        #expect(Set([JSONValue.object(one), .object(other)]).count == 1)
        #expect(one != ["a": 1, "b": [2, 1]])
        #expect(one != ["a": 1])
        #expect(one != ["a": 1, "c": [1, 2]])
    }

    @Test func repeatedKeysInLiteralsKeepTheFirstPlaceAndTheLastValue() {
        let object = JSONObject([(key: "a", value: 1), (key: "b", value: 2), (key: "a", value: 3)])
        #expect(object.keys == ["a", "b"])
        #expect(object["a"] == 3)
    }

    @Test func largeObjectsLookUpEveryKey() {
        var object = JSONObject()
        for index in 0..<100 {
            object["k\(index)"] = .int(index)
        }
        for index in stride(from: 0, to: 100, by: 7) {
            #expect(object["k\(index)"] == .int(index))
            #expect(object.index(forKey: "k\(index)") == index)
        }
        // Removing renumbers the members after it.
        object["k0"] = nil
        #expect(object.index(forKey: "k1") == 0)
        #expect(object.index(forKey: "k99") == 98)
        for index in 1..<95 {
            object["k\(index)"] = nil
        }
        #expect(object.keys == ["k95", "k96", "k97", "k98", "k99"])
        #expect(object["k97"] == 97)
        #expect(object["k5"] == nil)
    }
}
