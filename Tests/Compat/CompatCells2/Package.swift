// swift-tools-version:6.1
// A plugin built against the SDK of the last 2.x release, loaded by the host
// of today (.ci/check-compat, docs/abi-policy.md). Its sources are the
// scaffold's of SDK 2.0.0 and never change: they are what an old plugin is.
// (Tests/Compat/CompatCells is the same plugin as of SDK 1.x.)
import PackageDescription

// .ci/check-compat sets CELLKIT_SDK: the release's SDK tree, then today's.
let sdk = Context.environment["CELLKIT_SDK"] ?? "../../../SDK"

let package = Package(
    name: "CompatCells",
    products: [
        .library(name: "CompatCells", type: .dynamic, targets: ["CompatCells"])
    ],
    dependencies: [
        .package(path: sdk)
    ],
    targets: [
        .target(
            name: "CompatCells",
            dependencies: [.product(name: "CellKit", package: "SDK")],
            resources: [.process("Resources")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    ]
)
