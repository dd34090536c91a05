// swift-tools-version:6.1
// The CellKit SDK: the only module a plugin imports.
//
// It is a package of its own so that the host and every plugin link one shared
// `libCellKit.so` (see docs/design.md, "Why the SDK is a separate package").
import PackageDescription

let package = Package(
    name: "CellKit",
    products: [
        .library(name: "CellKit", type: .dynamic, targets: ["CellKit"])
    ],
    targets: [
        .target(
            name: "CellKit",
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    ]
)
