import RoadTripCore
import RoadTripGeo
import RoadTripContent

/// The region a destination's map opens with: the front matter's span (default
/// `map.defaultSpan`) around the destination, or, for `region: fit`, the smallest region holding the
/// destination and every POI with `map.fitPadding` pixels on every side.
public enum InitialRegion {
    /// The initial region of `destination` under `config` (degrees).
    public static func region(for destination: Destination, config: SiteConfig) -> CoordinateRegion {
        switch destination.regionRequest {
        case .span(let span):
            return CoordinateRegion(center: destination.coordinate, span: span ?? config.defaultSpan)
        case .fit:
            return overview(
                of: [destination.coordinate] + destination.pointsOfInterest.map(\.coordinate), config: config)
        }
    }

    /// The smallest region showing every coordinate with `map.fitPadding` pixels to spare, in the
    /// site's map viewport (the home page's overview map uses it for all destinations).
    public static func overview(of coordinates: [Coordinate], config: SiteConfig) -> CoordinateRegion {
        RegionFitting.region(
            fitting: coordinates, viewportWidth: config.viewportWidth, viewportHeight: config.viewportHeight,
            padding: config.fitPadding, defaultSpan: config.defaultSpan,
            maximumZoom: config.standardTileLayer.maxZoom)
    }
}
