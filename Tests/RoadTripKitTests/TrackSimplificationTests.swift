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

/// Douglas–Peucker cases worked by hand in the local plane. At a mean latitude of 0° the plane's
/// scales are the WGS 84 radii of curvature at the equator (a = 6,378,137 m, e² = f(2 − f) with
/// f = 1/298.257223563): a degree of latitude is a(1 − e²)·π/180 = 110,574.2758 m and a degree of
/// longitude a·π/180 = 111,319.4908 m.
@Suite struct TrackSimplificationTests {
    static func coordinates(_ pairs: [(Double, Double)]) -> [Coordinate] {
        pairs.map { Coordinate(latitude: $0.0, longitude: $0.1) }
    }

    /// The zigzag (latitude, longitude) = (0, 0), (0.0001, 0.001), (−0.0002, 0.002), (0.0001, 0.003),
    /// (0, 0.004): mean latitude exactly 0, so in metres P0 (0, 0), P1 (111.319, 11.057),
    /// P2 (222.639, −22.115), P3 (333.958, 11.057), P4 (445.278, 0).
    /// Chord P0–P4 lies on y = 0: distances P1 11.057 m, P2 22.115 m, P3 11.057 m.
    /// Chord P0–P2, direction (222.639, −22.115), length 223.735 m: P1's distance is
    /// |111.319·(−22.115) − 11.057·222.639| / 223.735 = 22.0066 m (foot at t = 0.49, inside);
    /// P3 to chord P2–P4 is the same by symmetry.
    /// - tolerance 25 m: P2 (22.115) is within → [0, 4].
    /// - tolerance 22.05 m: P2 kept; P1, P3 (22.0066) within → [0, 2, 4].
    /// - tolerance 15 m: everything kept → [0, 1, 2, 3, 4].
    @Test func zigzagAtThreeTolerances() {
        let zigzag = Self.coordinates([(0, 0), (0.0001, 0.001), (-0.0002, 0.002), (0.0001, 0.003), (0, 0.004)])
        #expect(TrackSimplification.simplify(zigzag, tolerance: 25) == [0, 4])
        #expect(TrackSimplification.simplify(zigzag, tolerance: 22.05) == [0, 2, 4])
        #expect(TrackSimplification.simplify(zigzag, tolerance: 22.0) == [0, 1, 2, 3, 4])
        #expect(TrackSimplification.simplify(zigzag, tolerance: 15) == [0, 1, 2, 3, 4])
        // Samples give the same indices as their coordinates.
        let samples = zigzag.map { LocationSample(coordinate: $0) }
        #expect(TrackSimplification.simplify(samples, tolerance: 22.05) == [0, 2, 4])
    }

    /// 1,001 points along the equator (y = 0 exactly) and 1,001 along the meridian 7° E (x = 0
    /// exactly): every inner point is 0 m from the chord, so only the two ends survive.
    @Test func straightLinesCollapseToTheirEnds() {
        let equator = (0...1000).map { Coordinate(latitude: 0, longitude: Double($0) / 1000) }
        #expect(TrackSimplification.simplify(equator, tolerance: 0.01) == [0, 1000])
        let meridian = (0...1000).map { Coordinate(latitude: 45 + Double($0) / 1000, longitude: 7) }
        #expect(TrackSimplification.simplify(meridian, tolerance: 0.01) == [0, 1000])
    }

    /// Along 10° N from 179.996° E eastward across ±180° to 179.996° W, one point each 0.001°
    /// (longitudes written as −180 … +180 the way a file has them). Unwrapped, the line is straight
    /// (y constant), so it collapses to its ends; without unwrapping the points west of ±180° would
    /// sit ≈ 39,000 km away and all be kept.
    /// A tent across ±180°: latitude rising 0.00005° per point to 10.0002° at point 4 (exactly on
    /// ±180°, written as −180) and falling back. Latitude and longitude both change linearly on
    /// each side, so in the plane points 1–3 and 5–7 lie on the chords 0–4 and 4–8 (distance 0),
    /// while point 4 is 0.0002° × 110,607.8 m/° (M at 10°) = 22.12 m from the chord 0–8: [0, 4, 8] at 1 m.
    @Test func lineAcrossTheAntimeridian() {
        let longitudes = [179.996, 179.997, 179.998, 179.999, -180, -179.999, -179.998, -179.997, -179.996]
        let line = longitudes.map { Coordinate(latitude: 10, longitude: $0) }
        #expect(TrackSimplification.simplify(line, tolerance: 1) == [0, 8])
        let tent = longitudes.enumerated().map { index, longitude in
            Coordinate(latitude: 10 + 0.00005 * Double(4 - abs(4 - index)), longitude: longitude)
        }
        #expect(TrackSimplification.simplify(tent, tolerance: 1) == [0, 4, 8])
        #expect(TrackSimplification.simplify(tent, tolerance: 30) == [0, 8])
    }

    /// A square loop (0, 0) → (0, 0.001) → (0.001, 0.001) → (0.001, 0) → (0, 0): the chord has
    /// zero length, so distances are to the end point; the far corner (≈ 157 m) is kept, then the
    /// other two corners (≈ 78 m from each diagonal). Nothing collapses at 10 m.
    @Test func closedLoopKeepsItsCorners() {
        let loop = Self.coordinates([(0, 0), (0, 0.001), (0.001, 0.001), (0.001, 0), (0, 0)])
        #expect(TrackSimplification.simplify(loop, tolerance: 10) == [0, 1, 2, 3, 4])
    }

    @Test func shortInputs() {
        #expect(TrackSimplification.simplify([Coordinate](), tolerance: 1).isEmpty)
        #expect(TrackSimplification.simplify([Coordinate(latitude: 1, longitude: 2)], tolerance: 1) == [0])
        let two = Self.coordinates([(0, 0), (1, 1)])
        #expect(TrackSimplification.simplify(two, tolerance: 1e9) == [0, 1])
    }

    /// Half a pixel: 19.1 m/px (about zoom 13 at 0°) → 9.55 m; nonsense gives 0.
    @Test func toleranceIsHalfAPixel() {
        #expect(TrackSimplification.toleranceForMap(metresPerPixel: 19.1) == 9.55)
        #expect(TrackSimplification.toleranceForMap(metresPerPixel: -1) == 0)
        #expect(TrackSimplification.toleranceForMap(metresPerPixel: .nan) == 0)
    }

    /// 1,000,001 points along the equator with ±0.5 m of alternating north–south wobble
    /// (±0.0000045° × 110,574 m/° ≈ ±0.498 m): all within a 1 m tolerance of the chord on the
    /// equator, so [0, 1,000,000] after a single linear scan, with no recursion.
    @Test func millionPointSegment() {
        let count = 1_000_001  // last index even: it lies on the equator too
        let wobble = 0.0000045
        var line: [Coordinate] = []
        line.reserveCapacity(count)
        for index in 0..<count {
            let latitude: Double = index % 2 == 0 ? 0 : (index % 4 == 1 ? wobble : -wobble)
            line.append(Coordinate(latitude: latitude, longitude: Double(index) * 1e-6))
        }
        #expect(TrackSimplification.simplify(line, tolerance: 1) == [0, count - 1])
    }
}
