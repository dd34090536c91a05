// TEMPORARY stand-in until the nib template parser and layout land.
public struct NibTemplate: Sendable, Hashable {
    public var name: String
    public var outletNames: [String]
    var lines: [String]
    public static func parse(_ source: String, name: String, file: String? = nil) throws -> NibTemplate {
        var outlets: [String] = []
        var current: String?
        for c in source {
            if c == "{" { current = "" } else if c == "}" {
                if let n = current?.split(separator: ":").first.map(String.init), !n.hasPrefix("~"), !n.isEmpty { outlets.append(n) }
                current = nil
            } else if current != nil { current!.append(c) }
        }
        return NibTemplate(name: name, outletNames: outlets, lines: source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }
}

final class NibView: View {
    let template: NibTemplate
    var labels: [String: Label] = [:]
    init(template: NibTemplate, owner: View?, nibName: String) throws(CellKitError) {
        self.template = template
        super.init()
        let declared = owner?.declaredOutlets() ?? []
        for name in template.outletNames {
            labels[name] = declared.first { $0.name == name }?.label ?? Label()
        }
        owner?.connectedOutlets = labels
    }
    required init() { template = NibTemplate(name: "", outletNames: [], lines: []); super.init() }
    override func sizeThatFits(_ size: Size) -> Size { Size(width: size.width, height: template.lines.count) }
    override func draw(in context: DrawingContext) {
        for (y, line) in template.lines.enumerated() {
            var out = line
            for (n, l) in labels { _ = (n, l) }
            context.draw(out, at: Point(x: 0, y: y))
        }
    }
}
