@_spi(Host) import CellKit

/// `name=value` for one attribute, checked against the cell's attribute type.
package struct AttributeSetting: Equatable, Sendable {
    package var name: String
    package var value: AttributeValue

    package init(name: String, value: AttributeValue) {
        self.name = name
        self.value = value
    }
}
