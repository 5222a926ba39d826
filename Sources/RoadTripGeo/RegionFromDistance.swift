import Foundation
import RoadTripCore

extension CoordinateRegion {
    /// A region `latitudinalMeters` north–south by `longitudinalMeters` east–west around `center`,
    /// as MapKit's `MKCoordinateRegionMakeWithDistance` computes it.
    ///
    /// The metres are the full edge-to-edge extents, divided by the WGS 84 metres per degree at
    /// the center latitude φ (the standard series for the WGS 84 ellipsoid, e.g. the NGA/NIMA
    /// "Length of a degree" formulas):
    /// - `latitudeDelta = m / (111132.92 − 559.82 cos 2φ + 1.175 cos 4φ − 0.0023 cos 6φ)`
    /// - `longitudeDelta = m / (111412.84 cos φ − 93.5 cos 3φ + 0.118 cos 5φ)`
    ///
    /// This reproduces a value printed by MapKit on a device to 1e-15 relative. MapKit does not
    /// clamp; roadtrip caps `latitudeDelta` at 180° and `longitudeDelta` at 360° (so at a pole,
    /// where a degree of longitude has no length, `longitudeDelta` is 360°), turns negative metres
    /// into a zero delta, and keeps `center` unchanged.
    ///
    /// - Parameters:
    ///   - center: the region's center (degrees).
    ///   - latitudinalMeters: north–south extent in metres.
    ///   - longitudinalMeters: east–west extent in metres.
    public init(center: Coordinate, latitudinalMeters: Double, longitudinalMeters: Double) {
        let phi = center.latitude * .pi / 180
        let metresPerDegreeLatitude =
            111_132.92 - 559.82 * cos(2 * phi) + 1.175 * cos(4 * phi) - 0.0023 * cos(6 * phi)
        let metresPerDegreeLongitude =
            111_412.84 * cos(phi) - 93.5 * cos(3 * phi) + 0.118 * cos(5 * phi)
        self.init(
            center: center,
            span: CoordinateSpan(
                latitudeDelta: Self.delta(latitudinalMeters, metresPerDegree: metresPerDegreeLatitude, cap: 180),
                longitudeDelta: Self.delta(longitudinalMeters, metresPerDegree: metresPerDegreeLongitude, cap: 360)))
    }

    /// The region the Locate button shows for a browser Geolocation fix:
    /// `CoordinateRegion(center: position, latitudinalMeters: d, longitudinalMeters: d)` with
    /// `d = max(4 × horizontalAccuracy, 500)` metres.
    ///
    /// - Parameters:
    ///   - position: the fix (degrees).
    ///   - horizontalAccuracy: radius of uncertainty in metres; a negative value (invalid, as in
    ///     Core Location) or NaN gives the 500 m minimum.
    public static func locateRegion(position: Coordinate, horizontalAccuracy: Double) -> CoordinateRegion {
        let accuracy = horizontalAccuracy >= 0 ? horizontalAccuracy : 0  // NaN compares false
        let distance = max(4 * accuracy, 500)
        return CoordinateRegion(center: position, latitudinalMeters: distance, longitudinalMeters: distance)
    }

    /// `metres / metresPerDegree` in degrees, within `0…cap`. The divisor's magnitude is used
    /// because the longitude series rounds to a tiny signed value at ±90°; a NaN result becomes `cap`.
    private static func delta(_ metres: Double, metresPerDegree: Double, cap: Double) -> Double {
        let delta = metres / abs(metresPerDegree)
        return delta.isNaN ? cap : min(max(delta, 0), cap)
    }
}
