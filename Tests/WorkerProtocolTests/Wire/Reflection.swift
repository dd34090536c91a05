/// Values taken apart field by field with `Mirror`, for the wire tests: a
/// fingerprint that spells out every stored field (where `==` may skip some:
/// `Binding` compares neither its `path`, `count`, `identity` nor `chunks`, and NaN is
/// not equal to itself), and a census of the values each stored property took
/// over many samples, and the cases each enumeration took.
///
/// ```swift
/// Reflection.fingerprint(AttributeValue.double(.nan))  // "…double(Double(0x7ff8000000000000))"
/// var census = Reflection.Census()
/// census.add(screen)
/// census.properties["WorkerProtocol.Screen"]?["separators"]   // the fingerprints `separators` took
/// ```
enum Reflection {
    /// Every stored field of `value`, recursively; doubles as bit patterns.
    static func fingerprint(_ value: Any) -> String {
        if let double = value as? Double { return "Double(0x\(String(double.bitPattern, radix: 16)))" }
        let mirror = Mirror(reflecting: value)
        let name = String(reflecting: type(of: value))
        guard isComposite(mirror, name) || mirror.displayStyle == .enum, !mirror.children.isEmpty else {
            return String(reflecting: value)
        }
        let fields = mirror.children.map { "\($0.label ?? "_"): \(fingerprint($0.value))" }
        return "\(name)(\(fields.joined(separator: ", ")))"
    }

    /// Whether to look inside: structures, enumerations, tuples, optionals and
    /// collections, except the standard library's own structures (`String`, `Int`).
    private static func isComposite(_ mirror: Mirror, _ typeName: String) -> Bool {
        switch mirror.displayStyle {
        case .struct?, .enum?: !typeName.hasPrefix("Swift.")
        case .tuple?, .optional?, .collection?: true
        default: false
        }
    }

    /// The values each stored property of each structure took, over every
    /// value added (and every value inside them).
    struct Census {
        /// Type name (`WorkerProtocol.Screen`) → property name → the fingerprints it took.
        var properties: [String: [String: Set<String>]] = [:]
        /// Enumeration → the cases seen (``WireCases``).
        var cases: [String: Set<String>] = [:]

        mutating func add(_ value: Any) {
            if let (enumeration, name) = WireCases.name(of: value) { cases[enumeration, default: []].insert(name) }
            let mirror = Mirror(reflecting: value)
            let name = String(reflecting: type(of: value))
            guard Reflection.isComposite(mirror, name) else { return }
            for child in mirror.children {
                if mirror.displayStyle == .struct, let label = child.label {
                    properties[name, default: [:]][label, default: []].insert(Reflection.fingerprint(child.value))
                }
                add(child.value)
            }
        }
    }
}
