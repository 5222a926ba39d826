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

/// Reference values: pyproj 3.7.2 (PROJ 9.5.1) `Geod(ellps='WGS84')`, an independent build of
/// Karney's geodesic code. pyproj's `inv` returns the *back* azimuth at the end point (the
/// direction from point 2 to point 1); `geod_inverse`'s final azimuth is that ± 180°.
@Suite struct GeodesicTests {
    /// Points along a geodesic against GeographicLib 2.1 (`Geodesic.WGS84.InverseLine(…)
    /// .Position(s13·i/n)`): Bergen → Ålesund, 236,114.755 m in 12 chords of at most 20 km, point 6
    /// at (61.432515843, 5.724631753); Taveuni → Vanua Levu across 180°, 6 chords, point 1 at
    /// (−16.666764310, 179.941364083); a longer line keeps at most `maximumPoints`.
    @Test func pathPointsAlongTheGeodesic() {
        let bergen = Coordinate(latitude: 60.3913, longitude: 5.3221), alesund = Coordinate(latitude: 62.4723, longitude: 6.1549)
        let path = Geodesic.path(from: bergen, to: alesund, spacing: 20_000)
        #expect(path.count == 13 && path.first == bergen && path.last == alesund)
        #expect(abs(path[6].latitude - 61.432515843) < 1e-9 && abs(path[6].longitude - 5.724631753) < 1e-9)
        let across = Geodesic.path(
            from: Coordinate(latitude: -16.8, longitude: -179.97), to: Coordinate(latitude: -16.0, longitude: 179.5), spacing: 20_000)
        #expect(across.count == 7)
        #expect(abs(across[1].latitude - -16.666764310) < 1e-9 && abs(across[1].longitude - 179.941364083) < 1e-9)
        #expect(Geodesic.path(from: bergen, to: alesund, spacing: 1_000, maximumPoints: 33).count == 33)
    }

    /// Difference of two angles (degrees) the short way round, so 180 and −180 compare equal.
    func angleDifference(_ a: Double, _ b: Double) -> Double {
        abs(Longitude.wrapped(a - b))
    }

    /// DESIGN / notes/toolchain.md: NYC → SF is 4,139,142.5729 m, azi1 −78.3105°, azi2 −110.0765°
    /// (cross-checked there by an independent Python Vincenty implementation).
    @Test func newYorkToSanFrancisco() {
        let result = Geodesic.inverse(
            from: Coordinate(latitude: 40.712756, longitude: -74.006047),
            to: Coordinate(latitude: 37.7749, longitude: -122.4194))
        #expect(abs(result.distance - 4_139_142.573) <= 0.001)
        #expect(abs(result.initialAzimuth - -78.3105) <= 0.0001)
        #expect(abs(result.finalAzimuth - -110.0765) <= 0.0001)
    }

    struct InverseCase: Sendable, CustomTestStringConvertible {
        let name: String
        let from: Coordinate
        let to: Coordinate
        let distance: Double
        let initialAzimuth: Double
        let finalAzimuth: Double
        var testDescription: String { name }
    }

    static let inverseCases: [InverseCase] = [
        // source: pyproj 3.x Geod(ellps='WGS84').inv(0.0, 0.0, 179.5, 0.5)
        //   -> az12 25.67187286829188, az21 -25.672914530058392, dist 19936288.578965314
        InverseCase(
            name: "antipodal-ish (0,0)→(0.5,179.5)",
            from: Coordinate(latitude: 0, longitude: 0), to: Coordinate(latitude: 0.5, longitude: 179.5),
            distance: 19_936_288.578965314, initialAzimuth: 25.67187286829188,
            finalAzimuth: -25.672914530058392 + 180),
        // source: pyproj 3.x Geod(ellps='WGS84').inv(179.97, -16.8, -179.97, -16.8)
        //   -> az12 90.00867095463902, az21 -90.00867095463902, dist 6395.887797271897
        InverseCase(
            name: "across the antimeridian (Taveuni)",
            from: Coordinate(latitude: -16.8, longitude: 179.97), to: Coordinate(latitude: -16.8, longitude: -179.97),
            distance: 6_395.887797271897, initialAzimuth: 90.00867095463902,
            finalAzimuth: -90.00867095463902 + 180),
        // source: pyproj 3.x Geod(ellps='WGS84').inv(178.4419, -18.1416, -171.7667, -13.8333)
        //   -> az12 66.95048384360838, az21 -115.75436768364386, dist 1151052.4755234036
        InverseCase(
            name: "Suva → Apia across the antimeridian",
            from: Coordinate(latitude: -18.1416, longitude: 178.4419),
            to: Coordinate(latitude: -13.8333, longitude: -171.7667),
            distance: 1_151_052.4755234036, initialAzimuth: 66.95048384360838,
            finalAzimuth: -115.75436768364386 + 180),
        // source: pyproj 3.x Geod(ellps='WGS84').inv(0.0, 89.9, 90.0, 89.9)
        //   -> az12 45.00004363325316, az21 -45.00004363325317, dist 15795.90990088993
        InverseCase(
            name: "near the north pole",
            from: Coordinate(latitude: 89.9, longitude: 0), to: Coordinate(latitude: 89.9, longitude: 90),
            distance: 15_795.90990088993, initialAzimuth: 45.00004363325316,
            finalAzimuth: -45.00004363325317 + 180),
        // source: pyproj 3.x Geod(ellps='WGS84').inv(-60.0, -89.5, 120.0, -85.0)
        //   -> az12 180.0, az21 180.0, dist 614302.5640947531 (over the south pole)
        InverseCase(
            name: "over the south pole",
            from: Coordinate(latitude: -89.5, longitude: -60), to: Coordinate(latitude: -85, longitude: 120),
            distance: 614_302.5640947531, initialAzimuth: 180, finalAzimuth: 180 - 180),
        // source: pyproj 3.x Geod(ellps='WGS84').inv(-0.1278, 51.5074, 151.2093, -33.8688)
        //   -> az12 60.36168570015566, az21 -40.70736698782122, dist 16989295.77054045
        InverseCase(
            name: "London → Sydney",
            from: Coordinate(latitude: 51.5074, longitude: -0.1278),
            to: Coordinate(latitude: -33.8688, longitude: 151.2093),
            distance: 16_989_295.77054045, initialAzimuth: 60.36168570015566,
            finalAzimuth: -40.70736698782122 + 180),
    ]

    @Test(arguments: inverseCases) func inverseMatchesPyproj(_ reference: InverseCase) {
        let result = Geodesic.inverse(from: reference.from, to: reference.to)
        #expect(abs(result.distance - reference.distance) <= 1e-6)
        #expect(angleDifference(result.initialAzimuth, reference.initialAzimuth) <= 1e-9)
        #expect(angleDifference(result.finalAzimuth, reference.finalAzimuth) <= 1e-9)
        #expect((-180.0...180.0).contains(result.initialAzimuth))
        #expect((-180.0...180.0).contains(result.finalAzimuth))
    }

    struct DirectCase: Sendable, CustomTestStringConvertible {
        let name: String
        let from: Coordinate
        let azimuth: Double
        let distance: Double
        let to: Coordinate
        var testDescription: String { name }
    }

    static let directCases: [DirectCase] = [
        // source: pyproj 3.x Geod(ellps='WGS84').fwd(179.97, -16.8, 90.0, 10000.0)
        //   -> lon -179.93618973128702, lat -16.79997861915953 (wrapped across ±180°)
        DirectCase(
            name: "east across the antimeridian", from: Coordinate(latitude: -16.8, longitude: 179.97),
            azimuth: 90, distance: 10_000,
            to: Coordinate(latitude: -16.79997861915953, longitude: -179.93618973128702)),
        // source: pyproj 3.x Geod(ellps='WGS84').fwd(10.0, 89.0, 0.0, 300000.0)
        //   -> lon -170.0, lat 88.31408384647855 (north over the pole)
        DirectCase(
            name: "north over the pole", from: Coordinate(latitude: 89, longitude: 10),
            azimuth: 0, distance: 300_000,
            to: Coordinate(latitude: 88.31408384647855, longitude: -170)),
        // source: pyproj 3.x Geod(ellps='WGS84').fwd(0, 0, 45, 10000000)
        //   -> lon 89.8684085371785, lat 45.09618293502251
        DirectCase(
            name: "10,000 km north-east from (0,0)", from: Coordinate(latitude: 0, longitude: 0),
            azimuth: 45, distance: 10_000_000,
            to: Coordinate(latitude: 45.09618293502251, longitude: 89.8684085371785)),
    ]

    @Test(arguments: directCases) func directMatchesPyproj(_ reference: DirectCase) {
        let end = Geodesic.direct(from: reference.from, azimuth: reference.azimuth, distance: reference.distance)
        #expect(abs(end.latitude - reference.to.latitude) <= 1e-9)
        #expect(angleDifference(end.longitude, reference.to.longitude) <= 1e-9)
        #expect((-180.0...180.0).contains(end.longitude))
    }

    /// The direct problem undoes the inverse one: NYC + (azi1, s12) lands on SF (notes/toolchain.md
    /// measured the round trip to within 1e-9°).
    @Test func directInvertsInverse() {
        let newYork = Coordinate(latitude: 40.712756, longitude: -74.006047)
        let sanFrancisco = Coordinate(latitude: 37.7749, longitude: -122.4194)
        let inverse = Geodesic.inverse(from: newYork, to: sanFrancisco)
        let end = Geodesic.direct(from: newYork, azimuth: inverse.initialAzimuth, distance: inverse.distance)
        #expect(abs(end.latitude - sanFrancisco.latitude) <= 1e-9)
        #expect(abs(end.longitude - sanFrancisco.longitude) <= 1e-9)
    }

    /// A point to itself is 0 m; a degree of the equator is a/1 · π/180 = 111,319.4908 m
    /// (hand: 6,378,137 × π / 180 = 111,319.49079327357).
    @Test func degenerateAndEquatorialDistances() {
        let point = Coordinate(latitude: 12.5, longitude: -3.25)
        #expect(Geodesic.inverse(from: point, to: point).distance == 0)
        let degree = Geodesic.inverse(
            from: Coordinate(latitude: 0, longitude: 0), to: Coordinate(latitude: 0, longitude: 1))
        #expect(abs(degree.distance - 111_319.49079327357) <= 1e-6)
        #expect(abs(degree.initialAzimuth - 90) <= 1e-12)
    }

    /// A latitude beyond ±90° is outside the ellipsoid: geod_inverse answers NaN.
    @Test func latitudeOutOfRangeIsNaN() {
        let result = Geodesic.inverse(
            from: Coordinate(latitude: 91, longitude: 0), to: Coordinate(latitude: 0, longitude: 0))
        #expect(result.distance.isNaN)
    }
}
