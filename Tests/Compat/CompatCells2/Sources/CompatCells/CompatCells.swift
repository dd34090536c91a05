import CellKit

/// The plugin: its name is the namespace of everything it registers
/// (`CompatCells.HelloCell`).
enum CompatCells: Plugin {
    static let name = "CompatCells"
    static let version = "0.1.0"
    static let summary = "cells from the CompatCells plugin"

    static func register(in registrar: PluginRegistrar) throws {
        try registrar.register(HelloCell.self, summary: "a greeting, drawn in code")
        try registrar.register(CardCell.self, summary: "a card, drawn by CardCell.nib")
    }
}

// The two entry points the host looks for. Keep them as they are.

/// The SDK ABI and Swift compiler this plugin was built with, checked
/// by the host before anything else of the plugin runs.
@_cdecl("cellkit_plugin_abi")
public func cellkitPluginABI() -> UInt64 { PluginABI.current }

/// Registers the plugin's cells into the host's registrar.
@_cdecl("cellkit_plugin_register")
public func cellkitPluginRegister(_ registrar: UnsafeMutableRawPointer) -> Int32 {
    PluginRegistrar.run(CompatCells.self, with: registrar)
}
