internal import CProj
import Dispatch
import RoadTripCore

/// Geodesics on the WGS 84 ellipsoid: the shortest path between two points, solved with
/// C. F. F. Karney's algorithms ("Algorithms for geodesics", J. Geodesy 87, 43–55, 2013) as
/// implemented by PROJ's `geodesic.h` (never a flat-earth approximation).
///
/// This is the only file that touches `CProj`; no C pointer leaves it.
public enum Geodesic {
    /// WGS 84 semi-major axis (equatorial radius) in metres (NIMA TR8350.2, Table 3.1).
    public static let equatorialRadius = 6_378_137.0
    /// WGS 84 flattening, `1 / 298.257223563` (NIMA TR8350.2, Table 3.1).
    public static let flattening = 1 / 298.257223563

    /// The ellipsoid, initialised once by `geod_init`. A plain C struct of doubles, so a `let` is
    /// immutable and safe to share across concurrency domains.
    private static let ellipsoid: geod_geodesic = {
        var geodesic = geod_geodesic()
        rt_geod_init(&geodesic, equatorialRadius, flattening)
        return geodesic
    }()

    /// Opens libproj on another thread and returns at once, so that the first geodesic a build
    /// computes (fit-maps, which runs on one core) does not wait for it: opening libproj and the
    /// ~25 libraries it links took about 6 ms on this project's 2-core machine (`dlopen`'s
    /// relocations), a thirtieth of a 250-destination build. A geodesic asked for meanwhile waits
    /// for that one opening (`pthread_once`). Where libproj cannot be opened, nothing is said here:
    /// the first geodesic says why and exits, as before. Call ``finishPreparing()`` before the
    /// process may exit.
    public static func prepareInBackground() {
        preparing.enter()
        DispatchQueue.global(qos: .userInitiated).async {
            rt_proj_preload()
            preparing.leave()
        }
    }

    /// Waits until every opening ``prepareInBackground()`` started has returned: a process that
    /// exits while another thread is inside `dlopen` can crash in the exit handlers (a build that
    /// stopped at its first step ended with SIGSEGV instead of status 1).
    public static func finishPreparing() {
        preparing.wait()
    }

    /// The openings started and not yet returned.
    private static let preparing = DispatchGroup()

    /// Solves the inverse problem (`geod_inverse`): the geodesic from `from` to `to`.
    ///
    /// - Parameters:
    ///   - from: start, degrees (latitude −90…90; any longitude).
    ///   - to: end, degrees (latitude −90…90; any longitude).
    /// - Returns: `distance` in metres along the ellipsoid; `initialAzimuth` at `from` and
    ///   `finalAzimuth` (the direction of travel) at `to`, both in degrees clockwise from north in
    ///   −180…180. A latitude outside ±90° gives NaN values.
    public static func inverse(from: Coordinate, to: Coordinate)
        -> (distance: Double, initialAzimuth: Double, finalAzimuth: Double)
    {
        var distance = 0.0
        var initialAzimuth = 0.0
        var finalAzimuth = 0.0
        withUnsafePointer(to: ellipsoid) { geodesic in
            rt_geod_inverse(
                geodesic, from.latitude, from.longitude, to.latitude, to.longitude,
                &distance, &initialAzimuth, &finalAzimuth)
        }
        return (distance, initialAzimuth, finalAzimuth)
    }

    /// The length of the geodesic from `from` to `to` in metres along the ellipsoid: `inverse`'s
    /// `distance`, without computing the azimuths (`geod_inverse` with null azimuth outputs skips
    /// their two `atan2` calls). NaN for a latitude outside ±90°.
    public static func distance(from: Coordinate, to: Coordinate) -> Double {
        var distance = 0.0
        withUnsafePointer(to: ellipsoid) { geodesic in
            rt_geod_inverse(geodesic, from.latitude, from.longitude, to.latitude, to.longitude, &distance, nil, nil)
        }
        return distance
    }

    /// Solves the direct problem (`geod_direct`): where a geodesic starting at `from` in direction
    /// `azimuth` ends after `distance`.
    ///
    /// - Parameters:
    ///   - from: start, degrees (latitude −90…90).
    ///   - azimuth: degrees clockwise from north.
    ///   - distance: metres along the ellipsoid (negative goes backwards).
    /// - Returns: the end point in degrees, longitude in −180…180.
    public static func direct(from: Coordinate, azimuth: Double, distance: Double) -> Coordinate {
        var latitude = 0.0
        var longitude = 0.0
        withUnsafePointer(to: ellipsoid) { geodesic in
            rt_geod_direct(
                geodesic, from.latitude, from.longitude, azimuth, distance,
                &latitude, &longitude, nil)
        }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// Points along the geodesic from `from` to `to`, both included, at most `spacing` metres
    /// apart (evenly spaced along the line, from `geod_inverseline` and `geod_position`, which
    /// solve the line once rather than once a point as `geod_direct` would), for drawing the
    /// shortest path as a line: at most `maximumPoints` points (a longer line is spaced more
    /// widely). Longitudes are in −180…180, so a path across the antimeridian jumps there: split
    /// it or unwrap it where it is drawn. Two points for coincident ends.
    public static func path(from: Coordinate, to: Coordinate, spacing: Double, maximumPoints: Int = 257) -> [Coordinate] {
        var line = geod_geodesicline()
        withUnsafePointer(to: ellipsoid) { geodesic in
            rt_geod_inverseline(&line, geodesic, from.latitude, from.longitude, to.latitude, to.longitude, 0)
        }
        let length = line.s13
        guard length.isFinite, length > 0, spacing > 0 else { return [from, to] }
        let segments = max(1, min(maximumPoints - 1, Int((length / spacing).rounded(.up))))
        var points = [from]
        points.reserveCapacity(segments + 1)
        for step in 1..<segments {
            var latitude = 0.0
            var longitude = 0.0
            rt_geod_position(&line, length * Double(step) / Double(segments), &latitude, &longitude, nil)
            points.append(Coordinate(latitude: latitude, longitude: longitude))
        }
        points.append(to)
        return points
    }
}
