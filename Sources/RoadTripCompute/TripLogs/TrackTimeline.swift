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

    /// The tracks, in order; their timestamped fixes are the timeline's.
    private let tracks: [FilteredTrack]
    /// Per track, the indices of its timestamped fixes, or `nil` when every fix has a time (no copy).
    private let timedFixes: [[Int]?]
    /// Per track, how many timestamped fixes the tracks before it have; then the total.
    private let offsets: [Int]

    /// The timeline of `tracks` (filtered tracks in time order, one after the other: several
    /// logs of a destination), read in place. Fixes of different tracks are never in one segment.
    public init(tracks: [FilteredTrack]) {
        self.tracks = tracks
        timedFixes = tracks.map { track in
            let untimed = (0..<track.count).contains { track.time(at: $0) == nil }
            return untimed ? (0..<track.count).filter { track.time(at: $0) != nil } : nil
        }
        var offsets = [0]
        for (track, timed) in zip(tracks, timedFixes) { offsets.append(offsets.last! + (timed?.count ?? track.count)) }
        self.offsets = offsets
    }

    /// The timeline of `segments` (kept fixes split at breaks, in time order, as
    /// `LocationFilter.apply` returns them).
    public init(segments: [[LocationSample]]) {
        self.init(tracks: [FilteredTrack(segments: segments)])
    }

    /// The number of timestamped fixes.
    private var count: Int { offsets.last! }

    /// The track and fix index of the timeline's `position`-th timestamped fix.
    private func fix(_ position: Int) -> (track: Int, index: Int) {
        var track = 0
        while offsets[track + 1] <= position { track += 1 }
        let local = position - offsets[track]
        return (track, timedFixes[track]?[local] ?? local)
    }

    private func time(_ position: Int) -> Double {
        let (track, index) = fix(position)
        return tracks[track].time(at: index)!
    }

    private func coordinate(_ position: Int) -> Coordinate {
        let (track, index) = fix(position)
        return tracks[track].coordinate(at: index)
    }

    private func inOneSegment(_ first: Int, _ second: Int) -> Bool {
        let (a, b) = (fix(first), fix(second))
        return a.track == b.track && tracks[a.track].segmentIndex(ofFixAt: a.index) == tracks[b.track].segmentIndex(ofFixAt: b.index)
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
        guard count > 0 else { return .noFixes }
        let (first, last) = (time(0), time(count - 1))
        if t < first { return .beforeStart(seconds: first - t, end: coordinate(0)) }
        if t > last { return .afterEnd(seconds: t - last, end: coordinate(count - 1)) }
        let low = SortedSearch.lastPosition(atMost: t, count: count, value: time)  // the last fix at or before t
        if time(low) == t {
            return .onTrack(Position(coordinate: coordinate(low), secondsAfterPreviousFix: 0, secondsBeforeNextFix: 0))
        }
        let next = low + 1
        guard inOneSegment(low, next) else {
            let (afterEnd, beforeStart) = (t - time(low), time(next) - t)
            return afterEnd <= beforeStart
                ? .inGap(seconds: afterEnd, end: coordinate(low)) : .inGap(seconds: beforeStart, end: coordinate(next))
        }
        return .onTrack(interpolated(at: t, between: low, and: next))
    }

    /// The position at time `t` (seconds since the reference date) between fixes `low` and `next`
    /// of one segment, along the geodesic between them.
    private func interpolated(at t: Double, between low: Int, and next: Int) -> Position {
        let (lowTime, nextTime) = (time(low), time(next))
        let fraction = (t - lowTime) / (nextTime - lowTime)
        let line = Geodesic.inverse(from: coordinate(low), to: coordinate(next))
        let position = Geodesic.direct(
            from: coordinate(low), azimuth: line.initialAzimuth, distance: fraction * line.distance)
        return Position(
            coordinate: position, secondsAfterPreviousFix: t - lowTime, secondsBeforeNextFix: nextTime - t)
    }
}
