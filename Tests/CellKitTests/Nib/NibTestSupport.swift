@_spi(Host) @testable import CellKit

/// Compact descriptions of parsed templates, for table-driven assertions.
enum NibDescribe {
    static func style(_ style: NibStyle) -> [String] {
        var parts = NibStyle.Flags.named.filter { style.flags.contains($0.flag) }.map(\.name)
        if let fg = style.foreground { parts.append("fg=\(fg)") }
        if let bg = style.background { parts.append("bg=\(bg)") }
        return parts
    }

    static func segment(_ segment: NibTemplate.Segment) -> String {
        switch segment {
        case .literal(let literal):
            let mods = style(literal.style)
            return "lit(\(literal.text)" + (mods.isEmpty ? "" : ":" + mods.joined(separator: ","))
                + ")"
        case .spring(let spring):
            let mods = style(spring.style)
            return "spr(\(spring.weight)'\(spring.fill)'"
                + (mods.isEmpty ? "" : ":" + mods.joined(separator: ",")) + ")"
        case .outlet(let outlet):
            var mods = style(outlet.style)
            if outlet.alignment != .left { mods.append(outlet.alignment.rawValue) }
            if let width = outlet.fixedWidth { mods.append("width=\(width)") }
            if let min = outlet.minWidth { mods.append("min=\(min)") }
            if let max = outlet.maxWidth { mods.append("max=\(max)") }
            switch outlet.overflow {
            case .wrap: mods.append("wrap")
            case .truncate(.tail): break
            case .truncate(.clip): mods.append("clip")
            case .truncate(let mode): mods.append("truncate=\(mode.rawValue)")
            }
            if let placeholder = outlet.placeholder {
                mods.append("placeholder=\"\(placeholder)\"")
            }
            return "out(\(outlet.name)" + (mods.isEmpty ? "" : ":" + mods.joined(separator: ","))
                + ")"
        }
    }

    static func line(_ line: NibTemplate.Line) -> String {
        line.segments.map(segment).joined(separator: " ")
    }

    static func template(_ template: NibTemplate) -> [String] {
        template.lines.map(line)
    }
}

/// The same layout rules as NibTemplate.Line.layout, written the slow, obvious way:
/// one column at a time from the widest outlet (rightmost on ties).
enum NibReferenceLayout {
    static func widths(
        _ line: NibTemplate.Line, width: Int, natural: (Int) -> Int
    ) -> [Int] {
        let width = max(0, width)
        var widths: [Int] = line.segments.map { segment in
            switch segment {
            case .literal(let literal): return literal.width
            case .outlet(let outlet): return outlet.preferredWidth(natural: natural(outlet.index))
            case .spring: return 0
            }
        }
        let total = widths.reduce(0, +)
        if total <= width {
            let springs = line.segments.indices.filter {
                if case .spring = line.segments[$0] { return true }
                return false
            }
            let weights = springs.map { index -> Int in
                if case .spring(let spring) = line.segments[index] { return spring.weight }
                return 0
            }
            let all = weights.reduce(0, +)
            var edge = 0
            var sofar = 0
            for (index, weight) in zip(springs, weights) {
                sofar += weight
                let next = (width - total) * sofar / all
                widths[index] = next - edge
                edge = next
            }
        } else {
            var over = total - width
            if let wrap = line.wrapSegment, case .outlet(let outlet) = line.segments[wrap] {
                let floor = outlet.fixedWidth ?? outlet.minWidth ?? min(widths[wrap], 10)
                while over > 0, widths[wrap] > floor {
                    widths[wrap] -= 1
                    over -= 1
                }
            }
            while over > 0 {
                var pick: Int?
                for (index, segment) in line.segments.enumerated() {
                    guard case .outlet(let outlet) = segment,
                        widths[index] > outlet.minimumWidth
                    else { continue }
                    if pick == nil || widths[index] >= widths[pick!] { pick = index }
                }
                guard let pick else { break }
                widths[pick] -= 1
                over -= 1
            }
        }
        var x = 0
        for index in widths.indices {
            widths[index] = min(widths[index], width - x)
            x += widths[index]
        }
        return widths
    }
}
