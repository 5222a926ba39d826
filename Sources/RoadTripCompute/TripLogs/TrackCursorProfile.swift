import Dispatch
import Foundation
import Synchronization
import RoadTripCore
import RoadTripGeo

/// A filtered track sampled for the trip page's linked chart and map: where the track was at each
/// sample, what it measured there, and the running totals of `TripStatistics` up to it, so that a
/// script can show the moment under the reader's pointer and the statistics of any stretch between
/// two samples as differences — by the page's own statistics code, not a second one.
///
/// Samples are timed fixes: the first and last of each segment, and the first of each of
/// `maximumSampleCount` equal slices of the recording's time span (so at most that many plus two a
/// segment). Untimed fixes count for distance, as in `TripStatistics`, but are never samples.
///
/// For samples a < b, the stretch's figures are: distance `distance[b] − distance[a]`, elapsed time
/// `time[b] − time[a]`, moving time and distance likewise, elevation gain and loss likewise (the
/// hysteresis rule runs over the whole track, so a climb counts once its run is confirmed), average
/// moving speed the moving distance over the moving time, and maximum speed the highest
/// `maximumSpeed` of the samples after a up to b — or the average moving speed when higher, as
/// `TripStatistics.maximumSpeed` says. From the first sample to the last they are the page's
/// statistics (a window ending inside a stretch counts even when it began a few seconds before).
public struct TrackCursorProfile: Sendable {
    /// One sample: SI units (seconds, degrees, metres, m/s).
    public struct Sample: Sendable, Hashable {
        /// Seconds since the first timed fix (the time axis of `TrackProfile` and the chart).
        public var time: Double
        /// Where the fix is.
        public var coordinate: Coordinate
        /// Metres, `nil` when the fix has none.
        public var altitude: Double?
        /// m/s over the step from the previous timed fix of the segment (the distance travelled
        /// since it over the time), `nil` at a segment's first timed fix.
        public var speed: Double?
        /// `TripStatistics.Accumulator.RunningTotals` after this fix.
        public var totals: TripStatistics.Accumulator.RunningTotals
        /// The highest sustained speed (m/s, `TripStatistics.maximumSpeed`'s windows) reached at the
        /// fixes after the previous sample up to this one, `nil` when none reached one.
        public var maximumSpeed: Double?
    }

    /// Slices of the time span sampled: one a pixel column of the 800-pixel chart's plot (720).
    public static let maximumSampleCount = 720

    /// The samples, in track order.
    public private(set) var samples: [Sample] = []
    /// Each fix's geodesic distance in metres from the previous fix of its segment (0 at a
    /// segment's first fix), by fix index: measured here once, for `TrackProfile` too.
    public private(set) var stepDistances: [Double] = []

    /// The profile of `track`, measured with `settings` (the page's statistics use the default).
    ///
    /// Segments are measured on all cores at once, each with an accumulator of its own: every
    /// figure of `TripStatistics` restarts at a segment (nothing is measured across a break, the
    /// elevation hysteresis and the sustained windows start again), so a segment's totals are its
    /// own plus those of the segments before it — the same numbers one accumulator over the whole
    /// track gives. A fix costs one geodesic (its step); a sustained-speed window is measured only
    /// where it could raise its sample's maximum (`WindowMeasuring.aboveGroupMaximum`).
    public init(
        track: FilteredTrack, settings: StatisticsSettings = .default, maximumSampleCount: Int = TrackCursorProfile.maximumSampleCount
    ) {
        var start: Double?, latest = -Double.infinity
        for index in 0..<track.count {
            guard let time = track.time(at: index) else { continue }
            if start == nil { start = time }
            latest = max(latest, time)
        }
        var steps = [Double](repeating: 0, count: track.count)
        defer { stepDistances = steps }
        guard let start else { return }
        let sliceWidth = latest > start ? (latest - start) / Double(max(maximumSampleCount, 1)) : 1
        let segments = Array(track.segments)
        let measured = Mutex([Int: SegmentProfile](minimumCapacity: segments.count))
        // Each segment writes its own fixes' steps (disjoint ranges of one buffer: no copy).
        steps.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let buffer = buffer
            DispatchQueue.concurrentPerform(iterations: segments.count) { position in
                let fixes = segments[position].fixes
                let profile = SegmentProfile(
                    track: track, fixes: fixes, start: start, sliceWidth: sliceWidth, settings: settings,
                    stepDistances: UnsafeMutableBufferPointer(rebasing: buffer[fixes]))
                measured.withLock { $0[position] = profile }
            }
        }
        var before = TripStatistics.Accumulator.RunningTotals()
        for position in segments.indices {
            guard let segment = measured.withLock({ $0[position] }) else { continue }
            for var sample in segment.samples {
                sample.totals = before + sample.totals
                samples.append(sample)
            }
            before = before + segment.totals
        }
    }

    /// One segment's samples (its totals from 0) and totals at its end; its fixes' steps go into
    /// `stepDistances` (one entry a fix of `fixes`, in order).
    private struct SegmentProfile: Sendable {
        var samples: [Sample] = []
        var totals = TripStatistics.Accumulator.RunningTotals()

        init(
            track: FilteredTrack, fixes: Range<Int>, start: Double, sliceWidth: Double, settings: StatisticsSettings,
            stepDistances: UnsafeMutableBufferPointer<Double>
        ) {
            var accumulator = TripStatistics.Accumulator(settings: settings, windowMeasuring: .aboveGroupMaximum)
            let lastTimed = fixes.last { track.time(at: $0) != nil }
            var previousTimed: (time: Double, distance: Double)?
            var lastSlice = -1
            var maximumSinceSample: Double?
            for index in fixes {
                let step = index == fixes.lowerBound ? 0 : Geodesic.distance(from: track.coordinate(at: index - 1), to: track.coordinate(at: index))
                stepDistances[index - fixes.lowerBound] = step
                accumulator.add(track.sample(at: index), opensSegment: index == fixes.lowerBound, stepDistance: step)
                if let window = accumulator.lastWindowSpeed { maximumSinceSample = max(maximumSinceSample ?? window, window) }
                guard let time = track.time(at: index) else { continue }
                let totals = accumulator.runningTotals
                let slice = Int(((time - start) / sliceWidth).rounded(.down))
                let isLast = index == lastTimed
                if isLast, let closing = accumulator.shortSegmentSpeed {
                    maximumSinceSample = max(maximumSinceSample ?? closing, closing)
                }
                if previousTimed == nil || isLast || slice != lastSlice {
                    let speed = previousTimed.flatMap { previous in
                        time > previous.time ? (totals.distance - previous.distance) / (time - previous.time) : nil
                    }
                    samples.append(Sample(
                        time: time - start, coordinate: track.coordinate(at: index),
                        altitude: track.altitude(at: index).flatMap { $0.isFinite ? $0 : nil },
                        speed: speed, totals: totals, maximumSpeed: maximumSinceSample))
                    maximumSinceSample = nil
                    accumulator.startWindowGroup()
                    lastSlice = slice
                }
                previousTimed = (time, totals.distance)
            }
            totals = accumulator.runningTotals
        }
    }
}
