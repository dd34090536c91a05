#if DEBUG
    @_spi(Host) import CellKit

    @testable import PluginDiscovery
    @testable import PluginRuntime

    /// The ELF reader discovery runs on every `.so` of the plugin path: the
    /// input is the library file. It answers or throws an ``ELFError``, for
    /// both symbols discovery looks for; it never reads outside the input.
    enum ELFHarness {
        static func run(_ data: [UInt8]) {
            for symbol in [PluginABI.abiSymbol, PluginABI.registerSymbol] {
                do {
                    _ = try ELFSymbols.defines(symbol, inImage: data)
                } catch {
                    precondition(!error.problem.isEmpty, "an ELF error that says nothing")
                    _ = error.description
                }
            }
        }
    }
#endif
