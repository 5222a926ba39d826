import Foundation
import RoadTripCore

/// Fits a region to a set of annotations (`region: fit`, the overview map).
///
/// Construction: the coordinates' longitudes are taken the short way round (the region is the
/// complement of the largest empty gap on the circle of longitudes) and their latitudes are
/// projected to Web Mercator y (clamped at ±85.0511°). The region's center is the middle of that
/// projected bounding box, and the zoom is the largest at which the box, plus `padding` on every
/// side, fits the viewport. The returned span is exactly what a viewport of that size shows at that
/// zoom, so `MapView(region:width:height:)` chooses that same zoom: every coordinate is drawn at
/// least `padding` pixels inside every edge, and the extreme coordinates of the binding dimension
/// lie exactly `padding` pixels from their edges.
public enum RegionFitting {
    /// The smallest region showing all `coordinates` with `padding` pixels on every side once
    /// fitted (`MapView`) to a `viewportWidth × viewportHeight` viewport.
    ///
    /// - Parameters:
    ///   - coordinates: the points to show (degrees); invalid ones (`Coordinate.isValid` false)
    ///     are ignored.
    ///   - viewportWidth, viewportHeight: viewport size in CSS pixels (> 0).
    ///   - padding: CSS pixels kept free inside every edge (`map.fitPadding`); negative counts as
    ///     0, and it is reduced when needed so that at least 1 px of the viewport remains.
    ///   - defaultSpan: span (degrees) for a single coordinate, or for coordinates that are all the
    ///     same point (`map.defaultSpan`).
    ///   - maximumZoom: the tile layer's `maxZoom`. When the coordinates are so close that they
    ///     would need a closer zoom (or `defaultSpan` would), the region is instead the one a
    ///     viewport shows at exactly `maximumZoom`, around the same center.
    /// - Returns: center (longitude in −180…180, latitude within ±85.0511°) and span (degrees,
    ///   latitudeDelta ≤ 180, longitudeDelta ≤ 360). No coordinates gives the whole world,
    ///   centered on (0°, 0°). When the fit needs a zoom at which the whole world (360° wide, or
    ///   ±85.0511° tall) is smaller than the viewport in both dimensions, the span is capped there
    ///   and `MapView` zooms in further, so `padding` is then not guaranteed.
    public static func region(
        fitting coordinates: [Coordinate], viewportWidth: Double, viewportHeight: Double,
        padding: Double, defaultSpan: CoordinateSpan, maximumZoom: Double
    ) -> CoordinateRegion {
        let valid = coordinates.filter(\.isValid)
        guard let first = valid.first else {
            return CoordinateRegion(
                center: Coordinate(latitude: 0, longitude: 0),
                span: CoordinateSpan(latitudeDelta: 180, longitudeDelta: 360))
        }
        let (west, east) = longitudeExtent(valid.map(\.longitude))
        let ys = valid.map { WebMercator.y(latitude: $0.latitude, zoom: 0) }
        let northY = ys.min() ?? 0
        let southY = ys.max() ?? 0
        let centerLongitude = Longitude.wrapped((west + east) / 2)
        let centerY = (northY + southY) / 2

        if west == east && northY == southY {
            let center = Coordinate(
                latitude: WebMercator.clampLatitude(first.latitude), longitude: centerLongitude)
            let region = CoordinateRegion(center: center, span: defaultSpan)
            let zoom = MapView(
                region: region, width: viewportWidth, height: viewportHeight, maximumZoom: .infinity
            ).zoom
            guard zoom > maximumZoom else { return region }
            return viewportRegion(
                centerLongitude: centerLongitude, centerY: centerY, zoom: maximumZoom,
                width: viewportWidth, height: viewportHeight)
        }

        let requestedInset = padding > 0 ? padding : 0  // also maps NaN to 0
        let inset = max(min(requestedInset, (min(viewportWidth, viewportHeight) - 1) / 2), 0)
        let worldPixelsWide = (east - west) / 360 * WebMercator.tileSize
        let worldPixelsTall = southY - northY
        let scale = min(
            (viewportWidth - 2 * inset) / worldPixelsWide,
            (viewportHeight - 2 * inset) / worldPixelsTall)
        return viewportRegion(
            centerLongitude: centerLongitude, centerY: centerY, zoom: min(log2(scale), maximumZoom),
            width: viewportWidth, height: viewportHeight)
    }

    /// The west and east edges (degrees, `west ≤ east < west + 360`, west in −180…180) of the
    /// shortest arc of longitudes containing all `longitudes`: the complement of the largest gap
    /// between neighbours on the circle. Ties keep the arc that does not cross ±180°.
    static func longitudeExtent(_ longitudes: [Double]) -> (west: Double, east: Double) {
        let sorted = longitudes.map(Longitude.wrapped).sorted()
        guard let lowest = sorted.first, let highest = sorted.last else { return (0, 0) }
        var extent = (west: lowest, east: highest)
        var largestGap = lowest + 360 - highest
        for (before, after) in zip(sorted, sorted.dropFirst()) where after - before > largestGap {
            largestGap = after - before
            extent = (west: after, east: before + 360)
        }
        return extent
    }

    /// The region a `width × height` viewport shows at `zoom` around the center at longitude
    /// `centerLongitude` (degrees) and Web Mercator `centerY` (world pixels at zoom 0).
    ///
    /// longitudeDelta is the viewport's width in degrees (capped at 360). latitudeDelta is chosen
    /// so that `MapView`'s farther latitude edge, `center ± latitudeDelta / 2`, lies exactly
    /// `height / 2` pixels from the center; if neither edge can (the world is shorter than the
    /// viewport at that zoom), it is 180.
    private static func viewportRegion(
        centerLongitude: Double, centerY: Double, zoom: Double, width: Double, height: Double
    ) -> CoordinateRegion {
        let centerLatitude = WebMercator.latitude(y: centerY, zoom: 0)
        let worldHeight = WebMercator.worldSize(zoom: 0)
        let halfHeight = height / 2 / pow(2, zoom)
        var halfDeltas: [Double] = []
        if centerY - halfHeight >= 0 {
            halfDeltas.append(WebMercator.latitude(y: centerY - halfHeight, zoom: 0) - centerLatitude)
        }
        if centerY + halfHeight <= worldHeight {
            halfDeltas.append(centerLatitude - WebMercator.latitude(y: centerY + halfHeight, zoom: 0))
        }
        let latitudeDelta = min(2 * (halfDeltas.min() ?? 90), 180)
        let longitudeDelta = min(width / WebMercator.worldSize(zoom: zoom) * 360, 360)
        return CoordinateRegion(
            center: Coordinate(latitude: centerLatitude, longitude: centerLongitude),
            span: CoordinateSpan(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta))
    }
}
