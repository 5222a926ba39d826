import Foundation
import RoadTripCore
import RoadTripGeo

/// The location filters, run on the fixes in file order — never reordered — in this order:
///
/// 1. **invalid** — drop a fix whose `horizontalAccuracy` is negative (or NaN) — Core Location's
///    "invalid" — or whose coordinate is not finite and within ±90°/±180° (`Coordinate.isValid`).
/// 2. **lessAccurate** — drop a fix whose `horizontalAccuracy` > `desiredAccuracy` (equal passes;
///    a fix with no accuracy passes: missing is not invalid).
/// 3. **stale** — when `recordingStart` is known, drop a fix timestamped more than `maximumAge`
///    seconds before it (`timestamp < recordingStart − maximumAge`; exactly `maximumAge` before
///    passes; fixes after the start are never stale; a fix with no timestamp passes).
/// 4. **time order** — drop a fix whose timestamp is earlier than the last kept fix's
///    (**timeWentBackwards**) or equal to it (**repeatedTime**). The last kept fix of the whole log
///    is the reference, so every kept timestamp is later than the one before it, across segments
///    too (a segment that starts before the previous one ended is kept from where it is later:
///    overlapping recordings would otherwise count the same time twice). A fix without a
///    timestamp passes and does not move the reference.
///
///    A fix that passes 1–4 is a **recorded** fix: the spacing of recorded fixes is the log's own
///    sampling, which the gap rule below is scaled to.
/// 5. Against the **last kept fix** `p` (the first fix is always kept and opens segment 1):
///    - a **segment break** before the fix when its source `segment` differs from `p`'s, or when
///      the time since the previous *recorded* fix is a gap (`isGap`): longer than `gapTime` and
///      longer than ``gapScale`` times the log's typical sampling interval (the median of the last
///      ``samplingWindow`` intervals between recorded fixes, this one included). The fix is kept
///      and opens a new segment, and nothing is measured across the break (no distance filter, no
///      speed check). Measuring from the previous recorded fix rather than the last kept one means a
///      stop whose fixes the distance filter dropped is no gap; scaling to the sampling means a
///      logger that records every few minutes is measured along its fixes instead of being cut
///      into one-fix pieces, while a 1 Hz log still breaks after `gapTime`. A pause that the
///      *next* interval matches (no more than ``gapScale`` times longer than it) is no gap either:
///      the logger began to record less often (a phone that switched from 1 Hz to every 5
///      minutes), and the typical interval catches up from there;
///    - otherwise **tooClose**: drop when the geodesic distance d from `p` < `distanceFilter`
///      (d equal to the threshold is kept);
///    - otherwise **tooFast**: when d / Δt > `maximumSpeed` (skipped when either timestamp is
///      missing or Δt ≤ 0, `impliedSpeed`), the fix waits for the ``jumpConfirmations`` (3) fixes
///      after it: dropped as tooFast unless each of them continues from the one before it — later,
///      within `maximumSpeed` of it and reached from it at a lower speed than from `p` — then the
///      jump was real (the fix before it was the wrong one, a stale position after the logger
///      resumed, say) and the fix is kept, opening a segment, so the jump is neither drawn nor
///      measured. A spike of up to three fixes (the track comes back to where it was) is dropped
///      fix by fix: its first as tooFast, the others when decided again against `p`. The last
///      fixes of a log after a jump, fewer than three, are dropped the same way;
///    - otherwise the fix is kept; when d > `gapDistance` and d > ``gapScale`` times the log's
///      typical step (the median of the last ``samplingWindow`` distances measured, this one
///      included) it opens a new segment (so a distant *spike* is dropped as tooFast first, and only
///      a plausible jump — a tunnel, a ferry, a logger paused while driving — splits the track,
///      while a logger that records every few minutes at motorway speed, 5 km a step, is measured
///      along its fixes; a jump after a long pause that the next step matches is no gap either,
///      as for time). d is measured from `p`, which every fix
///      recorded since lies within `distanceFilter` of, so it is the distance between consecutive
///      recorded fixes to within `distanceFilter`.
///
///    Every kept fix, including one that opens a segment, becomes the new `p`.
/// 6. **strandedByJump** — a confirmed jump away from a segment that has a single fix drops that
///    fix: a lone position followed by a jump the next three fixes confirm is the wrong one (a
///    logger's first fix, left over from where it last was), and kept it would be a one-fix segment
///    that names where the trip starts, draws the Start pin and stretches the map to it.
///
/// Each fix is decided from the fixes before it, and at most the three after it (a time jump ahead
/// waits for one, a too-fast fix for three), so a whole log (``apply(_:settings:recordingStart:)``) and a stream of fixes
/// (``Stream``) give the same result.
/// Distances are geodesic on WGS 84 (`Geodesic.inverse`), never flat-earth.
public enum LocationFilter {
    /// How many recorded intervals (the latest, this one included) give the log's typical sampling
    /// interval for the gap rule.
    public static let samplingWindow = 16
    /// A gap is longer than `gapTime` and longer than this many typical sampling intervals: a
    /// logger that records every 2–10 minutes (typical interval about 5 minutes) breaks only after
    /// 20 minutes without a fix, and a 1 Hz log after `gapTime`.
    public static let gapScale = 4.0
    /// How many fixes after a too-fast fix must continue from it before it is kept as a real jump
    /// (`Walker.confirms`, each from the one before): 3, so a multipath spike of up to three fixes
    /// (one in a few thousand fixes of a phone's log has one; two- and three-fix ones are rarer) is
    /// never taken for a jump, while a real jump — followed by the rest of the recording — is
    /// kept three fixes later.
    public static let jumpConfirmations = 3

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
        var stream = Stream(settings: settings, recordingStart: recordingStart)
        var segments: [[LocationSample]] = []
        var distances: [[Double?]] = []
        func take(_ decision: Decision, _ kept: LocationSample) {
            guard case .kept(let opensSegment, let stepDistance) = decision else { return }
            if opensSegment || segments.isEmpty {
                segments.append([])
                distances.append([])
            }
            segments[segments.count - 1].append(kept)
            distances[distances.count - 1].append(stepDistance)
        }
        for fix in fixes { stream.add(fix, emit: take) }
        stream.finish(emit: take)
        return (segments, stream.report, distances)
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

    /// The last ``samplingWindow`` values of a kind — intervals between recorded fixes (seconds),
    /// distances measured from the last kept fix (metres) — whose median is the log's typical one.
    struct RecentValues {
        private var ring = [Double](repeating: 0, count: LocationFilter.samplingWindow)
        private var count = 0

        /// Adds a value.
        mutating func add(_ value: Double) {
            ring[count % ring.count] = value
            count += 1
        }

        /// The median of the intervals held (the upper one of an even count), `nil` when none.
        var median: Double? {
            let held = min(count, ring.count)
            guard held > 0 else { return nil }
            return ring[0..<held].sorted()[held / 2]
        }
    }

    /// Steps 4 and 5, for fixes that passed steps 1–3, in file order.
    struct Walker {
        let settings: FilterSettings
        let measures: Bool
        /// The last kept fix.
        var last: LocationSample?
        /// The timestamp of the previous recorded fix (one that passed 1–4), and of the last kept one.
        var lastRecordedTime: Date?
        var lastKeptTime: Date?
        var sampling = RecentValues()
        /// The distances measured from the last kept fix, for the distance gap's scale.
        var steps = RecentValues()

        init(settings: FilterSettings) {
            self.settings = settings
            measures = settings.distanceFilter != nil || settings.maximumSpeed != nil || settings.gapDistance != nil
        }

        /// Decides `fix`; `next`, when known (the fix after one held for a jump ahead in time), is
        /// the fix after it, whose spacing tells a pause from a logger that began to record less
        /// often (see `isGap`).
        mutating func decide(_ fix: LocationSample, next: LocationSample? = nil) -> Decision {
            var recordedInterval: Double?
            if let timestamp = fix.timestamp {
                if let lastKeptTime {
                    if timestamp < lastKeptTime { return .dropped(.timeWentBackwards) }
                    if timestamp == lastKeptTime { return .dropped(.repeatedTime) }
                }
                if let lastRecordedTime {
                    let interval = timestamp.timeIntervalSince(lastRecordedTime)
                    if interval > 0 {
                        recordedInterval = interval
                        sampling.add(interval)
                    }
                }
                lastRecordedTime = timestamp
            }
            guard let previous = last else {
                keep(fix)
                return .kept(opensSegment: true, stepDistance: nil)
            }
            var opensSegment = fix.segment != previous.segment
            if !opensSegment, let recordedInterval, isGap(recordedInterval) {
                // Unless the fix after it comes as late again: the logger records less often now.
                let following = next.flatMap { LocationFilter.timeInterval(from: fix, to: $0) }
                opensSegment = !(following.map { $0 > 0 && recordedInterval <= LocationFilter.gapScale * $0 } ?? false)
            }
            var measured: Double?
            if !opensSegment && measures {
                let distance = Geodesic.distance(from: previous.coordinate, to: fix.coordinate)
                measured = distance
                if let threshold = settings.distanceFilter, distance < threshold { return .dropped(.tooClose) }
                let interval = LocationFilter.timeInterval(from: previous, to: fix)
                if let maximumSpeed = settings.maximumSpeed,
                    let speed = LocationFilter.impliedSpeed(distance: distance, interval: interval), speed > maximumSpeed
                {
                    return .dropped(.tooFast)
                }
                steps.add(distance)
                if let gapDistance = settings.gapDistance, distance > gapDistance,
                    distance > LocationFilter.gapScale * (steps.median ?? 0),
                    next.map({ distance > LocationFilter.gapScale * Geodesic.distance(from: fix.coordinate, to: $0.coordinate) }) ?? true
                {
                    opensSegment = true
                }
            }
            keep(fix)
            return .kept(opensSegment: opensSegment, stepDistance: opensSegment ? nil : measured)
        }

        /// Whether `fix` jumps ahead in time from the previous recorded fix by more than a gap
        /// could (longer than `gapTime`, 300 s when off, and than ``LocationFilter/gapScale``
        /// typical intervals): then it may be a glitch — a time a year or twenty ahead — and the
        /// next fix tells (`Stream`).
        func jumpsAhead(_ fix: LocationSample) -> Bool {
            guard last != nil, let time = fix.timestamp, let lastRecordedTime else { return false }
            let interval = time.timeIntervalSince(lastRecordedTime)
            return interval > (settings.gapTime ?? 300) && interval > LocationFilter.gapScale * (sampling.median ?? 0)
        }

        private mutating func keep(_ fix: LocationSample) {
            last = fix
            if let timestamp = fix.timestamp { lastKeptTime = timestamp }
        }

        /// Keeps `fix`, which `decide` found too fast from the last kept fix and the next fix
        /// confirmed (`Stream`): it opens a segment, as after a gap.
        mutating func keepConfirmedJump(_ fix: LocationSample) {
            keep(fix)
        }

        /// Whether `next`, which arrived after `fix` (the too-fast fix, or the last fix held after
        /// it), continues from it: later than it, reachable from it at `maximumSpeed` or less, and
        /// at a lower speed from it than from the last kept fix (so a spike followed by a fix back on
        /// the track is not confirmed, however long after it comes).
        func confirms(_ next: LocationSample, jumpTo fix: LocationSample) -> Bool {
            guard let maximumSpeed = settings.maximumSpeed,
                let interval = LocationFilter.timeInterval(from: fix, to: next), interval > 0
            else { return false }
            let speedFromJump = Geodesic.distance(from: fix.coordinate, to: next.coordinate) / interval
            guard speedFromJump <= maximumSpeed else { return false }
            guard let last, let sinceLast = LocationFilter.timeInterval(from: last, to: next), sinceLast > 0 else { return true }
            return speedFromJump < Geodesic.distance(from: last.coordinate, to: next.coordinate) / sinceLast
        }

        /// Whether `interval` seconds between consecutive recorded fixes is a gap: longer than
        /// `gapTime` and than ``LocationFilter/gapScale`` typical sampling intervals.
        private func isGap(_ interval: Double) -> Bool {
            guard let gapTime = settings.gapTime, interval > gapTime else { return false }
            return interval > LocationFilter.gapScale * (sampling.median ?? 0)
        }
    }

    /// The filter for fixes that arrive one at a time in file order (a streaming reader), in
    /// constant memory; `apply` runs every fix through one. Each decision depends only on the fixes
    /// before it — except that a fix whose time jumps ahead by more than a gap could
    /// (`Walker.jumpsAhead`) waits for the next one: when the next is earlier than it but later
    /// than the fix before it, the jump was a glitch in its timestamp (a GPS week rollover, a year
    /// typed wrong) and that one fix is dropped (**timeJumpedAhead**) instead of every fix after it
    /// as "time went backwards"; otherwise it is decided as usual, a gap.
    public struct Stream: Sendable {
        private let screen: Screen
        private var walker: Walker
        /// A fix that jumped ahead, waiting for the next one.
        private var held: LocationSample?
        /// A fix too fast from the last kept one, then the fixes after it that continue from it so
        /// far (each with the fix that came after it, when it was held for a jump ahead in time),
        /// waiting for ``LocationFilter/jumpConfirmations`` of them.
        private var suspect: [(fix: LocationSample, next: LocationSample?)] = []
        /// The first kept fix of the current segment while it is the segment's only one, and the
        /// decisions on the fixes after it so far (drops), held in file order: a jump away from a
        /// lone fix that the fixes after the jump confirm drops the lone fix instead
        /// (**strandedByJump**) — a logger's first position left over from where it last was, or
        /// a wrong one — rather than keeping it as a one-fix segment that names the trip's start.
        private var lone: LocationSample?
        private var heldAfterLone: [(Decision, LocationSample)] = []
        /// What has been dropped so far, and why; `total` counts every fix added.
        public private(set) var report: FilterReport

        /// A filter with `settings` (see `apply`) for a log that started at `recordingStart`.
        public init(settings: FilterSettings, recordingStart: Date?) {
            screen = Screen(settings: settings, recordingStart: recordingStart)
            walker = Walker(settings: settings)
            report = FilterReport(subject: .fixes, total: 0, settings: settings)
        }

        /// Filters the next fix in file order and hands `emit` each decision made, with the fix as
        /// kept (an implausible altitude or course cleared, see `plausible`), in file order: usually
        /// this fix's alone, none while it waits (after a jump ahead in time, or a too-fast fix), and
        /// several once the fixes after it tell.
        public mutating func add(_ fix: LocationSample, emit: (Decision, LocationSample) -> Void) {
            report.total += 1
            if let reason = screen.rejection(of: fix) {
                report.drop(reason)
                output(.dropped(reason), fix, emit: emit)
                return
            }
            let kept = LocationFilter.plausible(fix)
            if let waiting = held {
                held = nil
                if let time = kept.timestamp, let jumped = waiting.timestamp, time < jumped,
                    walker.lastRecordedTime.map({ time > $0 }) ?? true
                {
                    report.drop(.timeJumpedAhead)
                    output(.dropped(.timeJumpedAhead), waiting, emit: emit)
                } else {
                    decide(waiting, next: kept, emit: emit)
                }
            }
            if walker.jumpsAhead(kept) {
                held = kept
                return
            }
            decide(kept, emit: emit)
        }

        /// Decides the fixes still waiting: one after a jump ahead in time (the log ended: it was a
        /// gap), one too fast (nothing confirmed it: dropped).
        public mutating func finish(emit: (Decision, LocationSample) -> Void) {
            if let waiting = held {
                held = nil
                decide(waiting, emit: emit)
            }
            // Too few fixes came after a too-fast one to confirm it: dropped, and the rest decided again.
            while !suspect.isEmpty { rejectSuspect(emit: emit) }
            releaseLone(emit: emit)
        }

        /// Hands `emit` a decision in file order: a kept fix that opens a segment is held as the
        /// segment's lone fix (see `lone`), and what comes after it waits with it until the segment
        /// has a second fix, or another segment starts.
        private mutating func output(_ decision: Decision, _ fix: LocationSample, emit: (Decision, LocationSample) -> Void) {
            switch decision {
            case .kept(let opensSegment, _) where opensSegment:
                releaseLone(emit: emit)
                lone = fix
            case .kept:
                releaseLone(emit: emit)
                emit(decision, fix)
            case .dropped:
                if lone == nil { emit(decision, fix) } else { heldAfterLone.append((decision, fix)) }
            }
        }

        /// Emits the lone fix, kept as its segment's first, and the decisions held after it.
        private mutating func releaseLone(emit: (Decision, LocationSample) -> Void) {
            guard let fix = lone else { return }
            lone = nil
            emit(.kept(opensSegment: true, stepDistance: nil), fix)
            for (decision, held) in heldAfterLone { emit(decision, held) }
            heldAfterLone = []
        }

        /// Drops the suspect too-fast fix (a spike) and decides the fixes held after it again, from
        /// the last kept fix.
        private mutating func rejectSuspect(emit: (Decision, LocationSample) -> Void) {
            let waiting = suspect
            suspect = []
            report.drop(.tooFast)
            output(.dropped(.tooFast), waiting[0].fix, emit: emit)
            for entry in waiting.dropFirst() { decide(entry.fix, next: entry.next, emit: emit) }
        }

        /// Decides `fix`, or holds it while a too-fast fix waits: a too-fast fix that the
        /// ``LocationFilter/jumpConfirmations`` fixes after it each confirm (`Walker.confirms`: later,
        /// within `maximumSpeed` of the one before, nearer to it than to the last kept fix) was a real
        /// jump — the fix before it was the wrong one, or the logger lost its position for a while —
        /// and is kept, opening a segment so that nothing is measured across the jump, and the fixes
        /// held are decided after it; one that a fix after it does not confirm was a spike, dropped
        /// as tooFast, and the fixes held are decided again from the last kept fix.
        private mutating func decide(
            _ fix: LocationSample, next: LocationSample? = nil, emit: (Decision, LocationSample) -> Void
        ) {
            if let latest = suspect.last {
                guard walker.confirms(fix, jumpTo: latest.fix) else {
                    rejectSuspect(emit: emit)
                    return decide(fix, next: next, emit: emit)
                }
                suspect.append((fix, next))
                guard suspect.count > LocationFilter.jumpConfirmations else { return }
                let waiting = suspect
                suspect = []
                walker.keepConfirmedJump(waiting[0].fix)
                if let stranded = lone {
                    lone = nil
                    report.drop(.strandedByJump)
                    emit(.dropped(.strandedByJump), stranded)
                    for (decision, held) in heldAfterLone { emit(decision, held) }
                    heldAfterLone = []
                }
                output(.kept(opensSegment: true, stepDistance: nil), waiting[0].fix, emit: emit)
                for entry in waiting.dropFirst() { decide(entry.fix, next: entry.next, emit: emit) }
                return
            }
            let decision = walker.decide(fix, next: next)
            if decision == .dropped(.tooFast) {
                suspect = [(fix, next)]
                return
            }
            if case .dropped(let reason) = decision { report.drop(reason) }
            output(decision, fix, emit: emit)
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
