import Foundation

/// Web Mercator (EPSG:3857) on 256-pixel tiles, the projection of OpenStreetMap's XYZ tiles, so a
/// raster basemap lines up with the vector overlay.
///
/// Pixel coordinates are "world pixels" at a (possibly fractional) zoom `z`: the whole world is a
/// square `256 · 2^z` pixels wide, x growing east from −180°, y growing south from +85.0511°.
/// Formulas: OpenStreetMap wiki, "Slippy map tilenames", and EPSG Guidance Note 7-2 §1.3.3.2.
public enum WebMercator {
    /// Tile edge in pixels.
    public static let tileSize = 256.0

    /// The latitude limit of the square world, `atan(sinh(π))` in degrees (≈ 85.05112878°).
    public static let maximumLatitude = 85.05112877980659

    /// Width (= height) of the world in pixels at zoom `zoom`: `256 · 2^zoom`.
    public static func worldSize(zoom: Double) -> Double {
        tileSize * pow(2, zoom)
    }

    /// Clamps a latitude (degrees) to ±`maximumLatitude`.
    public static func clampLatitude(_ latitude: Double) -> Double {
        min(max(latitude, -maximumLatitude), maximumLatitude)
    }

    /// x in world pixels at `zoom` of a longitude in degrees. Longitudes outside −180…180 are not
    /// wrapped, so callers can unwrap across the antimeridian.
    public static func x(longitude: Double, zoom: Double) -> Double {
        (longitude + 180) / 360 * worldSize(zoom: zoom)
    }

    /// y in world pixels at `zoom` of a latitude in degrees (clamped to ±85.0511°).
    public static func y(latitude: Double, zoom: Double) -> Double {
        let phi = clampLatitude(latitude) * .pi / 180
        return (1 - log(tan(phi) + 1 / cos(phi)) / .pi) / 2 * worldSize(zoom: zoom)
    }

    /// Longitude in degrees of world-pixel x at `zoom` (not wrapped).
    public static func longitude(x: Double, zoom: Double) -> Double {
        x / worldSize(zoom: zoom) * 360 - 180
    }

    /// Latitude in degrees of world-pixel y at `zoom`.
    public static func latitude(y: Double, zoom: Double) -> Double {
        let n = Double.pi * (1 - 2 * y / worldSize(zoom: zoom))
        return atan(sinh(n)) * 180 / .pi
    }
}
