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

/// Expected counts and values come from gpxpy 1.6.2 (PyPI, `pip install gpxpy`), run on the same
/// fixture files with this script (`load` strips a UTF-8 BOM, which gpxpy does not):
///
/// ```python
/// import gpxpy
/// def load(f): return gpxpy.parse(open(f,'rb').read().decode('utf-8-sig'))
/// g = load(f)
/// print([(t.name, [len(s.points) for s in t.segments]) for t in g.tracks])
/// print([(r.name, len(r.points)) for r in g.routes])
/// pts = [p for t in g.tracks for s in t.segments for p in s.points]
/// print(len(pts), pts[0].time.timestamp(), pts[-1].time.timestamp(), pts[i].elevation, pts[i].speed)
/// print([(w.name, w.description, w.comment, w.latitude, w.longitude) for w in g.waypoints])
/// ```
/// Each test quotes the output it relies on. Lines of bad points were read from the files
/// (`grep -n`), and are written next to each expectation.
@Suite("GPXReader")
struct GPXReaderTests {
    static let utc = TimeZone(identifier: "UTC")!

    /// Reads `Fixtures/triplogs/gpx/<name>` and returns the log and the diagnostics.
    func read(_ name: String, timeZone: TimeZone = utc) -> (TripLog?, [Diagnostic]) {
        let log = DiagnosticLog()
        let trip = GPXReader.read(
            FixtureFiles.url("triplogs/gpx/" + name), displayPath: "trips/" + name,
            slug: String(name.dropLast(4)), timeZone: timeZone, log: log)
        return (trip, log.diagnostics)
    }

    /// The number of fixes in each segment index, in index order (absent indices are empty).
    func segmentCounts(_ trip: TripLog) -> [Int: Int] {
        trip.locations.reduce(into: [:]) { $0[$1.segment, default: 0] += 1 }
    }

    /// Two bad points on one line are told apart by column (a fresh-clone tester saw every GPX
    /// warning at column 1): `<gpx version="1.1">` (19 characters), `<trk>` (5) and `<trkseg>`
    /// (8) put the first `<trkpt` at column 33; it is 26 characters, so the second starts at 59,
    /// and its `<time>` (after the 23-character `<trkpt lat="2" lon="3">`) at 82. A UTF-16 file,
    /// which the start-tag scan cannot read, keeps libxml2's line and column 1.
    /// The summary groups every count's digits alike: 1,500 bad points and 1 good one gave
    /// "1,500 of 1,501 points skipped: 1500 without …" (found by a fresh-clone tester).
    @Test func summaryCountsAreGrouped() {
        let points = String(repeating: #"<trkpt lat="100" lon="1"/>"#, count: 1500) + #"<trkpt lat="1" lon="1"/>"#
        let url = TripLogTestFiles.file("many.gpx", #"<gpx version="1.1"><trk><trkseg>"# + points + "</trkseg></trk></gpx>")
        let log = DiagnosticLog()
        _ = GPXReader.read(url, displayPath: "many.gpx", slug: "many", timeZone: Self.utc, log: log)
        #expect(log.diagnostics.last?.description
            == "many.gpx: warning: 1,500 of 1,501 points skipped: 1,500 without a valid latitude and longitude")
        // 20 named and the summary: all printed, under the 50 of one file (with 50 named, the
        // summary was the one hidden, found by a second fresh-clone tester).
        #expect(log.diagnostics.count == 21)
        #expect(Diagnostic.printedLines(log.diagnostics).last == log.diagnostics.last?.description)
    }

    @Test func warningsAreAtTheirStartTagsColumn() throws {
        let text = #"<gpx version="1.1"><trk><trkseg><trkpt lat="nan" lon="1"/><trkpt lat="2" lon="3"><time>x</time></trkpt></trkseg></trk></gpx>"#
        for (encoding, columns) in [(String.Encoding.utf8, [33, 82]), (.utf16, [1, 1])] {
            let log = DiagnosticLog()
            let url = TripLogTestFiles.file("line.gpx", text)
            try text.data(using: encoding)!.write(to: url)
            _ = GPXReader.read(url, displayPath: "line.gpx", slug: "line", timeZone: Self.utc, log: log)
            #expect(log.diagnostics.map(\.description) == [
                "line.gpx:1:\(columns[0]): warning: point's `lat` \"nan\" is not a number; point skipped",
                "line.gpx:1:\(columns[1]): warning: `time` \"x\" is not an ISO 8601 date and time; point skipped",
                "line.gpx: warning: 2 of 2 points skipped: 1 without a valid latitude and longitude, 1 with an unreadable time",
            ], "\(encoding)")
        }
    }

    /// A document that declares ISO-8859-1 and holds many bytes above 0x7F (found by the gpx fuzz
    /// campaign, 904 bytes, kept here in base64): libxml2 said "Extra content at the end of the
    /// document" at 4:509, though line 4 is 427 bytes long (Python: `len(data.split(b"\\n")[3])`),
    /// because it counts some columns of a converted document in the bytes of the UTF-8 it made.
    /// The column is now at most one past the line's end: 428.
    @Test func syntaxErrorColumnStaysOnItsLineInAConvertedDocument() throws {
        let base64 = ""
            + "PD94bWwgdmVyc2lvbj0iMS4wIiBlbmNvZGluZz0iSVNPLTg4NTktMSI/Pgo8Z3B4IHZlcnNpb249IjEuMSIgY3JlYXRvcj0i"
            + "cm9hZHRyaXAgdGVzdP//////////////////////////////////////////////////////////////////////////////"
            + "//////////////////////////////////////////////////9zIiB4bWxucz0iaHR0cDovL3d3dy50b3BvZ3JhZml4LmNv"
            + "bS9HUFgvMS8xIj4KPHdwdCBsYXQ9IjQ3LjM3NjkiIGxvbj0iOC41NDE3Ij48bmFtZT5DYWbpIFr8cmljaDwvbmFtZT48ZGVz"
            + "Yz5HcnhtbG5zOm9wZW50cmFja3M9Imh0dHA6Ly9vcGVudHJhY2tzYXBwLmNvbS94bWxzY2hlbWFzL3YxIm/fZSBTdHJh32U8"
            + "L2Rlc2M+PC93cHQ+Cjx0cms+PG5hbWU+Rq8vLy8vLy8vLy8vLy8vL9HQ0NDQ0NDQeG1sbnM9Imh0dHA6Ly93d3cudG9wb2dy"
            + "YWZpeC5jb20vR1BYLzAvMCIvLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8v"
            + "L69haHJ0oG5hY2gguZFucXEiIiIiIiIiIiIiIiMiIiIiIiIiIiIicT0iaHR0cDovL3d3dy50b3BvZ3JhZml4Lu/v7+88IVtD"
            + "REFUQVvv7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v"
            + "7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/vY29wL0dQWC8wLzAiLy8vLy8vLy8vLy8vLy8v"
            + "Ly8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vYWhydKBuYWNoILmRbnFxcSRxcXHodmU8L25hbWU+"
            + "PHRya3NlZz4KPHRya3B0IGxhdD0iNDcuMzc2OSIgbG9uPSI4LjU0MTciPjxlbGU+NCA4PC9lbGU+PHRpbWU+MjAyNC0wNS0w"
            + "MDwvdGltZT48L3Rya3B0Pgo8L3Rya3NlZz48L3Ryaz4KPC9ncHg+Cg=="
        let url = TripLogTestFiles.file("latin1.gpx", "")
        try Data(base64Encoded: base64)!.write(to: url)
        let log = DiagnosticLog()
        #expect(GPXReader.read(url, displayPath: "latin1.gpx", slug: "latin1", timeZone: Self.utc, log: log) == nil)
        #expect(log.diagnostics.map(\.description)
            == ["latin1.gpx:4:428: error: not well-formed XML: Extra content at the end of the document"])
    }

    @Test("cerknicko-jezero.gpx: GPX 1.0, 8 tracks, 296 points, 7 waypoints")
    func cerknicko() throws {
        let (read, diagnostics) = self.read("cerknicko-jezero.gpx")
        let trip = try #require(read)
        #expect(diagnostics.isEmpty)
        #expect(trip.format == .gpx)
        #expect(trip.slug == "cerknicko-jezero")
        #expect(trip.sourcePath == "trips/cerknicko-jezero.gpx")
        // gpxpy: tracks 'ACTIVE LOG' [0], '#2' [173], '#3' [52], '#4' [2], '#5' [44], '#6' [2],
        // '#7' [2], '#8' [21] — one trkseg per track, the first empty, so segment indices 1…7.
        #expect(trip.name == "ACTIVE LOG")
        #expect(trip.locations.count == 296)
        #expect(segmentCounts(trip) == [1: 173, 2: 52, 3: 2, 4: 44, 5: 2, 6: 2, 7: 21])
        // gpxpy: first 45.772175035 14.357659249 542.320923 at 1281018239.0 (2010-08-05T14:23:59Z),
        // last time 1281025429.0; point 100: ele 547.127441, 45.766090443, 14.357788749.
        let first = try #require(trip.locations.first)
        #expect(first.coordinate == Coordinate(latitude: 45.772175035, longitude: 14.357659249))
        #expect(first.altitude == 542.320923)
        #expect(first.timestamp?.timeIntervalSince1970 == 1_281_018_239)
        #expect(trip.locations.last?.timestamp?.timeIntervalSince1970 == 1_281_025_429)
        #expect(trip.locations[100].altitude == 547.127441)
        #expect(trip.locations[100].coordinate == Coordinate(latitude: 45.766090443, longitude: 14.357788749))
        // No accuracy element in GPX: left nil; GPX 1.0 speed/course absent here.
        #expect(trip.locations.allSatisfy { $0.horizontalAccuracy == nil && $0.speed == nil && $0.course == nil })
        // gpxpy waypoints: '001' desc '05-AUG-10 16:58:37'; 'BACK T TH' desc 'BACK TO THE ROOTS'; …
        #expect(trip.waypoints.map(\.title) == ["001", "BACK T TH", "BIRDS NEST", "FAGGIO", "RAKOV12", "RAKV SKCJN", "VANSHNG LK"])
        #expect(trip.waypoints[1].subtitle == "BACK TO THE ROOTS")
        #expect(trip.waypoints[0].coordinate == Coordinate(latitude: 45.772163216, longitude: 14.357652292))
        // The first trkpt is on line 68 (`grep -n '<trkpt' cerknicko-jezero.gpx | head -1`).
        #expect(first.line == 68)
    }

    @Test("garmin-activity.gpx: ns3: extensions, 30-digit coordinates")
    func garmin() throws {
        let (read, diagnostics) = self.read("garmin-activity.gpx")
        let trip = try #require(read)
        #expect(diagnostics.isEmpty)
        // gpxpy: 'casual stroll' [988]; first 37.241738168522716 -121.97232423350215 104.0 at
        // 1501339595.0; last ele 98.4000015258789 at 1501345093.0.
        #expect(trip.name == "casual stroll")
        #expect(trip.locations.count == 988)
        #expect(Set(trip.locations.map(\.segment)) == [0])
        let first = try #require(trip.locations.first)
        #expect(first.coordinate == Coordinate(latitude: 37.241738168522716, longitude: -121.97232423350215))
        #expect(first.timestamp?.timeIntervalSince1970 == 1_501_339_595)
        #expect(trip.locations.last?.altitude == 98.4000015258789)
        #expect(trip.locations.last?.timestamp?.timeIntervalSince1970 == 1_501_345_093)
        // ns3:hr / ns3:cad are not kept, and give no speed.
        #expect(trip.locations.allSatisfy { $0.speed == nil })
    }

    @Test("unicode_with_bom.gpx: UTF-8 BOM, no namespace, negative ele, empty fix")
    func bom() throws {
        let (read, diagnostics) = self.read("unicode_with_bom.gpx")
        let trip = try #require(read)
        #expect(diagnostics.isEmpty)
        // gpxpy: wpt 'test' 'test desc' '69.26474016' 43.309634 3.515386 -14.6
        #expect(trip.locations.isEmpty)
        #expect(trip.waypoints == [PointOfInterest(title: "test", subtitle: "test desc", coordinate: Coordinate(latitude: 43.309634, longitude: 3.515386))])
    }

    @Test("track_with_speed.gpx: CRLF, no namespace, GPX 1.0 speed per point")
    func speed() throws {
        let (read, diagnostics) = self.read("track_with_speed.gpx")
        let trip = try #require(read)
        #expect(diagnostics.isEmpty)
        // gpxpy: [(1.2, 48.962041, 1236002752.0), (2.2, 58.166437, 1236002758.0), (3.2, 53.381747, 1236002765.0)]
        #expect(trip.locations.map(\.speed) == [1.2, 2.2, 3.2])
        #expect(trip.locations.map(\.altitude) == [48.962041, 58.166437, 53.381747])
        #expect(trip.locations.map { $0.timestamp?.timeIntervalSince1970 } == [1_236_002_752, 1_236_002_758, 1_236_002_765])
        #expect(trip.name == nil)  // gpxpy: trk name None; no metadata name either
        // CRLF counts as one line break: the first trkpt is on line 6 (`grep -n trkpt`).
        #expect(trip.locations.first?.line == 6)
    }

    @Test("gpx1.0_with_all_fields.gpx: routes, tracks, zone-less time read in the site zone with one warning")
    func allFields() throws {
        let zone = TimeZone(identifier: "America/Los_Angeles")!
        let (read, diagnostics) = self.read("gpx1.0_with_all_fields.gpx", timeZone: zone)
        let trip = try #require(read)
        // gpxpy: rte 'example name' 3, rte 'second route' 2, then trk 'example name t' [1, 0] and
        // an empty trk. Routes come first in the file: segments 0 (3 points), 1 (2), 2 (1); the
        // empty trkseg is index 3.
        #expect(segmentCounts(trip) == [0: 3, 1: 2, 2: 1])
        #expect(trip.name == "example name t")
        // The trkpt: 10.1 -20.2, ele 11.1, time 2013-01-01T12:00:04 without zone. Python:
        // datetime(2013,1,1,12,0,4,tzinfo=ZoneInfo('America/Los_Angeles')).timestamp() = 1357070404.0
        let point = trip.locations[5]
        #expect(point.coordinate == Coordinate(latitude: 10.1, longitude: -20.2))
        #expect(point.altitude == 11.1)
        #expect(point.timestamp?.timeIntervalSince1970 == 1_357_070_404)
        // hdop 101 / vdop 102 / pdop 103 are not accuracies in metres.
        #expect(point.horizontalAccuracy == nil && point.verticalAccuracy == nil)
        // The first rtept: ele 75.1, time 2013-01-02T02:03:03Z (1357092183, Python).
        #expect(trip.locations[0].altitude == 75.1)
        #expect(trip.locations[0].timestamp?.timeIntervalSince1970 == 1_357_092_183)
        // gpxpy: wpt 'example name' desc 'example desc' cmt 'example cmt'; second wpt has nothing.
        #expect(trip.waypoints.count == 2)
        #expect(trip.waypoints[0].title == "example name" && trip.waypoints[0].subtitle == "example desc")
        #expect(trip.waypoints[0].category == "example type")
        #expect(trip.waypoints[1].title == "" && trip.waypoints[1].coordinate == Coordinate(latitude: 13.4, longitude: 46.7))
        // One warning, at the first zone-less time: the trkpt's <time> on line 87, after 16
        // spaces, so column 17.
        #expect(diagnostics.map(\.description) == ["trips/gpx1.0_with_all_fields.gpx:87:17: warning: times without a zone are read in America/Los_Angeles"])
    }

    @Test("gpx_timezone.gpx: +01:15 offset with milliseconds, CDATA names")
    func offset() throws {
        let (read, diagnostics) = self.read("gpx_timezone.gpx")
        let trip = try #require(read)
        #expect(diagnostics.isEmpty)
        // gpxpy: trk '2021-01-07 22:51' [1]; time 2021-01-07T21:51:59.179+01:15 → 1610051819.179
        #expect(trip.name == "2021-01-07 22:51")
        #expect(trip.locations.count == 1)
        let time = try #require(trip.locations.first?.timestamp)
        #expect(abs(time.timeIntervalSince1970 - 1_610_051_819.179) < 1e-6)
        #expect(trip.waypoints.map(\.title) == ["Marker 1"])
        #expect(trip.waypoints.first?.subtitle == "Marker 1 desc")
        #expect(trip.waypoints.first?.category == "Marker 1 category")
    }

    @Test("wahoo_example.gpx: empty <ele/> is a missing altitude, not a bad one")
    func emptyElevation() throws {
        let (read, diagnostics) = self.read("wahoo_example.gpx")
        let trip = try #require(read)
        #expect(diagnostics.isEmpty)
        // gpxpy: '04/24/22' [3], elevation None, times 20:54:33Z … 20:54:35Z.
        #expect(trip.locations.count == 3)
        #expect(trip.locations.allSatisfy { $0.altitude == nil })
        // Python: datetime(2022,4,24,20,54,33,tzinfo=timezone.utc).timestamp() = 1650833673.0
        #expect(trip.locations.map { $0.timestamp?.timeIntervalSince1970 } == [1_650_833_673, 1_650_833_674, 1_650_833_675])
        #expect(trip.name == "04/24/22")
    }

    @Test("route.gpx: a route of 55 rtept without time or elevation")
    func route() throws {
        let (read, diagnostics) = self.read("route.gpx")
        let trip = try #require(read)
        #expect(diagnostics.isEmpty)
        // gpxpy: rte None 55; first 45.2787641494 13.726695478, last 45.2787783011 13.7266552448
        #expect(trip.locations.count == 55)
        #expect(trip.locations.first?.coordinate == Coordinate(latitude: 45.2787641494, longitude: 13.726695478))
        #expect(trip.locations.last?.coordinate == Coordinate(latitude: 45.2787783011, longitude: 13.7266552448))
        #expect(trip.locations.allSatisfy { $0.timestamp == nil && $0.altitude == nil && $0.segment == 0 })
    }

    @Test("with_tracks_and_segments.gpx: segments numbered across tracks")
    func segments() throws {
        let (read, _) = self.read("with_tracks_and_segments.gpx")
        let trip = try #require(read)
        // gpxpy: 'track 1' [16, 34], 'track 2' [19, 10]; last time 1704064001.519
        #expect(segmentCounts(trip) == [0: 16, 1: 34, 2: 19, 3: 10])
        #expect(trip.name == "track 1")
        let last = try #require(trip.locations.last?.timestamp)
        #expect(abs(last.timeIntervalSince1970 - 1_704_064_001.519) < 1e-6)
    }

    @Test("legacy_gpx_pause_resume.gpx: OpenTracks pause markers lat=100/200 are skipped and counted")
    func legacyPause() throws {
        let (read, diagnostics) = self.read("legacy_gpx_pause_resume.gpx")
        let trip = try #require(read)
        // gpxpy keeps all 6 points: (3,14) (3,14.001) (3,14.002) (100,0) (200,0) (3,14.003).
        // Latitudes 100 and 200 are impossible (−90…90): 4 kept. Lines 42 and 46 (`grep -n 'lat="[12]00"'`),
        // each `<trkpt` after 6 spaces: column 7.
        #expect(trip.locations.map(\.coordinate.longitude) == [14, 14.001, 14.002, 14.003])
        #expect(diagnostics.map(\.description) == [
            "trips/legacy_gpx_pause_resume.gpx:42:7: warning: point's latitude 100.0 is outside −90…90 degrees; point skipped",
            "trips/legacy_gpx_pause_resume.gpx:46:7: warning: point's latitude 200.0 is outside −90…90 degrees; point skipped",
            // The summary counts every point read: gpxpy's 6 trkpt plus its 2 wpt.
            "trips/legacy_gpx_pause_resume.gpx: warning: 2 of 8 points skipped: 2 without a valid latitude and longitude",
        ])
        #expect(trip.waypoints.count == 2)
    }

    @Test("iso-8859-1.gpx: the declared encoding is honoured")
    func latin1() throws {
        let (read, diagnostics) = self.read("iso-8859-1.gpx")
        let trip = try #require(read)
        #expect(diagnostics.isEmpty)
        // The file was written by Python with 'Fahrt nach Genève'.encode('latin-1') etc.: è is the
        // single byte 0xE8 in the file and must come back as U+00E8.
        #expect(trip.name == "Fahrt nach Genève")
        #expect(trip.waypoints.first?.title == "Café Zürich")
        #expect(trip.waypoints.first?.subtitle == "Große Straße")
        // Python: datetime(2024,5,1,8,0,tzinfo=timezone.utc).timestamp() = 1714550400.0 (10:00+02:00)
        // and datetime(2024,5,1,13,30,tzinfo=timezone(timedelta(hours=2))).timestamp() = 1714563000.0 (+0200).
        #expect(trip.locations.map { $0.timestamp?.timeIntervalSince1970 } == [1_714_550_400, 1_714_563_000])
        #expect(trip.locations.map(\.altitude) == [408, 375])
    }

    @Test("extensions.gpx: Garmin and OpenTracks extensions whatever the prefix")
    func extensions() throws {
        let (read, diagnostics) = self.read("extensions.gpx")
        let trip = try #require(read)
        #expect(trip.name == "extensions")  // trimmed
        // Hand-written values: point 1 gpxtpx:speed 12.5, gpxtpx:course 271.5, accuracy 4.2 / 7;
        // point 2 GPX <speed>3 beats x:speed 9; point 3 (ele "12,5", line 11) and point 5
        // (lon -181, line 13) are skipped; point 4 has <ele/> (missing) and opentracks:speed 2.5.
        #expect(trip.locations.count == 3)
        let first = trip.locations[0]
        #expect(first.speed == 12.5 && first.course == 271.5)
        #expect(first.horizontalAccuracy == 4.2 && first.verticalAccuracy == 7)
        #expect(trip.locations[1].speed == 3)
        #expect(trip.locations[1].horizontalAccuracy == nil)
        #expect(trip.locations[2].speed == 2.5 && trip.locations[2].altitude == nil)
        // Line 11 is `<trkpt lat="46.3" lon="14.3">` (29 characters) then `<ele>`: column 30;
        // line 13's `<trkpt` starts the line.
        #expect(diagnostics.map(\.description) == [
            "trips/extensions.gpx:11:30: warning: `ele` \"12,5\" is not a number; point skipped",
            "trips/extensions.gpx:13:1: warning: point's longitude -181.0 is outside −180…180 degrees; point skipped",
            "trips/extensions.gpx: warning: 2 of 5 points skipped: 1 without a valid latitude and longitude, 1 with an unreadable value",
        ])
    }

    // MARK: bad inputs (shared/bad-inputs/README.md)

    @Test("gpx-truncated.gpx: the point before the cut kept, one warning where the file ends")
    func truncated() throws {
        let (trip, diagnostics) = read("gpx-truncated.gpx")
        // The file has 4 newlines and stops inside `<time>` on line 5, after 29 + 6 + 17 = 52
        // characters (`<trkpt lat="46.2" lon="14.2">`, `<time>`, `2024-05-01T10:00:`).
        #expect(try #require(trip).locations.map(\.coordinate) == [Coordinate(latitude: 46.1, longitude: 14.1)])
        #expect(diagnostics.map(\.description) == [
            "trips/gpx-truncated.gpx:5:53: warning: the file ends early (a recording cut short?); the 1 point read before it is kept"
        ])
    }

    /// Cut right after a `<`, or one character into a value, libxml2 stops a few characters before
    /// the end ("Extra content at the end of the document"): still a file cut short, not a broken
    /// one. Five points, each on its own line of 93 characters; cut after the sixth line's `<`, and
    /// after `<ele>3` of the sixth point: the five points are kept, with the warning.
    @Test("a file cut just after '<' or inside a value keeps its points", arguments: ["<", "<trkpt lat=\"46.5\" lon=\"14\"><ele>3"])
    func cutJustAfterATagOpens(tail: String) throws {
        let points = (0..<5).map { index in
            "<trkpt lat=\"46.\(index)\" lon=\"14\"><ele>30\(index)</ele><time>2024-05-01T10:00:0\(index)Z</time></trkpt>\n"
        }.joined()
        let text = "<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n" + points + tail
        let url = TripLogTestFiles.file("cut.gpx", text)
        let log = DiagnosticLog()
        let trip = try #require(GPXReader.read(url, displayPath: "cut.gpx", slug: "cut", timeZone: .gmt, log: log))
        #expect(trip.locations.count == 5)
        #expect(log.errorCount == 0)
        #expect(log.diagnostics.map(\.message) == [TruncatedFile.message(pointsRead: 5)])
    }

    @Test("gpx-wrong-root.gpx: not a GPX document (root element `kml`)")
    func wrongRoot() {
        let (trip, diagnostics) = read("gpx-wrong-root.gpx")
        #expect(trip == nil)
        // <kml …> starts line 2 (line 1 is the XML declaration).
        #expect(diagnostics.map(\.description) == ["trips/gpx-wrong-root.gpx:2:1: error: not a GPX document (root element `kml`)"])
    }

    @Test("gpx-bad-points.gpx: missing lat and unparsable time skipped with their lines; third point kept")
    func badPoints() throws {
        let (read, diagnostics) = self.read("gpx-bad-points.gpx")
        let trip = try #require(read)
        // Line 4: <trkpt lon="14.1"> (no lat), column 1; line 5: <time>yesterday</time> after
        // `<trkpt lat="46.2" lon="14.2">` (29 characters), column 30; line 6: the good
        // point 46.3, 14.3 at 2024-05-01T10:00:02Z = 1714557602 (Python timestamp()).
        #expect(trip.locations.count == 1)
        #expect(trip.locations.first?.coordinate == Coordinate(latitude: 46.3, longitude: 14.3))
        #expect(trip.locations.first?.timestamp?.timeIntervalSince1970 == 1_714_557_602)
        #expect(trip.locations.first?.line == 6)
        #expect(diagnostics.map(\.description) == [
            "trips/gpx-bad-points.gpx:4:1: warning: point without `lat`; point skipped",
            "trips/gpx-bad-points.gpx:5:30: warning: `time` \"yesterday\" is not an ISO 8601 date and time; point skipped",
            "trips/gpx-bad-points.gpx: warning: 2 of 3 points skipped: 1 without a valid latitude and longitude, 1 with an unreadable time",
        ])
    }

    @Test("a missing file is an error naming it")
    func missingFile() {
        let log = DiagnosticLog()
        let trip = GPXReader.read(
            URL(fileURLWithPath: "/nonexistent/none.gpx"), displayPath: "trips/none.gpx", slug: "none",
            timeZone: Self.utc, log: log)
        #expect(trip == nil)
        #expect(log.errorCount == 1)
        #expect(log.diagnostics.first?.location.path == "trips/none.gpx")
    }
}
