// swift-tools-version:6.1
// A plugin built against the SDK of the last release, loaded by the host of
// today (.ci/check-compat, docs/abi-policy.md). Its sources are the scaffold's
// of that release and never change: they are what an old plugin is.
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
