import CellKitSupport
import Glibc

/// Reads the dynamic symbol names of an ELF shared library without loading
/// it: discovery uses it to tell plugins from other `.so` files (such as
/// libCellKit.so) without running any of their code.
enum ELFSymbols {
    /// Whether the file is a 64-bit little-endian ELF shared object that
    /// defines `symbol` in its dynamic symbol table.
    static func defines(_ symbol: String, in path: String) -> Bool {
        guard let bytes = readAll(path), bytes.count > 64 else { return false }
        return bytes.withUnsafeBytes { raw -> Bool in
            func u16(_ o: Int) -> Int {
                o + 2 <= raw.count ? Int(raw.loadUnaligned(fromByteOffset: o, as: UInt16.self)) : 0
            }
            func u32(_ o: Int) -> Int {
                o + 4 <= raw.count ? Int(raw.loadUnaligned(fromByteOffset: o, as: UInt32.self)) : 0
            }
            func u64(_ o: Int) -> Int {
                o + 8 <= raw.count ? Int(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: o, as: UInt64.self)) : 0
            }
            guard raw[0] == 0x7F, raw[1] == 0x45, raw[2] == 0x4C, raw[3] == 0x46, raw[4] == 2, raw[5] == 1 else {
                return false
            }
            guard u16(16) == 3 else { return false }  // ET_DYN
            let shoff = u64(0x28)
            let shentsize = u16(0x3A)
            let shnum = u16(0x3C)
            guard shoff > 0, shentsize >= 64, shnum > 0, shoff + shnum * shentsize <= raw.count else { return false }
            let target = Array(symbol.utf8)
            for i in 0..<shnum {
                let sh = shoff + i * shentsize
                guard u32(sh + 4) == 11 else { continue }  // SHT_DYNSYM
                let symOffset = u64(sh + 0x18)
                let symSize = u64(sh + 0x20)
                let link = u32(sh + 0x28)
                let entsize = max(24, u64(sh + 0x38))
                guard link < shnum else { return false }
                let strSection = shoff + link * shentsize
                let strOffset = u64(strSection + 0x18)
                let strSize = u64(strSection + 0x20)
                guard symOffset + symSize <= raw.count, strOffset + strSize <= raw.count else { return false }
                var s = symOffset
                while s + entsize <= symOffset + symSize {
                    let nameIndex = u32(s)
                    let sectionIndex = u16(s + 6)
                    if sectionIndex != 0, nameIndex < strSize {
                        let start = strOffset + nameIndex
                        var matches = true
                        for (k, byte) in target.enumerated() where start + k >= raw.count || raw[start + k] != byte {
                            matches = false
                            break
                        }
                        if matches, start + target.count < raw.count, raw[start + target.count] == 0 { return true }
                    }
                    s += entsize
                }
            }
            return false
        }
    }

    private static func readAll(_ path: String) -> [UInt8]? {
        try? readFile(path)
    }
}
