// swift-tools-version:6.1
// The CellKit SDK: the only module a plugin imports.
//
// It is a package of its own so that the host and every plugin link one shared
// `libCellKit.so` (see docs/design.md, "Why the SDK is a separate package").
import PackageDescription

/// Beyond Swift 6 language mode (tools-version 6.1's default): existentials are
/// spelled `any`, and a file sees another module's members only if it imports it.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "CellKit",
    products: [
        .library(name: "CellKit", type: .dynamic, targets: ["CellKit"]),
        // For plugins' tests: rendering to text, golden files, width sweeps.
        .library(name: "CellKitTesting", targets: ["CellKitTesting"]),
    ],
    targets: [
        // dladdr, which Swift's Glibc module does not expose (a plugin's bundle is
        // found from the image its types live in).
        .target(name: "CellKitShims"),
        .target(
            name: "CellKit",
            dependencies: ["CellKitShims"],
            // No unsafeFlags: SwiftPM refuses them in a package depended on by
            // version. The hot class properties are `@exclusivity(unchecked)` instead.
            swiftSettings: strictSettings
        ),
        .target(name: "CellKitTesting", dependencies: ["CellKit"], swiftSettings: strictSettings),
    ]
)
