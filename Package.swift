// swift-tools-version:6.1
// CellKit: the app package. The SDK (the CellKit library every plugin links)
// is the separate package in SDK/, depended on by path; see docs/design.md.
import PackageDescription

let cellKit: Target.Dependency = .product(name: "CellKit", package: "SDK")

/// Deliberately broken plugins the tests load by path (Tests/Fixtures/README.md).
let fixtures: [(product: String, target: String)] = [
    ("cellkit-fixture-no-entry", "FixtureNoEntry"),
    ("cellkit-fixture-throws", "FixtureThrows"),
    ("cellkit-fixture-duplicate-name", "FixtureDuplicateName"),
    ("cellkit-fixture-other-abi", "FixtureOtherABI"),
    ("cellkit-fixture-other-compiler", "FixtureOtherCompiler"),
    ("cellkit-fixture-same-name", "FixtureSameName"),
    ("cellkit-fixture-invalid", "FixtureInvalid"),
    ("cellkit-fixture-crashy", "FixtureCrashy"),
    ("cellkit-fixture-traps-in-register", "FixtureTrapsInRegister"),
    ("cellkit-fixture-reload-v1", "FixtureReloadV1"),
    ("cellkit-fixture-reload-v2", "FixtureReloadV2"),
    ("cellkit-fixture-marker", "FixtureMarker"),
]
/// C libraries the tests preload into cellkit (`LD_PRELOAD`), each a `.dynamic` product.
let preloadedFixtures: [(product: String, target: String)] = [
    ("cellkit-fixture-stops-worker", "FixtureStopsWorker")
]
/// C libraries the tests load as plugins by path, each a `.dynamic` product (nothing of the SDK linked).
let cPluginFixtures: [(product: String, target: String)] = [
    ("cellkit-fixture-sleepy-constructor", "FixtureSleepyConstructor")
]
/// What a fixture needs besides CellKit: the marker fixture's ELF constructor is C.
let fixtureDependencies: [String: [Target.Dependency]] = ["FixtureMarker": ["FixtureMarkerConstructor"]]

let package = Package(
    name: "cellkit",
    products: [
        .executable(name: "cellkit", targets: ["cellkit"]),
        .executable(name: "cellkit-bench", targets: ["cellkit-bench"]),
        .library(name: "BasicCells", type: .dynamic, targets: ["BasicCells"]),
        .library(name: "ChartCells", type: .dynamic, targets: ["ChartCells"]),
        .library(name: "CardCells", type: .dynamic, targets: ["CardCells"]),
        // A data source: SQLite databases, through libsqlite3.so.0 opened with dlopen.
        .library(name: "SQLite", type: .dynamic, targets: ["SQLite"]),
        // What the loading benchmark loads: a minimal plugin, and a trivial C library (the floor).
        .library(name: "cellkit-bench-plugin", type: .dynamic, targets: ["BenchPlugin"]),
        .library(name: "cellkit-bench-trivial", type: .dynamic, targets: ["BenchTrivialC"]),
    ]
        + (fixtures + preloadedFixtures + cPluginFixtures).map {
            .library(name: $0.product, type: .dynamic, targets: [$0.target])
        },
    dependencies: [
        .package(path: "SDK")
    ],
    targets: [
        // Files, JSON, CSV and XDG paths, shared by the host and the console
        // (no Foundation: start-up time matters).
        .target(name: "CellKitSupport"),
        // Both processes: search path, trust, ELF symbols, the registry cache,
        // install, scaffold. Reads files; never dlopen.
        .target(name: "PluginDiscovery", dependencies: ["CellKitSupport", cellKit]),
        // Both processes: frames, the codec, requests and answers, and the model
        // both sides share (screens, sections, rows, bindings, the values' syntax).
        .target(name: "WorkerProtocol", dependencies: ["PluginDiscovery", "CellKitSupport", cellKit]),
        // Both processes: data files checked by the session, read again by the worker.
        .target(name: "DataBinding", dependencies: ["WorkerProtocol", "CellKitSupport", cellKit]),
        // The worker only: dlopen, the version gate, the live registry, validation.
        .target(name: "PluginRuntime", dependencies: ["PluginDiscovery", "CellKitSupport", cellKit]),
        // The worker process (`cellkit --worker`): its main loop, screens as data
        // sources, hosting cells, bound rows, the writers of rendered output.
        .target(
            name: "Worker",
            dependencies: [
                "PluginRuntime", "PluginDiscovery", "WorkerProtocol", "DataBinding", "CellKitSupport", cellKit,
            ]),
        // The session process: script, interpreter, REPL, line editor, terminal,
        // journal, storyboards, output files, supervision of workers. It cannot
        // import PluginRuntime or Worker: the session never runs plugin code.
        .target(
            name: "Session",
            dependencies: ["PluginDiscovery", "WorkerProtocol", "DataBinding", "CellKitSupport", cellKit]),
        // The executable: `--worker` and `--scan-plugin` go to Worker, the rest to Session.
        .executableTarget(name: "cellkit", dependencies: ["Session", "Worker", cellKit]),
        // Benchmarks: `swift run -c release cellkit-bench`.
        .executableTarget(
            name: "cellkit-bench",
            dependencies: [
                "PluginRuntime", "PluginDiscovery", "DataBinding", "CellKitSupport", "MallocCounter", "TestSupport",
                cellKit,
            ]),
        .target(name: "MallocCounter"),
        .target(name: "BenchTrivialC"),
        .target(name: "BenchPlugin", dependencies: [cellKit]),

        // Example plugins, each a .dynamic library product.
        .target(name: "BasicCells", dependencies: [cellKit], path: "Plugins/BasicCells"),
        .target(name: "ChartCells", dependencies: [cellKit], path: "Plugins/ChartCells"),
        .target(
            name: "CardCells", dependencies: [cellKit], path: "Plugins/CardCells", resources: [.process("Resources")]),
        .target(name: "SQLite", dependencies: [cellKit], path: "Plugins/SQLite"),

        // Helpers shared by the test targets: golden files, temporary directories,
        // child processes, a seeded random generator.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // Test doubles of the session's internals (an in-memory terminal, the script
        // checker, the in-process plugin backend), for the tests, the fuzz harnesses
        // and the benchmarks; they never ship in a product module.
        .target(
            name: "SessionTestSupport",
            dependencies: ["Session", "Worker", "WorkerProtocol", "PluginRuntime", "PluginDiscovery", cellKit],
            path: "Tests/SessionTestSupport"),
        .testTarget(
            name: "CellKitTests",
            dependencies: [cellKit, .product(name: "CellKitTesting", package: "SDK"), "TestSupport"],
            exclude: ["Rendering/Golden"]),
        .testTarget(name: "CellKitSupportTests", dependencies: ["CellKitSupport", "TestSupport"]),
        // One test target per app module, named after it (docs/contributing.md, "Where tests go").
        .testTarget(
            name: "PluginDiscoveryTests", dependencies: ["PluginDiscovery", "CellKitSupport", "TestSupport"]),
        .testTarget(
            name: "PluginRuntimeTests",
            dependencies: [
                "PluginRuntime", "PluginDiscovery", "CellKitSupport", cellKit,
                .product(name: "CellKitTesting", package: "SDK"),
                "TestSupport",
            ]),
        .testTarget(
            name: "WorkerProtocolTests",
            // Session: its names for shared types (ScrollView.Action, ScriptParser.maximumNesting, RenderProgress).
            dependencies: ["WorkerProtocol", "PluginDiscovery", "Session", "CellKitSupport", cellKit, "TestSupport"]),
        .testTarget(
            name: "DataBindingTests",
            dependencies: ["DataBinding", "CellKitSupport", "TestSupport"]),
        .testTarget(
            name: "WorkerTests",
            dependencies: ["Worker", cellKit, .product(name: "CellKitTesting", package: "SDK"), "TestSupport"],
            exclude: ["Output/Golden"]),
        .testTarget(
            name: "SessionTests",
            dependencies: [
                "Session", "SessionTestSupport", "Worker", "WorkerProtocol", "DataBinding", "PluginRuntime",
                "PluginDiscovery", "CellKitSupport", cellKit,
                .product(name: "CellKitTesting", package: "SDK"),
                "TestSupport",
            ]),
        .testTarget(
            name: "PluginTests",
            dependencies: [cellKit, .product(name: "CellKitTesting", package: "SDK"), "TestSupport"],
            exclude: ["Golden"]),
        // Runs the built `cellkit` executable (after `swift build`), in pipes and in a pseudo-terminal.
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["CellKitSupport", .product(name: "CellKitTesting", package: "SDK"), "TestSupport"],
            exclude: ["Golden"]),
    ]
        + fixtures.map {
            .target(
                name: $0.target, dependencies: [cellKit] + (fixtureDependencies[$0.target] ?? []),
                path: "Tests/Fixtures/\($0.target)")
        }
        + [.target(name: "FixtureMarkerConstructor", path: "Tests/Fixtures/FixtureMarkerConstructor")]
        + (preloadedFixtures + cPluginFixtures).map { .target(name: $0.target, path: "Tests/Fixtures/\($0.target)") }
)

// Fuzzing (docs/safety.md): the harnesses, and the tests that replay their seed
// corpora and regressions (Fuzz/). `Scripts/fuzz` links them to libFuzzer.
package.targets += [
    .target(
        name: "FuzzHarnesses",
        dependencies: [
            "Session", "SessionTestSupport", "Worker", "WorkerProtocol", "DataBinding", "PluginRuntime",
            "PluginDiscovery", "CellKitSupport", cellKit,
        ]),
    .testTarget(
        name: "FuzzHarnessTests",
        dependencies: ["FuzzHarnesses", "Session", "WorkerProtocol", "PluginRuntime", "PluginDiscovery", cellKit]),
]

// Strict settings for every Swift target of this package, beyond Swift 6 language
// mode (tools-version 6.1's default): existentials are spelled `any`, and a file
// sees another module's members only if it imports that module. Test targets and
// executables (which declare nothing public) also import internally by default.
// CI builds with `--explicit-target-dependency-import-check=error` (.ci/run).
for target in package.targets
where
    !(["MallocCounter", "BenchTrivialC", "FixtureMarkerConstructor"]
    + (preloadedFixtures + cPluginFixtures).map(\.target))
    .contains(target.name)
{
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
        ]
        + ([.test, .executable].contains(target.type) ? [.enableUpcomingFeature("InternalImportsByDefault")] : [])
}
