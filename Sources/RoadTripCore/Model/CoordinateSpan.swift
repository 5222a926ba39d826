/// The extent of a map region, like MapKit's `MKCoordinateSpan`.
///
/// The region covers `center ± span / 2`; a smaller span is a closer zoom.
public struct CoordinateSpan: Sendable, Hashable, Codable {
    /// North–south extent in degrees (0 … 180).
    public var latitudeDelta: Double
    /// East–west extent in degrees (0 … 360).
    public var longitudeDelta: Double

    /// Creates a span from its two extents in degrees.
    public init(latitudeDelta: Double, longitudeDelta: Double) {
        self.latitudeDelta = latitudeDelta
        self.longitudeDelta = longitudeDelta
    }

    /// The site default (`map.defaultSpan` in `site.yaml`): 0.05° × 0.05°.
    public static let defaultSpan = CoordinateSpan(latitudeDelta: 0.05, longitudeDelta: 0.05)
}
