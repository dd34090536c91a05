@_spi(Host) import CellKit

/// `name=value` for one attribute, checked against the cell's attribute type.
struct AttributeSetting: Equatable, Sendable {
    var name: String
    var value: AttributeValue
}
