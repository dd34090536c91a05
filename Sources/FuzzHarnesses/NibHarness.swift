#if DEBUG
    @_spi(Host) @testable import CellKit

    /// The nib parser and line layout: a nib that parses lays out and draws at
    /// a width from 0 to 2,000 (the first two bytes), through the reference
    /// renderer and through the view that cells use, with outlets filled with
    /// wide, combining and long text.
    enum NibHarness {
        static let texts = [
            "", "Ada Lovelace", "日本語のテキスト", "👨‍👩‍👧‍👦 family", "e\u{301}\u{323} accents", "tab\tand\u{1B}[31mescape",
            String(repeating: "long words wrap ", count: 20),
        ]

        static func run(_ data: [UInt8]) {
            var input = FuzzInput(data)
            let width = input.int(in: 0...2000)
            let pick = Int(input.byte())
            let source = String(decoding: input.rest(), as: UTF8.self)
            let template: NibTemplate
            do {
                template = try NibTemplate.parse(source, name: "Fuzz")
            } catch {
                for diagnostic in error.diagnostics { _ = diagnostic.rendered() }
                return
            }
            var values: [String: String] = [:]
            for (i, name) in template.outletNames.enumerated() {
                values[name] = texts[(pick + i) % texts.count]
            }
            // (Rows are not checked for their width: joining segments can join
            // clusters, a literal's trailing ZWJ with an outlet's emoji.)
            _ = NibDrawing.render(template, width: width, values: values)
            guard let view = try? NibView(template: template, owner: nil, nibName: "Fuzz") else { return }
            for (label, name) in zip(view.views.compactMap { $0 as? Label }, template.outletNames) {
                label.text = values[name] ?? ""
            }
            let height = min(200, view.sizeThatFits(Size(width: width, height: 1000)).height)
            _ = view.render(width: width, height: height)
        }
    }
#endif
