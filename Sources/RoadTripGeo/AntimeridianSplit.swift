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
    /// A step from +180° to −180° (or back) runs along the antimeridian and is not cut: its end is
    /// written with the sign of the piece it continues.
    ///
    /// - Parameter path: coordinates in degrees, longitudes within −180…180.
    /// - Returns: pieces of at least two positions each; no crossing gives `[path]`, fewer than two
    ///   positions gives `[]`.
    public static func pieces(of path: [Coordinate]) -> [[Coordinate]] {
        var pieces: [[Coordinate]] = []
        var cutter = Cutter()
        for coordinate in path {
            cutter.add(coordinate) { position, opensPiece in
                if opensPiece { pieces.append([]) }
                pieces[pieces.count - 1].append(position)
            }
        }
        return pieces
    }

    /// The same cut made one position at a time, for paths too long to hold (a million-fix
    /// `track.geojson` is written as it is read): `pieces(of: path)` is exactly what `add` emits for
    /// each position of `path` in turn.
    public struct Cutter: Sendable {
        /// The current piece's last position.
        private var last: Coordinate?
        /// The current piece's first position while it is its only one (a piece of one position is
        /// never emitted).
        private var pending: Coordinate?
        /// Positions in the current piece: 0, 1 or 2 (two or more).
        private var length = 0

        /// A cutter at the start of a path.
        public init() {}

        /// Adds the path's next position (degrees, longitude within −180…180); `emit` receives, in
        /// order, the positions of the pieces that have two or more (`opensPiece` marks each
        /// piece's first), as soon as they are known.
        public mutating func add(_ coordinate: Coordinate, emit: (_ position: Coordinate, _ opensPiece: Bool) -> Void) {
            if let previous = last, abs(coordinate.longitude - previous.longitude) > 180 {
                let eastward = coordinate.longitude < previous.longitude  // e.g. 179 → −179
                let edge: Double = eastward ? 180 : -180
                let unwrappedLongitude = coordinate.longitude + (eastward ? 360 : -360)
                // From +180 to −180 (or back): a step along the antimeridian itself, which crosses
                // nothing; the position keeps the piece's sign.
                guard unwrappedLongitude != previous.longitude else {
                    append(Coordinate(latitude: coordinate.latitude, longitude: previous.longitude), emit: emit)
                    return
                }
                let fraction = (edge - previous.longitude) / (unwrappedLongitude - previous.longitude)
                let latitude = previous.latitude + fraction * (coordinate.latitude - previous.latitude)
                let end = Coordinate(latitude: latitude, longitude: edge)
                let start = Coordinate(latitude: latitude, longitude: -edge)
                if previous != end { append(end, emit: emit) }
                (last, pending, length) = (nil, nil, 0)
                if coordinate != start { append(start, emit: emit) }
            }
            append(coordinate, emit: emit)
        }

        private mutating func append(_ position: Coordinate, emit: (Coordinate, Bool) -> Void) {
            switch length {
            case 0:
                pending = position
                length = 1
            case 1:
                emit(pending!, true)
                emit(position, false)
                pending = nil
                length = 2
            default:
                emit(position, false)
            }
            last = position
        }
    }
}
