/// A map region: a center coordinate and a span, like MapKit's `MKCoordinateRegion`.
public struct CoordinateRegion: Sendable, Hashable, Codable {
    /// The region's center (degrees, WGS 84).
    public var center: Coordinate
    /// The region's extent in degrees; the region covers `center ± span / 2`.
    public var span: CoordinateSpan

    /// Creates a region from its center and span.
    public init(center: Coordinate, span: CoordinateSpan) {
        self.center = center
        self.span = span
    }
}
