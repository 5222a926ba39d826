import Foundation
import RoadTripCore
import RoadTripGeo

/// The timestamped fixes of a filtered track in time order, for asking where the track was at a
/// given time (motion events, geotagged photos).
///
/// Positions are interpolated between the two fixes around the time within one segment, at the
/// time fraction f = (t − t₀) / (t₁ − t₀) of the way along the geodesic between them
/// (`Geodesic.inverse`, then `Geodesic.direct` at f × distance — exact on the ellipsoid and right
/// across ±180°). A time in a gap between segments is never interpolated across the break.
/// Fixes without timestamps are ignored.
public struct TrackTimeline: Sendable {
    /// Where the track was at a time, and how far in time that is from the fixes it came from.
    public struct Position: Sendable, Hashable {
        /// The interpolated position, degrees.
        public var coordinate: Coordinate
        /// Seconds from the fix at or before the time to the time (0 at a fix).
        public var secondsAfterPreviousFix: Double
        /// Seconds from the time to the fix after it (0 at a fix).
        public var secondsBeforeNextFix: Double
        /// Seconds to the nearer of the two fixes.
        public var secondsToNearestFix: Double { min(secondsAfterPreviousFix, secondsBeforeNextFix) }
    }

    private var times: [Double] = []
    private var coordinates: [Coordinate] = []
    private var segmentOf: [Int] = []

    /// The timeline of `segments` (kept fixes split at breaks, in time order, as
    /// `LocationFilter.apply` returns them and `ProcessedTripLog.segments` holds them).
    public init(segments: [[LocationSample]]) {
        for (segmentIndex, segment) in segments.enumerated() {
            for fix in segment {
                guard let timestamp = fix.timestamp else { continue }
                times.append(timestamp.timeIntervalSinceReferenceDate)
                coordinates.append(fix.coordinate)
                segmentOf.append(segmentIndex)
            }
        }
    }

    /// The position at `date`, or `nil` before the first or after the last timestamped fix, or in
    /// a gap between segments. A time equal to a fix's gives that fix's coordinate.
    public func position(at date: Date) -> Position? {
        let t = date.timeIntervalSinceReferenceDate
        guard let first = times.first, let last = times.last, t >= first && t <= last else { return nil }
        // The last fix at or before t (binary search).
        var low = 0
        var high = times.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if times[middle] <= t { low = middle } else { high = middle - 1 }
        }
        if times[low] == t {
            return Position(coordinate: coordinates[low], secondsAfterPreviousFix: 0, secondsBeforeNextFix: 0)
        }
        let next = low + 1
        guard next < times.count, segmentOf[next] == segmentOf[low] else { return nil }
        let fraction = (t - times[low]) / (times[next] - times[low])
        let line = Geodesic.inverse(from: coordinates[low], to: coordinates[next])
        let coordinate = Geodesic.direct(
            from: coordinates[low], azimuth: line.initialAzimuth, distance: fraction * line.distance)
        return Position(
            coordinate: coordinate, secondsAfterPreviousFix: t - times[low], secondsBeforeNextFix: times[next] - t)
    }
}
