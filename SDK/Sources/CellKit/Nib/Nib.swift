import Synchronization

/// A text template of a view, loaded by name from a bundle and instantiated
/// as many times as needed: CellKit's `UINib`.
///
/// The template is read and parsed once per process (the first time it is
/// needed) and cached. Nibs live in a plugin's resources folder
/// (`ProfileCell.nib`) or are registered from a string.
///
/// ```swift
/// try Nib.register(source: "│ {name:bold} {~} {role:dim} │", named: "Badge", in: .main)
/// let nib = Nib(nibName: "Badge", bundle: .main)
/// let views = try nib.instantiate(withOwner: nil)
/// ```
public struct Nib: Hashable, Sendable, CustomStringConvertible {
    /// The nib's name, without `.nib`.
    public let name: String
    /// The bundle it is looked up in.
    public let bundle: PluginBundle

    /// A nib by name in a bundle; nothing is read until it is used.
    ///
    /// ```swift
    /// let nib = Nib(nibName: "ProfileCell", bundle: PluginBundle(for: ProfileCell.self))
    /// ```
    public init(nibName: String, bundle: PluginBundle) {
        self.name = nibName
        self.bundle = bundle
    }

    /// Registers a nib's text under a name in a bundle, replacing the file
    /// lookup for that name. The text is parsed now, so errors surface here.
    ///
    /// - Throws: a ``CellKitError`` with code `.invalidNib` and a diagnostic.
    ///
    /// ```swift
    /// try Nib.register(source: "[{state:bold,width=4,center}]", named: "StatusWidget", in: PluginBundle(for: StatusWidget.self))
    /// ```
    @discardableResult
    public static func register(source: String, named name: String, in bundle: PluginBundle) throws(CellKitError) -> Nib
    {
        let template = try parse(source, name: name, file: "\(name).nib")
        NibCatalog.shared.withLock { $0.templates[NibCatalog.key(bundle.name, name)] = template }
        return Nib(nibName: name, bundle: bundle)
    }

    /// Whether a nib of that name exists in the bundle (registered or on disk).
    public static func exists(named name: String, in bundle: PluginBundle) -> Bool {
        if NibCatalog.shared.withLock({ $0.templates[NibCatalog.key(bundle.name, name)] }) != nil { return true }
        return bundle.path(forResource: name, ofType: "nib") != nil
    }

    /// The parsed template (parsed once, then cached).
    func template() throws(CellKitError) -> NibTemplate {
        let key = NibCatalog.key(bundle.name, name)
        if let cached = NibCatalog.shared.withLock({ $0.templates[key] }) { return cached }
        guard let path = bundle.path(forResource: name, ofType: "nib") else {
            let looked =
                bundle.resourceDirectory.map { "\($0)/\(name).nib" }
                ?? "no resources folder next to \(bundle.imagePath ?? bundle.name)"
            throw CellKitError(
                .nibNotFound, "no nib named '\(name)' in bundle \(bundle.name) (looked for \(looked))",
                fix: "add \(name).nib to the plugin's resources, or register it with Nib.register(source:named:in:)")
        }
        // A copy in a build folder: errors name the nib the author edits.
        let (file, note) = Nib.errorFile(for: path)
        let template: NibTemplate
        do throws(CellKitError) {
            template = try Nib.parse(try Nib.readSource(path, file: file), name: name, file: file)
        } catch {
            guard let note else { throw error }
            var noted = error
            if noted.diagnostics.isEmpty {
                noted.fix = [error.fix, note].compactMap { $0 }.joined(separator: "\n  ")
            } else {
                noted.diagnostics[0].notes.append(note)
            }
            throw noted
        }
        NibCatalog.shared.withLock { $0.templates[key] = template }
        return template
    }

    /// Makes the nib's root view, its outlets connected to `owner`'s
    /// ``Outlet`` properties (or to new labels when `owner` is `nil`).
    ///
    /// - Throws: `.nibNotFound`, `.invalidNib`, or `.outletMismatch` naming
    ///   both sides when the nib and the owner disagree on outlets.
    ///
    /// ```swift
    /// let root = try Nib(nibName: "Badge", bundle: .main).instantiate(withOwner: nil)[0]
    /// root.connectedOutlets["name"]?.text = "Ada"
    /// ```
    public func instantiate(withOwner owner: View?) throws(CellKitError) -> [View] {
        let template = try template()
        return [try NibView(template: template, owner: owner, nibName: name)]
    }

    /// `Bundle/Name.nib`, such as `CardCells/ProfileCell.nib`: how errors name the nib.
    public var description: String { "\(bundle.name)/\(name).nib" }

    /// A nib file's text. Bytes that are not UTF-8 are refused, as in scripts
    /// and data files, with the line and column of the first one (never
    /// replaced by U+FFFD without a word).
    static func readSource(_ path: String, file: String? = nil) throws(CellKitError) -> String {
        let shown = file ?? path
        let bytes = try readFileBytes(path)
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        let offset = firstInvalidUTF8(bytes) ?? 0
        let lineStart = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let line = bytes[..<offset].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
        let lineEnd = bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count
        let hex = String(bytes[offset], radix: 16, uppercase: true)
        let byte = "0x" + (hex.count < 2 ? "0" + hex : hex)
        let diagnostic = Diagnostic(
            message: "invalid UTF-8 (byte \(byte))", location: SourceLocation(file: shown, line: line, column: column),
            sourceLine: String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self),
            notes: ["save the nib as UTF-8 text"])
        throw CellKitError(
            .invalidNib, "\(shown):\(line):\(column): invalid UTF-8 (byte \(byte))", fix: "save the nib as UTF-8 text",
            diagnostics: [diagnostic])
    }

    /// The offset of the first byte that does not belong to well-formed UTF-8.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            let (count, minimum, initial): (Int, UInt32, UInt32)
            switch lead {
            case 0xC0...0xDF: (count, minimum, initial) = (1, 0x80, UInt32(lead & 0x1F))
            case 0xE0...0xEF: (count, minimum, initial) = (2, 0x800, UInt32(lead & 0x0F))
            case 0xF0...0xF7: (count, minimum, initial) = (3, 0x10000, UInt32(lead & 0x07))
            default: return i
            }
            var value = initial
            for k in 1...count {
                guard i + k < bytes.count, bytes[i + k] & 0xC0 == 0x80 else { return i }
                value = value << 6 | UInt32(bytes[i + k] & 0x3F)
            }
            if value < minimum || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) { return i }
            i += count + 1
        }
        return nil
    }

    static func parse(_ source: String, name: String, file: String) throws(CellKitError) -> NibTemplate {
        do {
            return try NibTemplate.parse(source, name: name, file: file)
        } catch {
            let first = error.first
            throw CellKitError(
                .invalidNib, first.map { "\($0.location): \($0.message)" } ?? "\(file) is not a valid nib",
                fix: first?.notes.first, diagnostics: error.diagnostics)
        }
    }
}

/// Parsed nibs, process-wide, keyed by bundle and name.
enum NibCatalog {
    struct State {
        var templates: [String: NibTemplate] = [:]
    }
    static let shared = Mutex(State())
    static func key(_ bundle: String, _ name: String) -> String { bundle + "/" + name }
}
