import Foundation
import RoadTripCore
import RoadTripGeo

/// The thresholds behind `TripStatistics`: when a step counts as moving, how a speed spike is
/// rejected, and how much elevation noise is ignored. All in SI units.
public struct StatisticsSettings: Sendable, Hashable, Codable {
    /// A step between two timed fixes counts as moving when its speed (geodesic distance / Δt) is
    /// at least this many m/s; slower steps are stopped time.
    ///
    /// Default 0.5 m/s (1.8 km/h): well below walking pace (≈ 1.4 m/s) and any drive, and above the
    /// drift of a parked phone once the location filters have run (`distanceFilter` leaves a stop as
    /// one long, short-distance step). gpxpy's `get_moving_data` uses the same rule with a
    /// `stopped_speed_threshold` of 1 km/h (0.278 m/s, `DEFAULT_STOPPED_SPEED_THRESHOLD` in
    /// `gpxpy/gpx.py`), tuned for hikes; a road trip's stops are parking, so a higher floor costs
    /// nothing and absorbs more GPS wander.
    public var stoppedSpeedThreshold: Double
    /// Elevation hysteresis in metres: a climb or a descent is counted only once the altitude has
    /// moved at least this far from the last turning point (see `TripStatistics.elevationGain`).
    ///
    /// Default 5 m: phone GPS altitude has a vertical error of several metres (Core Location's
    /// `verticalAccuracy` is typically 3–10 m). GoldenCheetah's "Elevation hysteresis" preference
    /// (default 3 m, aimed at barometric bike computers) applies the same idea.
    public var elevationHysteresis: Double
    /// Seconds a speed must be sustained to count as the maximum (`TripStatistics.maximumSpeed`).
    /// Default 10 s: long enough that a fix a few metres off moves the figure by a tenth of its error
    /// (a 1 Hz step's speed would take all of it), short enough to catch an overtaking manoeuvre.
    /// 0 makes `maximumSpeed` the fastest single step.
    public var sustainedSpeedTime: Double

    /// Creates settings; see each property for units and meaning.
    public init(stoppedSpeedThreshold: Double = 0.5, elevationHysteresis: Double = 5, sustainedSpeedTime: Double = 10) {
        self.stoppedSpeedThreshold = stoppedSpeedThreshold
        self.elevationHysteresis = elevationHysteresis
        self.sustainedSpeedTime = sustainedSpeedTime
    }

    /// 0.5 m/s stopped-speed threshold, 5 m elevation hysteresis, a maximum sustained over 10 s.
    public static let `default` = StatisticsSettings()
}

/// Headline statistics of a filtered trip log, computed segment by segment so that nothing is ever
/// measured across a segment break. SI units throughout: metres, seconds, m/s.
///
/// A *step* is a pair of consecutive fixes of one segment. Its distance is the WGS 84 geodesic
/// (`Geodesic.inverse`, Karney 2013), never a flat-earth approximation. Its speed is that
/// distance divided by the time between the fixes, defined only when both fixes have a timestamp
/// and the later one is strictly later.
public struct TripStatistics: Sendable, Hashable, Codable {
    /// Number of fixes over all segments.
    public var fixCount: Int
    /// Number of non-empty segments.
    public var segmentCount: Int
    /// Total distance in metres: the sum of every step's geodesic distance (2-D, on the
    /// ellipsoid), within segments only.
    public var distance: Double
    /// Earliest fix timestamp, or `nil` when no fix has one.
    public var startTime: Date?
    /// Latest fix timestamp, or `nil` when no fix has one.
    public var endTime: Date?
    /// Elapsed seconds from `startTime` to `endTime` (gaps between segments included), or `nil`
    /// when no fix has a timestamp.
    public var duration: Double?
    /// Seconds covered by the segments themselves: for each segment, its last timestamp minus its
    /// first (gaps between segments excluded; gpxpy's `get_duration()` sums the same way).
    public var recordedDuration: Double?
    /// Seconds of steps whose speed is at least `StatisticsSettings.stoppedSpeedThreshold`.
    public var movingTime: Double
    /// Metres covered by those moving steps.
    public var movingDistance: Double
    /// `movingDistance / movingTime` in m/s, or `nil` when there is no moving time.
    public var averageMovingSpeed: Double?
    /// Maximum speed in m/s, sustained: over a *window* — for each timed fix, the shortest run of
    /// steps of its segment ending there that lasts at least `StatisticsSettings.sustainedSpeedTime`
    /// seconds (10 s) — the speed is the geodesic distance between the window's first and last
    /// fixes over its time; the maximum is the highest speed that at least two of three windows
    /// ending at consecutive fixes reach (the middle one of the three). Distance over time, not a
    /// step's speed, so a slow logger's long steps and a fast logger's short ones give the same
    /// figure; the distance between the window's ends, not along it, so GPS zigzag adds nothing; and
    /// the middle of three windows, so a stray fix at one window's end cannot set it. (A segment with
    /// only one or two windows gives the lower of them.) When higher, `averageMovingSpeed` is the
    /// maximum instead: the whole moving time is itself sustained — this decides only for a trip
    /// that never moves for 10 s in one segment, or one of winding roads where the distance between
    /// window ends falls short. Always ≥ `averageMovingSpeed`. `nil` when no step has a speed.
    public var maximumSpeed: Double?
    /// The raw maximum step speed in m/s, spikes included; `nil` when no step has a speed.
    public var rawMaximumSpeed: Double?
    /// Total climb in metres with hysteresis, or `nil` when no fix has an altitude.
    ///
    /// Per segment, over the fixes that have an altitude (a missing altitude is skipped; 0 m is a
    /// real value): the altitude is followed as a zigzag of turning points. A new turning point is
    /// confirmed only when the altitude has come back at least `elevationHysteresis` metres from
    /// the running extreme; every confirmed rise between turning points counts in full (and the
    /// final run of a segment counts once it has reached the hysteresis). Noise smaller than the
    /// hysteresis therefore adds nothing, while a real climb counts from its lowest to its highest
    /// point — not in hysteresis-sized chunks. This is hysteresis thresholding as GoldenCheetah's
    /// "Elevation hysteresis" setting describes it.
    public var elevationGain: Double?
    /// Total descent in metres (positive), by the same rule as `elevationGain`.
    public var elevationLoss: Double?
    /// The smallest region holding every fix: latitudes from the lowest to the highest, longitudes
    /// the short way round across ±180° (`LongitudeRange.shortestCovering`); the center lies midway
    /// and the span is the full extent in degrees. `nil` when there are no fixes.
    public var region: CoordinateRegion?

    /// Creates statistics from their values (see each property for units).
    public init(
        fixCount: Int = 0, segmentCount: Int = 0, distance: Double = 0, startTime: Date? = nil,
        endTime: Date? = nil, duration: Double? = nil, recordedDuration: Double? = nil,
        movingTime: Double = 0, movingDistance: Double = 0, averageMovingSpeed: Double? = nil,
        maximumSpeed: Double? = nil, rawMaximumSpeed: Double? = nil, elevationGain: Double? = nil,
        elevationLoss: Double? = nil, region: CoordinateRegion? = nil
    ) {
        self.fixCount = fixCount
        self.segmentCount = segmentCount
        self.distance = distance
        self.startTime = startTime
        self.endTime = endTime
        self.duration = duration
        self.recordedDuration = recordedDuration
        self.movingTime = movingTime
        self.movingDistance = movingDistance
        self.averageMovingSpeed = averageMovingSpeed
        self.maximumSpeed = maximumSpeed
        self.rawMaximumSpeed = rawMaximumSpeed
        self.elevationGain = elevationGain
        self.elevationLoss = elevationLoss
        self.region = region
    }

    /// Computes the statistics of already-filtered `segments` (each in time order; a break between
    /// segments is never measured across), through one `Accumulator`.
    ///
    /// - Parameters:
    ///   - segments: the filtered fixes, one array per segment; empty segments are ignored.
    ///     Fixes with a non-finite coordinate or altitude are treated as having none of that value.
    ///   - settings: thresholds (`StatisticsSettings.default` unless given).
    ///   - stepDistances: optional, parallel to `segments`: each fix's geodesic distance in metres
    ///     from the previous fix of its segment, as `LocationFilter.applyMeasuringSteps` measured
    ///     it; a `nil` entry (or no array) is measured here.
    public static func compute(
        segments: [[LocationSample]], settings: StatisticsSettings = .default, stepDistances: [[Double?]]? = nil
    ) -> TripStatistics {
        var accumulator = Accumulator(settings: settings)
        for (segmentIndex, segment) in segments.enumerated() where !segment.isEmpty {
            let known = stepDistances.flatMap { $0.indices.contains(segmentIndex) ? $0[segmentIndex] : nil }
            for (fixIndex, sample) in segment.enumerated() {
                accumulator.add(
                    sample, opensSegment: fixIndex == 0,
                    stepDistance: known.flatMap { $0.indices.contains(fixIndex) ? $0[fixIndex] : nil })
            }
        }
        return accumulator.statistics()
    }

    /// The statistics of fixes given one at a time, in constant memory (a few hundred numbers,
    /// whatever the log's length): `compute` for a whole log, and the streaming `roadtrip trip
    /// stats` for a log too long to hold.
    public struct Accumulator: Sendable {
        /// The figures of the fixes added so far that only grow, as they stand after each fix:
        /// the trip page's chart reads them at its samples, and the figures of the stretch between
        /// two samples are their differences (`TrackCursorProfile`). Metres and seconds.
        public struct RunningTotals: Sendable, Hashable {
            /// `TripStatistics.distance` so far.
            public var distance = 0.0
            /// `TripStatistics.movingTime` so far.
            public var movingTime = 0.0
            /// `TripStatistics.movingDistance` so far.
            public var movingDistance = 0.0
            /// `TripStatistics.elevationGain` so far (0 before any altitude), counting the current
            /// climb up to its highest point once it has risen by the hysteresis — what
            /// `statistics()` would say now.
            public var elevationGain = 0.0
            /// `TripStatistics.elevationLoss` so far, by the same rule.
            public var elevationLoss = 0.0

            /// The totals of two stretches one after the other (each figure summed).
            public static func + (first: RunningTotals, second: RunningTotals) -> RunningTotals {
                RunningTotals(
                    distance: first.distance + second.distance, movingTime: first.movingTime + second.movingTime,
                    movingDistance: first.movingDistance + second.movingDistance,
                    elevationGain: first.elevationGain + second.elevationGain,
                    elevationLoss: first.elevationLoss + second.elevationLoss)
            }
        }

        private let settings: StatisticsSettings
        /// Which windows' speeds are measured rather than bounded (see `WindowMeasuring`).
        private let windowMeasuring: WindowMeasuring
        /// The highest `lastWindowSpeed` since `startWindowGroup()` (`.aboveGroupMaximum`).
        private var groupMaximum: Double?
        private var result = TripStatistics()
        private var longitudes = LongitudeBins()
        private var southmost = Double.infinity
        private var northmost = -Double.infinity
        private var recorded: Double?
        private var elevation = ElevationTotals()
        private var climb: ElevationZigzag
        private var sustained: SustainedSpeed
        private var segmentStart: Date?
        private var segmentEnd: Date?
        private var previous: LocationSample?
        // Speeds and moving time run from one timed fix to the next, over the distance travelled
        // between them, so fixes without a time (some loggers time every other point) still
        // count for distance without breaking the timing.
        private var lastTime: Date?
        private var sinceLastTime = 0.0

        /// Which sustained-speed windows are measured exactly (the geodesic between the window's
        /// ends: one per timed fix) rather than bounded by the distance along the track over their
        /// time, an upper bound of their speed that costs nothing. A bound stands in for a window
        /// only where it is not above a maximum the speed must beat to matter, so the statistics
        /// are the same in every mode.
        public enum WindowMeasuring: Sendable {
            /// Only windows that could beat the statistics' `maximumSpeed` so far: the fewest
            /// geodesics; `lastWindowSpeed` may be a bound not above that maximum.
            case aboveMaximum
            /// Every window: `lastWindowSpeed` is always the speed itself.
            case everyWindow
            /// Windows that could beat the highest `lastWindowSpeed` since the last
            /// `startWindowGroup()`: `lastWindowSpeed` is exact whenever it is above that group
            /// maximum, so the highest of a group is exact (the trip page's cursor samples,
            /// `TrackCursorProfile`, each take the maximum of their group of fixes).
            case aboveGroupMaximum
        }

        /// The sustained speed (m/s) the last fix added reached: the middle of the speeds of the
        /// last three windows ending at consecutive fixes (see `maximumSpeed`), `nil` when it
        /// reached none. Exact with `.everyWindow`; otherwise a window that cannot beat the
        /// maximum its `WindowMeasuring` names gives a bound of its speed instead, and the middle
        /// of three is then exact whenever it is above that maximum (a middle above it needs two
        /// windows above it, and those were measured).
        public private(set) var lastWindowSpeed: Double?

        /// An accumulator with `settings` and no fixes yet, measuring windows as
        /// `windowMeasuring` says (the statistics are the same in every mode).
        public init(settings: StatisticsSettings = .default, windowMeasuring: WindowMeasuring = .aboveMaximum) {
            self.settings = settings
            self.windowMeasuring = windowMeasuring
            climb = ElevationZigzag(hysteresis: settings.elevationHysteresis)
            sustained = SustainedSpeed(time: settings.sustainedSpeedTime)
        }

        /// Adds the next kept fix (in time order within its segment).
        /// - Parameters:
        ///   - opensSegment: `true` for the first fix of a segment (the first fix ever opens one
        ///     whatever this says); nothing is measured from the previous fix across it.
        ///   - stepDistance: the geodesic distance in metres from the previous fix when the filter
        ///     already measured it, else `nil` (it is measured here).
        public mutating func add(_ sample: LocationSample, opensSegment: Bool, stepDistance: Double? = nil) {
            if opensSegment || previous == nil {
                finishSegment()
                result.segmentCount += 1
            }
            result.fixCount += 1
            let coordinate = sample.coordinate
            if coordinate.latitude.isFinite && coordinate.longitude.isFinite {
                southmost = min(southmost, coordinate.latitude)
                northmost = max(northmost, coordinate.latitude)
                longitudes.add(coordinate.longitude)
            }
            if let altitude = sample.altitude, altitude.isFinite {
                climb.add(altitude)
            }
            if let time = sample.timestamp {
                if segmentStart == nil { segmentStart = time }
                segmentEnd = time
                if result.startTime.map({ time < $0 }) ?? true { result.startTime = time }
                if result.endTime.map({ time > $0 }) ?? true { result.endTime = time }
            }
            defer { previous = sample }
            lastWindowSpeed = nil
            guard let before = previous else {
                lastTime = sample.timestamp
                if let time = sample.timestamp { sustained.start(coordinate, at: time) }
                return
            }
            let step = stepDistance ?? Geodesic.distance(from: before.coordinate, to: coordinate)
            guard step.isFinite else { return }
            result.distance += step
            sinceLastTime += step
            guard let end = sample.timestamp else { return }
            defer {
                lastTime = end
                sinceLastTime = 0
            }
            guard let start = lastTime else { return }
            let interval = end.timeIntervalSince(start)
            guard interval > 0 else { return }
            let travelled = sinceLastTime
            let speed = travelled / interval
            if speed >= settings.stoppedSpeedThreshold {
                result.movingTime += interval
                result.movingDistance += travelled
            }
            result.rawMaximumSpeed = max(result.rawMaximumSpeed ?? speed, speed)
            let best: Double
            switch windowMeasuring {
            case .aboveMaximum: best = result.maximumSpeed ?? 0
            case .everyWindow: best = -Double.infinity
            case .aboveGroupMaximum: best = groupMaximum ?? -Double.infinity
            }
            if let window = sustained.add(coordinate, at: end, travelled: travelled, best: best) {
                result.maximumSpeed = max(result.maximumSpeed ?? window, window)
                groupMaximum = max(groupMaximum ?? window, window)
                lastWindowSpeed = window
            }
        }

        /// Starts a new group of fixes for `.aboveGroupMaximum`: the group maximum starts again
        /// from none, and the open segment's last two windows, which the next middle of three
        /// reads and which may have been bounded against the previous group's higher maximum,
        /// are measured exactly now (at most two geodesics).
        public mutating func startWindowGroup() {
            groupMaximum = nil
            sustained.measureRecentWindows()
        }

        /// Closes the open segment (if any) and resets the per-segment state.
        private mutating func finishSegment() {
            guard previous != nil else { return }
            if let window = sustained.shortSegmentSpeed() {
                result.maximumSpeed = max(result.maximumSpeed ?? window, window)
            }
            climb.finish(into: &elevation)
            if let start = segmentStart, let end = segmentEnd {
                recorded = (recorded ?? 0) + end.timeIntervalSince(start)
            }
            climb = ElevationZigzag(hysteresis: settings.elevationHysteresis)
            sustained.reset()
            segmentStart = nil
            segmentEnd = nil
            previous = nil
            lastTime = nil
            sinceLastTime = 0
        }

        /// The totals of the fixes added so far (see `RunningTotals`).
        public var runningTotals: RunningTotals {
            let climbing = climb.totals
            return RunningTotals(
                distance: result.distance, movingTime: result.movingTime, movingDistance: result.movingDistance,
                elevationGain: elevation.gain + climbing.gain, elevationLoss: elevation.loss + climbing.loss)
        }

        /// The sustained speed (m/s) the open segment gives when it closes with only one or two
        /// windows (see `maximumSpeed`), `nil` when it has none or three or more.
        public var shortSegmentSpeed: Double? { previous == nil ? nil : sustained.shortSegmentSpeed() }

        /// The statistics of every fix added so far.
        public func statistics() -> TripStatistics {
            var copy = self
            copy.finishSegment()
            var result = copy.result
            if let start = result.startTime, let end = result.endTime {
                result.duration = end.timeIntervalSince(start)
            }
            result.recordedDuration = copy.recorded
            if result.movingTime > 0 {
                let average = result.movingDistance / result.movingTime
                result.averageMovingSpeed = average
                result.maximumSpeed = max(result.maximumSpeed ?? average, average)
            }
            if copy.elevation.hasAltitude {
                result.elevationGain = copy.elevation.gain
                result.elevationLoss = copy.elevation.loss
            }
            if let (west, east) = copy.longitudes.shortestCovering() {
                let longitudeDelta = west <= east ? east - west : east + 360 - west
                result.region = CoordinateRegion(
                    center: Coordinate(
                        latitude: (copy.southmost + copy.northmost) / 2,
                        longitude: Longitude.wrapped(west + longitudeDelta / 2)),
                    span: CoordinateSpan(latitudeDelta: copy.northmost - copy.southmost, longitudeDelta: longitudeDelta))
            }
            return result
        }
    }

    /// `date` as `roadtrip trip stats` prints it in `timeZone`: `yyyy-MM-dd HH:mm`, the zone's
    /// abbreviation when it has one, and the UTC offset, e.g. `2024-06-01 09:12 CEST (+02:00)`
    /// (pages word it for readers instead: `ReadableDate`).
    ///
    /// The wall-clock time is `date` shifted by `timeZone.secondsFromGMT(for:)` and converted to a
    /// proleptic Gregorian date by hand (H. Hinnant, "chrono-Compatible Low-Level Date
    /// Algorithms", `civil_from_days`), so no `DateFormatter` runs per call for the digits. The
    /// abbreviation is ICU's short specific name ("zzz") in the `en_US` locale, else `en_GB`
    /// (ICU knows "PDT" only in the first and "CEST" only in the second); a zone for which both
    /// give only a "GMT+x" form shows no abbreviation (`2024-06-01 14:42 (+05:30)`), and a zone
    /// whose identifier is UTC (or plain GMT, which Foundation on Linux makes of
    /// "UTC") shows `UTC`. Seconds are truncated (floor), like a clock.
    public static func formatted(_ date: Date, in timeZone: TimeZone) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let days = local >= 0 ? local / 86_400 : -((-local + 86_399) / 86_400)
        let secondsOfDay = local - days * 86_400
        let (year, month, day) = ISO8601Time.civilFromDays(days)
        var text = "\(year)-\(twoDigits(month))-\(twoDigits(day)) "
        text += "\(twoDigits(secondsOfDay / 3600)):\(twoDigits(secondsOfDay % 3600 / 60))"
        if let abbreviation = zoneAbbreviation(of: timeZone, at: date) {
            text += " \(abbreviation)"
        }
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset)
        text += " (\(sign)\(twoDigits(magnitude / 3600)):\(twoDigits(magnitude % 3600 / 60)))"
        return text
    }

    /// The zone's abbreviation at `date` (see `formatted(_:in:)`; pages use it too, through
    /// `ReadableDate`), or `nil` when ICU only has a "GMT±h" form for it.
    package static func zoneAbbreviation(of timeZone: TimeZone, at date: Date) -> String? {
        // Foundation on Linux turns `TimeZone(identifier: "UTC")` into "GMT", so both mean UTC.
        if ["UTC", "Etc/UTC", "Etc/UCT", "UCT", "Etc/Universal", "Universal", "Zulu", "Etc/Zulu", "GMT", "Etc/GMT"]
            .contains(timeZone.identifier)
        {
            return "UTC"
        }
        for locale in ["en_US", "en_GB"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: locale)
            formatter.timeZone = timeZone
            formatter.dateFormat = "zzz"
            let name = formatter.string(from: date)
            if !name.isEmpty && !name.hasPrefix("GMT+") && !name.hasPrefix("GMT-") && !name.hasPrefix("UTC") {
                return name
            }
        }
        return nil
    }

    /// `value` (0…99) with a leading zero.
    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}

/// Gain and loss summed over segments (metres), and whether any altitude was seen.
private struct ElevationTotals {
    var gain = 0.0
    var loss = 0.0
    var hasAltitude = false
}

/// Hysteresis (zigzag) accumulator of one segment's altitudes; see `TripStatistics.elevationGain`.
private struct ElevationZigzag {
    /// Direction of the current run once it has been confirmed.
    private enum Trend { case undecided, rising, falling }

    let hysteresis: Double
    private var trend = Trend.undecided
    /// The last confirmed turning point (metres); while undecided, unused.
    private var turningPoint = 0.0
    /// The running extreme of the current run (highest when rising, lowest when falling).
    private var extreme = 0.0
    /// While undecided: the lowest and highest altitudes seen so far.
    private var lowest = Double.infinity
    private var highest = -Double.infinity
    private var gain = 0.0
    private var loss = 0.0
    private var seen = false

    init(hysteresis: Double) {
        self.hysteresis = hysteresis.isFinite && hysteresis > 0 ? hysteresis : 0
    }

    /// Feeds the next altitude (metres, finite).
    mutating func add(_ altitude: Double) {
        seen = true
        switch trend {
        case .undecided:
            lowest = min(lowest, altitude)
            highest = max(highest, altitude)
            if altitude - lowest >= hysteresis && altitude > lowest {
                trend = .rising
                turningPoint = lowest
                extreme = altitude
            } else if highest - altitude >= hysteresis && altitude < highest {
                trend = .falling
                turningPoint = highest
                extreme = altitude
            }
        case .rising:
            if altitude > extreme {
                extreme = altitude
            } else if extreme - altitude >= hysteresis && altitude < extreme {
                gain += extreme - turningPoint
                turningPoint = extreme
                extreme = altitude
                trend = .falling
            }
        case .falling:
            if altitude < extreme {
                extreme = altitude
            } else if altitude - extreme >= hysteresis && altitude > extreme {
                loss += turningPoint - extreme
                turningPoint = extreme
                extreme = altitude
                trend = .rising
            }
        }
    }

    /// This segment's gain and loss so far, the last run counted (it has already moved at least
    /// the hysteresis).
    var totals: (gain: Double, loss: Double) {
        (gain + (trend == .rising ? extreme - turningPoint : 0), loss + (trend == .falling ? turningPoint - extreme : 0))
    }

    /// Adds this segment's `totals` to `totals`.
    func finish(into totals: inout ElevationTotals) {
        guard seen else { return }
        totals.hasAltitude = true
        let segment = self.totals
        totals.gain += segment.gain
        totals.loss += segment.loss
    }
}

/// The windows of the current segment for the sustained maximum speed
/// (`TripStatistics.maximumSpeed`): its timed fixes since the earliest that can still start a
/// window, with the distance travelled along the segment up to each.
private struct SustainedSpeed {
    let time: Double
    private var times: [Double] = []
    private var coordinates: [Coordinate] = []
    /// Metres travelled along the segment up to each fix.
    private var travelledTo: [Double] = []
    private var first = 0
    /// The speeds of the last (up to) three windows; a window whose speed could not beat the best so
    /// far holds an upper bound of it instead (see `add`).
    private var recent: (Double, Double, Double) = (0, 0, 0)
    /// The last two windows' ends and time (seconds) where `recent.1`/`recent.2` hold a bound,
    /// `nil` where they hold the speed: what `measureRecentWindows` measures.
    private var boundedRecent: (Window?, Window?) = (nil, nil)

    /// A window's first and last fix and its time in seconds.
    private struct Window {
        var start: Coordinate
        var end: Coordinate
        var duration: Double

        var speed: Double { Geodesic.distance(from: start, to: end) / duration }
    }
    private var windowCount = 0

    init(time: Double) {
        self.time = time.isFinite && time > 0 ? time : 0
    }

    /// Starts a new segment.
    mutating func reset() {
        times.removeAll(keepingCapacity: true)
        coordinates.removeAll(keepingCapacity: true)
        travelledTo.removeAll(keepingCapacity: true)
        first = 0
        recent = (0, 0, 0)
        boundedRecent = (nil, nil)
        windowCount = 0
    }

    /// Replaces the bounds among the last two windows' speeds by the speeds themselves.
    mutating func measureRecentWindows() {
        if let window = boundedRecent.0 { recent.1 = window.speed }
        if let window = boundedRecent.1 { recent.2 = window.speed }
        boundedRecent = (nil, nil)
    }

    /// The segment's first timed fix.
    mutating func start(_ coordinate: Coordinate, at date: Date) {
        times.append(date.timeIntervalSinceReferenceDate)
        coordinates.append(coordinate)
        travelledTo.append(0)
    }

    /// Adds the next timed fix, `travelled` metres along the segment after the previous one (a later
    /// time); returns the middle of the last three window speeds in m/s once there are three.
    /// `best` is the highest speed found so far: a window whose distance along the segment over its
    /// time is not above it cannot be above it by the distance between its ends either, so that
    /// geodesic is not computed and the bound stands in for it — which cannot change the result,
    /// since a middle of three above `best` needs two windows above it.
    mutating func add(_ coordinate: Coordinate, at date: Date, travelled: Double, best: Double) -> Double? {
        if times.isEmpty {
            start(coordinate, at: date)
            return nil
        }
        let now = date.timeIntervalSinceReferenceDate
        times.append(now)
        coordinates.append(coordinate)
        travelledTo.append(travelledTo[travelledTo.count - 1] + travelled)
        let last = times.count - 1
        // The window's first fix: the latest one at least `time` seconds before this one.
        while first + 1 < last && now - times[first + 1] >= time { first += 1 }
        if first > 1024 {
            times.removeFirst(first)
            coordinates.removeFirst(first)
            travelledTo.removeFirst(first)
            first = 0
        }
        let duration = now - times[first]
        guard duration >= time, duration > 0 else { return nil }
        let alongBound = (travelledTo[travelledTo.count - 1] - travelledTo[first]) / duration
        let window = Window(start: coordinates[first], end: coordinate, duration: duration)
        let isBounded = alongBound <= best
        recent = (recent.1, recent.2, isBounded ? alongBound : window.speed)
        boundedRecent = (boundedRecent.1, isBounded ? window : nil)
        windowCount += 1
        guard windowCount >= 3 else { return nil }
        // The middle of three.
        return max(min(recent.0, recent.1), min(max(recent.0, recent.1), recent.2))
    }

    /// For a segment that had only one or two windows: the lower of them; otherwise `nil`.
    func shortSegmentSpeed() -> Double? {
        guard windowCount > 0 && windowCount < 3 else { return nil }
        return windowCount == 1 ? recent.2 : min(recent.1, recent.2)
    }
}
