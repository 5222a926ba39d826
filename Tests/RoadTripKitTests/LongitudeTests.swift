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

/// Longitude wrapping on the circle (hand values: add or subtract whole turns of 360°).
@Suite struct LongitudeTests {
    @Test(arguments: [
        (190.0, -170.0), (-190.0, 170.0), (180.0, 180.0), (-180.0, -180.0), (725.0, 5.0),
        (-74.006047, -74.006047),
    ])
    func wrapped(degrees: Double, expected: Double) {
        #expect(abs(Longitude.wrapped(degrees) - expected) <= 1e-12)
    }

    /// −179.97° seen from 179.97° is 180.03° (0.06° east), and 179.97° seen from −179.97° is
    /// −180.03°; a value already within 180° is returned bit for bit.
    @Test func unwrappedTakesTheShortWayRound() {
        #expect(abs(Longitude.unwrapped(-179.97, near: 179.97) - 180.03) <= 1e-12)
        #expect(abs(Longitude.unwrapped(179.97, near: -179.97) - -180.03) <= 1e-12)
        #expect(Longitude.unwrapped(-122.4194, near: -74.006047) == -122.4194)
        #expect(Longitude.unwrapped(0.1 + 0.2, near: 100) == 0.1 + 0.2)
    }

    @Test func nonFiniteIsNaN() {
        #expect(Longitude.wrapped(.infinity).isNaN)
        #expect(Longitude.wrapped(.nan).isNaN)
    }
}
