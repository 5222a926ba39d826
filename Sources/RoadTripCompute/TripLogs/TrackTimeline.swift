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

    /// Where a time falls on the track.
    public enum Placement: Sendable, Hashable {
        /// Between two fixes of one segment, or at a fix: the interpolated position.
        case onTrack(Position)
        /// Before the first timed fix, by this many seconds; `end` is that fix.
        case beforeStart(seconds: Double, end: Coordinate)
        /// After the last timed fix, by this many seconds; `end` is that fix.
        case afterEnd(seconds: Double, end: Coordinate)
        /// In a gap between two segments, this many seconds from the nearer of its ends, `end`.
        case inGap(seconds: Double, end: Coordinate)
        /// The track has no timed fix.
        case noFixes
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
        if case .onTrack(let position) = placement(at: date) { return position }
        return nil
    }

    /// Where `date` falls: on the track (interpolated), or how far outside it and from which end.
    public func placement(at date: Date) -> Placement {
        let t = date.timeIntervalSinceReferenceDate
        guard let first = times.first, let last = times.last else { return .noFixes }
        if t < first { return .beforeStart(seconds: first - t, end: coordinates[0]) }
        if t > last { return .afterEnd(seconds: t - last, end: coordinates[coordinates.count - 1]) }
        // The last fix at or before t (binary search).
        var low = 0
        var high = times.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if times[middle] <= t { low = middle } else { high = middle - 1 }
        }
        if times[low] == t {
            return .onTrack(Position(coordinate: coordinates[low], secondsAfterPreviousFix: 0, secondsBeforeNextFix: 0))
        }
        let next = low + 1
        guard segmentOf[next] == segmentOf[low] else {
            let (afterEnd, beforeStart) = (t - times[low], times[next] - t)
            return afterEnd <= beforeStart
                ? .inGap(seconds: afterEnd, end: coordinates[low]) : .inGap(seconds: beforeStart, end: coordinates[next])
        }
        return .onTrack(interpolated(at: t, between: low, and: next))
    }

    /// The position at time `t` (seconds since the reference date) between fixes `low` and `next`
    /// of one segment, along the geodesic between them.
    private func interpolated(at t: Double, between low: Int, and next: Int) -> Position {
        let fraction = (t - times[low]) / (times[next] - times[low])
        let line = Geodesic.inverse(from: coordinates[low], to: coordinates[next])
        let coordinate = Geodesic.direct(
            from: coordinates[low], azimuth: line.initialAzimuth, distance: fraction * line.distance)
        return Position(
            coordinate: coordinate, secondsAfterPreviousFix: t - times[low], secondsBeforeNextFix: times[next] - t)
    }
}
