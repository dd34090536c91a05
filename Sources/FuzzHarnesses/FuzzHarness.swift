// The fuzz harnesses (docs/safety.md): one function per input format, each
// taking any bytes. A harness returns normally for every input, valid or not;
// a trap, a sanitizer report or a failed `precondition` (a broken round trip)
// is a bug. `Scripts/fuzz NAME SECONDS` runs one under libFuzzer; the
// FuzzRegressionTests replay the seed corpora and every input that once
// crashed (Fuzz/Corpus/NAME, Fuzz/Regressions/NAME) under `swift test`.
//
// The harnesses reach internal API through `@testable import`, which only a
// debug build allows: in a release build this module is empty.

/// One fuzz harness, named as `Scripts/fuzz` and the corpus folders name it.
public enum FuzzHarness: String, CaseIterable, Sendable {
    /// The script lexer, parser and validator, and the formatter's round trip.
    case script
    /// The JSON scanner (values and positions), and the writer's round trip.
    case json
    /// The CSV parser, with the delimiter chosen by the first byte.
    case csv
    /// Data files cut into chunks of records (CSV or JSON), against the whole file.
    case records
    /// The nib parser, line layout and drawing at a width the first bytes choose.
    case nib
    /// Storyboards: a script of declarations read into a session, saved,
    /// read back, and each screen rendered.
    case storyboard
    /// The registry-cache reader (the cache file, read only).
    case registryCache = "registry-cache"
    /// The line editor's key decoder, fed in chunks.
    case keyDecoder = "key-decoder"
    /// Clusters and styles drawn into a canvas 1 to 10,000 wide, written by
    /// the plain, ANSI, HTML, SVG and JSON writers.
    case canvas
    /// The frames between the session and the worker, decoded as either side
    /// decodes them; what decodes must round-trip.
    case workerFrames = "worker-frames"
    /// The ELF reader that tells plugins from other libraries (the input is the `.so` file).
    case elf
    /// The SQLite data source on any file (the input is the database file).
    case sqlite

    /// Runs the harness on `data`. Returns normally unless it found a bug.
    public func run(_ data: [UInt8]) {
        #if DEBUG
            switch self {
            case .script: ScriptHarness.run(data)
            case .json: JSONHarness.run(data)
            case .csv: CSVHarness.run(data)
            case .records: RecordChunkerHarness.run(data)
            case .nib: NibHarness.run(data)
            case .storyboard: StoryboardHarness.run(data)
            case .registryCache: RegistryCacheHarness.run(data)
            case .keyDecoder: KeyDecoderHarness.run(data)
            case .canvas: CanvasHarness.run(data)
            case .workerFrames: WorkerFramesHarness.run(data)
            case .elf: ELFHarness.run(data)
            case .sqlite: SQLiteHarness.run(data)
            }
        #endif
    }
}
