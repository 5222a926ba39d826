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

/// `LongitudeBins` keeps 2 longitudes per 1° bin; its covering must be exactly
/// `LongitudeRange.shortestCovering` of all the points whenever that covering is under 359°.
@Suite struct LongitudeBinsTests {
    /// A seeded linear congruential generator (Knuth's MMIX constants), so failures repeat.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
    }

    @Test func matchesTheExactCoveringOnRandomTracks() {
        var generator = Generator(state: 2025)
        for round in 0..<300 {
            // A drive: a random start anywhere, a random walk of up to 40° in longitude, so many
            // of them cross ±180°.
            var longitude = Double.random(in: -180...180, using: &generator)
            let step = Double.random(in: 0.001...0.2, using: &generator)
            var points: [Double] = []
            var bins = LongitudeBins()
            for _ in 0..<Int.random(in: 1...400, using: &generator) {
                longitude += Double.random(in: -step...step, using: &generator)
                if longitude > 180 { longitude -= 360 }
                if longitude < -180 { longitude += 360 }
                points.append(longitude)
                bins.add(longitude)
            }
            let exact = LongitudeRange.shortestCovering(points)
            let binned = bins.shortestCovering()
            #expect(binned?.west == exact.west && binned?.east == exact.east, "round \(round)")
        }
    }

    /// 179.9 and −179.95 are 0.15° apart across 180° (RFC 7946 §5.2's form: west > east).
    @Test func acrossTheAntimeridian() {
        var bins = LongitudeBins()
        #expect(bins.shortestCovering() == nil)
        for longitude in [179.9, -179.95, 180.0, -180.0] { bins.add(longitude) }
        let covering = bins.shortestCovering()
        #expect(covering?.west == 179.9 && covering?.east == -179.95)
    }
}
