// libFuzzer's entry point, linked by Scripts/fuzz only (not a SwiftPM target,
// so that `swift build` never needs libFuzzer). The harness is chosen by
// CELLKIT_FUZZ_HARNESS (a FuzzHarness raw value, as Scripts/fuzz sets it).
import FuzzHarnesses
import Glibc

let harness: FuzzHarness = {
    guard let name = getenv("CELLKIT_FUZZ_HARNESS").map({ String(cString: $0) }),
        let harness = FuzzHarness(rawValue: name)
    else {
        let names = FuzzHarness.allCases.map(\.rawValue).joined(separator: ", ")
        fputs("CELLKIT_FUZZ_HARNESS must name a harness: \(names)\n", stderr)
        exit(2)
    }
    return harness
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    harness.run(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
