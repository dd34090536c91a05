@_spi(Host) import CellKit
import Foundation
import Testing

@testable import Session
@testable import WorkerProtocol

/// The bytes of the wire (docs/design.md, "The protocol"), and what it does
/// with bytes no encoder writes: a clear ``WireError``, never a trap, a stack
/// overflow or an allocation the bytes do not pay for.
@Suite struct WireFormatTests {
    /// The encoding is pinned: a change to it is a change of protocol.
    @Test func messagesHaveTheDocumentedBytes() {
        // Tag 1; zigzag varints: 3 → 6, -1 → 1, 300 → 600 = 0xD8 0x04.
        #expect(WorkerResponse.hello(protocolVersion: 3, abi: -1, compiler: 300).wireBytes == [1, 6, 1, 0xD8, 0x04])
        // Tag 4; an optional is a Boolean then the value: scroll (tag 0) by -2 → 3; 80 → 160 = 0xA0 0x01; 24 → 48.
        #expect(
            WorkerRequest.viewAction(.scroll(lines: -2), columns: 80, rows: 24, draw: true).wireBytes
                == [4, 1, 0, 3, 0xA0, 0x01, 48, 1])
        #expect(WorkerRequest.viewAction(nil, columns: 0, rows: 0, draw: false).wireBytes == [4, 0, 0, 0, 0])
        // A list is its count then its elements; a string its UTF-8 length then its bytes.
        #expect(WorkerRequest.validate(plugins: ["ab", "é"]).wireBytes == [6, 2, 2, 0x61, 0x62, 2, 0xC3, 0xA9])
        // An enumeration by raw value is its name.
        let screen = Screen(name: "S", kind: .grid, separators: true)
        #expect(
            WorkerRequest.render(screen, format: .json, width: 1, colors: .ansi16).wireBytes == [
                2,
                1, 0x53, 4, 0x67, 0x72, 0x69, 0x64,  // name "S", kind "grid"
                0, 4, 0x6E, 0x6F, 0x6E, 0x65, 0,  // width nil, border "none", title nil
                0, 0, 0, 1, 0,  // columns, itemWidth, spacing nil; separators; no sections
                4, 0x6A, 0x73, 0x6F, 0x6E, 2, 2, 0x31, 0x36,  // "json", width 1, "16"
                0,  // no part: one worker draws it all
            ])
        // A share of a render (--jobs): worker 1 of 2, in blocks starting at rows 0, 1,024 and 2,048,
        // drawing them all (a shard draws its own: `drawn`).
        #expect(
            WorkerRequest.render(
                screen, format: .json, width: 1, colors: .ansi16,
                part: RenderPart(index: 1, count: 2, blocks: [0, 1024, 2048])
            ).wireBytes.suffix(11) == [1, 2, 4, 3, 0, 0x80, 0x10, 0x80, 0x20, 0, 6])
    }

    /// A worker sends rendered bytes after a chunk's header, not copied into
    /// a message, and the session takes them where they were received: the
    /// frame is the message `.chunk` encodes, and anything else is refused.
    @Test func chunksAreSentAndTakenWithoutBeingCopiedIntoAMessage() throws {
        for count in [0, 1, 127, 128, 300, 256 << 10] {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            let frame = WorkerResponse.chunkHeader(count: count) + bytes
            #expect(frame == WorkerResponse.chunk(bytes).wireBytes, "\(count) bytes")
            #expect(try WorkerResponse.chunkBytes(inFrame: frame).map(Array.init) == bytes, "\(count) bytes")
        }
        #expect(
            try WorkerResponse.chunkBytes(inFrame: WorkerResponse.failed(RenderFailure("output", "x")).wireBytes) == nil
        )
        #expect(try WorkerResponse.chunkBytes(inFrame: []) == nil)
        // A count that is not what follows: more, or less.
        let error = #expect(throws: WireError.self) { try WorkerResponse.chunkBytes(inFrame: [4, 3, 1, 2]) }
        #expect(error?.message == "a count of 3 is more than the message holds")
        let trailing = #expect(throws: WireError.self) { try WorkerResponse.chunkBytes(inFrame: [4, 1, 1, 2]) }
        #expect(trailing?.message == "1 byte follows the message")
    }

    @Test func aCountOfTwoToTheSixtyTwoIsRefusedBeforeAnythingIsAllocated() {
        var writer = WireWriter()
        writer.write(UInt8(9))  // validated
        writer.write(0)
        writer.write(varint: 1 << 62)  // failures: 2^62 strings
        let error = #expect(throws: WireError.self) { try WorkerResponse(frame: writer.bytes) }
        #expect(error?.message == "a count of 4611686018427387904 is more than the message holds")
    }

    /// A script nests lists at most ``ScriptParser/maximumNesting`` deep; the
    /// wire carries as deep and refuses deeper (a million levels would
    /// otherwise overflow the stack of whoever decodes them).
    @Test func listsNestedDeeperThanAScriptCanWriteAreRefused() throws {
        var deepest = Command.Value.text("x")
        for _ in 0..<ScriptParser.maximumNesting { deepest = .list([deepest]) }
        #expect(try Command.Value(frame: deepest.wireBytes) == deepest)

        let tooDeep = Command.Value.list([deepest])
        let error = #expect(throws: WireError.self) { try Command.Value(frame: tooDeep.wireBytes) }
        #expect(error?.message == "lists are nested more than 32 deep")

        let million = [UInt8]([2, 1]).repeated(1_000_000) + [0, 0]
        #expect(throws: WireError.self) { try Command.Value(frame: million) }
    }

    @Test func bytesAfterTheMessageAreAnError() {
        let failed = WorkerResponse.failed(RenderFailure("output", "a")).wireBytes
        let error = #expect(throws: WireError.self) { try WorkerResponse(frame: failed + [0x62, 0x63]) }
        #expect(error?.message == "2 bytes follow the message")
        #expect(throws: Never.self) { try WorkerResponse(frame: failed) }
    }

    @Test func unknownTagsAndNamesAreNamedInTheError() {
        func message(_ bytes: [UInt8]) -> String? {
            do {
                _ = try WorkerRequest(frame: bytes)
                return nil
            } catch { return error.message }
        }
        #expect(message([0]) == "no request 0")
        #expect(message([4, 1, 99]) == "no scroll action 99")
        #expect(message([1, 0, 2]) == "2 is not a Boolean")
        #expect(message([1, 2, 0xC3, 0x28, 0]) == "a string is not UTF-8")
        #expect(message([2, 0, 4, 0x77, 0x69, 0x64, 0x65]) == "no screen kind 'wide'")
    }

    /// Fuzz/Corpus/worker-frames, the seeds of `Scripts/fuzz worker-frames`:
    /// real frames, at least one of every request and every answer.
    @Test func theFuzzSeedsHoldEveryMessage() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/worker-frames")
        var census = Reflection.Census()
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where !name.hasPrefix(".") {
            let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(name)))
            if name.hasPrefix("request-") {
                census.add(try WorkerRequest(frame: bytes))
            } else {
                census.add(try WorkerResponse(frame: bytes))
            }
        }
        #expect(census.cases["WorkerRequest"] == WireCases.all["WorkerRequest"])
        #expect(census.cases["WorkerResponse"] == WireCases.all["WorkerResponse"])
    }
}

extension Array {
    fileprivate func repeated(_ times: Int) -> [Element] { (0..<times).flatMap { _ in self } }
}
