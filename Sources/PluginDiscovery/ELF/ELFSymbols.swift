import CellKitSupport

/// Reads the dynamic symbol names of an ELF shared library without loading
/// it: discovery uses it to tell plugins from other `.so` files (such as
/// libCellKit.so) without running any of their code.
///
/// A library on the plugin path is input like any other: every offset, size
/// and index is read through ``ELFBytes``, which checks it against the file
/// before use, and a file that says it is ELF but points outside itself is
/// refused with an ``ELFError`` that says which field is wrong.
package enum ELFSymbols {
    /// Whether the file is a 64-bit little-endian ELF shared object that
    /// defines `symbol` in its dynamic symbol table. `false` for a file that
    /// is not one (not ELF, 32-bit, not a shared object, no section headers,
    /// or unreadable).
    ///
    /// - Throws: ``ELFError`` when the file is such an ELF file but damaged.
    package static func defines(_ symbol: String, in path: String) throws(ELFError) -> Bool {
        guard let bytes = try? readFile(path) else { return false }
        do {
            return try defines(symbol, inImage: bytes)
        } catch {
            throw ELFError(path: path, error.problem)
        }
    }

    /// ``defines(_:in:)`` on a file's bytes.
    package static func defines(_ symbol: String, inImage bytes: [UInt8]) throws(ELFError) -> Bool {
        let file = ELFBytes(bytes)
        let magic: [UInt64] = [0x7F, 0x45, 0x4C, 0x46]
        guard file.count >= 4, (0..<4).allSatisfy({ file.u8($0) == magic[$0] }) else { return false }
        let header = try file.window("its ELF header", at: 0, size: 64)
        guard header.u8(4) == 2, header.u8(5) == 1 else { return false }  // ELFCLASS64, ELFDATA2LSB
        guard header.u16(16) == 3 else { return false }  // ET_DYN
        let tableOffset = header.u64(0x28)
        let entrySize = header.u16(0x3A)
        let sectionCount = header.u16(0x3C)
        guard tableOffset != 0, sectionCount != 0 else { return false }
        guard entrySize >= 64 else {
            throw ELFError("its section headers are \(entrySize) bytes each, fewer than the 64 of an ELF64 file")
        }
        let table = try file.window(
            "its section header table (\(sectionCount) headers)", at: tableOffset, size: sectionCount * entrySize)
        func section(_ index: UInt64) throws(ELFError) -> ELFBytes {
            try table.window("section header \(index)", at: index * entrySize, size: 64)
        }
        let target = Array(symbol.utf8)
        for index in 0..<sectionCount {
            let symbols = try section(index)
            guard symbols.u32(4) == 11 else { continue }  // SHT_DYNSYM
            let symbolTable = try file.window(
                "its dynamic symbol table (section \(index))", at: symbols.u64(0x18), size: symbols.u64(0x20))
            let symbolSize = symbols.u64(0x38)
            guard symbolSize >= 24 else {
                throw ELFError(
                    "its dynamic symbols (section \(index)) are \(symbolSize) bytes each, fewer than the 24 of an ELF64 symbol"
                )
            }
            let link = symbols.u32(0x28)
            guard link < sectionCount else {
                throw ELFError(
                    "its dynamic symbol table (section \(index)) names section \(link) as its string table, but there are only \(sectionCount) sections"
                )
            }
            let strings = try section(link)
            guard strings.u32(4) == 3 else {  // SHT_STRTAB
                throw ELFError(
                    "its dynamic symbol table (section \(index)) names section \(link) as its string table, which is of type \(strings.u32(4)), not a string table (3)"
                )
            }
            let stringTable = try file.window(
                "its dynamic string table (section \(link))", at: strings.u64(0x18), size: strings.u64(0x20))
            // Symbol 0 is the null symbol.
            for number in 1..<max(1, UInt64(symbolTable.count) / symbolSize) {
                let entry = try symbolTable.window("symbol \(number)", at: number * symbolSize, size: 24)
                let name = entry.u32(0)
                guard entry.u16(6) != 0 else { continue }  // SHN_UNDEF: not defined here
                guard name < UInt64(stringTable.count) else {
                    throw ELFError(
                        "dynamic symbol \(number) has its name at byte \(name) of a string table of \(stringTable.count) bytes"
                    )
                }
                guard let matches = stringTable.cString(at: Int(name), equals: target) else {
                    throw ELFError(
                        "the name of dynamic symbol \(number) runs past the end of its string table (section \(link))")
                }
                if matches { return true }
            }
        }
        return false
    }
}
