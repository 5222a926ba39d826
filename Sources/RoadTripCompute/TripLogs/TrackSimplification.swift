import Foundation
import RoadTripCore
import RoadTripGeo

/// Douglas–Peucker line simplification of one track segment, in ground metres, so a drawn track
/// has no more vertices than the map's pixels can show.
///
/// Algorithm: `PlanarDouglasPeucker` (Douglas & Peucker 1973, from an explicit stack, distances
/// to the chord as a segment) in the plane below.
///
/// Projection: a local equirectangular plane around the segment, in metres on the ground —
/// `x = (λ − λ₀) · N(φ₀) cos φ₀`, `y = (φ − φ₀) · M(φ₀)` (angles in radians), where φ₀ is the
/// segment's mean latitude, λ₀ its first longitude, and `M`, `N` the WGS 84 meridional and
/// prime-vertical radii of curvature (`M = a(1−e²)/(1−e² sin²φ)^{3/2}`, `N = a/(1−e² sin²φ)^{1/2}`,
/// NIMA TR8350.2 §4). Web Mercator metres were not used because they are stretched by 1/cos φ,
/// which would make the tolerance latitude-dependent. The plane is exact at φ₀; east–west lengths
/// elsewhere are off by the factor cos φ / cos φ₀ (about 1.7 % per degree of latitude from φ₀ at
/// 45°), far below what a half-pixel tolerance can see. Longitudes are unwrapped point to point
/// (`Longitude.unwrapped`), so a segment crossing ±180° is a continuous line.
public enum TrackSimplification {
    /// The tolerance in ground metres for drawing at `metresPerPixel` (ground metres per CSS pixel
    /// at the map's scale): half a pixel, the largest error a rasterised line cannot show.
    ///
    /// - Returns: `metresPerPixel / 2` in metres; a negative or NaN input gives 0 (keep every point
    ///   off the line).
    public static func toleranceForMap(metresPerPixel: Double) -> Double {
        metresPerPixel > 0 ? metresPerPixel / 2 : 0
    }

    /// The indices (ascending) of the fixes of `segment` that Douglas–Peucker keeps at `tolerance`.
    ///
    /// - Parameters:
    ///   - segment: one segment of filtered fixes (degrees), in order.
    ///   - tolerance: metres on the ground; a point is kept when it lies farther than this from the
    ///     chord it would be replaced by.
    /// - Returns: always includes the first and last index (an empty segment gives `[]`, a single
    ///   fix `[0]`).
    public static func simplify(_ segment: [LocationSample], tolerance: Double) -> [Int] {
        simplify(segment.lazy.map(\.coordinate), tolerance: tolerance)
    }

    /// The offsets from the start (ascending, 0-based) of the `coordinates` (degrees, one segment
    /// in order) that Douglas–Peucker keeps at `tolerance` metres on the ground; see
    /// `simplify(_:tolerance:)` for samples. `coordinates` is read twice and not copied (a
    /// `FilteredTrack.Segment`'s are read from the track); the projected plane takes 16 bytes a point.
    public static func simplify<Line: Collection>(_ coordinates: Line, tolerance: Double) -> [Int]
    where Line.Element == Coordinate {
        let count = coordinates.count
        guard count > 2 else { return Array(0..<count) }
        let (xs, ys) = project(coordinates)
        let keep = PlanarDouglasPeucker.kept(count: count, tolerance: tolerance, x: { xs[$0] }, y: { ys[$0] })
        return keep.indices.filter { keep[$0] }
    }

    /// The coordinates in the local plane described in the type's documentation, in metres.
    private static func project<Line: Collection>(_ coordinates: Line) -> (xs: [Double], ys: [Double])
    where Line.Element == Coordinate {
        let meanLatitude = coordinates.reduce(0) { $0 + $1.latitude } / Double(coordinates.count)
        let phi = meanLatitude * .pi / 180
        let f = Geodesic.flattening
        let eccentricitySquared = f * (2 - f)
        let w = 1 - eccentricitySquared * sin(phi) * sin(phi)
        let meridionalRadius = Geodesic.equatorialRadius * (1 - eccentricitySquared) / (w * w.squareRoot())
        let primeVerticalRadius = Geodesic.equatorialRadius / w.squareRoot()
        let metresPerDegreeLatitude = meridionalRadius * .pi / 180
        let metresPerDegreeLongitude = primeVerticalRadius * cos(phi) * .pi / 180

        var xs = [Double]()
        var ys = [Double]()
        xs.reserveCapacity(coordinates.count)
        ys.reserveCapacity(coordinates.count)
        let originLongitude = coordinates.first!.longitude
        var previousLongitude = originLongitude
        for coordinate in coordinates {
            let longitude = Longitude.unwrapped(coordinate.longitude, near: previousLongitude)
            previousLongitude = longitude
            xs.append((longitude - originLongitude) * metresPerDegreeLongitude)
            ys.append((coordinate.latitude - meanLatitude) * metresPerDegreeLatitude)
        }
        return (xs, ys)
    }
}
