// Documentation coverage: every public symbol declared in a module's sources
// has a doc comment of its own. Run by Scripts/docs on the symbol graphs that
// swift-symbolgraph-extract writes (public symbols only, no @_spi ones):
//
//   swift Scripts/doc-coverage.swift SYMBOL_GRAPH_DIR SOURCE_DIR
//
// A symbol counts as declared in the sources when the graph gives it a location
// under SOURCE_DIR (what the compiler synthesizes, such as `hashValue` or
// `init(rawValue:)`, has none). The graphs must be extracted with
// -skip-inherited-docs, so that an override or a protocol implementation that
// only inherits its parent's comment shows as undocumented. A default
// implementation appears once per conforming type, all at one place: it is
// checked once. Prints each undocumented symbol as file:line: name and exits 1
// if there is any.
import Foundation

/// One public symbol of a symbol graph, as far as the check needs it.
struct GraphSymbol {
    let name: String
    let kind: String
    let file: String?
    let line: Int
    let column: Int
    let hasComment: Bool

    init(_ json: [String: Any]) {
        let path = json["pathComponents"] as? [String] ?? []
        name = path.joined(separator: ".")
        kind = (json["kind"] as? [String: Any])?["displayName"] as? String ?? "symbol"
        let location = json["location"] as? [String: Any]
        file = (location?["uri"] as? String).map(GraphSymbol.path(ofURI:))
        let position = location?["position"] as? [String: Any]
        line = (position?["line"] as? Int ?? 0) + 1
        column = (position?["character"] as? Int ?? 0) + 1
        let comment = json["docComment"] as? [String: Any]
        let lines = comment?["lines"] as? [[String: Any]] ?? []
        hasComment = lines.contains { !(($0["text"] as? String) ?? "").trimmingCharacters(in: .whitespaces).isEmpty }
    }

    static func path(ofURI uri: String) -> String {
        URL(string: uri)?.path ?? uri.replacingOccurrences(of: "file://", with: "")
    }
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let graphs = arguments.first, let sources = arguments.last else {
    FileHandle.standardError.write(Data("usage: swift Scripts/doc-coverage.swift SYMBOL_GRAPH_DIR SOURCE_DIR\n".utf8))
    exit(2)
}
let sourceRoot = URL(fileURLWithPath: sources).standardizedFileURL.path + "/"
let cwd = FileManager.default.currentDirectoryPath + "/"

/// Each declaration (file:line:column) with the symbols declared there, in the order read.
var declarations: [String: [GraphSymbol]] = [:]
var order: [String] = []
let files = (try? FileManager.default.contentsOfDirectory(atPath: graphs)) ?? []
for file in files.sorted() where file.hasSuffix(".symbols.json") {
    let data = try Data(contentsOf: URL(fileURLWithPath: graphs + "/" + file))
    guard let graph = try JSONSerialization.jsonObject(with: data) as? [String: Any],
        let symbols = graph["symbols"] as? [[String: Any]]
    else {
        FileHandle.standardError.write(Data("\(file): not a symbol graph\n".utf8))
        exit(2)
    }
    for symbol in symbols.map(GraphSymbol.init) {
        guard let file = symbol.file, file.hasPrefix(sourceRoot) else { continue }
        let key = "\(file):\(symbol.line):\(symbol.column)"
        if declarations[key] == nil { order.append(key) }
        declarations[key, default: []].append(symbol)
    }
}
let checked = order.count
var missing: [(file: String, line: Int, text: String)] = []
for key in order {
    let symbols = declarations[key] ?? []
    guard !symbols.contains(where: \.hasComment), let symbol = symbols.first, let file = symbol.file else { continue }
    let shown = file.hasPrefix(cwd) ? String(file.dropFirst(cwd.count)) : file
    missing.append((shown, symbol.line, "\(symbol.kind.lowercased()) \(symbol.name) has no doc comment"))
}
guard checked > 0 else {
    FileHandle.standardError.write(Data("error: no public symbol of \(graphs) is declared under \(sources)\n".utf8))
    exit(2)
}
for entry in missing.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) }) {
    print("\(entry.file):\(entry.line): error: \(entry.text)")
}
if !missing.isEmpty {
    print("\(missing.count) of \(checked) public symbols have no doc comment: add a /// comment above each")
    exit(1)
}
print("doc coverage: all \(checked) public symbols declared in \(sources) have a doc comment")
