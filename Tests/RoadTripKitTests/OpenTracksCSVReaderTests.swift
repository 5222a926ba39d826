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

@Suite struct OpenTracksCSVReaderTests {
    @Test func openTracksExport() throws {
        let log = DiagnosticLog()
        let url = FixtureFiles.url("triplogs/csv/opentracks-csv_export.csv")
        let trip = try #require(TripLogReader.read(url, displayPath: "ot.csv", timeZone: .gmt, columnMapping: nil, log: log))
        // Marker and sensor-only rows (empty coordinates) are neither fixes nor warnings.
        #expect(log.diagnostics.isEmpty)
        // Rows with coordinates: lines 3, 6, 9, 10 (SEGMENT_START_AUTOMATIC with a position), 12.
        #expect(trip.locations.map(\.line) == [3, 6, 9, 10, 12])
        // SEGMENT_START_MANUAL (line 8) and SEGMENT_START_AUTOMATIC (line 10) open segments 1 and 2.
        #expect(trip.locations.map(\.segment) == [0, 0, 1, 2, 2])
        let first = trip.locations[0]
        #expect(first.coordinate == Coordinate(latitude: 3.123456, longitude: 14.001456))
        #expect(first.altitude == 1020.2)
        #expect(first.horizontalAccuracy == 10)
        #expect(first.verticalAccuracy == nil)
        // 54 km/h = 54 / 3.6 = 15 m/s; 18 km/h = 5 m/s.
        #expect(abs(first.speed! - 15) < 1e-12)
        #expect(abs(trip.locations[1].speed! - 5) < 1e-12)
        // Python: datetime.fromisoformat("2020-02-02T03:02:03+01:00").timestamp() == 1580608923
        #expect(first.timestamp == Date(timeIntervalSince1970: 1_580_608_923))
        #expect(trip.locations[4].timestamp == Date(timeIntervalSince1970: 1_580_609_030))
    }
}
