import Foundation
import Testing

@testable import RoadTripCore
@testable import RoadTripFormats

/// TCXReader on a real Garmin activity (tcxreader's `sup_activity_1.tcx`, MIT) and on hand-written
/// TCX v2 (`Activity/Lap/Track/Trackpoint`, `Position/LatitudeDegrees`, `AltitudeMeters`,
/// `Extensions/ns3:TPX/ns3:Speed`).
@Suite struct TCXReaderTests {
    func read(_ url: URL, _ name: String = "t.tcx") -> (TripLog?, [String]) {
        let log = DiagnosticLog()
        let trip = TCXReader.read(url, displayPath: name, slug: "t", timeZone: .gmt, log: log)
        return (trip, log.diagnostics.map(\.description))
    }

    /// Python (xml.etree): 2 `Track`s of 98 and 13 `Trackpoint`s, all with a Position; the first
    /// at 2022-07-16T16:08:25Z (timestamp() 1657987705.0), 46.63692391477525, 16.16836273111403,
    /// Speed 0.2680000066757202; the last at 16:26:57Z (1657988817.0), 46.63689751178026,
    /// 16.168332304805517, Speed 0.0; no AltitudeMeters.
    @Test func garminActivity() throws {
        let (trip, diagnostics) = read(FixtureFiles.url("triplogs/tcx/sup_activity_1.tcx"))
        let log = try #require(trip)
        #expect(diagnostics.isEmpty)
        #expect(log.format == .tcx)
        #expect(log.locations.count == 111)
        #expect(log.locations.filter { $0.segment == 0 }.count == 98)
        #expect(log.locations.filter { $0.segment == 1 }.count == 13)
        let first = log.locations[0]
        #expect(first.timestamp == Date(timeIntervalSince1970: 1_657_987_705))
        #expect(first.coordinate == Coordinate(latitude: 46.63692391477525, longitude: 16.16836273111403))
        #expect(first.speed == 0.2680000066757202 && first.altitude == nil)
        let last = log.locations[110]
        #expect(last.timestamp == Date(timeIntervalSince1970: 1_657_988_817))
        #expect(last.coordinate == Coordinate(latitude: 46.63689751178026, longitude: 16.168332304805517))
        #expect(last.speed == 0)
    }

    static let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2">
        <Activities><Activity Sport="Biking"><Id>2024-06-01T07:00:00Z</Id><Lap StartTime="2024-06-01T07:00:00Z"><Track>
        <Trackpoint><Time>2024-06-01T07:00:00Z</Time><Position><LatitudeDegrees>47.25</LatitudeDegrees><LongitudeDegrees>8.5</LongitudeDegrees></Position><AltitudeMeters>400.5</AltitudeMeters><DistanceMeters>0</DistanceMeters><Extensions><ns3:TPX><ns3:Speed>5.5</ns3:Speed></ns3:TPX></Extensions></Trackpoint>
        <Trackpoint><Time>2024-06-01T07:00:01Z</Time><HeartRateBpm><Value>90</Value></HeartRateBpm></Trackpoint>
        <Trackpoint><Time>2024-06-01T07:00:02Z</Time><Position><LatitudeDegrees>abc</LatitudeDegrees><LongitudeDegrees>8.5</LongitudeDegrees></Position></Trackpoint>
        </Track></Lap><Lap StartTime="2024-06-01T07:10:00Z"><Track>
        <Trackpoint><Time>2024-06-01T07:10:00Z</Time><Position><LatitudeDegrees>47.5</LatitudeDegrees><LongitudeDegrees>8.75</LongitudeDegrees></Position></Trackpoint>
        </Track></Lap></Activity></Activities></TrainingCenterDatabase>
        """

    /// Line 4: a full point (2024-06-01T07:00:00Z = 1717225200, Python timestamp()); line 5: no
    /// Position, not a fix and no warning; line 6: latitude "abc", a warning at its
    /// `<LatitudeDegrees>`, column 56 (after `<Trackpoint>` 12, `<Time>…</Time>` 6 + 20 + 7 = 33,
    /// `<Position>` 10: 55 characters); line 8: the second Track's point, segment 1.
    @Test func handWritten() throws {
        let (trip, diagnostics) = read(TripLogTestFiles.file("t.tcx", Self.text))
        let log = try #require(trip)
        #expect(log.locations.count == 2)
        #expect(log.locations[0] == LocationSample(
            timestamp: Date(timeIntervalSince1970: 1_717_225_200), coordinate: Coordinate(latitude: 47.25, longitude: 8.5),
            altitude: 400.5, speed: 5.5, segment: 0, line: 4))
        #expect(log.locations[1].segment == 1 && log.locations[1].coordinate == Coordinate(latitude: 47.5, longitude: 8.75))
        #expect(diagnostics == [
            "t.tcx:6:56: warning: `LatitudeDegrees` \"abc\" is not a number; point skipped",
            "t.tcx: warning: 1 point skipped: 1 without a valid latitude and longitude",
        ])
    }

    /// Cut after line 4 and 12 characters of line 5 (`<Trackpoint>`): a log, not an error, with one
    /// warning at line 5, column 13 (the points of the last 512-byte chunk are lost: see
    /// `KMLReaderTests.cutShortKeepsWhatWasRead`).
    @Test func cutShort() throws {
        let lines = Self.text.split(separator: "\n", omittingEmptySubsequences: false)
        let (trip, diagnostics) = read(TripLogTestFiles.file("t.tcx", lines[0..<4].joined(separator: "\n") + "\n<Trackpoint>"))
        #expect(try #require(trip).locations.count <= 1)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.hasPrefix("t.tcx:5:13: warning: the file ends early (a recording cut short?)") == true)
    }
}
