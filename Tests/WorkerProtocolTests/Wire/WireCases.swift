@_spi(Host) import CellKit

@testable import Session
@testable import WorkerProtocol

/// The cases of every enumeration the wire carries, named by an exhaustive
/// `switch`: a case added to one of them does not compile here until it is
/// named, and then `WireCoverageTests.theSamplerMakesEveryCase` fails until
/// `WireSampler` makes it (and so until the round trip covers its encoding).
/// Enumerations that are `CaseIterable` (`Screen.Kind`, `OutputFormat`,
/// `ColorMode`, `PluginRegistration.Kind`, `Color.NamedColor`) need none:
/// the sampler picks from `allCases`.
enum WireCases {
    /// The enumeration's name and the case's, if `value` is one of them.
    static func name(of value: Any) -> (enumeration: String, case: String)? {
        switch value {
        case let v as WorkerRequest: ("WorkerRequest", "\(Request(v))")
        case let v as WorkerResponse: ("WorkerResponse", "\(Response(v))")
        case let v as ScrollView.Action: ("ScrollView.Action", "\(Action(v))")
        case let v as RowSource: ("RowSource", "\(RowSourceCase(v))")
        case let v as Binding.Mapping: ("Binding.Mapping", "\(Mapping(v))")
        case let v as FieldPath.Component: ("FieldPath.Component", "\(Component(v))")
        case let v as Command.Value: ("Command.Value", "\(Value(v))")
        case let v as AttributeValue: ("AttributeValue", "\(AttributeValueCase(v))")
        case let v as AttributeType: ("AttributeType", "\(AttributeTypeCase(v))")
        case let v as Color: ("Color", "\(ColorCase(v))")
        default: nil
        }
    }

    /// Every case of each enumeration.
    static let all: [String: Set<String>] = [
        "WorkerRequest": names(Request.self), "WorkerResponse": names(Response.self),
        "ScrollView.Action": names(Action.self), "RowSource": names(RowSourceCase.self),
        "Binding.Mapping": names(Mapping.self), "FieldPath.Component": names(Component.self),
        "Command.Value": names(Value.self), "AttributeValue": names(AttributeValueCase.self),
        "AttributeType": names(AttributeTypeCase.self), "Color": names(ColorCase.self),
    ]

    private static func names<T: CaseIterable>(_: T.Type) -> Set<String> { Set(T.allCases.map { "\($0)" }) }

    enum Request: CaseIterable {
        case load, render, openView, viewAction, closeView, validate, checkSource, search
        init(_ v: WorkerRequest) {
            switch v {
            case .load: self = .load
            case .render: self = .render
            case .openView: self = .openView
            case .viewAction: self = .viewAction
            case .closeView: self = .closeView
            case .validate: self = .validate
            case .checkSource: self = .checkSource
            case .search: self = .search
            }
        }
    }

    enum Response: CaseIterable {
        case hello, loaded, pluginError, chunk, rendered, failed, frame, viewClosed, validated, sourceChecked, found
        init(_ v: WorkerResponse) {
            switch v {
            case .hello: self = .hello
            case .loaded: self = .loaded
            case .pluginError: self = .pluginError
            case .chunk: self = .chunk
            case .rendered: self = .rendered
            case .failed: self = .failed
            case .frame: self = .frame
            case .viewClosed: self = .viewClosed
            case .validated: self = .validated
            case .sourceChecked: self = .sourceChecked
            case .found: self = .found
            }
        }
    }

    enum Action: CaseIterable {
        case scroll, pages, halfPages, top, bottom, sideways, leftEdge, rightEdge, row, reveal, exactCount, redraw
        case suspend, quit, ignore
        init(_ v: ScrollView.Action) {
            switch v {
            case .scroll: self = .scroll
            case .pages: self = .pages
            case .halfPages: self = .halfPages
            case .top: self = .top
            case .bottom: self = .bottom
            case .sideways: self = .sideways
            case .leftEdge: self = .leftEdge
            case .rightEdge: self = .rightEdge
            case .row: self = .row
            case .reveal: self = .reveal
            case .exactCount: self = .exactCount
            case .redraw: self = .redraw
            case .suspend: self = .suspend
            case .quit: self = .quit
            case .ignore: self = .ignore
            }
        }
    }

    enum RowSourceCase: CaseIterable {
        case row, bound
        init(_ v: RowSource) {
            switch v {
            case .row: self = .row
            case .bound: self = .bound
            }
        }
    }

    enum Mapping: CaseIterable {
        case field, list, template, constant
        init(_ v: Binding.Mapping) {
            switch v {
            case .field: self = .field
            case .list: self = .list
            case .template: self = .template
            case .constant: self = .constant
            }
        }
    }

    enum Component: CaseIterable {
        case key, index
        init(_ v: FieldPath.Component) {
            switch v {
            case .key: self = .key
            case .index: self = .index
            }
        }
    }

    enum Value: CaseIterable {
        case text, field, list
        init(_ v: Command.Value) {
            switch v {
            case .text: self = .text
            case .field: self = .field
            case .list: self = .list
            }
        }
    }

    enum AttributeValueCase: CaseIterable {
        case int, double, bool, string, enumeration, color, numbers, strings
        init(_ v: AttributeValue) {
            switch v {
            case .int: self = .int
            case .double: self = .double
            case .bool: self = .bool
            case .string: self = .string
            case .enumeration: self = .enumeration
            case .color: self = .color
            case .numbers: self = .numbers
            case .strings: self = .strings
            }
        }
    }

    enum AttributeTypeCase: CaseIterable {
        case int, double, bool, string, enumeration, color, numbers, strings
        init(_ v: AttributeType) {
            switch v {
            case .int: self = .int
            case .double: self = .double
            case .bool: self = .bool
            case .string: self = .string
            case .enumeration: self = .enumeration
            case .color: self = .color
            case .numbers: self = .numbers
            case .strings: self = .strings
            }
        }
    }

    enum ColorCase: CaseIterable {
        case `default`, named, palette, rgb
        init(_ v: Color) {
            switch v {
            case .default: self = .default
            case .named: self = .named
            case .palette: self = .palette
            case .rgb: self = .rgb
            }
        }
    }
}
