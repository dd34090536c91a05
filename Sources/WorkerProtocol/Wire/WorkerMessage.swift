@_spi(Host) import CellKit

/// What the session asks the worker (docs/design.md, "The protocol").
package enum WorkerRequest: Equatable, WireCodable {
    /// Load the plugin library at `path` (found and named by the session);
    /// `allowUnsafe` is the person's waiver of the ownership checks.
    case load(path: String, allowUnsafe: Bool)
    /// Draw `screen` at `width` in `format`; the bytes come back in chunks.
    /// With a `part`, only that worker's blocks, each ended by an empty chunk.
    case render(Screen, format: OutputFormat, width: Int, colors: ColorMode, part: RenderPart? = nil)
    /// `show`: open a view over `screen` at the top.
    /// A view over the screen, at the top, or where the open view was
    /// (`keepPosition`: the screen's data changed under `show`).
    case openView(Screen, colors: ColorMode, columns: Int, rows: Int, keepPosition: Bool)
    /// `show`: apply `action`, then draw a frame if `draw`.
    case viewAction(ViewAction?, columns: Int, rows: Int, draw: Bool)
    /// `show` ended: the cells that could not be drawn.
    case closeView
    /// `cellkit validate`: make every cell, nib and scene of these loaded plugins.
    case validate(plugins: [String])
    /// `rows … from FILE` read by a plugin's data source: open it, count the
    /// records, and check the first ones against the cell's attributes.
    /// Without `exact`, a source's quick upper bound may stand for the count
    /// (``SourceCheck/estimated``): `show` opens before a large table is counted.
    case checkSource(Binding, exact: Bool)
    /// `show`: look for a search's text in one block of pieces (``PieceSearch``).
    case search(PieceSearch)

    package func encode(into w: inout WireWriter) {
        switch self {
        case .load(let path, let allowUnsafe):
            w.write(tag: Tag.load)
            w.write(path)
            w.write(allowUnsafe)
        case .render(let screen, let format, let width, let colors, let part):
            w.write(tag: Tag.render)
            w.write(screen)
            w.write(rawValue: format)
            w.write(width)
            w.write(rawValue: colors)
            w.write(part)
        case .openView(let screen, let colors, let columns, let rows, let keepPosition):
            w.write(tag: Tag.openView)
            w.write(screen)
            w.write(rawValue: colors)
            w.write(columns)
            w.write(rows)
            w.write(keepPosition)
        case .viewAction(let action, let columns, let rows, let draw):
            w.write(tag: Tag.viewAction)
            w.write(action)
            w.write(columns)
            w.write(rows)
            w.write(draw)
        case .closeView:
            w.write(tag: Tag.closeView)
        case .validate(let plugins):
            w.write(tag: Tag.validate)
            w.write(plugins)
        case .checkSource(let binding, let exact):
            w.write(tag: Tag.checkSource)
            w.write(binding)
            w.write(exact)
        case .search(let search):
            w.write(tag: Tag.search)
            w.write(search)
        }
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> WorkerRequest {
        switch try r.tag(Tag.self, named: "request") {
        case .load:
            return .load(path: try r.string(), allowUnsafe: try r.bool())
        case .render:
            return .render(
                try r.read(), format: try r.rawValue(named: "format"), width: try r.int(),
                colors: try r.rawValue(named: "colour mode"), part: try r.optional())
        case .openView:
            return .openView(
                try r.read(), colors: try r.rawValue(named: "colour mode"), columns: try r.int(), rows: try r.int(),
                keepPosition: try r.bool())
        case .viewAction:
            return .viewAction(try r.optional(), columns: try r.int(), rows: try r.int(), draw: try r.bool())
        case .closeView:
            return .closeView
        case .validate:
            return .validate(plugins: try r.array())
        case .checkSource:
            return .checkSource(try r.read(), exact: try r.bool())
        case .search:
            return .search(try r.read())
        }
    }

    /// Each request's first byte on the wire.
    fileprivate enum Tag: UInt8 {
        case load = 1
        case render = 2
        case openView = 3
        case viewAction = 4
        case closeView = 5
        case validate = 6
        case checkSource = 7
        case search = 8
    }
}

/// What the worker answers.
package enum WorkerResponse: Equatable, WireCodable {
    /// The first message of a worker: which build it is.
    case hello(protocolVersion: Int, abi: Int, compiler: Int)
    /// A plugin was loaded (or had been): its metadata.
    case loaded(PluginInfo, wasAlreadyLoaded: Bool)
    /// A plugin was refused.
    case pluginError(code: String, message: String, fix: String?, path: String?)
    /// Rendered bytes; more follow.
    case chunk([UInt8])
    /// The render is complete: rows drawn, the cells that could not be drawn,
    /// the data files that could not be read.
    case rendered(rows: Int, cellErrors: [RenderFailure], dataErrors: [RenderFailure])
    /// The render failed (writing, or the screen could not be built).
    case failed(RenderFailure)
    /// A frame of `show` (its lines, without the status line) and where it
    /// is; nothing when none was asked for.
    case frame([UInt8], status: ViewStatus?)
    /// The view is closed: the cells that could not be drawn.
    case viewClosed(cellErrors: [RenderFailure])
    /// What `validate` checked, and every failure.
    case validated(checked: Int, failures: [RenderFailure])
    /// What checking a data source's binding found.
    case sourceChecked(SourceCheck)
    /// Where a block of a search found its text, if it did.
    case found(TextMatch?)

    package func encode(into w: inout WireWriter) {
        switch self {
        case .hello(let version, let abi, let compiler):
            w.write(tag: Tag.hello)
            w.write(version)
            w.write(abi)
            w.write(compiler)
        case .loaded(let plugin, let was):
            w.write(tag: Tag.loaded)
            w.write(plugin)
            w.write(was)
        case .pluginError(let code, let message, let fix, let path):
            w.write(tag: Tag.pluginError)
            w.write(code)
            w.write(message)
            w.write(fix)
            w.write(path)
        case .chunk(let bytes):
            w.write(tag: Tag.chunk)
            w.write(bytes: bytes)
        case .rendered(let rows, let errors, let dataErrors):
            w.write(tag: Tag.rendered)
            w.write(rows)
            w.write(errors)
            w.write(dataErrors)
        case .failed(let failure):
            w.write(tag: Tag.failed)
            w.write(failure)
        case .frame(let bytes, let status):
            w.write(tag: Tag.frame)
            w.write(bytes: bytes)
            w.write(status)
        case .viewClosed(let errors):
            w.write(tag: Tag.viewClosed)
            w.write(errors)
        case .validated(let checked, let failures):
            w.write(tag: Tag.validated)
            w.write(checked)
            w.write(failures)
        case .sourceChecked(let check):
            w.write(tag: Tag.sourceChecked)
            w.write(check)
        case .found(let match):
            w.write(tag: Tag.found)
            w.write(match)
        }
    }

    /// What ``encode(into:)`` writes for `.chunk` of `count` bytes before
    /// the bytes: a worker sends it and its bytes as one frame without
    /// copying them into a message (``WorkerChannel/send(_:then:)``).
    package static func chunkHeader(count: Int) -> [UInt8] {
        var writer = WireWriter()
        writer.write(tag: Tag.chunk)
        writer.write(varint: UInt64(count))
        return writer.bytes
    }

    /// The bytes of a `.chunk` frame, in place (not copied out of it);
    /// `nil` for any other message.
    package static func chunkBytes(inFrame frame: [UInt8]) throws(WireError) -> ArraySlice<UInt8>? {
        guard frame.first == Tag.chunk.rawValue else { return nil }
        var reader = WireReader(frame)
        _ = try reader.byte()
        let range = try reader.rawRange()
        try reader.end()
        return frame[range]
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> WorkerResponse {
        switch try r.tag(Tag.self, named: "response") {
        case .hello: return .hello(protocolVersion: try r.int(), abi: try r.int(), compiler: try r.int())
        case .loaded: return .loaded(try r.read(), wasAlreadyLoaded: try r.bool())
        case .pluginError:
            return .pluginError(
                code: try r.string(), message: try r.string(), fix: try r.optional(), path: try r.optional())
        case .chunk: return .chunk(try r.rawBytes())
        case .rendered: return .rendered(rows: try r.int(), cellErrors: try r.array(), dataErrors: try r.array())
        case .failed: return .failed(try r.read())
        case .frame: return .frame(try r.rawBytes(), status: try r.optional())
        case .viewClosed: return .viewClosed(cellErrors: try r.array())
        case .validated: return .validated(checked: try r.int(), failures: try r.array())
        case .sourceChecked: return .sourceChecked(try r.read())
        case .found: return .found(try r.optional())
        }
    }

    /// Each answer's first byte on the wire.
    fileprivate enum Tag: UInt8 {
        case hello = 1
        case loaded = 2
        case pluginError = 3
        case chunk = 4
        case rendered = 5
        case failed = 6
        case frame = 7
        case viewClosed = 8
        case validated = 9
        case sourceChecked = 10
        case found = 11
    }
}

extension ViewAction: WireCodable {
    package func encode(into w: inout WireWriter) {
        switch self {
        case .scroll(let lines):
            w.write(tag: Tag.scroll)
            w.write(lines)
        case .pages(let n):
            w.write(tag: Tag.pages)
            w.write(n)
        case .halfPages(let n):
            w.write(tag: Tag.halfPages)
            w.write(n)
        case .top: w.write(tag: Tag.top)
        case .bottom: w.write(tag: Tag.bottom)
        case .redraw: w.write(tag: Tag.redraw)
        case .suspend: w.write(tag: Tag.suspend)
        case .quit: w.write(tag: Tag.quit)
        case .ignore: w.write(tag: Tag.ignore)
        case .sideways(let quarters):
            w.write(tag: Tag.sideways)
            w.write(quarters)
        case .leftEdge: w.write(tag: Tag.leftEdge)
        case .rightEdge: w.write(tag: Tag.rightEdge)
        case .row(let n):
            w.write(tag: Tag.row)
            w.write(n)
        case .reveal(let match, let text):
            w.write(tag: Tag.reveal)
            w.write(match)
            w.write(text)
        case .exactCount: w.write(tag: Tag.exactCount)
        }
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> ViewAction {
        switch try r.tag(Tag.self, named: "scroll action") {
        case .scroll: return .scroll(lines: try r.int())
        case .pages: return .pages(try r.int())
        case .halfPages: return .halfPages(try r.int())
        case .top: return .top
        case .bottom: return .bottom
        case .redraw: return .redraw
        case .suspend: return .suspend
        case .quit: return .quit
        case .ignore: return .ignore
        case .sideways: return .sideways(quarters: try r.int())
        case .leftEdge: return .leftEdge
        case .rightEdge: return .rightEdge
        case .row: return .row(try r.int())
        case .reveal: return .reveal(try r.read(), text: try r.string())
        case .exactCount: return .exactCount
        }
    }

    /// Each action's first byte on the wire.
    fileprivate enum Tag: UInt8 {
        case scroll = 0
        case pages = 1
        case halfPages = 2
        case top = 3
        case bottom = 4
        case redraw = 5
        case suspend = 6
        case quit = 7
        case ignore = 8
        case sideways = 9
        case leftEdge = 10
        case rightEdge = 11
        case row = 12
        case reveal = 13
        case exactCount = 14
    }
}

extension TextPlace: WireCodable {
    package func encode(into w: inout WireWriter) {
        w.write(piece)
        w.write(line)
        w.write(column)
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> TextPlace {
        TextPlace(piece: try r.int(), line: try r.int(), column: try r.int())
    }
}

extension TextMatch: WireCodable {
    package func encode(into w: inout WireWriter) {
        w.write(place)
        w.write(width)
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> TextMatch {
        TextMatch(place: try r.read(), width: try r.int())
    }
}

extension PieceSearch: WireCodable {
    package func encode(into w: inout WireWriter) {
        w.write(text)
        w.write(backward)
        w.write(range: pieces)
        w.write(from)
        w.write(to)
        w.write(screen)
        w.write(width)
        w.write(count: plan.count)
        for range in plan { w.write(range: range) }
        w.write(lane)
        w.write(lanes)
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> PieceSearch {
        var search = PieceSearch(
            text: try r.string(), backward: try r.bool(), pieces: try r.range(), from: try r.optional(),
            to: try r.optional(), screen: try r.optional(), width: try r.int(),
            plan: try r.array { r throws(WireError) in try r.range() })
        search.lane = try r.int()
        search.lanes = try r.int()
        guard search.lanes > 0, (0..<search.lanes).contains(search.lane) else {
            throw WireError("no search lane \(search.lane) of \(search.lanes)")
        }
        return search
    }
}

extension ViewStatus: WireCodable {
    package func encode(into w: inout WireWriter) {
        // (The first and last row, read back as a range whose bounds are checked.)
        w.write(rows != nil)
        if let rows { w.write(range: rows.lowerBound..<rows.upperBound) }
        w.write(total)
        w.write(isList)
        w.write(counting)
        w.write(atTop)
        w.write(atEnd)
        w.write(percent)
        w.write(range: columns)
        w.write(width)
        w.write(top)
        w.write(range: pieces)
        w.write(pieceCount)
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> ViewStatus {
        let rows = try r.bool() ? try r.range() : nil
        return ViewStatus(
            rows: rows.map { $0.lowerBound...$0.upperBound }, total: try r.int(), isList: try r.bool(),
            counting: try r.bool(), atTop: try r.bool(), atEnd: try r.bool(), percent: try r.int(),
            columns: try r.range(), width: try r.int(), top: try r.read(), pieces: try r.range(),
            pieceCount: try r.int())
    }
}

extension WireWriter {
    /// A range as its two bounds.
    fileprivate mutating func write(range: Range<Int>) {
        write(range.lowerBound)
        write(range.upperBound)
    }

    /// A count of things that follow.
    fileprivate mutating func write(count: Int) {
        write(varint: UInt64(count))
    }
}

extension WireReader {
    /// A range written as its two bounds; bounds out of order are an error, not a trap.
    fileprivate mutating func range() throws(WireError) -> Range<Int> {
        let lower = try int()
        let upper = try int()
        guard lower <= upper else { throw WireError("a range from \(lower) to \(upper)") }
        return lower..<upper
    }
}
