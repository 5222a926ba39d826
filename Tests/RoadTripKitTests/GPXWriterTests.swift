import Foundation
import Testing
import TestTools
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

@Suite struct GPXWriterTests {
    /// Unix times by hand: 1717233123 s = 2024-06-01T09:12:03Z (19,875 days after 1970-01-01 is
    /// 2024-06-01; 33,123 s is 09:12:03); Python: datetime.fromtimestamp(1717233123.25, timezone.utc).
    @Test func writesUTCTimes() {
        #expect(ISO8601Time.format(Date(timeIntervalSince1970: 1_717_233_123)) == "2024-06-01T09:12:03Z")
        #expect(ISO8601Time.format(Date(timeIntervalSince1970: 1_717_233_123.25)) == "2024-06-01T09:12:03.25Z")
        #expect(ISO8601Time.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        // 951,868,800 s = 2000-03-01T00:00:00Z (Python: datetime(2000,3,1,tzinfo=utc).timestamp()),
        // so one second earlier is the 400-year leap day 2000-02-29.
        #expect(ISO8601Time.format(Date(timeIntervalSince1970: 951_868_799)) == "2000-02-29T23:59:59Z")
        // Before 1970: −1 s is 1969-12-31T23:59:59Z.
        #expect(ISO8601Time.format(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    }

    static let segments: [[LocationSample]] = [
        [LocationSample(timestamp: Date(timeIntervalSince1970: 1_717_233_123), coordinate: Coordinate(latitude: 60.3913, longitude: 5.3221), altitude: 12.5),
         LocationSample(timestamp: Date(timeIntervalSince1970: 1_717_233_133), coordinate: Coordinate(latitude: 60.3920, longitude: 5.3240))],
        [],
        [LocationSample(coordinate: Coordinate(latitude: -16.8, longitude: 179.99), altitude: 0)],
    ]

    /// The document round-trips through roadtrip's own GPX reader: two non-empty segments, the
    /// values back, the waypoint back.
    @Test func roundTripsThroughTheReader() throws {
        let text = GPXWriter.document(
            name: "Day 1 & <back>", segments: Self.segments,
            waypoints: [PointOfInterest(title: "Bryggen", subtitle: "Wharf", coordinate: Coordinate(latitude: 60.3975, longitude: 5.3244))])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-gpxwriter-\(UUID().uuidString).gpx")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let log = DiagnosticLog()
        let trip = try #require(GPXReader.read(url, displayPath: "day1.gpx", slug: "day1", timeZone: TimeZone(identifier: "UTC")!, log: log))
        #expect(log.diagnostics.isEmpty, "\(log.diagnostics)")
        #expect(trip.name == "Day 1 & <back>")
        #expect(trip.locations.count == 3)
        #expect(Set(trip.locations.map(\.segment)).count == 2)
        #expect(trip.locations[0].altitude == 12.5 && trip.locations[2].altitude == 0)
        #expect(trip.locations[1].timestamp == Date(timeIntervalSince1970: 1_717_233_133))
        #expect(trip.locations[2].coordinate == Coordinate(latitude: -16.8, longitude: 179.99))
        #expect(trip.waypoints.map(\.title) == ["Bryggen"] && trip.waypoints[0].subtitle == "Wharf")
    }

    /// Valid against the official GPX 1.1 schema (Fixtures/spec/gpx/gpx-1.1.xsd) with
    /// `xmllint --schema`; skipped without xmllint, failed without it under CI (`TestTool`).
    @Test(.requires(.xmllint)) func validatesAgainstTheGPX11Schema() throws {
        let (status, message) = try Self.schemaCheck(GPXWriter.document(name: "Trip", segments: Self.segments,
            waypoints: [PointOfInterest(title: "A", coordinate: Coordinate(latitude: 1, longitude: 2))]))
        #expect(status == 0, "\(message)")
        #expect(message.contains("validates"))
    }

    /// `xmllint --schema` of `document` against Fixtures/spec/gpx/gpx-1.1.xsd: its exit status
    /// and what it said on standard error.
    static func schemaCheck(_ document: String) throws -> (status: Int32, message: String) {
        let xmllint = try TestTool.xmllint.path()
        let schema = FixtureFiles.url("spec/gpx/gpx-1.1.xsd")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-gpxschema-\(UUID().uuidString).gpx")
        try Data(document.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xmllint)
        process.arguments = ["--noout", "--schema", schema.path, url.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }
}

@Suite struct TripLogReaderDispatchTests {
    /// `.gpx` (any case) goes to the GPX reader, a `.kml` to the KML reader; a file of no known
    /// content is an error saying what it looks like and what is read.
    @Test func dispatchesByExtension() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-dispatch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let gpx = folder.appendingPathComponent("Day1.GPX")
        try Data(GPXWriter.document(name: "Day 1", segments: GPXWriterTests.segments).utf8).write(to: gpx)
        let log = DiagnosticLog()
        let read = try #require(TripLogReader.read(gpx, displayPath: "trips/Day1.GPX", timeZone: .gmt, columnMapping: nil, log: log))
        #expect(read.format == .gpx && read.slug == "Day1" && read.locations.count == 3)
        let kml = folder.appendingPathComponent("day2.kml")
        try Data("<kml/>".utf8).write(to: kml)
        #expect(TripLogReader.read(kml, displayPath: "trips/day2.kml", timeZone: .gmt, columnMapping: nil, log: log)?.format == .kml)
        let pdf = folder.appendingPathComponent("day3.pdf")
        try Data("%PDF-1.7".utf8).write(to: pdf)
        #expect(TripLogReader.read(pdf, displayPath: "trips/day3.pdf", timeZone: .gmt, columnMapping: nil, log: log) == nil)
        #expect(log.diagnostics.map(\.description).contains {
            $0.hasPrefix("trips/day3.pdf: error: not a trip log: it looks like a PDF document; roadtrip reads GPX, KML")
        })
    }
}

@Suite struct GPXLongitudeTests {
    /// gpx-1.1.xsd: longitudeType is −180 ≤ value < 180. 180 and 179.99999999 (which rounds to 180
    /// at 7 decimals) are written as −180, the same meridian.
    @Test func longitude180IsWrittenAsMinus180() {
        #expect(GPXWriter.position(Coordinate(latitude: -16.8, longitude: 180))[1].1 == "-180")
        #expect(GPXWriter.position(Coordinate(latitude: -16.8, longitude: 179.99999999))[1].1 == "-180")
        #expect(GPXWriter.position(Coordinate(latitude: -16.8, longitude: 179.9999999))[1].1 == "179.9999999")
        #expect(GPXWriter.position(Coordinate(latitude: -16.8, longitude: -180))[1].1 == "-180")
    }
}

@Suite struct GPXNumberTests {
    /// strtod reads "0x2D.008p0" as 45.001953125 and "0x0E" as 14; GPX's xsd:decimal has no hex,
    /// so those points are bad values: warned at their line and skipped. Line 3 is the hex point.
    @Test func hexadecimalNumbersAreNotCoordinates() throws {
        let gpx = """
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="45.0" lon="14.0"/>
            <trkpt lat="0x2D.008p0" lon="0x0E"/>
            <trkpt lat="45.1" lon="14.1"><ele>0x10</ele></trkpt>
            </trkseg></trk></gpx>
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-hex-\(UUID().uuidString).gpx")
        try Data(gpx.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let log = DiagnosticLog()
        let read = try #require(GPXReader.read(url, displayPath: "hex.gpx", slug: "hex", timeZone: .gmt, log: log))
        #expect(read.locations.map(\.coordinate) == [Coordinate(latitude: 45, longitude: 14)])
        #expect(log.diagnostics.contains { $0.location.line == 3 && $0.severity == .warning })
    }

    /// The bytes a site writes for `track.gpx` (streamed into the file in pieces of 64 KiB) are the
    /// document's text, UTF-8, byte for byte — names with non-ASCII letters included, and a track
    /// long enough (5,000 fixes, about 400 KB) to cross many piece boundaries.
    @Test func streamedBytesAreTheDocumentsText() {
        let start = Date(timeIntervalSince1970: 1_717_225_200)
        let segments = [
            [
                LocationSample(timestamp: start, coordinate: Coordinate(latitude: 46.5, longitude: 14.25), altitude: 312.5),
                LocationSample(coordinate: Coordinate(latitude: 46.51, longitude: 14.26)),
            ],
            (0..<5_000).map { index in
                LocationSample(
                    timestamp: start.addingTimeInterval(Double(index)),
                    coordinate: Coordinate(latitude: 46.6 + Double(index) * 1e-5, longitude: 14.3), altitude: Double(index) / 4)
            },
        ]
        let waypoints = [PointOfInterest(title: "Ålesund & Co", subtitle: "<hut>", coordinate: Coordinate(latitude: 62.47, longitude: 6.15))]
        let text = GPXWriter.document(name: "Tromsø", segments: segments, waypoints: waypoints)
        var pieces = 0
        var streamed: [UInt8] = []
        let sink = ByteSink { piece in
            pieces += 1
            streamed.append(contentsOf: piece)
        }
        GPXWriter.write(name: "Tromsø", segments: segments, waypoints: waypoints, to: sink)
        #expect(throws: Never.self) { try sink.finish() }
        #expect(streamed == Array(text.utf8))
        #expect(pieces > 5)  // 400 KB in pieces of 64 KiB
        #expect(text.contains("<name>Tromsø</name>") && text.contains("Ålesund &amp; Co"))
    }
}
