// swift-tools-version:6.2
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
            // Library evolution: a plugin built against SDK 1.m keeps loading in
            // every host 1.n, n ≥ m (docs/abi-policy.md). A plugin compiles its own
            // copy of this module from these sources, so the flag lives here, where
            // every build sees it. `unsafeFlags` is accepted in a dependency pinned
            // by version from tools-version 6.2 on (measured: 6.1 refuses it).
            swiftSettings: strictSettings + [.unsafeFlags(["-enable-library-evolution"])]
        ),
        .target(name: "CellKitTesting", dependencies: ["CellKit"], swiftSettings: strictSettings),
    ]
)
