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

@Suite struct JSONTripLogTests {
    @Test func writerIsTheReadersInverse() throws {
        let original = TripLog(
            slug: "t", sourcePath: "t.json", format: .json, name: "Zürich \"loop\"",
            recordingStart: Date(timeIntervalSince1970: 1_685_613_599.5),
            locations: [
                LocationSample(
                    timestamp: Date(timeIntervalSince1970: 1_685_613_600.125), coordinate: Coordinate(latitude: 47.4072629, longitude: 8.5104485),
                    altitude: 586.5, horizontalAccuracy: 24.354000091552734, verticalAccuracy: -1, speed: 0.1, course: 359.9),
                LocationSample(coordinate: Coordinate(latitude: -33.85, longitude: 151.2), segment: 1),
            ],
            headings: [HeadingSample(timestamp: Date(timeIntervalSince1970: 1_685_613_600), magneticHeading: 98.3, trueHeading: 85.7, headingAccuracy: 5)],
            accelerations: [AccelerationSample(timestamp: nil, x: 1e-7, y: -0.5, z: -1)])
        let text = JSONTripLogWriter.string(original)
        let url = TripLogTestFiles.file("t.json", text)
        let log = DiagnosticLog()
        var read = try #require(JSONTripLogReader.read(url, displayPath: "t.json", slug: "t", timeZone: .gmt, log: log))
        #expect(log.diagnostics.isEmpty)
        for index in read.locations.indices { read.locations[index].line = nil }
        #expect(read == original)
        #expect(text.hasPrefix("{\"format\":\"roadtrip-triplog\",\"version\":1,"))
    }

    @Test func badSamplesAreWarningsAtTheirPositionWrongFormatIsAnError() throws {
        let text = """
            {"format":"roadtrip-triplog","version":1,
            "locations":[
            {"latitude":1,"longitude":2},
            {"latitude":"1","longitude":2},
            {"longitude":2}
            ]}
            """
        let log = DiagnosticLog()
        let trip = try #require(JSONTripLogReader.read(TripLogTestFiles.file("b.json", text), displayPath: "b.json", slug: "b", timeZone: .gmt, log: log))
        #expect(trip.locations.count == 1)
        #expect(trip.locations[0].line == nil)
        // "latitude":"1" → at the string's line 4, column 13; the missing latitude → the object at line 5, column 1.
        #expect(log.diagnostics.map(\.location.description) == ["b.json:4:13", "b.json:5:1", "b.json"])
        let wrong = DiagnosticLog()
        #expect(JSONTripLogReader.read(TripLogTestFiles.file("w.json", "{\"format\":\"geojson\"}"), displayPath: "w.json", slug: "w", timeZone: .gmt, log: wrong) == nil)
        #expect(wrong.diagnostics.map(\.description) == ["w.json:1:11: error: not a roadtrip trip log: \"format\" must be \"roadtrip-triplog\""])
        let syntax = DiagnosticLog()
        #expect(TripLogReader.read(TripLogTestFiles.file("s.json", "{\"format\":}"), displayPath: "s.json", timeZone: .gmt, columnMapping: nil, log: syntax) == nil)
        #expect(syntax.diagnostics.first?.location.description == "s.json:1:11")
    }

    /// `1e400` is valid JSON beyond the double range: that sample is skipped with a warning at the
    /// number (line 3, column 14), the others are kept.
    @Test func numberBeyondTheRangeSkipsOnlyItsSample() throws {
        let text = """
            {"format":"roadtrip-triplog","version":1,"locations":[
            {"latitude":1,"longitude":2},
            {"latitude":1e400,"longitude":2},
            {"latitude":3,"longitude":4,"altitude":-1e999}
            ]}
            """
        let log = DiagnosticLog()
        let trip = try #require(JSONTripLogReader.read(TripLogTestFiles.file("r.json", text), displayPath: "r.json", slug: "r", timeZone: .gmt, log: log))
        #expect(trip.locations.map(\.coordinate.latitude) == [1])
        let warnings = log.diagnostics.map(\.description)
        #expect(warnings.first == "r.json:3:13: warning: locations[1]: \"latitude\" is beyond the range of a number; sample skipped")
        #expect(warnings.count == 3)
    }
}
