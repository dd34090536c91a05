// Generates SDK/Sources/CellKit/Text/WidthTables.swift: run Scripts/width-tables/generate,
// which compiles this file (`swiftc -O`) and runs it as `generate INPUT OUTPUT`.
// Inputs: INPUT, east-asian-wide.txt (East_Asian_Width W/F ranges from Python 3.13's
// unicodedata, Unicode 15.1; east-asian-wide.py writes it), and this toolchain's stdlib
// (Unicode.Scalar.Properties, and Character segmentation as ground truth for the
// grapheme-break classes).
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  FileHandle.standardError.write("usage: generate EAST-ASIAN-WIDE.TXT OUTPUT.swift\n".data(using: .utf8)!)
  exit(2)
}
let lines = try! String(contentsOfFile: arguments[1], encoding: .utf8).split(separator: "\n")
var eawWide = [Bool](repeating: false, count: 0x110000)
for l in lines { let p = l.split(separator: " "); let a = Int(p[0], radix: 16)!, b = Int(p[1], radix: 16)!; for v in a...b { eawWide[v] = true } }
// Unicode 16.0/17.0 East_Asian_Width changes and additions (Python's data stops at 15.1).
let patches: [ClosedRange<Int>] = [
  0x2630...0x2637, 0x268A...0x268F, 0x4DC0...0x4DFF, 0x1D300...0x1D356, 0x1D360...0x1D376, // 16.0: N -> W
  0x31E4...0x31E5, 0x16FE0...0x16FFF, 0x17000...0x18AFF, 0x18B00...0x18CFF, 0x18D00...0x18DFF, // 16.0/17.0 additions in wide blocks
]
for r in patches { for v in r { eawWide[v] = true } }

func one(_ s: String) -> Bool { s.count == 1 }
let a = "a", emoji = "\u{1F600}", zwj = "\u{200D}", ka = "\u{0915}", virama = "\u{094D}"

// Class bits (must match ScalarClass.swift).
let kOther = 0, kControl = 1, kExtend = 2, kSpacingMark = 3, kPrepend = 4, kRI = 5, kL = 6, kV = 7, kT = 8, kSyllable = 9, kZWJ = 10
var classes = [UInt16](repeating: 0, count: 0x110000)
var counts = [Int: Int]()
for v in 0..<0x110000 {
  guard let s = Unicode.Scalar(v) else { classes[v] = 1; continue } // surrogates: never looked up; width 1
  let str = String(s)
  let p = s.properties
  // width
  var width: Int
  if v < 0x20 || (0x7F...0x9F).contains(v) { width = 1 }
  else if v == 0xAD { width = 1 }
  else if [.nonspacingMark, .enclosingMark, .spacingMark, .format].contains(p.generalCategory) || p.isDefaultIgnorableCodePoint
            || (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) { width = 0 }
  else if (0x1F1E6...0x1F1FF).contains(v) { width = 1 } // a lone regional indicator; a pair is 2
  else if eawWide[v] || p.isEmojiPresentation { width = 2 }
  else { width = 1 }
  // grapheme kind
  let extender = one(a + str)
  var kind: Int
  if v == 0x200D { kind = kZWJ }
  else if (0x1F1E6...0x1F1FF).contains(v) { kind = kRI }
  else if (0x1100...0x115F).contains(v) || (0xA960...0xA97C).contains(v) { kind = kL }
  else if (0x1160...0x11A7).contains(v) || (0xD7B0...0xD7C6).contains(v) { kind = kV }
  else if (0x11A8...0x11FF).contains(v) || (0xD7CB...0xD7FB).contains(v) { kind = kT }
  else if (0xAC00...0xD7A3).contains(v) { kind = kSyllable }
  else if extender { kind = one(emoji + str + zwj + emoji) ? kExtend : kSpacingMark }
  else if !one(str + "\u{301}") { kind = kControl }
  else if one(str + a) { kind = kPrepend }
  else { kind = kOther }
  let extPict = !extender && kind != kControl && one(emoji + zwj + str)
  // InCB (GB9c)
  var incb = 0
  if !extender && kind != kControl && one(ka + virama + str) { incb = 1 } // consonant
  else if extender && one(ka + str + ka) { incb = 3 } // linker
  else if extender && one(ka + virama + str + ka) { incb = 2 } // extend
  let c = width | (p.isEmoji ? 4 : 0) | (extPict ? 8 : 0) | (kind << 4) | (incb << 8)
  classes[v] = UInt16(c)
  counts[kind, default: 0] += 1
}
// surrogate range: copy class of the previous scalar to avoid extra runs (never looked up)
for v in 0xD800...0xDFFF { classes[v] = classes[0xD7FF] }
var starts: [Int] = [], cls: [UInt16] = []
for v in 0..<0x110000 where v == 0 || classes[v] != classes[v - 1] { starts.append(v); cls.append(classes[v]) }
FileHandle.standardError.write("runs: \(starts.count) kinds: \(counts.sorted { $0.key < $1.key })\n".data(using: .utf8)!)

var out = """
// WidthTables.swift: generated, do not edit by hand.
//
// One run-length table over all of Unicode (U+0000...U+10FFFF): `runStarts[i]` is the first code
// point of run i, `runClasses[i]` the ScalarClass bits (see ScalarClass.swift) of every code point
// up to the next start. `UnicodeTables.searchedClassBits` binary-searches it; the hot path uses
// `ClassLookup` (ScalarClass.swift), a two-stage table built from these runs at first use.
//
// Where the data comes from:
// - width: East_Asian_Width W and F (Unicode 15.1, Python 3.13's unicodedata, patched with the
//   16.0 changes: U+2630-2637, U+268A-268F, U+4DC0-4DFF, U+1D300-1D356, U+1D360-1D376 became W;
//   and the wide blocks that gained characters in 16.0/17.0: U+31E4-31E5, U+16FE0-16FFF,
//   U+17000-18DFF), plus Emoji_Presentation (the stdlib's data, Unicode 17) -> 2;
//   General_Category Mn, Me, Mc, Cf, Default_Ignorable_Code_Point and Hangul jamo vowels and
//   finals (U+1160-11FF, U+D7B0-D7FF) -> 0, except U+00AD SOFT HYPHEN -> 1 (what terminals draw);
//   regional indicators -> 1 (a lone one; the segmenter gives a pair 2);
//   C0, DEL and C1 controls -> 1 (they are drawn as control pictures); everything else -> 1.
// - emoji flag: Emoji (the stdlib's `Unicode.Scalar.Properties.isEmoji`).
// - grapheme classes (Grapheme_Cluster_Break, Extended_Pictographic, Indic_Conjunct_Break):
//   derived from this toolchain's own `Character` segmentation (Swift 6.3.1, Unicode 17), so that
//   the fast segmenter agrees with `Character` by construction; see TextTests for the checks.
// Generated by Scripts/width-tables/generate (generate.swift, from east-asian-wide.txt and this
// toolchain's stdlib); docs/text-width.md, "Regenerating the tables", says when to run it.

extension UnicodeTables {
    /// First code point of each run, ascending; \(starts.count) runs.
    static let runStarts: [UInt32] = [

"""
func emit<T>(_ xs: [T], _ f: (T) -> String) {
  var line = "       "
  for x in xs { let item = " " + f(x) + ","; if line.count + item.count > 100 { out += line + "\n"; line = "       " }; line += item }
  out += line + "\n"
}
emit(starts) { "0x" + String($0, radix: 16, uppercase: true) }
out += "    ]\n\n    /// ScalarClass bits of each run.\n    static let runClasses: [UInt16] = [\n"
emit(cls) { "0x" + String($0, radix: 16, uppercase: true) }
out += "    ]\n}\n"
try! out.write(toFile: arguments[2], atomically: true, encoding: .utf8)
