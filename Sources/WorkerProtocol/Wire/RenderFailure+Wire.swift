@_spi(Host) import CellKit

// The errors of a render on the wire (see ``WireCodable``): a
// ``RenderFailure`` and the ``Diagnostic``s it carries. Every stored
// property is written and read back, in the same order; the tests are in
// Tests/WorkerProtocolTests/Wire.

extension RenderFailure: WireCodable {
    package func encode(into w: inout WireWriter) {
        w.write(code)
        w.write(message)
        w.write(fix)
        w.write(cell)
        w.write(attribute)
        w.write(diagnostics)
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> RenderFailure {
        RenderFailure(
            try r.string(), try r.string(), fix: try r.optional(), cell: try r.optional(), attribute: try r.optional(),
            diagnostics: try r.array())
    }
}

extension Diagnostic: WireCodable {
    package func encode(into w: inout WireWriter) {
        w.write(rawValue: severity)
        w.write(message)
        w.write(location.file)
        w.write(location.line)
        w.write(location.column)
        w.write(length)
        w.write(sourceLine)
        w.write(sourceColumn)
        w.write(notes)
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> Diagnostic {
        let severity: Severity = try r.rawValue(named: "severity")
        let message = try r.string()
        let location = SourceLocation(file: try r.string(), line: try r.int(), column: try r.int())
        let length = try r.int()
        var diagnostic = Diagnostic(
            severity, message: message, location: location, length: length, sourceLine: try r.optional())
        diagnostic.length = length  // as it was sent (the initializer makes it at least 1)
        diagnostic.sourceColumn = try r.optional()
        diagnostic.notes = try r.array()
        return diagnostic
    }
}
