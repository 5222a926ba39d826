import Foundation
import Testing

@testable import RoadTripCore
@testable import RoadTripFormats

/// KMLReader on OpenTracks' importer fixture and on hand-written KML 2.2 (OGC 07-147r2 §10.7
/// LineString coordinates `lon,lat[,alt]`; gx:Track `when`/`gx:coord` "lon lat alt"; OpenTracks'
/// `ExtendedData/SchemaData/gx:SimpleArrayData` `speed`, `accuracy_horizontal`).
@Suite struct KMLReaderTests {
    func read(_ url: URL, _ name: String = "t.kml") -> (TripLog?, [String]) {
        let log = DiagnosticLog()
        let trip = KMLReader.read(url, displayPath: name, slug: "t", timeZone: .gmt, log: log)
        return (trip, log.diagnostics.map(\.description))
    }

    /// The fixture pairs 5 `when`s with 5 `gx:coord`s by order; coords 1 and 5 are empty (no fix),
    /// so 3 fixes remain: (14.0, 3.0, 10) at when 2, (14.001, 3.0) at when 3, (14.002, 3.0) at
    /// when 4. Python: datetime.fromisoformat("2021-05-29T18:06:22.042+00:00").timestamp() ==
    /// 1622311582.042, and ...22.318 == 1622311582.318.
    @Test func openTracksInterleavedWhenAndCoord() throws {
        let (trip, diagnostics) = read(FixtureFiles.url("triplogs/kml/kml22_order_location_and_when.kml"))
        let log = try #require(trip)
        #expect(diagnostics.isEmpty)
        #expect(log.format == .kml)
        #expect(log.locations.map(\.coordinate) == [
            Coordinate(latitude: 3, longitude: 14), Coordinate(latitude: 3, longitude: 14.001),
            Coordinate(latitude: 3, longitude: 14.002),
        ])
        #expect(log.locations.map(\.altitude) == [10, 10, 10])
        #expect(abs(log.locations[0].timestamp!.timeIntervalSince1970 - 1_622_311_582.042) < 1e-6)
        #expect(abs(log.locations[2].timestamp!.timeIntervalSince1970 - 1_622_311_582.318) < 1e-6)
        #expect(Set(log.locations.map(\.segment)) == [0])
    }

    static let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">
        <Document><name>Doc</name>
        <Placemark><name>Start</name><description>Car park</description><Point><coordinates>8.5,47.25,400</coordinates></Point></Placemark>
        <Placemark><name>Drive</name>
        <gx:MultiTrack>
        <gx:Track>
        <when>2024-06-01T07:00:00Z</when><gx:coord>8.5 47.25 400</gx:coord>
        <when>2024-06-01T07:00:10Z</when><gx:coord>8.5 47.5 401.5</gx:coord>
        <ExtendedData><SchemaData schemaUrl="#schema">
        <gx:SimpleArrayData name="speed"><gx:value>12.5</gx:value><gx:value/></gx:SimpleArrayData>
        <gx:SimpleArrayData name="accuracy_horizontal"><gx:value>4</gx:value><gx:value>6.5</gx:value></gx:SimpleArrayData>
        <gx:SimpleArrayData name="power"><gx:value>x</gx:value></gx:SimpleArrayData>
        </SchemaData></ExtendedData>
        </gx:Track>
        <gx:Track>
        <when>2024-06-01T08:00:00Z</when><gx:coord>8.75 95 0</gx:coord>
        <when>yesterday</when><gx:coord>8.75 47.5</gx:coord>
        </gx:Track>
        </gx:MultiTrack></Placemark>
        <Placemark><name>Planned</name><LineString><coordinates>
          9,46 9.5,46.5,300
        </coordinates></LineString></Placemark>
        </Document></kml>
        """

    /// Track 1: 2 fixes, speed 12.5 then missing (`<gx:value/>`), accuracy 4 and 6.5 (the
    /// `power` array is not kept, so its 1 value for 2 points is no warning). Track 2:
    /// latitude 95 is out of range (line 17, `<gx:coord>` at column 34 after the 33-character
    /// `<when>2024-06-01T08:00:00Z</when>`: 6 + 20 + 7), "yesterday" is no time (line 18, column
    /// 1). The LineString (line 21) is a third segment of 2 fixes without times; the Point a waypoint.
    /// 2024-06-01T07:00:00Z = 1717225200 (Python timestamp()).
    @Test func tracksArraysLineStringAndPoint() throws {
        let (trip, diagnostics) = read(TripLogTestFiles.file("t.kml", Self.text))
        let log = try #require(trip)
        #expect(log.name == "Drive")
        #expect(log.locations.count == 4)
        #expect(log.locations.map(\.segment) == [0, 0, 2, 2])
        #expect(log.locations[0].timestamp == Date(timeIntervalSince1970: 1_717_225_200))
        #expect(log.locations[1].timestamp == Date(timeIntervalSince1970: 1_717_225_210))
        #expect(log.locations.map(\.speed) == [12.5, nil, nil, nil])
        #expect(log.locations.map(\.horizontalAccuracy) == [4, 6.5, nil, nil])
        #expect(log.locations[1].altitude == 401.5)
        #expect(log.locations[2].coordinate == Coordinate(latitude: 46, longitude: 9) && log.locations[2].timestamp == nil)
        #expect(log.locations[3].altitude == 300)
        #expect(log.waypoints == [PointOfInterest(title: "Start", subtitle: "Car park", coordinate: Coordinate(latitude: 47.25, longitude: 8.5))])
        #expect(diagnostics == [
            "t.kml:17:34: warning: `coord` \"8.75 95 0\": latitude 95.0 is outside −90…90 degrees; point skipped",
            "t.kml:18:1: warning: `when` \"yesterday\" is not an ISO 8601 date and time; point skipped",
            "t.kml: warning: 2 points skipped: 1 without a valid latitude and longitude, 1 with an unreadable time",
        ])
    }

    /// The same document cut inside the second track (after line 17's `<when>…</when>`, 33
    /// characters): a log, not an error, with one warning where the file ends (line 17, column 34).
    /// Known limit: libxml2's reader parses a file's last chunk (up to 512 bytes) at once and, the
    /// parser being stopped at the error, never delivers that chunk's nodes — so a file this small
    /// keeps none of its points (a long recording loses only its last few hundred bytes).
    @Test func cutShortKeepsWhatWasRead() throws {
        let lines = Self.text.split(separator: "\n", omittingEmptySubsequences: false)
        let cut = lines[0..<16].joined(separator: "\n") + "\n" + lines[16].prefix(33)
        let (trip, diagnostics) = read(TripLogTestFiles.file("t.kml", cut))
        let log = try #require(trip)
        #expect(log.locations.count <= 2)
        #expect(diagnostics.last?.hasPrefix("t.kml:17:34: warning: the file ends early (a recording cut short?)") == true)
        #expect(diagnostics.filter { $0.contains("ends early") }.count == 1)
    }

    /// A `LineString` whose `coordinates` hold 600,000 tuples (10.8 MB of text, past libxml2's
    /// default of 10,000,000 bytes for one text) is read whole: Google Earth and GPSBabel write a
    /// long track so. Tuple n is "n/10⁶,45.000000 " (18 bytes).
    @Test func aLineStringLongerThanTenMegabytesIsRead() throws {
        var text = #"<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><LineString><coordinates>"#
        text.reserveCapacity(11_000_000)
        for index in 0..<600_000 { text += String(format: "%.6f,45.000000 ", Double(index) / 1_000_000) }
        text += "</coordinates></LineString></Placemark></kml>"
        let (trip, diagnostics) = read(TripLogTestFiles.file("long.kml", text))
        #expect(diagnostics.isEmpty)
        #expect(trip?.locations.count == 600_000)
        #expect(trip?.locations.last?.coordinate == Coordinate(latitude: 45, longitude: 0.599999))
    }

    @Test func wrongRootIsAnError() {
        let (trip, diagnostics) = read(TripLogTestFiles.file("t.kml", "<gpx/>"))
        #expect(trip == nil)
        #expect(diagnostics == ["t.kml:1:1: error: not a KML document (root element `gpx`)"])
    }

    /// A KML cut inside a LineString's coordinates keeps the tuples before the cut, but not the
    /// last one (`7,8` could be `7,8.5` cut short); one inside a gx:Track pairs the whens and coords
    /// read (3 whens, 2 coords: 2 fixes). One warning each: the file ends early.
    @Test func cutShortKeepsTheOpenLineAndTrack() throws {
        let head = #"<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Placemark>"#
        let (line, lineDiagnostics) = read(TripLogTestFiles.file("l.kml", head + "<LineString><coordinates>1,2 3,4,10\n5,6 7,8"))
        #expect(try #require(line).locations.map(\.coordinate) == [
            Coordinate(latitude: 2, longitude: 1), Coordinate(latitude: 4, longitude: 3), Coordinate(latitude: 6, longitude: 5),
        ])
        #expect(lineDiagnostics.count == 1)
        #expect(lineDiagnostics.first?.contains("the file ends early (a recording cut short?); the 3 points read before it are kept") == true)
        let track = head + """
            <gx:Track><when>2024-06-01T07:00:00Z</when><when>2024-06-01T07:00:10Z</when><when>2024-06-01T07:00:20Z</when>
            <gx:coord>8.5 47.25 400</gx:coord><gx:coord>8.5 47.5 401</gx:coord><gx:co
            """
        let (fixes, trackDiagnostics) = read(TripLogTestFiles.file("t.kml", track))
        #expect(try #require(fixes).locations.map(\.coordinate.latitude) == [47.25, 47.5])
        #expect(trackDiagnostics.count == 1, "\(trackDiagnostics)")
    }

    /// A LineString tuple that is no coordinate is a warning at its own line and column, not at
    /// the `<coordinates>` tag: on line 4, `  14,46  14.001,46.001,  ` is 25 characters, so
    /// `14.002` starts at column 26, `,46.002` at 33 and `abc,46` at 42; on line 6 the text starts
    /// after `<Placemark><LineString><coordinates>` (36 characters) and `15,46 ` (6): column 43.
    @Test func tupleWarningsAreAtTheTuple() throws {
        let text = """
            <?xml version="1.0"?>
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document>
            <Placemark><LineString><coordinates>
              14,46  14.001,46.001,  14.002 ,46.002  abc,46
            </coordinates></LineString></Placemark>
            <Placemark><LineString><coordinates>15,46 x,1
            </coordinates></LineString></Placemark></Document></kml>
            """
        let (trip, diagnostics) = read(TripLogTestFiles.file("k.kml", text), "k.kml")
        #expect(trip?.locations.count == 3)
        #expect(diagnostics.map { $0.components(separatedBy: ": warning").first ?? "" } == [
            "k.kml:4:26", "k.kml:4:33", "k.kml:4:42", "k.kml:6:43", "k.kml",
        ])
    }
}
