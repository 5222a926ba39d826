import Foundation
import Testing

@testable import RoadTripCore
@testable import RoadTripFormats

/// TripLogReader chooses the reader by content (`TripLogContent`), the extension only a hint; a GPX
/// cut short keeps its points; roadtrip's own `trip filter --format csv` reads back exactly.
@Suite struct TripLogContentTests {
    func read(_ name: String, _ text: String) -> (TripLog?, [String]) {
        let log = DiagnosticLog()
        let trip = TripLogReader.read(
            TripLogTestFiles.file(name, text), displayPath: name, timeZone: .gmt, columnMapping: nil, log: log)
        return (trip, log.diagnostics.map(\.description))
    }

    static let gpx = #"<?xml version="1.0"?><gpx version="1.1"><trk><trkseg><trkpt lat="1" lon="2"/></trkseg></trk></gpx>"#
    static let nmea = "$GPRMC,120000,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*64\n"

    @Test func formatsAreFoundByContentWhateverTheName() throws {
        #expect(read("day.xml", Self.gpx).0?.format == .gpx)
        #expect(read("day.xml", #"<kml xmlns="http://www.opengis.net/kml/2.2"/>"#).0?.format == .kml)
        #expect(read("day.xml", "<TrainingCenterDatabase/>").0?.format == .tcx)
        #expect(read("day.txt", Self.nmea).0?.format == .nmea)
        #expect(read("day.log", Self.nmea).0?.format == .nmea)
        #expect(read("day", Self.nmea).0?.format == .nmea)
        #expect(read("day.json", #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[1,2]]}}"#).0?.format == .geojson)
        #expect(read("day.json", #"{"format":"roadtrip-triplog","version":1}"#).0?.format == .json)
        // The NMEA fix: 4807.038 N = 48 + 7.038/60 = 48.1173; 01131.000 E = 11 + 31/60 = 11.516666…
        let nmea = try #require(read("day.txt", Self.nmea).0)
        #expect(abs(nmea.locations[0].coordinate.latitude - 48.1173) < 1e-9)
    }

    /// A file named for one format that holds another is read by its content with a warning (the
    /// name may be a slip); GeoJSON named `.json` and anything named `.xml`, `.txt` get none. The
    /// shared bad input `gpx-wrong-root.gpx` is such a file: a `<kml>` root in a `.gpx`.
    @Test func aNameForAnotherFormatIsAWarning() throws {
        let (kml, kmlDiagnostics) = read("day.gpx", #"<kml xmlns="http://www.opengis.net/kml/2.2"/>"#)
        #expect(kml?.format == .kml)
        #expect(kmlDiagnostics.first == "day.gpx: warning: the file is named .gpx but holds a KML document; it is read by its content")
        let (gpx, gpxDiagnostics) = read("day.nmea", Self.gpx)
        #expect(gpx?.format == .gpx)
        #expect(gpxDiagnostics == ["day.nmea: warning: the file is named .nmea but holds a GPX document; it is read by its content"])
        #expect(read("day.json", #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[1,2],[3,4]]}}"#).1.isEmpty)
        #expect(read("day.xml", Self.gpx).1.isEmpty)
        #expect(read("day.gpx", Self.gpx).1.isEmpty)
    }

    /// A text format saved as UTF-16 (little-endian with a byte order mark, as Windows Notepad
    /// writes "Unicode") is one clear error, not a garbled header or a warning per line.
    @Test func utf16TextIsOneError() throws {
        for (name, text, format) in [
            ("day.csv", "time,lat,lon\n2024-06-01T00:00:00Z,1,2\n", "CSV"),
            ("day.nmea", Self.nmea, "NMEA 0183"),
            ("day.json", #"{"format":"roadtrip-triplog","version":1}"#, "JSON trip logs"),
        ] {
            let url = TripLogTestFiles.folder().appendingPathComponent(name)
            try ([0xFF, 0xFE] + Data(text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })).write(to: url)
            let log = DiagnosticLog()
            let trip = TripLogReader.read(url, displayPath: name, timeZone: .gmt, columnMapping: nil, log: log)
            #expect(trip == nil)
            #expect(log.diagnostics.map(\.description) == [
                "\(name):1:1: error: this file is UTF-16 text; roadtrip reads \(format) as UTF-8: save it as UTF-8"
            ])
        }
    }

    /// A GPX in UTF-16 without a byte order mark, big- or little-endian: its XML declaration shows
    /// the encoding (XML 1.0 Appendix F), and libxml2 reads it.
    @Test func utf16XMLWithoutByteOrderMarkIsRead() throws {
        let text = #"<?xml version="1.0" encoding="UTF-16"?>"# + "\n" + Self.gpx.replacingOccurrences(of: #"<?xml version="1.0"?>"#, with: "")
        for bigEndian in [true, false] {
            let url = TripLogTestFiles.folder().appendingPathComponent("day.gpx")
            try Data(text.utf16.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
                .write(to: url)
            #expect(TripLogContent.sniff(url) == .gpx)
            let log = DiagnosticLog()
            let trip = TripLogReader.read(url, displayPath: "day.gpx", timeZone: .gmt, columnMapping: nil, log: log)
            #expect(trip?.locations.map(\.coordinate) == [Coordinate(latitude: 1, longitude: 2)], "\(log.diagnostics)")
        }
    }

    /// A GPX that a phone died while writing: its points, then 4,096 NUL bytes of padding. It is a
    /// GPX by the text before the NULs, and keeps the two whole points with one warning; a file
    /// that starts with NULs (or holds only a little text before them) is still binary data.
    @Test func nulPaddingAfterTextIsACutShortFile() throws {
        let points = #"<?xml version="1.0"?><gpx version="1.1" creator="x"><trk><trkseg>"#
            + #"<trkpt lat="46" lon="14"><time>2024-07-02T08:00:00Z</time></trkpt>"#
            + #"<trkpt lat="46.001" lon="14"><time>2024-07-02T08:00:10Z</time></trkpt><trkpt lat="46.0"#
        let url = TripLogTestFiles.folder().appendingPathComponent("day.gpx")
        try (Data(points.utf8) + Data(count: 4096)).write(to: url)
        #expect(TripLogContent.sniff(url) == .gpx)
        let log = DiagnosticLog()
        let trip = TripLogReader.read(url, displayPath: "day.gpx", timeZone: .gmt, columnMapping: nil, log: log)
        #expect(trip?.locations.count == 2)
        #expect(log.diagnostics.count == 1)
        #expect(log.diagnostics.first?.message == "the file ends early (a recording cut short?); the 2 points read before it are kept")
        #expect(TripLogContent.sniff(Array("<gpx>".utf8) + [0, 0, 0]) == .other(looksLike: "binary data", family: .binary))
        #expect(TripLogContent.sniff([0, 0] + Array(points.utf8)) == .other(looksLike: "binary data", family: .binary))
    }

    @Test func unknownContentSaysWhatItLooksLike() {
        let html = read("day.txt", "<!DOCTYPE html><html><body>hi</body></html>")
        #expect(html.0 == nil)
        #expect(html.1.first?.hasPrefix("day.txt: error: not a trip log: it looks like HTML; roadtrip reads GPX, KML (or KMZ), TCX") == true)
        #expect(read("day.bin", "\u{0}\u{1}\u{2}abc").1.first?.contains("it looks like binary data") == true)
        #expect(read("day.txt", #"{"a": 1}"#).1.first?.contains("it looks like JSON without a recognised structure") == true)
        #expect(read("README.txt", "My trip, day one\n").1.first?.contains("it looks like plain text") == true)
        // A .gpx holding other XML goes to the GPX reader, whose error is more precise.
        #expect(read("day.gpx", "<svg/>").1 == ["day.gpx:1:1: error: not a GPX document (root element `svg`)"])
    }

    /// gpx-truncated.gpx (../shared/bad-inputs) stops inside `<time>` on line 5, after
    /// `<trkpt lat="46.2" lon="14.2">` (29) + `<time>` (6) + `2024-05-01T10:00:` (17) = 52
    /// characters: the first point (46.1, 14.1 at 2024-05-01T10:00:00Z = 1714557600) is kept, with
    /// one warning at line 5, column 53.
    @Test func truncatedGPXKeepsThePointsBeforeTheCut() throws {
        let log = DiagnosticLog()
        let trip = try #require(TripLogReader.read(
            FixtureFiles.url("triplogs/gpx/gpx-truncated.gpx"), displayPath: "trips/gpx-truncated.gpx", timeZone: .gmt,
            columnMapping: nil, log: log))
        #expect(trip.locations.map(\.coordinate) == [Coordinate(latitude: 46.1, longitude: 14.1)])
        #expect(trip.locations[0].timestamp == Date(timeIntervalSince1970: 1_714_557_600))
        #expect(log.diagnostics.map(\.description) == [
            "trips/gpx-truncated.gpx:5:53: warning: the file ends early (a recording cut short?); the 1 point read before it is kept"
        ])
    }

    /// A tag mismatch in the middle of a file is still an error, not a cut.
    @Test func brokenXMLInTheMiddleIsAnError() {
        let (trip, diagnostics) = read("day.gpx", "<gpx><trk></gpx>\n<x/>\n")
        #expect(trip == nil)
        #expect(diagnostics.first?.contains("error: not well-formed XML") == true)
    }

    /// write → read gives back the same samples (values, segments) — shortest round-trip decimals
    /// and microsecond times (.5 s, .25 s are exact in binary).
    @Test func roadtripCSVRoundTrip() throws {
        let segments: [[LocationSample]] = [
            [
                LocationSample(
                    timestamp: Date(timeIntervalSince1970: 1_717_225_200.5), coordinate: Coordinate(latitude: 47.123456789, longitude: 8.1),
                    altitude: 401.25, horizontalAccuracy: 4.7, verticalAccuracy: -1, speed: 12.3, course: 359.9, segment: 0),
                LocationSample(coordinate: Coordinate(latitude: -33.9, longitude: 151.2), segment: 0),
            ],
            [LocationSample(timestamp: Date(timeIntervalSince1970: 1_717_225_260.25), coordinate: Coordinate(latitude: 0.1, longitude: -0.2), segment: 1)],
        ]
        let (trip, diagnostics) = read("filtered.csv", CSVTrackWriter.string(segments: segments))
        let log = try #require(trip)
        #expect(diagnostics.isEmpty)
        #expect(log.format == .csv)
        // The reader adds each row's line (2, 3, 4 after the header); otherwise identical.
        #expect(log.locations.map { var fix = $0; fix.line = nil; return fix } == segments.flatMap { $0 })
        #expect(log.locations.map(\.line) == [2, 3, 4])
    }
}
