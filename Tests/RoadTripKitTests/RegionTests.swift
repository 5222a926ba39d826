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

/// `CoordinateRegion(center:latitudinalMeters:longitudinalMeters:)` and the Locate region
/// (DESIGN §4.1).
@Suite struct RegionTests {
    func relativeError(_ value: Double, _ expected: Double) -> Double {
        abs(value - expected) / abs(expected)
    }

    /// A value printed by MapKit on a device (DESIGN §4.1):
    /// MKCoordinateRegionMakeWithDistance((48.5216274484992, 9.05204102396965), 10138000, 10138000)
    /// → latitudeDelta 91.16871724064305, longitudeDelta 137.24121026606184.
    @Test func reproducesMapKitDeviceValue() {
        let center = Coordinate(latitude: 48.5216274484992, longitude: 9.05204102396965)
        let region = CoordinateRegion(center: center, latitudinalMeters: 10_138_000, longitudinalMeters: 10_138_000)
        #expect(relativeError(region.span.latitudeDelta, 91.16871724064305) <= 1e-12)
        #expect(relativeError(region.span.longitudeDelta, 137.24121026606184) <= 1e-12)
        #expect(region.center == center)
    }

    /// At the equator the series are 111132.92 − 559.82 + 1.175 − 0.0023 = 110574.2727 m per degree
    /// of latitude and 111412.84 − 93.5 + 0.118 = 111319.458 m per degree of longitude (hand sums).
    @Test func equatorMetresPerDegree() {
        let region = CoordinateRegion(
            center: Coordinate(latitude: 0, longitude: 0), latitudinalMeters: 110_574.2727,
            longitudinalMeters: 111_319.458)
        #expect(relativeError(region.span.latitudeDelta, 1) <= 1e-12)
        #expect(relativeError(region.span.longitudeDelta, 1) <= 1e-12)
    }

    /// 30,000 km north–south is ≈ 269° (at ≈ 111.4 km per degree, more than the 180° cap), and
    /// east–west at 60° N, where a degree of longitude is ≈ 55.8 km, ≈ 537° (more than 360°).
    @Test func capsAt180And360KeepingCenter() {
        let center = Coordinate(latitude: 60, longitude: -150)
        let region = CoordinateRegion(center: center, latitudinalMeters: 30_000_000, longitudinalMeters: 30_000_000)
        #expect(region.span.latitudeDelta == 180)
        #expect(region.span.longitudeDelta == 360)
        #expect(region.center == center)
    }

    /// At a pole a degree of longitude has no length: any east–west distance is all 360°.
    @Test func poleGivesWholeLongitudeCircle() {
        let region = CoordinateRegion(
            center: Coordinate(latitude: 90, longitude: 0), latitudinalMeters: 1000, longitudinalMeters: 1000)
        #expect(region.span.longitudeDelta == 360)
        // At 90° the latitude series is 111132.92 + 559.82 + 1.175 + 0.0023 = 111693.9173 m/°.
        #expect(relativeError(region.span.latitudeDelta, 1000 / 111_693.9173) <= 1e-12)
    }

    @Test func negativeMetresGiveZeroSpan() {
        let region = CoordinateRegion(
            center: Coordinate(latitude: 10, longitude: 10), latitudinalMeters: -5, longitudinalMeters: -5)
        #expect(region.span.latitudeDelta == 0)
        #expect(region.span.longitudeDelta == 0)
    }

    /// d = max(4 × accuracy, 500): 20 m → 500 m, 300 m → 1200 m. Expected deltas at 37.3349° N were
    /// computed with the DESIGN §4.1 series in Python (math.cos):
    /// 500 m → 0.0045051577561882146°, 0.005642084177619475°;
    /// 1200 m → 0.010812378614851714°, 0.01354100202628674°.
    @Test(arguments: [
        (20.0, 0.0045051577561882146, 0.005642084177619475),
        (300.0, 0.010812378614851714, 0.01354100202628674),
    ])
    func locateRegion(accuracy: Double, latitudeDelta: Double, longitudeDelta: Double) {
        let position = Coordinate(latitude: 37.3349, longitude: -122.00902)
        let region = CoordinateRegion.locateRegion(position: position, horizontalAccuracy: accuracy)
        #expect(region.center == position)
        #expect(relativeError(region.span.latitudeDelta, latitudeDelta) <= 1e-12)
        #expect(relativeError(region.span.longitudeDelta, longitudeDelta) <= 1e-12)
    }

    /// Invalid accuracies (negative, as in Core Location, or NaN) give the 500 m minimum
    /// (same expected values as the 20 m case above).
    @Test(arguments: [-1.0, .nan])
    func locateRegionWithInvalidAccuracy(accuracy: Double) {
        let position = Coordinate(latitude: 37.3349, longitude: -122.00902)
        let region = CoordinateRegion.locateRegion(position: position, horizontalAccuracy: accuracy)
        #expect(relativeError(region.span.latitudeDelta, 0.0045051577561882146) <= 1e-12)
        #expect(relativeError(region.span.longitudeDelta, 0.005642084177619475) <= 1e-12)
    }

    /// An infinitely inaccurate fix asks for infinite metres: the spans are capped at 180° × 360°.
    @Test func locateRegionWithInfiniteAccuracyIsCapped() {
        let region = CoordinateRegion.locateRegion(
            position: Coordinate(latitude: 10, longitude: 20), horizontalAccuracy: .infinity)
        #expect(region.span.latitudeDelta == 180)
        #expect(region.span.longitudeDelta == 360)
    }
}
