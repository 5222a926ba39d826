import RoadTripCore

/// Cuts a path where it crosses the antimeridian (±180°), as RFC 7946 §3.1.9 asks of GeoJSON lines.
public enum AntimeridianSplit {
    /// The pieces of `path` that do not cross ±180°, in order.
    ///
    /// A segment crosses when its two longitudes differ by more than 180° (the short way between
    /// them goes over ±180°). It is cut at the antimeridian with the latitude interpolated linearly in
    /// longitude, as RFC 7946 §3.1.9's example does (170°, 45° → −170°, 45° becomes
    /// `[[170, 45], [180, 45]]` and `[[-180, 45], [-170, 45]]`): the piece before the cut ends at +180
    /// (or −180 when travelling west), the next starts at the opposite sign.
    ///
    /// - Parameter path: coordinates in degrees, longitudes within −180…180.
    /// - Returns: pieces of at least two positions each; no crossing gives `[path]`, fewer than two
    ///   positions gives `[]`.
    public static func pieces(of path: [Coordinate]) -> [[Coordinate]] {
        var pieces: [[Coordinate]] = []
        var current: [Coordinate] = []
        for coordinate in path {
            if let previous = current.last, abs(coordinate.longitude - previous.longitude) > 180 {
                let eastward = coordinate.longitude < previous.longitude  // e.g. 179 → −179
                let edge: Double = eastward ? 180 : -180
                let unwrappedLongitude = coordinate.longitude + (eastward ? 360 : -360)
                let fraction = (edge - previous.longitude) / (unwrappedLongitude - previous.longitude)
                let latitude = previous.latitude + fraction * (coordinate.latitude - previous.latitude)
                let end = Coordinate(latitude: latitude, longitude: edge)
                let start = Coordinate(latitude: latitude, longitude: -edge)
                if previous != end { current.append(end) }
                pieces.append(current)
                current = coordinate == start ? [] : [start]
            }
            current.append(coordinate)
        }
        pieces.append(current)
        return pieces.filter { $0.count >= 2 }
    }
}
