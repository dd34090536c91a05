// What changed in the SDK's public binary interface between two dumps of
// `swift-api-digester -dump-sdk -abi` (.ci/check-api runs it):
//
//   swift Scripts/api-diff.swift BASELINE.json CURRENT.json
//
// prints one line per public declaration added or removed (`+ name (usr)`,
// `- name (usr)`), then `added N` and `removed N`. Declarations in an SPI group
// (`@_spi(Host)`) are left out: only the host uses them, and it is rebuilt with
// the SDK (docs/abi-policy.md). Whether a change breaks plugins is the
// digester's own `-diagnose-sdk -abi` verdict; this lists what is new.
import Foundation

func declarations(_ path: String) -> [String: String] {
    guard let data = FileManager.default.contents(atPath: path),
        let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let root = json["ABIRoot"] as? [String: Any]
    else {
        FileHandle.standardError.write(Data("api-diff: cannot read \(path)\n".utf8))
        exit(2)
    }
    var found: [String: String] = [:]
    func walk(_ node: [String: Any], parent: String) {
        if node["spi_group_names"] != nil { return }
        let name = node["printedName"] as? String ?? ""
        let kind = node["kind"] as? String ?? ""
        let path = parent.isEmpty ? name : parent + "." + name
        if let usr = node["usr"] as? String, kind != "TypeNominal", kind != "TypeNameAlias", kind != "TypeFunc" {
            found[usr] = "\(node["declKind"] as? String ?? kind) \(path)"
        }
        for child in node["children"] as? [[String: Any]] ?? [] {
            walk(child, parent: ["Root", "TypeNominal", "TypeNameAlias", "TypeFunc"].contains(kind) ? parent : path)
        }
    }
    walk(root, parent: "")
    return found
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: swift Scripts/api-diff.swift BASELINE.json CURRENT.json\n".utf8))
    exit(2)
}
let old = declarations(arguments.first!)
let new = declarations(arguments.last!)
let added = new.keys.filter { old[$0] == nil }.sorted()
let removed = old.keys.filter { new[$0] == nil }.sorted()
for usr in added { print("+ \(new[usr]!)") }
for usr in removed { print("- \(old[usr]!)") }
print("added \(added.count)")
print("removed \(removed.count)")
