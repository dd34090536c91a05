import Testing

@testable import WorkerProtocol

/// The round-trip tests are only as good as ``WireSampler``: these check that
/// it varies every stored property of every model type the messages carry,
/// and makes every case of every enumeration. A property added to `Screen`
/// (or any type inside a message) and to neither side of the codec fails
/// here until the sampler varies it, and then the round trip fails until
/// the codec carries it.
@Suite struct WireCoverageTests {
    /// Stored properties that are not sent, each with the reason.
    static let notOnTheWire: [String: String] = [
        "WorkerProtocol.Binding.watch": "the session watches the data files; the worker only draws",
        "WorkerProtocol.Binding.derivation":
            "sort= and where= are the session's: the worker reads the file their rows were written to",
    ]

    /// The types a message carries, each of which the census must reach.
    static let modelTypes: Set<String> = [
        "WorkerProtocol.Screen", "WorkerProtocol.Section", "WorkerProtocol.Row", "WorkerProtocol.Binding",
        "WorkerProtocol.DataFileIdentity",
        "WorkerProtocol.CellReference", "WorkerProtocol.AttributeSetting", "WorkerProtocol.FieldPath",
        "WorkerProtocol.PluginInfo",
        "PluginDiscovery.RegistrationInfo<WorkerProtocol.AttributeInfo>", "WorkerProtocol.AttributeInfo",
        "CellKit.BoxStyle",
        "WorkerProtocol.PieceSearch", "WorkerProtocol.TextPlace", "WorkerProtocol.TextMatch",
        "WorkerProtocol.ViewStatus", "WorkerProtocol.RenderFailure", "CellKit.Diagnostic", "CellKit.SourceLocation",
    ]

    static let census: Reflection.Census = {
        var census = Reflection.Census()
        var sampler = WireSampler(seed: 20)
        for _ in 0..<1000 {
            census.add(sampler.request())
            census.add(sampler.response())
        }
        return census
    }()

    @Test func everyStoredPropertyTakesMoreThanOneValue() {
        #expect(Self.modelTypes.subtracting(Self.census.properties.keys) == [])
        for (type, properties) in Self.census.properties.sorted(by: { $0.key < $1.key }) {
            for (property, values) in properties.sorted(by: { $0.key < $1.key }) where values.count < 2 {
                let name = "\(type).\(property)"
                guard Self.notOnTheWire[name] == nil else { continue }
                Issue.record(
                    """
                    \(name) took one value only (\(values.first ?? "")) over every sample: \
                    WireSampler never varies it, so the round trip cannot show whether the wire carries it; \
                    vary it in Tests/WorkerProtocolTests/Wire/WireSampler.swift (and encode it in \
                    Sources/WorkerProtocol/Wire), or list it in WireCoverageTests.notOnTheWire with the reason
                    """)
            }
        }
    }

    @Test func theSamplerMakesEveryCase() {
        for (enumeration, cases) in WireCases.all.sorted(by: { $0.key < $1.key }) {
            let missing = cases.subtracting(Self.census.cases[enumeration] ?? [])
            #expect(missing.isEmpty, "WireSampler never makes \(enumeration) \(missing.sorted())")
        }
    }

    /// What `notOnTheWire` says: those properties arrive as their defaults.
    @Test func aBindingArrivesWithoutItsWatchFlag() throws {
        var sampler = WireSampler(seed: 21)
        var binding = sampler.binding()
        binding.watch = true
        let received = try Binding(frame: binding.wireBytes)
        #expect(!received.watch)
        binding.watch = false
        #expect(Reflection.fingerprint(received) == Reflection.fingerprint(binding))
    }
}
