import Foundation

/// One libFuzzer target: a name (`./run fuzz 60 gpx`, `Fuzz/Corpus/<name>/`,
/// `Fuzz/Dictionaries/<name>.dict`), what it reads, and the function libFuzzer calls with each input.
///
/// `run` feeds the bytes to one of roadtrip's readers as a user's file would reach it, and checks
/// what the reader promises beyond not crashing (`Check`): a broken promise stops the process
/// with a message, and libFuzzer saves the input as a crash.
struct Harness: Sendable {
    /// The name on the command line, in the corpus and dictionary paths.
    let name: String
    /// What the harness reads, for the usage text.
    let summary: String
    /// Builds the harness's fixed state (what every input is read against) before libFuzzer
    /// starts; `main.swift` runs it with LeakSanitizer off (`FixedState`).
    var prepare: @Sendable () -> Void = {}
    /// Reads one input.
    let run: @Sendable (Data) -> Void

    /// The environment variable that names the harness to run (set from the first argument).
    static let environmentVariable = "ROADTRIP_FUZZ_HARNESS"

    /// Every harness, in the order `./run fuzz` runs them.
    static let all: [Harness] = [
        frontMatter, siteYAML, sidecar, poisJSON, tripLogJSON, propertyList, mustache, gpx, nmea, kml, kmz, tcx,
        geoJSON, sniffed, gpsLoggerCSV, openTracksCSV, sensorLoggerCSV, sensorLoggerRecording, genericCSV, vCard, exif,
        requestTarget, byteRange, httpDate,
        googleLocationHistory,
    ]

    /// The harness called `name`, if any.
    static func named(_ name: String) -> Harness? { all.first { $0.name == name } }

    /// The harness `ROADTRIP_FUZZ_HARNESS` names (`main.swift` checked it before fuzzing starts).
    static let selected: Harness = named(ProcessInfo.processInfo.environment[environmentVariable] ?? "")!
}
