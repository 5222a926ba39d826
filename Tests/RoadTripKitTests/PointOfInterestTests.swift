import Foundation
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

@Suite struct PointOfInterestTests {
    // MARK: bad-inputs (expectations from Fixtures/bad-inputs/README in /work/shared)

    /// pois-trailing-comma.json is
    ///   line 1: `[`
    ///   line 2: `  {"title": "Trailing comma", "latitude": 1.0, "longitude": 2.0},`
    ///   line 3: `]`
    /// After the comma ending line 2 a value must follow; the parser meets `]` at line 3, column 1.
    /// Python's json module agrees: "Expecting value: line 3 column 1 (char 68)".
    @Test func trailingCommaIsASyntaxErrorWithLineAndColumn() {
        let log = DiagnosticLog()
        let pois = PointOfInterestFile.read(
            FixtureFiles.url("bad-inputs/pois-trailing-comma.json"), displayPath: "pois-trailing-comma.json",
            log: log)
        #expect(pois == nil)
        #expect(log.errorCount == 1)
        let error = log.diagnostics.first
        #expect(error?.location == SourceLocation(path: "pois-trailing-comma.json", line: 3, column: 1))
        #expect(error?.message.contains("trailing comma") == true)
        #expect(error?.description.hasPrefix("pois-trailing-comma.json:3:1: error: ") == true)
    }

    /// pois-mixed.json line 2: `  {"title": "Lat as text", "latitude": "40.1", "longitude": "-73.9"},`
    /// — "40.1" starts at column 40 and "-73.9" at column 61 (counted with Python's str.index + 1);
    /// line 3: `  {"title": "No coordinates"}` — the object starts at column 3.
    /// POI 1 is kept at 40.1, −73.9 with a warning per numeric string; POI 2 is an error naming
    /// "POI 2" and both missing keys.
    @Test func mixedFileKeepsNumericStringsAndRejectsMissingCoordinates() {
        let log = DiagnosticLog()
        let path = "Destinations/x/pois.json"
        let pois = PointOfInterestFile.read(
            FixtureFiles.url("bad-inputs/pois-mixed.json"), displayPath: path, log: log)
        #expect(pois == [PointOfInterest(title: "Lat as text", coordinate: Coordinate(latitude: 40.1, longitude: -73.9))])
        #expect(log.errorCount == 1)
        #expect(log.warningCount == 2)
        let warnings = log.diagnostics.filter { $0.severity == .warning }
        #expect(warnings.map(\.location) == [
            SourceLocation(path: path, line: 2, column: 40), SourceLocation(path: path, line: 2, column: 61),
        ])
        #expect(warnings.first?.message.hasPrefix("POI 1: latitude") == true)
        let error = log.diagnostics.first { $0.severity == .error }
        #expect(error?.location == SourceLocation(path: path, line: 3, column: 3))
        #expect(error?.message == "POI 2: missing keys latitude, longitude")
    }

    // MARK: pois.plist

    /// Fixtures/content/pois.plist: POI 1 (Empire State Building, <real> 40.748433, −73.985656) is
    /// fine; POI 2's Latitude is `<string>ninety</string>` on line 17 after two tabs, so column 3.
    @Test func plistFileNamesTheLineOfABadValue() {
        let log = DiagnosticLog()
        let pois = PointOfInterestFile.read(FixtureFiles.url("content/pois.plist"), displayPath: "pois.plist", log: log)
        #expect(pois == [
            PointOfInterest(title: "Empire State Building", coordinate: Coordinate(latitude: 40.748433, longitude: -73.985656))
        ])
        #expect(log.diagnostics == [
            .error(SourceLocation(path: "pois.plist", line: 17, column: 3), "POI 2: Latitude must be a number of degrees, not 'ninety'")
        ])
    }

    /// A JSON object where an array belongs: unusable file, error at the root (line 1, column 1).
    @Test func rootThatIsNotAnArrayIsAnError() throws {
        let url = FileManager.default.temporaryDirectory.appending(path: "roadtrip-pois-\(UUID().uuidString).json")
        try Data(#"{"title": "x", "latitude": 1, "longitude": 2}"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let log = DiagnosticLog()
        #expect(PointOfInterestFile.read(url, displayPath: "pois.json", log: log) == nil)
        #expect(log.diagnostics.map(\.location) == [SourceLocation(path: "pois.json", line: 1, column: 1)])
        #expect(log.diagnostics.first?.message.contains("must be an array") == true)
    }

    // MARK: the decoder on values (front matter, hand-written here)

    private func poi(_ entries: [(String, MetadataValue)]) -> MetadataValue {
        .mapping(entries.map { MetadataEntry(key: $0.0, value: $0.1) })
    }

    @Test func outOfRangeLatitudeIsAnErrorAtTheGivenPosition() {
        let log = DiagnosticLog()
        let at = SourceLocation(path: "index.md", line: 12, column: 5)
        let pois = PointOfInterestDecoder.decode(
            [poi([("title", .string("Too far north")), ("latitude", .double(91.5)), ("longitude", .integer(10))])],
            path: "index.md", positions: [at], log: log)
        #expect(pois.isEmpty)
        #expect(log.diagnostics == [.error(at, "POI 1: latitude 91.5 is outside −90…90 degrees")])
    }

    @Test func longitudeOutOfRangeAndNonNumbersAreErrors() {
        let log = DiagnosticLog()
        let pois = PointOfInterestDecoder.decode(
            [
                poi([("title", .string("a")), ("latitude", .integer(0)), ("longitude", .double(180.5))]),
                poi([("title", .string("b")), ("latitude", .string("abc")), ("longitude", .integer(0))]),
                poi([("title", .string("c")), ("latitude", .bool(true)), ("longitude", .integer(0))]),
                .string("not a mapping"),
            ], path: "p.json", log: log)
        #expect(pois.isEmpty)
        #expect(log.diagnostics.map(\.message) == [
            "POI 1: longitude 180.5 is outside −180…180 degrees",
            "POI 2: latitude must be a number of degrees, not 'abc'",
            "POI 3: latitude must be a number of degrees, not true",
            "POI 4: expected a mapping with title, latitude and longitude, found text",
        ])
        #expect(log.diagnostics.allSatisfy { $0.severity == .error && $0.location == SourceLocation(path: "p.json") })
    }

    /// Classic keys with a numeric Subtitle (the Statue of Liberty was dedicated in 1886): kept,
    /// the subtitle becomes "1886" with one warning. A missing Longitude is named in the classic
    /// spelling.
    @Test func classicKeysAndNumericSubtitle() {
        let log = DiagnosticLog()
        let pois = PointOfInterestDecoder.decode(
            [
                poi([
                    ("Title", .string("Statue of Liberty")), ("Subtitle", .integer(1886)),
                    ("Latitude", .double(40.689244)), ("Longitude", .double(-74.044514)),
                ]),
                poi([("Title", .string("Half")), ("Latitude", .double(10.5))]),
            ], path: "p.plist", log: log)
        #expect(pois == [
            PointOfInterest(
                title: "Statue of Liberty", subtitle: "1886",
                coordinate: Coordinate(latitude: 40.689244, longitude: -74.044514))
        ])
        #expect(log.diagnostics.map(\.message) == [
            "POI 1: Subtitle is the number 1886; used as text",
            "POI 2: missing key Longitude",
        ])
    }

    /// color: #rgb expands to #rrggbb lowercase (CSS Color 4 §5.2: #F80 = #FF8800); "red" is not
    /// hex notation. url: https kept; "htp:/x" (not http(s), no host) dropped. Unknown keys warned.
    @Test func colorURLAndCategory() {
        let log = DiagnosticLog()
        let pois = PointOfInterestDecoder.decode(
            [
                poi([
                    ("title", .string("Empire State Building")), ("latitude", .double(40.748433)),
                    ("longitude", .double(-73.985656)), ("category", .string("landmark")),
                    ("color", .string("#F80")), ("url", .string(" https://www.esbnyc.com/ ")),
                ]),
                poi([
                    ("title", .string("b")), ("latitude", .integer(1)), ("longitude", .integer(2)),
                    ("color", .string("red")), ("url", .string("htp:/x")), ("zoom", .integer(3)),
                ]),
            ], path: "p.json", log: log)
        #expect(pois == [
            PointOfInterest(
                title: "Empire State Building", coordinate: Coordinate(latitude: 40.748433, longitude: -73.985656),
                category: "landmark", color: "#ff8800", url: "https://www.esbnyc.com/"),
            PointOfInterest(title: "b", coordinate: Coordinate(latitude: 1, longitude: 2)),
        ])
        #expect(log.errorCount == 0)
        #expect(Set(log.diagnostics.map(\.message)) == [
            "POI 2: unknown key zoom ignored",
            "POI 2: url 'htp:/x' is not an absolute http(s) URL; ignored",
            "POI 2: color 'red' is not #rgb or #rrggbb; ignored",
        ])
    }
}
