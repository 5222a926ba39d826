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

@Suite struct TripStatisticsTextTests {
    /// By hand: 123,456 m = 123.5 km = 76.7 mi (÷ 1609.344); 4,000 m = 4.00 km = 2.49 mi;
    /// 7,384 s = 2 h 3 min 4 s; 15 m/s = 54.0 km/h = 33.6 mph (× 3600 ÷ 1609.344 = 33.554).
    @Test func formatsFigures() {
        #expect(TripStatisticsText.distance(123_456) == "123.5 km (76.7 mi)")
        #expect(TripStatisticsText.distance(4_000) == "4.00 km (2.49 mi)")
        #expect(TripStatisticsText.duration(7_384) == "2:03:04")
        #expect(TripStatisticsText.duration(59.6) == "0:01:00")
        #expect(TripStatisticsText.speed(15) == "54.0 km/h (33.6 mph)")
        #expect(TripStatisticsText.metres(311.6) == "312 m")
    }
}
