@_spi(Host) import CellKit

/// One registered cell, view, nib, storyboard, loader or data source, as
/// data: declared once for both places that hold one, which differ only in
/// how an attribute is written down.
///
/// - The worker's report of a loaded plugin (`ItemInfo` in WorkerProtocol)
///   holds typed attributes, checked against a script's values.
/// - The registry cache's record of a plugin on disk
///   (``RegistryCache/RegistrationRecord``) holds them as the text the cache
///   file keeps, for names, completion and `cellkit plugins`.
///
/// ```swift
/// let item = RegistryCache.RegistrationRecord(
///     name: "ProgressCell", kind: .cell, typeName: "BasicCells.ProgressCell",
///     attributes: [.init(name: "value", type: "Double", defaultValue: "0.0", summary: nil)], scenes: [])
/// item.attributes.map(\.name)  // ["value"]
/// ```
package struct RegistrationInfo<Attribute: Sendable>: Sendable {
    package var name: String
    package var kind: PluginRegistration.Kind
    package var summary: String?
    package var typeName: String
    package var nibName: String?
    package var attributes: [Attribute]
    package var scenes: [String]
    /// Outlets the cell fills from code: not attributes, and refused by name.
    package var codeOnlyOutlets: [String]
    /// A data source's file name endings (`db`, `sqlite`), without the dot;
    /// its options are its ``attributes`` (each a String).
    package var fileExtensions: [String]

    package init(
        name: String, kind: PluginRegistration.Kind, summary: String? = nil, typeName: String, nibName: String? = nil,
        attributes: [Attribute], scenes: [String], codeOnlyOutlets: [String] = [], fileExtensions: [String] = []
    ) {
        self.name = name
        self.kind = kind
        self.summary = summary
        self.typeName = typeName
        self.nibName = nibName
        self.attributes = attributes
        self.scenes = scenes
        self.codeOnlyOutlets = codeOnlyOutlets
        self.fileExtensions = fileExtensions
    }
}

extension RegistrationInfo: Equatable where Attribute: Equatable {}

extension RegistrationInfo {
    /// What `registration` registered, as data: each of its attributes, and
    /// each option of a data source (a String), made by `attribute`.
    ///
    /// ```swift
    /// let record = RegistryCache.RegistrationRecord(registration) { name, type, defaultValue, summary in
    ///     RegistryCache.AttributeRecord(
    ///         name: name, type: type.description, defaultValue: defaultValue?.description, summary: summary)
    /// }
    /// ```
    package init(
        _ registration: PluginRegistration,
        attribute: (_ name: String, _ type: AttributeType, _ defaultValue: AttributeValue?, _ summary: String?) ->
            Attribute
    ) {
        let r = registration
        self.init(
            name: r.name, kind: r.kind, summary: r.summary, typeName: r.typeName, nibName: r.nibName,
            attributes: r.attributes.map { attribute($0.name, $0.type, $0.defaultValue, $0.summary) }
                + r.sourceOptions.map { attribute($0.name, .string, nil, $0.summary) },
            scenes: r.scenes, codeOnlyOutlets: r.codeOnlyOutlets, fileExtensions: r.fileExtensions)
    }
}
