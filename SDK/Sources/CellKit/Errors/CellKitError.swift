/// An error from a throwing CellKit call: what went wrong, and how to fix it.
///
/// Every trapping convenience of the SDK (``TableView/dequeueReusableCell(for:cellType:)``,
/// ``NibLoadable/loadFromNib()``, ``StoryboardBased/instantiate()``, ...) has a
/// throwing form that throws this instead; the host and the console use only
/// those. Match on ``code``; new codes may be added without breaking callers.
///
/// ```swift
/// do {
///     let cell: ProfileCell = try table.tryDequeueReusableCell(for: IndexPath(row: 0, section: 0))
/// } catch let error as CellKitError where error.code == .notRegistered {
///     print(error)
///     // no cell is registered under 'ProfileCell'; call register(cellType: ProfileCell.self) first
/// }
/// ```
public struct CellKitError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        enum Base: String, Hashable, Sendable {
            case notRegistered, typeMismatch, nibNotFound, invalidNib, outletMismatch
            case storyboardNotFound, sceneNotFound, noInitialScene
            case unknownAttribute, invalidAttributeValue, duplicateName, registrationFailed
            case invalidArgument, loadFailed
        }
        let base: Base

        /// Nothing is registered under that identifier.
        public static let notRegistered = Code(base: .notRegistered)
        /// What was registered or found is not of the type asked for.
        public static let typeMismatch = Code(base: .typeMismatch)
        /// No nib of that name in the bundle.
        public static let nibNotFound = Code(base: .nibNotFound)
        /// The nib's text does not parse; the ``CellKitError/message`` says where
        /// (`file:line:col`).
        public static let invalidNib = Code(base: .invalidNib)
        /// The nib's outlets and the owner's outlets do not match.
        public static let outletMismatch = Code(base: .outletMismatch)
        /// No storyboard of that name.
        public static let storyboardNotFound = Code(base: .storyboardNotFound)
        /// No scene with that identifier in the storyboard.
        public static let sceneNotFound = Code(base: .sceneNotFound)
        /// The storyboard has no initial scene.
        public static let noInitialScene = Code(base: .noInitialScene)
        /// The view has no attribute of that name.
        public static let unknownAttribute = Code(base: .unknownAttribute)
        /// The value is not of the attribute's type.
        public static let invalidAttributeValue = Code(base: .invalidAttributeValue)
        /// A name is registered twice.
        public static let duplicateName = Code(base: .duplicateName)
        /// A registration could not be completed.
        public static let registrationFailed = Code(base: .registrationFailed)
        /// An argument is out of range or malformed.
        public static let invalidArgument = Code(base: .invalidArgument)
        /// A factory (a ``Loader``) failed to produce its value.
        public static let loadFailed = Code(base: .loadFailed)

        /// The code's name, such as `notRegistered` or `invalidNib`.
        public var description: String { base.rawValue }
    }

    /// The kind of failure.
    public var code: Code
    /// What went wrong, in one sentence.
    public var message: String
    /// What would fix it.
    public var fix: String?
    /// Where in a text source it went wrong, for nib and storyboard errors:
    /// every problem found, in source order.
    @_spi(Host) public var diagnostics: [Diagnostic]

    /// The first of ``diagnostics``.
    @_spi(Host) public var diagnostic: Diagnostic? { diagnostics.first }

    /// Creates an error.
    public init(_ code: Code, _ message: String, fix: String? = nil) {
        self.init(code, message, fix: fix, diagnostics: [])
    }

    /// Creates an error with a diagnostic (a nib's or storyboard's file:line:col).
    @_spi(Host) public init(_ code: Code, _ message: String, fix: String? = nil, diagnostic: Diagnostic?) {
        self.init(code, message, fix: fix, diagnostics: diagnostic.map { [$0] } ?? [])
    }

    /// Creates an error with several diagnostics.
    @_spi(Host) public init(_ code: Code, _ message: String, fix: String? = nil, diagnostics: [Diagnostic]) {
        self.code = code
        self.message = message
        self.fix = fix
        self.diagnostics = diagnostics
    }

    /// The message and the fix; a nib or storyboard error renders its diagnostics.
    public var description: String {
        if !diagnostics.isEmpty { return diagnostics.map { $0.rendered() }.joined(separator: "\n") }
        return fix.map { "\(message); \($0)" } ?? message
    }
}
