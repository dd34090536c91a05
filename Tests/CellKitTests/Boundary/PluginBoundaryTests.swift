@_spi(Host) import CellKit
import Glibc
import TestSupport
import Testing

/// The plugin boundary, proven with a real `.so` built by this package:
/// protocol conformances and casts must hold across it (DESIGN.md: with the SDK
/// linked statically into host and plugin they silently fail).
@Suite struct PluginBoundaryTests {
    /// The directory the test binary (and every built product) is in.
    static var buildDirectory: String { TestPaths.buildDirectory }

    final class Rows: TableViewDataSource {
        let identifier: String
        init(identifier: String) { self.identifier = identifier }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 2 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell = try! tableView.tryDequeueReusableCell(withIdentifier: identifier, for: indexPath)
            try! cell.setAttribute("text", to: "row \(indexPath.row)")
            return cell
        }
    }

    @Test func aPluginCellPassesIsReusableAndDrawsInATable() throws {
        let path = Self.buildDirectory + "/libBasicCells.so"
        let handle = try #require(
            dlopen(path, RTLD_NOW | RTLD_NODELETE), "dlopen \(path): \(String(cString: dlerror()))")
        let abi = try #require(dlsym(handle, PluginABI.abiSymbol))
        let register = try #require(dlsym(handle, PluginABI.registerSymbol))
        typealias ABIFunction = @convention(c) () -> UInt64
        typealias RegisterFunction = @convention(c) (UnsafeMutableRawPointer) -> Int32
        #expect(unsafeBitCast(abi, to: ABIFunction.self)() == PluginABI.current)

        let registrar = PluginRegistrar(imagePath: path)
        let status = withExtendedLifetime(registrar) {
            unsafeBitCast(register, to: RegisterFunction.self)(Unmanaged.passUnretained(registrar).toOpaque())
        }
        #expect(status == 0)
        let entry = try #require(registrar.registrations.first { $0.name == "TextCell" })
        let view = try #require(try entry.makeView?())
        #expect(view is (any Reusable))
        #expect(view is any Inspectable)
        #expect(view is TableViewCell)
        #expect(PluginBundle(for: type(of: view)).name == "BasicCells")

        let table = TableView()
        table.border = .rounded
        table.register(identifier: "TextCell", typeName: entry.typeName) { try entry.makeView!() as! TableViewCell }
        let rows = Rows(identifier: "TextCell")
        table.dataSource = rows
        let text = table.renderCanvas(width: 14).text
        #expect(
            text == """
                ╭────────────╮
                │ row 0      │
                │ row 1      │
                ╰────────────╯
                """)
    }
}
