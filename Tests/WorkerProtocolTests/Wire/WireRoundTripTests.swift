@_spi(Host) import CellKit
import Testing

@testable import WorkerProtocol

/// Random values of every message between the session and the worker and
/// of every model type they carry (``WireSampler``), encoded and decoded: what
/// arrives is what was sent, field by field (compared by ``Reflection``, not
/// `==`, which skips some of `Binding`'s fields and fails on NaN), and it
/// encodes to the same bytes again. A field one side forgets fails here.
@Suite struct WireRoundTripTests {
    static let samples = 2000

    /// `samples` values from `make`, each sent through the wire.
    func roundTrip<T: WireCodable>(
        _ make: (inout WireSampler) -> T, seed: UInt64, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        var sampler = WireSampler(seed: seed)
        for i in 0..<Self.samples {
            let sent = make(&sampler)
            let bytes = sent.wireBytes
            let received: T
            do {
                received = try T(frame: bytes)
            } catch {
                Issue.record(
                    "sample \(i) of \(T.self) (seed \(seed)) does not decode (\(error.message)):\n\(Reflection.fingerprint(sent))",
                    sourceLocation: sourceLocation)
                return
            }
            let (expected, got) = (Reflection.fingerprint(sent), Reflection.fingerprint(received))
            guard expected == got, received.wireBytes == bytes else {
                Issue.record(
                    "sample \(i) of \(T.self) (seed \(seed)) does not survive the wire:\nsent     \(expected)\nreceived \(got)",
                    sourceLocation: sourceLocation)
                return
            }
        }
    }

    @Test func everyRequestArrivesAsSent() { roundTrip({ $0.request() }, seed: 1) }
    @Test func everyResponseArrivesAsSent() { roundTrip({ $0.response() }, seed: 2) }
    @Test func everyScrollActionArrivesAsSent() { roundTrip({ $0.action() }, seed: 3) }
    @Test func everyScreenArrivesAsSent() { roundTrip({ $0.screen() }, seed: 4) }
    @Test func everySectionArrivesAsSent() { roundTrip({ $0.section() }, seed: 5) }
    @Test func everyRowSourceArrivesAsSent() { roundTrip({ $0.rowSource() }, seed: 6) }
    @Test func everyRowArrivesAsSent() { roundTrip({ $0.row() }, seed: 7) }
    @Test func everyBindingArrivesAsSent() { roundTrip({ $0.binding() }, seed: 8) }
    @Test func everyMappingArrivesAsSent() { roundTrip({ $0.mapping() }, seed: 9) }
    @Test func everyFieldPathArrivesAsSent() { roundTrip({ $0.fieldPath() }, seed: 10) }
    @Test func everyValueArrivesAsSent() { roundTrip({ $0.value() }, seed: 11) }
    @Test func everyCellReferenceArrivesAsSent() { roundTrip({ $0.cellReference() }, seed: 12) }
    @Test func everyAttributeSettingArrivesAsSent() { roundTrip({ $0.attributeSetting() }, seed: 13) }
    @Test func everyAttributeValueArrivesAsSent() { roundTrip({ $0.attributeValue() }, seed: 14) }
    @Test func everyAttributeTypeArrivesAsSent() { roundTrip({ $0.attributeType() }, seed: 15) }
    @Test func everyPluginInfoArrivesAsSent() { roundTrip({ $0.pluginInfo() }, seed: 16) }
    @Test func everyItemInfoArrivesAsSent() { roundTrip({ $0.itemInfo() }, seed: 17) }
    @Test func everyAttributeInfoArrivesAsSent() { roundTrip({ $0.attributeInfo() }, seed: 18) }

    /// The worker may die halfway through a frame: every message cut short is an error, never a trap.
    @Test func everyMessageCutShortIsAnError() {
        var sampler = WireSampler(seed: 19)
        for _ in 0..<200 {
            let request = sampler.request().wireBytes
            let response = sampler.response().wireBytes
            for end in 0..<request.count {
                #expect(throws: WireError.self) { try WorkerRequest(frame: Array(request[..<end])) }
            }
            for end in 0..<response.count {
                #expect(throws: WireError.self) { try WorkerResponse(frame: Array(response[..<end])) }
            }
        }
    }
}
