import Foundation
import RoadTripCore

/// A region fitted to a viewport of `width × height` CSS pixels: the zoom MapKit's
/// `regionThatFits:` would choose and the span actually displayed.
///
/// The center stays at the viewport's center. The zoom is the largest fractional zoom at which both
/// edges `center ± span / 2` fit; the displayed span then follows the viewport's aspect ratio.
/// A raster basemap uses `floor(zoom)` tiles scaled by `2^(zoom − floor(zoom))`.
public struct MapView: Sendable, Hashable {
    /// The region asked for (degrees).
    public let requestedRegion: CoordinateRegion
    /// Viewport width in CSS pixels.
    public let width: Double
    /// Viewport height in CSS pixels.
    public let height: Double
    /// The fitted fractional zoom (Web Mercator, 256-px tiles).
    public let zoom: Double
    /// The center, with its latitude clamped to ±85.0511° (degrees).
    public let center: Coordinate

    /// Fits `region` into a `width × height` viewport.
    ///
    /// - Parameters:
    ///   - region: center and span in degrees; spans must be positive.
    ///   - width, height: viewport size in CSS pixels (> 0).
    ///   - maximumZoom: the tile layer's `maxZoom`; the fitted zoom never exceeds it.
    ///   - minimumZoom: the smallest zoom allowed (default 0, the whole world in 256 px).
    public init(
        region: CoordinateRegion, width: Double, height: Double,
        maximumZoom: Double = 19, minimumZoom: Double = 0
    ) {
        requestedRegion = region
        self.width = width
        self.height = height
        let centerLatitude = WebMercator.clampLatitude(region.center.latitude)
        center = Coordinate(latitude: centerLatitude, longitude: region.center.longitude)

        // At zoom 0: pixels needed on each side of the center (the farther latitude edge decides,
        // because the center must stay in the middle of the viewport).
        let longitudeDelta = min(max(region.span.longitudeDelta, 1e-9), 360)
        let latitudeDelta = min(max(region.span.latitudeDelta, 1e-9), 180)
        let halfWidth0 = longitudeDelta / 2 / 360 * WebMercator.tileSize
        let centerY0 = WebMercator.y(latitude: centerLatitude, zoom: 0)
        let northY0 = WebMercator.y(latitude: centerLatitude + latitudeDelta / 2, zoom: 0)
        let southY0 = WebMercator.y(latitude: centerLatitude - latitudeDelta / 2, zoom: 0)
        let halfHeight0 = max(centerY0 - northY0, southY0 - centerY0, 1e-12)
        let zoomForWidth = log2(width / 2 / halfWidth0)
        let zoomForHeight = log2(height / 2 / halfHeight0)
        zoom = min(max(min(zoomForWidth, zoomForHeight), minimumZoom), maximumZoom)
    }

    /// World-pixel position of the viewport's top-left corner at `zoom`.
    public var origin: (x: Double, y: Double) {
        (
            WebMercator.x(longitude: center.longitude, zoom: zoom) - width / 2,
            WebMercator.y(latitude: center.latitude, zoom: zoom) - height / 2
        )
    }

    /// Viewport pixel position of `coordinate` (0,0 is the top-left corner). The longitude is taken
    /// the short way round from the center, so a region across ±180° draws as one piece.
    public func point(for coordinate: Coordinate) -> (x: Double, y: Double) {
        let longitude = Longitude.unwrapped(coordinate.longitude, near: center.longitude)
        let (originX, originY) = origin
        return (
            WebMercator.x(longitude: longitude, zoom: zoom) - originX,
            WebMercator.y(latitude: coordinate.latitude, zoom: zoom) - originY
        )
    }

    /// The coordinate at viewport pixel `(x, y)`; the longitude is wrapped into −180…180.
    public func coordinate(atX x: Double, y: Double) -> Coordinate {
        let (originX, originY) = origin
        let longitude = Longitude.wrapped(WebMercator.longitude(x: originX + x, zoom: zoom))
        return Coordinate(latitude: WebMercator.latitude(y: originY + y, zoom: zoom), longitude: longitude)
    }

    /// The span the viewport actually shows (degrees): the full width in longitude, and the
    /// latitudes of the top and bottom edges.
    public var displayedSpan: CoordinateSpan {
        let north = coordinate(atX: 0, y: 0).latitude
        let south = coordinate(atX: 0, y: height).latitude
        return CoordinateSpan(
            latitudeDelta: north - south,
            longitudeDelta: min(width / WebMercator.worldSize(zoom: zoom) * 360, 360))
    }

    /// Metres per CSS pixel at the center latitude on the sphere of radius 6,378,137 m
    /// (the Web Mercator scale factor, EPSG Guidance Note 7-2): `2πR·cos φ / worldSize`.
    public var metresPerPixel: Double {
        2 * .pi * 6_378_137 * cos(center.latitude * .pi / 180) / WebMercator.worldSize(zoom: zoom)
    }
}
