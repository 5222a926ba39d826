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

@Suite struct GenericCSVReaderTests {
    @Test func sidecarMappingWithUnits() throws {
        let url = TripLogTestFiles.file("g.csv", "Time,Lat,Lon,Speed,Extra\n1685613600000,47.5,8.5,36,x\n")
        let log = DiagnosticLog()
        let mapping = [
            "timestamp": "Time", "latitude": "Lat", "longitude": "Lon", "speed": "Speed", "speedUnit": "kmh",
            "timestampFormat": "unixms",
        ]
        let trip = try #require(TripLogReader.read(url, displayPath: "g.csv", timeZone: .gmt, columnMapping: mapping, log: log))
        #expect(log.diagnostics.isEmpty)
        #expect(trip.locations.count == 1)
        // 36 km/h = 36000 m / 3600 s = 10 m/s; 1685613600000 ms = 1685613600 s.
        #expect(abs(trip.locations[0].speed! - 10) < 1e-12)
        #expect(trip.locations[0].timestamp == Date(timeIntervalSince1970: 1_685_613_600))
    }

    /// Microseconds in a column declared `unix` (seconds): 1.7e15 s is about year 53,900 — beyond
    /// what ISO 8601's four-digit years (and the writers) can say, so that row is skipped with a
    /// warning and the other kept. Also an absurd ISO-sized time in Sensor Logger's elapsed column.
    @Test func timesBeyondTheYear9999AreBadRows() throws {
        let url = TripLogTestFiles.file("m.csv", "ts,lat,lon\n1704067200,46,14\n1704067200000000,46.001,14\n")
        let log = DiagnosticLog()
        let mapping = ["timestamp": "ts", "latitude": "lat", "longitude": "lon", "timestampFormat": "unix"]
        let trip = try #require(TripLogReader.read(url, displayPath: "m.csv", timeZone: .gmt, columnMapping: mapping, log: log))
        #expect(trip.locations.map(\.timestamp) == [Date(timeIntervalSince1970: 1_704_067_200)])
        #expect(log.diagnostics.first?.description
            == "m.csv:3:1: warning: ts \"1704067200000000\" is not a time in the years 0001–9999; row skipped")
        // The last representable instant formats in year 9999, never rounding into 10000.
        #expect(ISO8601Time.format(Date(timeIntervalSince1970: 253_402_300_799.9999)).hasPrefix("9999-12-31T23:59:59.9"))
        #expect(ISO8601Time.format(Date(timeIntervalSince1970: 1e300)) == "9999-12-31T23:59:59.999999Z")
    }

    /// The first representable second, 0001-01-01T00:00:00Z, is -62135596800 s (Python's
    /// `(datetime(1,1,1) - datetime(1970,1,1)).total_seconds()`); one second before it is in the
    /// year 0000, which XML Schema 1.0's dateTime (GPX) cannot write and no reader reads back, so
    /// that row is skipped.
    @Test func timesBeforeTheYear0001AreBadRows() throws {
        let url = TripLogTestFiles.file("y.csv", "ts,lat,lon\n-62135596800,46,14\n-62135596801,46.001,14\n")
        let log = DiagnosticLog()
        let mapping = ["timestamp": "ts", "latitude": "lat", "longitude": "lon", "timestampFormat": "unix"]
        let trip = try #require(TripLogReader.read(url, displayPath: "y.csv", timeZone: .gmt, columnMapping: mapping, log: log))
        #expect(trip.locations.map(\.timestamp) == [Date(timeIntervalSince1970: -62_135_596_800)])
        #expect(ISO8601Time.format(trip.locations[0].timestamp!) == "0001-01-01T00:00:00Z")
        #expect(log.diagnostics.first?.description
            == "y.csv:3:1: warning: ts \"-62135596801\" is not a time in the years 0001–9999; row skipped")
    }

    /// With `delimiter: ";"` a number may have a decimal comma or a decimal point: one file from a
    /// German spreadsheet (`47,5`) and one row typed by hand (`47.6`) both load.
    @Test func semicolonDelimiterReadsDecimalCommasAndPoints() throws {
        let url = TripLogTestFiles.file("s.csv", "ts;lat;lon\n1704067200;47,5;8,25\n1704067260;47.6;8.5\n")
        let log = DiagnosticLog()
        let mapping = ["timestamp": "ts", "latitude": "lat", "longitude": "lon", "timestampFormat": "unix", "delimiter": ";"]
        let trip = try #require(TripLogReader.read(url, displayPath: "s.csv", timeZone: .gmt, columnMapping: mapping, log: log))
        #expect(log.diagnostics.isEmpty)
        #expect(trip.locations.map(\.coordinate.latitude) == [47.5, 47.6])
        #expect(trip.locations.map(\.coordinate.longitude) == [8.25, 8.5])
    }

    @Test func unknownLayoutAndBadMappingsAreErrors() throws {
        let url = TripLogTestFiles.file("g.csv", "A,B\n1,2\n")
        let log = DiagnosticLog()
        #expect(TripLogReader.read(url, displayPath: "g.csv", timeZone: .gmt, columnMapping: nil, log: log) == nil)
        #expect(log.diagnostics.map(\.description) == ["g.csv:1:1: error: unknown CSV layout: columns A, B (name them in the trip's sidecar under columns:)"])
        let missing = DiagnosticLog()
        #expect(GenericCSVReader.read(url, displayPath: "g.csv", slug: "g", mapping: ["latitude": "A", "longitude": "Lon"], timeZone: .gmt, log: missing) == nil)
        #expect(missing.diagnostics.first?.message.contains("\"Lon\"") == true)
        let unknown = DiagnosticLog()
        #expect(GenericCSVReader.read(url, displayPath: "g.csv", slug: "g", mapping: ["latitude": "A", "longitude": "B", "lat": "A"], timeZone: .gmt, log: unknown) == nil)
        #expect(unknown.errorCount == 1)
    }

    /// A quote or a line break cannot be the delimiter: `"\n"` was taken and ended in 'a CSV
    /// without a "t" column', and `'"'` silently gave no fixes (found by a fresh-clone tester).
    @Test(arguments: ["\"", "\n", "\r", "\u{0}"])
    func quoteAndLineBreakAreNoDelimiters(delimiter: String) {
        let url = TripLogTestFiles.file("d.csv", "t,lat,lon\n1704067200,46,14\n")
        let log = DiagnosticLog()
        let mapping = ["timestamp": "t", "latitude": "lat", "longitude": "lon", "timestampFormat": "unix", "delimiter": delimiter]
        #expect(GenericCSVReader.read(url, displayPath: "d.csv", slug: "d", mapping: mapping, timeZone: .gmt, log: log) == nil)
        let shown = ["\"": "\"\"\"", "\n": "\"\\n\"", "\r": "\"\\r\"", "\u{0}": "\"\\u{0}\""][delimiter]!
        #expect(log.diagnostics.map(\.description) == [
            "d.csv: error: the column mapping's delimiter cannot be \(shown): a quote starts a quoted field, a line break "
                + "ends a row and NUL is no text; use ',', ';', a tab or another character"
        ])
    }
}
