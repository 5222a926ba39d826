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

@Suite struct GPSLoggerCSVReaderTests {
    /// GPSLogger's 18-column layout (versions that stop after `annotation`), written by hand.
    static let text = """
        time,lat,lon,elevation,accuracy,bearing,speed,satellites,provider,hdop,vdop,pdop,geoidheight,ageofdgpsdata,dgpsid,activity,battery,annotation
        2023-06-01T10:00:00.000Z,47.5,8.5,400.5,3.9,90.0,12.5,9,gps,0.8,1.1,1.4,48.0,,,,88,
        2023-06-01T10:00:01.250Z,47.5001,8.5,,,,,,gps,,,,,,,,88,
        2023-06-01T10:00:02.000Z,abc,8.5,,,,,,gps,,,,,,,,88,

        """

    @Test func columnsByNameEmptyIsMissingBadRowCounted() throws {
        let log = DiagnosticLog()
        let url = TripLogTestFiles.file("gpslogger.csv", Self.text)
        let trip = try #require(TripLogReader.read(url, displayPath: "g.csv", timeZone: .gmt, columnMapping: nil, log: log))
        #expect(trip.locations.count == 2)
        let first = trip.locations[0]
        // Python: datetime.fromisoformat("2023-06-01T10:00:00+00:00").timestamp() == 1685613600
        #expect(first.timestamp == Date(timeIntervalSince1970: 1_685_613_600))
        #expect(first.coordinate == Coordinate(latitude: 47.5, longitude: 8.5))
        #expect(first.altitude == 400.5)
        #expect(first.horizontalAccuracy == 3.9)
        #expect(first.course == 90)
        #expect(first.speed == 12.5)
        let second = trip.locations[1]
        #expect(abs(second.timestamp!.timeIntervalSince1970 - 1_685_613_601.25) < 1e-6)
        #expect(second.altitude == nil && second.horizontalAccuracy == nil && second.speed == nil && second.course == nil)
        #expect(log.diagnostics.map(\.location.line) == [4, nil])
        #expect(log.diagnostics[0].message.contains("\"abc\""))
    }
}
