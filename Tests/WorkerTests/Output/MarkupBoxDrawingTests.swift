import Testing

@testable import Worker

extension OutputTests {
    @Suite struct MarkupBoxDrawingTests {
        static let width = 84
        static let height = 170
        /// A cell away from the origin, so offsets are tested too.
        static let x0 = 840
        static let y0 = 1700

        /// What each box-drawing character has on each side (up, right, down,
        /// left): 0 nothing, 1 light, 2 heavy, 3 double, read from its Unicode name.
        static let arms: [UInt32: [Int]] = {
            var arms: [UInt32: [Int]] = [:]
            let names: [(String, [Int])] = [
                ("─", [0, 1, 0, 1]), ("━", [0, 2, 0, 2]), ("│", [1, 0, 1, 0]), ("┃", [2, 0, 2, 0]),
                ("┌", [0, 1, 1, 0]), ("┐", [0, 0, 1, 1]), ("└", [1, 1, 0, 0]), ("┘", [1, 0, 0, 1]),
                ("├", [1, 1, 1, 0]), ("┤", [1, 0, 1, 1]), ("┬", [0, 1, 1, 1]), ("┴", [1, 1, 0, 1]),
                ("┼", [1, 1, 1, 1]),
                ("┏", [0, 2, 2, 0]), ("┓", [0, 0, 2, 2]), ("┗", [2, 2, 0, 0]), ("┛", [2, 0, 0, 2]),
                ("┣", [2, 2, 2, 0]), ("┫", [2, 0, 2, 2]), ("┳", [0, 2, 2, 2]), ("┻", [2, 2, 0, 2]),
                ("╋", [2, 2, 2, 2]),
                ("┍", [0, 2, 1, 0]), ("┎", [0, 1, 2, 0]), ("┝", [1, 2, 1, 0]), ("┠", [2, 1, 2, 0]),
                ("┯", [0, 2, 1, 2]), ("┷", [1, 2, 0, 2]), ("┿", [1, 2, 1, 2]), ("╂", [2, 1, 2, 1]),
                ("╃", [2, 1, 1, 2]), ("╆", [1, 2, 2, 1]), ("╼", [0, 2, 0, 1]), ("╽", [1, 0, 2, 0]),
                ("╴", [0, 0, 0, 1]), ("╵", [1, 0, 0, 0]), ("╶", [0, 1, 0, 0]), ("╷", [0, 0, 1, 0]),
                ("═", [0, 3, 0, 3]), ("║", [3, 0, 3, 0]), ("╔", [0, 3, 3, 0]), ("╗", [0, 0, 3, 3]),
                ("╚", [3, 3, 0, 0]), ("╝", [3, 0, 0, 3]), ("╠", [3, 3, 3, 0]), ("╣", [3, 0, 3, 3]),
                ("╦", [0, 3, 3, 3]), ("╩", [3, 3, 0, 3]), ("╬", [3, 3, 3, 3]),
                ("╒", [0, 3, 1, 0]), ("╓", [0, 1, 3, 0]), ("╕", [0, 0, 1, 3]), ("╖", [0, 0, 3, 1]),
                ("╘", [1, 3, 0, 0]), ("╙", [3, 1, 0, 0]), ("╛", [1, 0, 0, 3]), ("╜", [3, 0, 0, 1]),
                ("╞", [1, 3, 1, 0]), ("╟", [3, 1, 3, 0]), ("╡", [1, 0, 1, 3]), ("╢", [3, 0, 3, 1]),
                ("╤", [0, 3, 1, 3]), ("╥", [0, 1, 3, 1]), ("╧", [1, 3, 0, 3]), ("╨", [3, 1, 0, 1]),
                ("╪", [1, 3, 1, 3]), ("╫", [3, 1, 3, 1]),
                ("╭", [0, 1, 1, 0]), ("╮", [0, 0, 1, 1]), ("╯", [1, 0, 0, 1]), ("╰", [1, 1, 0, 0]),
            ]
            for (character, a) in names { arms[character.unicodeScalars.first!.value] = a }
            return arms
        }()

        /// Every line character ends at each edge of its cell exactly where the
        /// same kind of line starts in the next cell, so neighbours join.
        @Test(arguments: OutputTests.MarkupBoxDrawingTests.arms.keys.sorted())
        func linesMeetTheirNeighboursAtTheEdges(_ scalar: UInt32) throws {
            var path = MarkupBytes()
            let drawn = MarkupBoxDrawing.appendPath(
                of: scalar, x: Self.x0, y: Self.y0, cellWidth: Self.width, cellHeight: Self.height, to: &path)
            #expect(drawn)
            let polygons = try parsePath(path.string)
            let arms = Self.arms[scalar]!
            let cx = Self.x0 + Self.width / 2
            let cy = Self.y0 + Self.height / 2
            let edges = [
                edgeProfile(polygons, onY: Self.y0), edgeProfile(polygons, onX: Self.x0 + Self.width),
                edgeProfile(polygons, onY: Self.y0 + Self.height), edgeProfile(polygons, onX: Self.x0),
            ]
            for d in 0..<4 {
                let middle = d % 2 == 0 ? cx : cy
                #expect(
                    edges[d] == expectedProfile(weight: arms[d], around: middle),
                    "side \(d) of \(Character(Unicode.Scalar(scalar)!))")
            }
            for polygon in polygons {
                for (x, y) in polygon {
                    #expect(x >= Self.x0 && x <= Self.x0 + Self.width && y >= Self.y0 && y <= Self.y0 + Self.height)
                }
            }
        }

        @Test func drawsExactlyTheCharactersItClaims() {
            for scalar in UInt32(0x2400)...0x25FF {
                var path = MarkupBytes()
                let drawn = MarkupBoxDrawing.appendPath(
                    of: scalar, x: 0, y: 0, cellWidth: 84, cellHeight: 170, to: &path)
                #expect(drawn == MarkupBoxDrawing.draws(scalar))
                #expect(drawn == !path.bytes.isEmpty)
            }
            for text in ["┄┅┆┇┈┉┊┋╌╍╎╏╱╲╳░▒▓", "a漢 "] {
                for scalar in text.unicodeScalars { #expect(!MarkupBoxDrawing.draws(scalar.value)) }
            }
            for scalar in (UInt32(0x2500)...0x257F) where Self.arms[scalar] != nil {
                #expect(MarkupBoxDrawing.draws(scalar))
            }
        }

        @Test func blocksFillTheirPartOfTheCell() throws {
            func rect(_ character: Character) throws -> [(Int, Int)] {
                var path = MarkupBytes()
                MarkupBoxDrawing.appendPath(
                    of: character.unicodeScalars.first!.value, x: 0, y: 0, cellWidth: 84, cellHeight: 170, to: &path)
                return try parsePath(path.string).flatMap { $0 }
            }
            #expect(try rect("█").map { [$0.0, $0.1] } == [[0, 0], [84, 0], [84, 170], [0, 170]])
            #expect(try rect("▄").map { [$0.0, $0.1] } == [[0, 85], [84, 85], [84, 170], [0, 170]])
            #expect(try rect("▌").map { [$0.0, $0.1] } == [[0, 0], [42, 0], [42, 170], [0, 170]])
            #expect(try rect("▁").map { [$0.0, $0.1] } == [[0, 149], [84, 149], [84, 170], [0, 170]])
            #expect(try rect("▚").count == 8)
        }

        @Test func documentedExample() {
            var path = MarkupBytes()
            MarkupBoxDrawing.appendPath(of: 0x2500, x: 0, y: 0, cellWidth: 84, cellHeight: 170, to: &path)
            #expect(path.string == "M4.2 7.9h4.2v1.2h-4.2zM0 7.9h4.2v1.2h-4.2z")
        }

        // MARK: - Helpers

        /// Where a line of `weight` crosses an edge, as intervals around `middle`.
        func expectedProfile(weight: Int, around middle: Int) -> [ClosedRange<Int>] {
            let t = MarkupBoxDrawing.light / 2
            let g = MarkupBoxDrawing.doubleOffset
            switch weight {
            case 1: return [(middle - t)...(middle + t)]
            case 2: return [(middle - MarkupBoxDrawing.heavy / 2)...(middle + MarkupBoxDrawing.heavy / 2)]
            case 3: return [(middle - g - t)...(middle - g + t), (middle + g - t)...(middle + g + t)]
            default: return []
            }
        }

        /// The parts of the line `y = value` covered by polygon sides lying on it, merged.
        func edgeProfile(_ polygons: [[(Int, Int)]], onY value: Int) -> [ClosedRange<Int>] {
            merged(
                sides(polygons).filter { $0.0.1 == value && $0.1.1 == value }.map {
                    (min($0.0.0, $0.1.0), max($0.0.0, $0.1.0))
                })
        }

        func edgeProfile(_ polygons: [[(Int, Int)]], onX value: Int) -> [ClosedRange<Int>] {
            merged(
                sides(polygons).filter { $0.0.0 == value && $0.1.0 == value }.map {
                    (min($0.0.1, $0.1.1), max($0.0.1, $0.1.1))
                })
        }

        func sides(_ polygons: [[(Int, Int)]]) -> [((Int, Int), (Int, Int))] {
            polygons.flatMap { p in p.indices.map { (p[$0], p[($0 + 1) % p.count]) } }
        }

        func merged(_ intervals: [(Int, Int)]) -> [ClosedRange<Int>] {
            var result: [ClosedRange<Int>] = []
            for (lo, hi) in intervals.sorted(by: { $0.0 < $1.0 }) where hi > lo {
                if let last = result.last, lo <= last.upperBound {
                    result[result.count - 1] = last.lowerBound...max(last.upperBound, hi)
                } else {
                    result.append(lo...hi)
                }
            }
            return result
        }

        /// The vertices (in tenths) of each closed subpath of a path written with
        /// `M x y`, `L x y`, `A rx ry rotation large sweep x y`, `h dx`, `v dy` and `z`.
        func parsePath(_ d: String) throws -> [[(Int, Int)]] {
            var tokens: [String] = []
            var number = ""
            for c in d {
                if c.isLetter {
                    if !number.isEmpty { tokens.append(number) }
                    number = ""
                    tokens.append(String(c))
                } else if c == " " {
                    if !number.isEmpty { tokens.append(number) }
                    number = ""
                } else if c == "-" && !number.isEmpty {
                    tokens.append(number)
                    number = "-"
                } else {
                    number.append(c)
                }
            }
            if !number.isEmpty { tokens.append(number) }
            var i = 0
            func next() throws -> Int {
                let value = try #require(Double(tokens[i]), "bad number \(tokens[i]) in \(d)")
                i += 1
                return Int((value * 10).rounded())
            }
            var polygons: [[(Int, Int)]] = []
            var current: [(Int, Int)] = []
            var point = (0, 0)
            while i < tokens.count {
                let command = tokens[i]
                i += 1
                switch command {
                case "M":
                    point = (try next(), try next())
                    current = [point]
                case "L":
                    point = (try next(), try next())
                    current.append(point)
                case "A":
                    for _ in 0..<5 { _ = try next() }
                    point = (try next(), try next())
                    current.append(point)
                case "h":
                    point.0 += try next()
                    current.append(point)
                case "v":
                    point.1 += try next()
                    current.append(point)
                case "z":
                    polygons.append(current)
                    current = []
                default:
                    Issue.record("unexpected path command \(command) in \(d)")
                    return polygons
                }
            }
            #expect(current.isEmpty, "every subpath is closed")
            return polygons
        }
    }
}
