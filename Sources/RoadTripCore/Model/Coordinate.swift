/// A geographic position on the WGS 84 ellipsoid, like Core Location's `CLLocationCoordinate2D`.
///
/// - `latitude`: degrees, −90 … 90, positive north.
/// - `longitude`: degrees, −180 … 180, positive east.
public struct Coordinate: Sendable, Hashable, Codable {
    /// Degrees north of the equator (WGS 84), −90 … 90.
    public var latitude: Double
    /// Degrees east of the prime meridian (WGS 84), −180 … 180.
    public var longitude: Double

    /// Creates a coordinate from latitude and longitude in degrees. No validation: see `isValid`.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// `true` when both values are finite and within −90…90 (latitude) and −180…180 (longitude),
    /// as `CLLocationCoordinate2DIsValid` defines it.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite
            && CoordinateAxis.latitude.range.contains(latitude) && CoordinateAxis.longitude.range.contains(longitude)
    }
}
