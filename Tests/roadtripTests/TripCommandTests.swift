import Foundation
import Testing
import TestTools

/// `roadtrip trip filter|stats`, run as the built binary on the trip-log fixtures.
///
/// Reference figures for `cerknicko-jezero.gpx` (gpxpy's test file: 296 trkpt in 7 non-empty
/// segments, strictly increasing times, no accuracy fields) come from Python, not from roadtrip:
/// - pyproj 3.7.2 (PROJ 9.5.1), gpxpy 1.6.2:
///   `python3 -c 'import gpxpy,pyproj; g=pyproj.Geod(ellps="WGS84"); x=gpxpy.parse(open(F));
///   print(sum(g.inv(a.longitude,a.latitude,b.longitude,b.latitude)[2] for t in x.tracks
///   for s in t.segments for a,b in zip(s.points,s.points[1:])), x.length_2d())'`
///   → 4576.9074841889105 m (geodesic, per segment) and gpxpy 4580.1370099275755 m (+0.071 %).
/// - gpxpy `get_time_bounds()`: 2010-08-05T14:23:59Z … 16:23:49Z (7,190 s); `get_duration()`
///   sums the segments: 4,239 s.
/// - `python3 Benchmarks/filter-reference.py F 10` and `… F 25` (pyproj, DESIGN's rule: keep at
///   ≥ the threshold from the last kept fix, per segment): 253 and 122 kept (GPSBabel 1.8.0
///   `-x position,distance=10m` agrees at 252/122: it drops at exactly the threshold, on a sphere).
/// - The default preset, by a separate Python loop over the same points (gapTime 300 s opens a
///   segment, else drop when pyproj distance < 10 m, else drop when distance/Δt > 70 m/s, else
///   keep): 252 kept, 43 too close, 1 too fast (the 183.8 m jump in 2 s), 7 segments.
@Suite struct TripCommandTests {
    static let fixtures = "Tests/RoadTripKitTests/Fixtures/triplogs"
    static let cerknica = fixtures + "/gpx/cerknicko-jezero.gpx"
    static let sensorLoggerFolder = fixtures + "/csv/sensorlogger-2023-03-17_15-50-47"
    /// Every filter but the distance filter effectively off (cerknica has no accuracies and no
    /// recording start, so desiredAccuracy and maximumAge cannot act anyway).
    static let othersOff = [
        "--desired-accuracy", "1e9", "--maximum-speed", "1e9", "--gap-time", "1e9", "--gap-distance", "1e9",
    ]

    /// Runs outside any project, so no site.yaml sets the time zone or the preset (the package
    /// root is the sample site's project, whose timeZone is Europe/Oslo).
    func run(_ arguments: [String]) throws -> CommandRunner.Output {
        try CommandRunner.run(arguments, in: CommandRunner.outsideAnyProject)
    }

    func jsonObject(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func number(_ object: [String: Any], _ key: String) throws -> Double {
        try #require(object[key] as? Double ?? (object[key] as? Int).map(Double.init))
    }

    // MARK: - stats

    @Test func statsJSONMatchesPyprojAndGpxpy() throws {
        let output = try run(["trip", "stats", Self.cerknica, "--json", "--distance-filter", "0"] + Self.othersOff)
        #expect(output.status == 0)
        #expect(output.standardError.isEmpty)
        #expect(output.standardOutput.hasSuffix("}\n"))
        let stats = try jsonObject(output.standardOutput)
        // pyproj geodesic sum (7 decimals in the output).
        #expect(abs(try number(stats, "distance") - 4_576.9074841889105) < 1e-6)
        // gpxpy's length_2d (spherical) is 0.071 % longer.
        let ratio = 4_580.1370099275755 / (try number(stats, "distance")) - 1
        #expect(ratio > 0.0007 && ratio < 0.00072)
        #expect(try number(stats, "duration") == 7190)
        #expect(try number(stats, "recordedDuration") == 4239)
        #expect(stats["startTime"] as? String == "2010-08-05T14:23:59Z")
        #expect(stats["endTime"] as? String == "2010-08-05T16:23:49Z")
        #expect(try number(stats, "segmentCount") == 7)
        let fixes = try #require(stats["fixes"] as? [String: Any])
        #expect(try number(fixes, "total") == 296)
        #expect(try number(fixes, "kept") == 296)
        #expect(stats["headings"] is NSNull)
        // gpxpy get_bounds(): latitude 45.744161373 … 45.791722974, longitude 14.304350847 … 14.367124261.
        let bbox = try #require(stats["bbox"] as? [Double])
        #expect(bbox.count == 4)
        for (value, expected) in zip(bbox, [14.304350847, 45.744161373, 14.367124261, 45.791722974]) {
            #expect(abs(value - expected) < 1e-7)
        }
        let settings = try #require(stats["settings"] as? [String: Any])
        #expect(try number(settings, "distanceFilter") == 0)
        #expect(settings["cutoffFrequency"] is NSNull)
    }

    @Test(arguments: [("10", 253), ("25", 122)])
    func distanceFilterFlagMatchesReference(threshold: String, kept: Int) throws {
        let output = try run(["trip", "stats", Self.cerknica, "--json", "--distance-filter", threshold] + Self.othersOff)
        #expect(output.status == 0)
        let fixes = try #require(try jsonObject(output.standardOutput)["fixes"] as? [String: Any])
        #expect(try number(fixes, "kept") == Double(kept))
        let dropped = try #require(fixes["dropped"] as? [String: Any])
        #expect(try number(dropped, "tooClose") == Double(296 - kept))
    }

    @Test func defaultPresetTable() throws {
        let output = try run(["trip", "stats", Self.cerknica, "--time-zone", "Europe/Ljubljana"])
        #expect(output.status == 0)
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        // Labels padded to the longest, "Average moving speed" (20 characters), plus two spaces.
        func row(_ label: String) -> String? {
            lines.first { $0.hasPrefix(label + " ") }.map { String($0.dropFirst(22)) }
        }
        // 296 points, 43 within 10 m of the last kept one. Point 237 (15:40:02) is 183.7 m from
        // point 236 two seconds earlier (91.9 m/s, above 70), and point 238 is nearer to it than
        // to 236 (the tester's measure: 47.7 m/s from 236): a real jump, kept, opening an eighth
        // segment, rather than a spike dropped.
        #expect(row("Fixes") == "253 of 296 kept")
        #expect(row("Segments") == "8")
        #expect(row("Filters") == "253 of 296 fixes kept: 43 within 10 m of the previous")
        // Ljubljana is on CEST (UTC+2) in August: 14:23:59Z → 16:23.
        #expect(row("Start") == "2010-08-05 16:23 CEST (+02:00)")
        #expect(row("Distance")?.hasSuffix(" mi)") == true)
        #expect(row("Maximum speed")?.contains("(raw ") == true)
        // The second filter line, under "Filters": the altitude filter's report.
        #expect(lines.last == String(repeating: " ", count: 22) + "all 253 altitudes kept")
        #expect(lines.count == 14)
    }

    @Test func tableUnitsAndDurations() throws {
        let output = try run(["trip", "stats", Self.cerknica, "--distance-filter", "0"] + Self.othersOff)
        #expect(output.status == 0)
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        // 4,576.907 m = 4.58 km = 2.84 mi (/1,609.344); 7,190 s = 1 h 59 min 50 s.
        #expect(lines.contains("Distance              4.58 km (2.84 mi)"))
        #expect(lines.contains("Duration              1:59:50"))
        #expect(lines.contains("Start                 2010-08-05 14:23 UTC (+00:00)"))
        #expect(lines.contains("Filters               all 296 fixes kept"))
    }

    @Test func sensorLoggerFolder() throws {
        let output = try run(["trip", "stats", Self.sensorLoggerFolder, "--json"])
        #expect(output.status == 0)
        let stats = try jsonObject(output.standardOutput)
        #expect(stats["format"] as? String == "sensorLogger")
        // Location.csv has 1,092 lines: a header and 1,091 fixes; TotalAcceleration.csv 12,001.
        #expect(try number(try #require(stats["fixes"] as? [String: Any]), "total") == 1091)
        #expect(try number(try #require(stats["accelerations"] as? [String: Any]), "total") == 12000)
    }

    // MARK: - filter

    static let gpxFilterArguments = ["trip", "filter", cerknica, "--format", "gpx", "--distance-filter", "10"] + othersOff

    @Test func gpxOutputHasTheKeptPointsInTheirSegments() throws {
        let output = try run(Self.gpxFilterArguments)
        #expect(output.status == 0)
        let text = output.standardOutput
        #expect(text.components(separatedBy: "<trkpt ").count - 1 == 253)
        #expect(text.components(separatedBy: "<trkseg>").count - 1 == 7)
    }

    /// The GPX printed is valid against the GPX 1.1 schema (Fixtures/spec/gpx/gpx-1.1.xsd, with
    /// `xmllint --schema`); skipped without xmllint, failed without it under CI (`TestTool`).
    @Test(.requires(.xmllint)) func gpxOutputIsValidGPX11() throws {
        let xmllint = try TestTool.xmllint.path()
        let output = try run(Self.gpxFilterArguments)
        #expect(output.status == 0)
        let text = output.standardOutput
        let schema = CommandRunner.packageRoot.appendingPathComponent("Tests/RoadTripKitTests/Fixtures/spec/gpx/gpx-1.1.xsd").path
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("trip-\(UUID().uuidString).gpx")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(text.utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xmllint)
        process.arguments = ["--noout", "--schema", schema, file.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(message)")
    }

    @Test func geoJSONIsAMultiLineStringPerSegment() throws {
        let output = try run(["trip", "filter", Self.cerknica])
        #expect(output.status == 0)
        let collection = try jsonObject(output.standardOutput)
        #expect(collection["type"] as? String == "FeatureCollection")
        let features = try #require(collection["features"] as? [[String: Any]])
        let geometry = try #require(features.first?["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "MultiLineString")
        let lines = try #require(geometry["coordinates"] as? [[[Double]]])
        // The 253 kept fixes in 8 segments (see defaultPresetTable).
        #expect(lines.count == 8)
        #expect(lines.map(\.count).reduce(0, +) == 253)
        // The first trkpt of the file: lat 45.772175035, lon 14.357659249 → [lon, lat] rounded by
        // hand to 6 decimals (RFC 7946 §11.2): 14.357659, 45.772175.
        #expect(lines[0][0] == [14.357659, 45.772175])
        #expect(output.standardOutput.contains("[[[14.357659,45.772175],"))
        // The file's coordinates have 9 decimals; none of the output's numbers has more than 6.
        #expect(output.standardOutput.firstMatch(of: #/\d\.\d{7}/#) == nil)
        let kinds = features.compactMap { ($0["properties"] as? [String: Any])?["kind"] as? String }
        #expect(kinds == ["track", "start", "end"])
    }

    @Test func csvHasOneRowPerKeptFix() throws {
        let output = try run(["trip", "filter", Self.cerknica, "--format", "csv", "--distance-filter", "25"] + Self.othersOff)
        #expect(output.status == 0)
        let rows = output.standardOutput.split(separator: "\n").map(String.init)
        #expect(rows.first
            == "segment,timestamp,latitude_deg,longitude_deg,altitude_m,horizontalAccuracy_m,verticalAccuracy_m,speed_mps,course_deg")
        #expect(rows.count == 1 + 122)
        // The file's first trkpt: ele 542.320923, time 2010-08-05T14:23:59Z.
        #expect(rows[1] == "0,2010-08-05T14:23:59Z,45.772175035,14.357659249,542.320923,,,,")
        #expect(Set(rows.dropFirst().map { $0.prefix { $0 != "," } }) == ["0", "1", "2", "3", "4", "5", "6"])
    }

    @Test func jsonOutputReadsBackAsTheFilteredLog() throws {
        let filtered = try run(["trip", "filter", Self.cerknica, "--format", "json", "--distance-filter", "10"] + Self.othersOff)
        #expect(filtered.status == 0)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("trip-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(filtered.standardOutput.utf8).write(to: file)
        let again = try run(["trip", "stats", file.path, "--json", "--distance-filter", "0"] + Self.othersOff)
        #expect(again.status == 0)
        let stats = try jsonObject(again.standardOutput)
        let fixes = try #require(stats["fixes"] as? [String: Any])
        #expect(try number(fixes, "total") == 253)
        #expect(try number(fixes, "kept") == 253)
        #expect(try number(stats, "segmentCount") == 7)
    }

    // MARK: - exit status and diagnostics

    @Test func unreadableLogIsExitOne() throws {
        // A tag mismatch in the middle (a cut-short file is read: the points before the cut are kept).
        let truncated = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).gpx").path
        try Data("<gpx><trk></gpx>\n<trk/>\n".utf8).write(to: URL(fileURLWithPath: truncated))
        defer { try? FileManager.default.removeItem(atPath: truncated) }
        let output = try run(["trip", "filter", truncated])
        #expect(output.status == 1)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.hasPrefix(truncated + ":"))
        #expect(output.standardError.contains(": error: "))

        let missing = try run(["trip", "stats", "no/such/log.gpx"])
        #expect(missing.status == 1)
        #expect(missing.standardError == "no/such/log.gpx: error: no such file or folder\n")
    }

    @Test func badPointsWarnAndSucceed() throws {
        // gpx-bad-points.gpx: 3 trkpt, one without lat (line 4, its `<trkpt` at column 1), one
        // with time "yesterday" (line 5, its `<time>` at column 30, after `<trkpt lat="46.2" lon="14.2">`).
        let path = Self.fixtures + "/gpx/gpx-bad-points.gpx"
        let output = try run(["trip", "stats", path, "--json"])
        #expect(output.status == 0)
        let warnings = output.standardError.split(separator: "\n")
        #expect(warnings.contains { $0.hasPrefix(path + ":4:1: warning: ") })
        #expect(warnings.contains { $0.hasPrefix(path + ":5:30: warning: ") })
        #expect(try number(try #require(try jsonObject(output.standardOutput)["fixes"] as? [String: Any]), "total") == 1)
    }

    @Test(arguments: [
        ["trip"],
        ["trip", "show", cerknica],
        ["trip", "stats"],
        ["trip", "filter", cerknica, "--bogus"],
        ["trip", "filter", cerknica, "--json"],
        ["trip", "stats", cerknica, "--format", "csv"],
        ["trip", "filter", cerknica, "--format", "kml"],
        ["trip", "stats", cerknica, "--filtering-factor", "0.2", "--cutoff-frequency", "1"],
        ["trip", "stats", cerknica, "--preset", "fast"],
        ["trip", "stats", cerknica, "--distance-filter", "ten"],
        ["trip", "stats", cerknica, "--distance-filter", "-5"],
        ["trip", "stats", cerknica, "--filtering-factor", "1.5"],
        ["trip", "stats", cerknica, "--time-zone", "Mars/Olympus"],
        ["trip", "stats", cerknica, "extra"],
    ])
    func badUsageIsExitTwo(arguments: [String]) throws {
        let output = try run(arguments)
        #expect(output.status == 2)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.hasPrefix("roadtrip: "))
    }

    /// A filter value out of range is named by the flag the user typed.
    @Test func outOfRangeFilterNamesTheFlag() throws {
        let output = try run(["trip", "stats", Self.cerknica, "--heading-filter", "181"])
        #expect(output.standardError.hasPrefix("roadtrip: --heading-filter must be between 0 and 180 (degrees), not 181"),
            "\(output.standardError)")
    }

    @Test func unknownPresetListsTheKnownOnes() throws {
        let output = try run(["trip", "stats", Self.cerknica, "--preset", "fast"])
        #expect(output.standardError.hasPrefix("roadtrip: unknown preset 'fast' (known: default, corelocation-sample)"))
    }

    @Test func corelocationSamplePreset() throws {
        // The preset has no speed or gap rule, so only its distanceFilter (500 m) acts here:
        // `python3 Benchmarks/filter-reference.py F 500` (pyproj) → 10 kept.
        let output = try run(["trip", "stats", Self.cerknica, "--json", "--preset", "corelocation-sample"])
        #expect(output.status == 0)
        let stats = try jsonObject(output.standardOutput)
        #expect(try number(try #require(stats["fixes"] as? [String: Any]), "kept") == 10)
        let settings = try #require(stats["settings"] as? [String: Any])
        #expect(try number(settings, "distanceFilter") == 500)
        #expect(try number(settings, "desiredAccuracy") == 1000)
        #expect(settings["maximumSpeed"] is NSNull)
    }

    /// The overview and `trip --help` list both subcommands; each one's own help has the filter
    /// options.
    @Test func helpMentionsBothSubcommands() throws {
        for arguments in [["--help"], ["trip", "--help"], ["help", "trip"]] {
            let output = try run(arguments)
            #expect(output.status == 0)
            #expect(output.standardOutput.contains("trip filter LOG"))
            #expect(output.standardOutput.contains("trip stats LOG"))
        }
        for arguments in [["help", "trip", "filter"], ["trip", "stats", "--help"]] {
            let output = try run(arguments)
            #expect(output.status == 0)
            #expect(output.standardOutput.contains("--distance-filter M"))
            #expect(output.standardOutput.contains("--preset NAME"))
        }
    }
}

/// The command line reads a log's sidecar as the site build does, `off` switches a filter off, and a
/// failed write to standard output is an error, not a crash.
@Suite(.serialized) struct TripCommandSidecarTests {
    func copyCerknica(to folder: URL) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let log = folder.appendingPathComponent("lake.gpx")
        try FileManager.default.copyItem(
            at: CommandRunner.packageRoot.appendingPathComponent(TripCommandTests.cerknica), to: log)
        return log
    }

    /// With `distanceFilter: 500` in lake.yaml the same 296-point track keeps 10 fixes, as the
    /// corelocation-sample preset's 500 m gives (Benchmarks/filter-reference.py at 500 m, with the
    /// default preset's other filters: see TripCommandTests.corelocationSamplePreset); the flag
    /// overrides the sidecar, and `off` switches the filter off (all 296 kept with the rest off).
    @Test func sidecarThenFlags() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-sidecar-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = try copyCerknica(to: folder)
        try Data("title: \"Round the lake\"\ndistanceFilter: 500\nmaximumSpeed: off\n".utf8)
            .write(to: folder.appendingPathComponent("lake.yaml"))
        func kept(_ extra: [String]) throws -> (Int, String) {
            let output = try CommandRunner.run(["trip", "stats", log.path, "--json"] + extra, in: folder)
            #expect(output.status == 0, "\(output.standardError)")
            let object = try #require(JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
            let fixes = try #require(object["fixes"] as? [String: Any])
            return (fixes["kept"] as? Int ?? -1, object["title"] as? String ?? "")
        }
        let (sidecarKept, title) = try kept(["--gap-time", "1e9", "--gap-distance", "1e9"])
        #expect(title == "Round the lake")
        #expect(sidecarKept == 10)
        let (allKept, _) = try kept(["--distance-filter", "off", "--gap-time", "off", "--gap-distance", "off"])
        #expect(allKept == 296)
    }

    @Test func aFullStandardOutputIsAnError() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let process = Process()
        process.executableURL = CommandRunner.executable
        process.arguments = ["trip", "filter", TripCommandTests.cerknica, "--format", "gpx"]
        process.currentDirectoryURL = CommandRunner.packageRoot
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(message.contains("cannot write to standard output"))
    }
}
