import Foundation
import RoadTripCore
import RoadTripGeo

/// The location filters, run in this order:
///
/// 1. **invalid** — drop a fix whose `horizontalAccuracy` is negative (or NaN) — Core Location's
///    "invalid" — or whose coordinate is not finite and within ±90°/±180° (`Coordinate.isValid`).
/// 2. **lessAccurate** — drop a fix whose `horizontalAccuracy` > `desiredAccuracy` (equal passes;
///    a fix with no accuracy passes: missing is not invalid).
/// 3. **stale** — when `recordingStart` is known, drop a fix timestamped more than `maximumAge`
///    seconds before it (`timestamp < recordingStart − maximumAge`; exactly `maximumAge` before
///    passes; fixes after the start are never stale; a fix with no timestamp passes).
/// 4. **order** — sort by timestamp, stable (ties keep file order). A fix with no timestamp stays
///    attached to the timestamped fix before it in file order (among those that passed 1–3): it
///    sorts as if it had that fix's time and comes after it and after any earlier-listed fix of
///    the same time; fixes before the first timestamp stay at the front. Then **outOfOrder**: drop
///    a fix whose timestamp is not later than the previous kept timestamp (after sorting, a
///    repeat). Fixes without timestamps are never dropped here and do not reset the comparison.
/// 5. Walking the fixes in that order against the **last kept fix** `p` (the first fix is always
///    kept and opens segment 1):
///    - a **segment break** before the fix when its source `segment` differs from `p`'s, or both
///      are timestamped and Δt > `gapTime`: the fix is kept and opens a new segment, and nothing
///      is measured across the break (no distance filter, no speed check);
///    - otherwise **tooClose**: drop when the geodesic distance d from `p` < `distanceFilter`
///      (d equal to the threshold is kept);
///    - otherwise **tooFast**: drop when d / Δt > `maximumSpeed`; skipped when either timestamp is
///      missing or Δt ≤ 0 (`impliedSpeed`);
///    - otherwise the fix is kept; when d > `gapDistance` it opens a new segment (so a distant
///      *spike* is dropped as tooFast first, and only a plausible jump — a tunnel, a ferry, a
///      logger paused while driving — splits the track).
///
///    Every kept fix, including one that opens a segment, becomes the new `p`.
///
/// Distances are geodesic on WGS 84 (`Geodesic.inverse`), never flat-earth.
public enum LocationFilter {
    /// Filters `fixes` (in file order) with `settings` (a `nil` threshold turns its filter off).
    ///
    /// - Parameters:
    ///   - fixes: the log's fixes in file order.
    ///   - settings: desiredAccuracy (m), maximumAge (s), distanceFilter (m), maximumSpeed (m/s),
    ///     gapTime (s), gapDistance (m); the other settings are ignored.
    ///   - recordingStart: when the recording started, if the log says so; `nil` turns the stale
    ///     filter off.
    /// - Returns: the kept fixes split into segments (never empty segments; no segments when
    ///   nothing is kept) and the report of what was dropped and why.
    public static func apply(_ fixes: [LocationSample], settings: FilterSettings, recordingStart: Date?)
        -> (segments: [[LocationSample]], report: FilterReport)
    {
        let result = applyMeasuringSteps(fixes, settings: settings, recordingStart: recordingStart)
        return (result.segments, result.report)
    }

    /// `apply`, also returning for each kept fix the geodesic distance (metres) from the previous
    /// kept fix of its segment when the filter measured it (`nil` for a segment's first fix, or when
    /// no distance-based filter was on), so `TripStatistics` need not measure it again.
    public static func applyMeasuringSteps(
        _ fixes: [LocationSample], settings: FilterSettings, recordingStart: Date?
    ) -> (segments: [[LocationSample]], report: FilterReport, stepDistances: [[Double?]]) {
        var report = FilterReport(subject: .fixes, total: fixes.count, settings: settings)
        let screen = Screen(settings: settings, recordingStart: recordingStart)

        // Steps 1–3, recording each survivor's sort key (its own time, or the time it is attached to).
        var candidates: [(key: Double, index: Int)] = []
        candidates.reserveCapacity(fixes.count)
        var anchor = -Double.infinity
        for (index, fix) in fixes.enumerated() {
            if let reason = screen.rejection(of: fix) {
                report.drop(reason)
            } else {
                if let timestamp = fix.timestamp { anchor = timestamp.timeIntervalSinceReferenceDate }
                candidates.append((anchor, index))
            }
        }

        // Step 4: stable sort (index breaks ties). Most logs are already in order: check in O(n)
        // before sorting.
        let inOrder = zip(candidates, candidates.dropFirst()).allSatisfy { $0.key <= $1.key }
        if !inOrder {
            candidates.sort { $0.key != $1.key ? $0.key < $1.key : $0.index < $1.index }
        }

        // The repeat check of step 4, and step 5.
        var walker = Walker(settings: settings)
        var segments: [[LocationSample]] = []
        var current: [LocationSample] = []
        var distances: [[Double?]] = []
        var currentDistances: [Double?] = []
        for candidate in candidates {
            let fix = Self.plausible(fixes[candidate.index])
            switch walker.decide(fix) {
            case .dropped(let reason):
                report.drop(reason)
            case .kept(let opensSegment, let stepDistance):
                if opensSegment && !current.isEmpty {
                    segments.append(current)
                    distances.append(currentDistances)
                    current = []
                    currentDistances = []
                }
                current.append(fix)
                currentDistances.append(stepDistance)
            }
        }
        if !current.isEmpty {
            segments.append(current)
            distances.append(currentDistances)
        }
        return (segments, report, distances)
    }

    /// What the filter decided for one fix.
    public enum Decision: Sendable, Equatable {
        /// Dropped, for this reason.
        case dropped(FilterReport.Reason)
        /// Kept. `opensSegment` is true for the first kept fix and for one after a segment break;
        /// `stepDistance` is the geodesic distance in metres from the previous kept fix when it was
        /// measured (never across a break).
        case kept(opensSegment: Bool, stepDistance: Double?)
    }

    /// Steps 1–3: the per-fix checks that need no other fix.
    struct Screen {
        let desiredAccuracy: Double?
        let staleBefore: Date?

        init(settings: FilterSettings, recordingStart: Date?) {
            desiredAccuracy = settings.desiredAccuracy
            staleBefore = recordingStart.flatMap { start in settings.maximumAge.map { start.addingTimeInterval(-$0) } }
        }

        /// Why steps 1–3 drop `fix`, or `nil` when it passes.
        func rejection(of fix: LocationSample) -> FilterReport.Reason? {
            if !LocationFilter.isValid(fix) { return .invalid }
            if let desiredAccuracy, let accuracy = fix.horizontalAccuracy, accuracy > desiredAccuracy {
                return .lessAccurate
            }
            if let staleBefore, let timestamp = fix.timestamp, timestamp < staleBefore { return .stale }
            return nil
        }
    }

    /// The repeat check of step 4 and step 5, for fixes that come in step 4's order.
    struct Walker {
        let settings: FilterSettings
        let measures: Bool
        /// The previous timestamp that survived the repeat check.
        var lastTimestamp: Date?
        /// The last kept fix.
        var last: LocationSample?

        init(settings: FilterSettings) {
            self.settings = settings
            measures = settings.distanceFilter != nil || settings.maximumSpeed != nil || settings.gapDistance != nil
        }

        mutating func decide(_ fix: LocationSample) -> Decision {
            if let timestamp = fix.timestamp {
                if let lastTimestamp, timestamp <= lastTimestamp { return .dropped(.outOfOrder) }
                lastTimestamp = timestamp
            }
            guard let previous = last else {
                last = fix
                return .kept(opensSegment: true, stepDistance: nil)
            }
            let interval = LocationFilter.timeInterval(from: previous, to: fix)
            var opensSegment = fix.segment != previous.segment
            if !opensSegment, let gapTime = settings.gapTime, let interval, interval > gapTime {
                opensSegment = true
            }
            var measured: Double?
            if !opensSegment && measures {
                let distance = Geodesic.inverse(from: previous.coordinate, to: fix.coordinate).distance
                measured = distance
                if let threshold = settings.distanceFilter, distance < threshold { return .dropped(.tooClose) }
                if let maximumSpeed = settings.maximumSpeed,
                    let speed = LocationFilter.impliedSpeed(distance: distance, interval: interval), speed > maximumSpeed
                {
                    return .dropped(.tooFast)
                }
                if let gapDistance = settings.gapDistance, distance > gapDistance { opensSegment = true }
            }
            last = fix
            return .kept(opensSegment: opensSegment, stepDistance: opensSegment ? nil : measured)
        }
    }

    /// The same filter for fixes that arrive one at a time in file order (a streaming reader), in
    /// constant memory. It gives the same decisions as `apply` as long as the fixes are in time
    /// order (fixes without a timestamp anywhere); the first fix that goes back in time makes
    /// `add` return `nil`, after which the caller must filter the whole log with `apply` instead
    /// (step 4's sort needs every fix).
    public struct Stream: Sendable {
        private let screen: Screen
        private var walker: Walker
        private var lastKey = -Double.infinity
        /// What has been dropped so far, and why; `total` counts every fix added.
        public private(set) var report: FilterReport

        /// A filter with `settings` (see `apply`) for a log that started at `recordingStart`.
        public init(settings: FilterSettings, recordingStart: Date?) {
            screen = Screen(settings: settings, recordingStart: recordingStart)
            walker = Walker(settings: settings)
            report = FilterReport(subject: .fixes, total: 0, settings: settings)
        }

        /// Filters the next fix in file order: the decision and the fix as kept (with an implausible
        /// altitude or course cleared, see `plausible`), or `nil` when the fix is earlier than a
        /// previous one, so that only sorting the whole log can filter it.
        public mutating func add(_ fix: LocationSample) -> (decision: Decision, fix: LocationSample)? {
            report.total += 1
            if let reason = screen.rejection(of: fix) {
                report.drop(reason)
                return (.dropped(reason), fix)
            }
            if let timestamp = fix.timestamp {
                let key = timestamp.timeIntervalSinceReferenceDate
                guard key >= lastKey else { return nil }
                lastKey = key
            }
            let kept = LocationFilter.plausible(fix)
            let decision = walker.decide(kept)
            if case .dropped(let reason) = decision { report.drop(reason) }
            return (decision, kept)
        }
    }

    /// Altitudes a road trip can have, in metres: from below the deepest ocean floor (Challenger
    /// Deep, about −10,935 m) to above any aircraft (100 km, the Kármán line).
    public static let plausibleAltitudes = -12_000.0...100_000.0

    /// `fix` with an implausible altitude treated as missing (outside `plausibleAltitudes` or not
    /// finite) and a course outside 0 ..< 360° (or not finite) treated as invalid (−1, as Core
    /// Location marks it), so no statistic, chart or GPX file carries them.
    static func plausible(_ fix: LocationSample) -> LocationSample {
        var fix = fix
        if let altitude = fix.altitude, !(altitude.isFinite && plausibleAltitudes.contains(altitude)) {
            fix.altitude = nil
        }
        if let course = fix.course, course >= 0, !(course.isFinite && course < 360) {
            fix.course = -1
        }
        return fix
    }

    /// `true` unless the fix is unusable: a negative (or NaN) `horizontalAccuracy`, or a coordinate
    /// that is not finite and within ±90° latitude, ±180° longitude. A missing accuracy is valid.
    public static func isValid(_ fix: LocationSample) -> Bool {
        if let accuracy = fix.horizontalAccuracy, !(accuracy >= 0) { return false }
        return fix.coordinate.isValid
    }

    /// Seconds from `a` to `b`, or `nil` when either has no timestamp.
    static func timeInterval(from a: LocationSample, to b: LocationSample) -> Double? {
        guard let start = a.timestamp, let end = b.timestamp else { return nil }
        return end.timeIntervalSince(start)
    }

    /// The speed in m/s implied by covering `distance` metres in `interval` seconds, or `nil` when
    /// the interval is unknown or not positive (so the speed check is skipped when Δt = 0 —
    /// never divide by a zero time step).
    public static func impliedSpeed(distance: Double, interval: Double?) -> Double? {
        guard let interval, interval > 0 else { return nil }
        return distance / interval
    }
}
