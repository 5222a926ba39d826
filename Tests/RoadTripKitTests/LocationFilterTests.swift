import Foundation
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

/// DESIGN §4.2 location filters. Distances are on WGS 84; the reference values come from
/// pyproj 3.7.2 (PROJ 9.5.1), `g = pyproj.Geod(ellps='WGS84')`, `g.inv(lon1, lat1, lon2, lat2)[2]`.
/// Most fixes lie on the prime meridian just north of the equator, `s` arc-seconds of latitude
/// apart: one arc-second there is g.inv(0, 0, 0, 1/3600)[2] = 30.71507661711216 m (a sphere of
/// radius 6371 km would say 30.87 m).
@Suite struct LocationFilterTests {
    static let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    /// A fix `arcSeconds` of latitude north of (0°, 0°), `seconds` after `t0` (nil: no timestamp).
    func fix(
        _ seconds: Double?, north arcSeconds: Double = 0, accuracy: Double? = nil, segment: Int = 0,
        line: Int
    ) -> LocationSample {
        LocationSample(
            timestamp: seconds.map { Self.t0.addingTimeInterval($0) },
            coordinate: Coordinate(latitude: arcSeconds / 3600, longitude: 0),
            horizontalAccuracy: accuracy, segment: segment, line: line)
    }

    /// The `line`s of the kept fixes, per segment.
    func lines(_ segments: [[LocationSample]]) -> [[Int]] {
        segments.map { $0.map { $0.line ?? -1 } }
    }

    @Test func invalidFixesAreDropped() {
        let fixes = [
            fix(nil, line: 1),  // no accuracy: missing is not invalid
            fix(nil, accuracy: -1, line: 2),  // Core Location's invalid
            LocationSample(coordinate: Coordinate(latitude: .nan, longitude: 0), line: 3),
            LocationSample(coordinate: Coordinate(latitude: 90.5, longitude: 0), line: 4),
            LocationSample(coordinate: Coordinate(latitude: 0, longitude: 180.5), line: 5),
            LocationSample(coordinate: Coordinate(latitude: 0, longitude: -.infinity), line: 6),
            fix(nil, north: 1, accuracy: 0, line: 7),  // 0 m is a (very good) accuracy
        ]
        let (segments, report) = LocationFilter.apply(fixes, settings: FilterSettings(), recordingStart: nil)
        #expect(lines(segments) == [[1, 7]])
        #expect(report.count(.invalid) == 5)
        #expect(report.sentence == "2 of 7 fixes kept: 5 invalid")
    }

    @Test func desiredAccuracyDropsOnlyLargerAccuracies() {
        let fixes = [
            fix(1, north: 0, accuracy: 50, line: 1),  // equal to desiredAccuracy: kept
            fix(2, north: 1, accuracy: 50.5, line: 2),
            fix(3, north: 2, accuracy: nil, line: 3),  // no accuracy: passes
            fix(4, north: 3, accuracy: 10, line: 4),
            fix(5, north: 4, accuracy: 1000, line: 5),
        ]
        let settings = FilterSettings(desiredAccuracy: 50)
        let (segments, report) = LocationFilter.apply(fixes, settings: settings, recordingStart: nil)
        #expect(lines(segments) == [[1, 3, 4]])
        #expect(report.sentence == "3 of 5 fixes kept: 2 less accurate than 50 m")
    }

    /// Sensor Logger's iOS file has cached fixes at seconds_elapsed −14.7 and −5.7; with
    /// maximumAge 5 s both are stale; a fix exactly 5 s before the start is not "more than" 5 s.
    @Test func staleFixesBeforeRecordingStart() {
        let fixes = [
            fix(-14.7, north: 0, line: 1), fix(-5.7, north: 1, line: 2), fix(-5, north: 2, line: 3),
            fix(nil, north: 3, line: 4), fix(1, north: 4, line: 5),
        ]
        let settings = FilterSettings(maximumAge: 5)
        let stale = LocationFilter.apply(fixes, settings: settings, recordingStart: Self.t0)
        #expect(lines(stale.segments) == [[3, 4, 5]])
        #expect(stale.report.sentence == "3 of 5 fixes kept: 2 stale")
        // Unknown start, or maximumAge off: nothing is stale.
        let unknownStart = LocationFilter.apply(fixes, settings: settings, recordingStart: nil)
        #expect(lines(unknownStart.segments) == [[1, 2, 3, 4, 5]])
        let off = LocationFilter.apply(fixes, settings: FilterSettings(), recordingStart: Self.t0)
        #expect(lines(off.segments) == [[1, 2, 3, 4, 5]])
    }

    /// File times 10, 20, 20, 15, 30, 5 s, never reordered: line 3 repeats the kept 20 s (repeated
    /// time); line 4 (15 s) and line 6 (5 s) are earlier than the last kept fix (20 s, then 30 s):
    /// time went backwards. Kept: lines 1, 2, 5.
    @Test func repeatedAndBackwardTimestamps() {
        let times: [Double] = [10, 20, 20, 15, 30, 5]
        let fixes = times.enumerated().map { fix($1, north: Double($0), line: $0 + 1) }
        let (segments, report) = LocationFilter.apply(fixes, settings: FilterSettings(), recordingStart: nil)
        #expect(lines(segments) == [[1, 2, 5]])
        #expect(report.count(.repeatedTime) == 1 && report.count(.timeWentBackwards) == 2)
        #expect(report.sentence == "3 of 6 fixes kept: 2 where time went backwards, 1 with a repeated timestamp")
    }

    /// A timestamp that steps back by one microsecond (a logger's rounding) drops that fix, never
    /// the good one after it: 0 s, 1 s, 0.999999 s, 2 s → lines 1, 2, 4.
    @Test func aFixThatStepsBackIsDroppedNotTheNextOne() {
        let fixes = [0, 1, 0.999_999, 2].enumerated().map { fix($1, north: Double($0), line: $0 + 1) }
        let (segments, report) = LocationFilter.apply(fixes, settings: FilterSettings(), recordingStart: nil)
        #expect(lines(segments) == [[1, 2, 4]])
        #expect(report.count(.timeWentBackwards) == 1)
    }

    /// One timestamp glitched 20 years ahead (fix 101 of a 1 Hz log of 600, as a GPS week
    /// rollover or a typo does) is dropped alone, as "a time far ahead", instead of the 499 fixes
    /// after it as "time went backwards": the next fix is earlier than it but later than the fix
    /// before it. A genuine pause (the next fix later still) stays a gap.
    @Test func aTimeGlitchAheadIsDroppedAlone() {
        var fixes = (0..<600).map { fix(Double($0), north: Double($0), line: $0 + 1) }
        fixes[100].timestamp = Self.t0.addingTimeInterval(20 * 365.25 * 86_400)
        let (segments, report) = LocationFilter.apply(fixes, settings: FilterSettings(), recordingStart: nil)
        #expect(segments.joined().count == 599)
        #expect(report.sentence == "599 of 600 fixes kept: 1 with a time far ahead of the fixes around them")
        // A real pause of an hour after fix 100: every fix kept, in two segments.
        let paused = (0..<200).map { fix(Double($0) + ($0 >= 100 ? 3600 : 0), north: Double($0), line: $0 + 1) }
        let split = LocationFilter.apply(paused, settings: FilterSettings(gapTime: 300), recordingStart: nil)
        #expect(split.segments.map(\.count) == [100, 100])
    }

    /// File: 1 nil, 2 t=20, 3 nil, 4 nil, 5 t=10, 6 nil, 7 t=20. Untimed fixes pass in file order
    /// and do not move the reference: line 5 (10 s) went backwards from line 2's 20 s, line 7
    /// repeats it. Kept: 1, 2, 3, 4, 6.
    @Test func missingTimestampsPassAndKeepFileOrder() {
        let times: [Double?] = [nil, 20, nil, nil, 10, nil, 20]
        let fixes = times.enumerated().map { fix($1, north: Double($0), line: $0 + 1) }
        let (segments, report) = LocationFilter.apply(fixes, settings: FilterSettings(), recordingStart: nil)
        #expect(lines(segments) == [[1, 2, 3, 4, 6]])
        #expect(report.count(.timeWentBackwards) == 1 && report.count(.repeatedTime) == 1)
    }

    /// distanceFilter = the distance 0″ → 1″ (pyproj 30.71507661711216 m). From the last KEPT fix:
    /// 1″ is exactly at the threshold (kept); 1.5″ is 15.357538308560617 m from 1″ (dropped);
    /// 1.9″ is 27.643568955412775 m from 1″ (dropped: measured from the kept 1″ fix, not from the
    /// dropped 1.5″ one, which is 12.3 m away);
    /// 2.5″ is 46.0726149256992 m from 1″ (kept).
    @Test func distanceFilterMeasuresFromLastKeptAndKeepsTheThreshold() {
        let oneArcSecond = Geodesic.inverse(
            from: Coordinate(latitude: 0, longitude: 0), to: Coordinate(latitude: 1.0 / 3600, longitude: 0)
        ).distance
        #expect(abs(oneArcSecond - 30.71507661711216) < 1e-9)
        let fixes = [0, 1, 1.5, 1.9, 2.5].enumerated().map { fix(Double($0) * 10, north: $1, line: $0 + 1) }
        let settings = FilterSettings(distanceFilter: oneArcSecond)
        let (segments, report) = LocationFilter.apply(fixes, settings: settings, recordingStart: nil)
        #expect(lines(segments) == [[1, 2, 5]])
        #expect(report.count(.tooClose) == 2)
        // A hair above the distance, the 1″ fix is too close.
        let above = FilterSettings(distanceFilter: oneArcSecond.nextUp)
        let pair = LocationFilter.apply(Array(fixes.prefix(2)), settings: above, recordingStart: nil)
        #expect(lines(pair.segments) == [[1]])
    }

    /// maximumSpeed 30 m/s: 0″ at t=0, 1″ at t=1 (30.715 m in 1 s = 30.7 m/s: too fast), 0.5″ at
    /// t=2 (15.36 m from the kept 0″ fix in 2 s = 7.68 m/s: kept; from the 1″ fix 15.36 m/s, so it
    /// does not confirm that jump, which is dropped), then an untimed fix 100″ (≈ 3,071 m) away: no
    /// Δt, so no speed check — kept.
    @Test func maximumSpeedAgainstLastKeptFix() {
        let fixes = [
            fix(0, north: 0, line: 1), fix(1, north: 1, line: 2), fix(2, north: 0.5, line: 3),
            fix(nil, north: 100, line: 4),
        ]
        let (segments, report) = LocationFilter.apply(
            fixes, settings: FilterSettings(maximumSpeed: 30), recordingStart: nil)
        #expect(lines(segments) == [[1, 3, 4]])
        #expect(report.sentence == "3 of 4 fixes kept: 1 faster than 30 m/s")
        let lenient = LocationFilter.apply(fixes, settings: FilterSettings(maximumSpeed: 31), recordingStart: nil)
        #expect(lines(lenient.segments) == [[1, 2, 3, 4]])
    }

    /// A too-fast fix that the three fixes after it confirm is a real jump, kept and opening a
    /// segment, so the jump is neither drawn nor measured; a spike of up to three fixes is dropped.
    /// maximumSpeed 70 m/s; 1″ of latitude is 30.715 m. Jump: 0″ at t=-1 and t=0, 6″ (184.3 m) at t=2
    /// (92.1 m/s: too fast), then 6.1″, 6.2″, 6.3″ at t=3, 4, 5 (3.1 m/s each from the one before;
    /// 187.4 m / 3 s = 62.5 m/s from 0″, which the first rule kept and measured):
    /// [[0, 1], [2, 3, 4, 5]].
    /// Spike: 0″, 100″ at t=1, 0.1″ at t=2 (3071 m/s from the spike, 1.5 m/s from 0″): [[1, 3]],
    /// one too fast. A too-fast last fix, which nothing confirms, is dropped.
    @Test func aConfirmedJumpOpensASegment() {
        let settings = FilterSettings(maximumSpeed: 70)
        let jump = LocationFilter.apply(
            [
                fix(-1, north: 0, line: 0), fix(0, north: 0, line: 1), fix(2, north: 6, line: 2), fix(3, north: 6.1, line: 3),
                fix(4, north: 6.2, line: 4), fix(5, north: 6.3, line: 5),
            ],
            settings: settings, recordingStart: nil)
        #expect(lines(jump.segments) == [[0, 1], [2, 3, 4, 5]])
        #expect(jump.report.sentence == "all 6 fixes kept")
        let statistics = TripStatistics.compute(segments: jump.segments)
        #expect(statistics.distance < 10)  // 6″ → 6.3″ only: 9.2 m
        let spike = LocationFilter.apply(
            [fix(0, north: 0, line: 1), fix(1, north: 100, line: 2), fix(2, north: 0.1, line: 3)],
            settings: settings, recordingStart: nil)
        #expect(lines(spike.segments) == [[1, 3]])
        #expect(spike.report.sentence == "2 of 3 fixes kept: 1 faster than 70 m/s")
        let last = LocationFilter.apply([fix(0, north: 0, line: 1), fix(1, north: 100, line: 2)], settings: settings, recordingStart: nil)
        #expect(lines(last.segments) == [[1]])
    }

    /// A first fix 50 km west of the track (a logger's stale position), then 30 fixes a second
    /// apart on it: the jump from the lone first fix is confirmed by the three fixes after it, so
    /// the lone fix is dropped (left alone by a confirmed jump) and the track is one segment of 30,
    /// instead of a one-fix segment that named the trip's start. 1″ of latitude is 30.715 m:
    /// 1,628″ is 50.0 km.
    @Test func aLoneFixBeforeAConfirmedJumpIsDropped() {
        let settings = FilterSettings(maximumSpeed: 70)
        var fixes = [fix(0, north: -1628, line: 1)]
        for second in 1...30 { fixes.append(fix(Double(second), north: Double(second) / 10, line: second + 1)) }
        let result = LocationFilter.apply(fixes, settings: settings, recordingStart: nil)
        #expect(lines(result.segments) == [Array(2...31)])
        #expect(result.report.sentence == "30 of 31 fixes kept: 1 left alone by a confirmed jump")
    }

    /// Spikes of two and three fixes that agree with each other (100″, 100.1″, 100.2″: 3 m/s
    /// apart, 3,071 m/s from the track) are dropped, not kept as a jump and its own segment:
    /// the fix back on the track (0.2″ at t=4, 6.1 m / 4 s from 0″) does not continue from the
    /// spike, so its first fix is dropped and the others, decided again from 0″, are too fast too.
    /// A jump confirmed by only two fixes at the end of the log is dropped the same way.
    @Test(arguments: [2, 3]) func spikesOfSeveralFixesAreDropped(length: Int) {
        let settings = FilterSettings(maximumSpeed: 70)
        var fixes = [fix(0, north: 0, line: 1)]
        for index in 0..<length {
            fixes.append(fix(Double(index + 1), north: 100 + Double(index) / 10, line: index + 2))
        }
        fixes.append(fix(Double(length + 1), north: 0.2, line: length + 2))
        fixes.append(fix(Double(length + 2), north: 0.3, line: length + 3))
        let result = LocationFilter.apply(fixes, settings: settings, recordingStart: nil)
        #expect(lines(result.segments) == [[1, length + 2, length + 3]])
        #expect(result.report.sentence == "3 of \(length + 3) fixes kept: \(length) faster than 70 m/s")
        let endsAfterJump = LocationFilter.apply(Array(fixes.prefix(length + 1)), settings: settings, recordingStart: nil)
        #expect(lines(endsAfterJump.segments) == [[1]])
    }

    /// Δt = 0 never divides: the speed is unknown. (Through `apply`, a second fix with the same
    /// time is already dropped as a repeated timestamp before the speed check.)
    @Test func speedCheckSkippedWithoutPositiveInterval() {
        #expect(LocationFilter.impliedSpeed(distance: 10, interval: 0) == nil)
        #expect(LocationFilter.impliedSpeed(distance: 10, interval: -1) == nil)
        #expect(LocationFilter.impliedSpeed(distance: 10, interval: nil) == nil)
        #expect(LocationFilter.impliedSpeed(distance: 30, interval: 2) == 15)
        let fixes = [fix(0, north: 0, line: 1), fix(0, north: 1000, line: 2)]
        let (segments, report) = LocationFilter.apply(
            fixes, settings: FilterSettings(maximumSpeed: 1), recordingStart: nil)
        #expect(lines(segments) == [[1]])
        #expect(report.count(.repeatedTime) == 1 && report.count(.tooFast) == 0)
    }

    /// gapTime 300 s on a log sampled every 10 s: t = 0, 10, 20 s, 1″ (30.7 m) apart, then t = 321 s
    /// where the 20 s fix was: 301 s since the previous recorded fix is more than 300 s and more
    /// than 4 × the typical interval (median of 10, 10, 301: 10 s), so a new segment opens, and a
    /// break is not measured: the distance filter does not drop it. The fix at 322 s, 0.1″ north,
    /// is 3.07 m from it (pyproj 3.071507661711919): too close.
    @Test func gapTimeSplitsSegments() {
        let fixes = [
            fix(0, north: 0, line: 1), fix(10, north: 1, line: 2), fix(20, north: 2, line: 3),
            fix(321, north: 2, line: 4), fix(322, north: 2.1, line: 5),
        ]
        let settings = FilterSettings(distanceFilter: 10, gapTime: 300)
        let (segments, report) = LocationFilter.apply(fixes, settings: settings, recordingStart: nil)
        #expect(lines(segments) == [[1, 2, 3], [4]])
        #expect(report.sentence == "4 of 5 fixes kept: 1 within 10 m of the previous")
    }

    /// A stop is no gap: a 1 Hz log drives 1″ (30.7 m) a second for 3 s, stands still for 10 minutes
    /// (600 fixes the 10 m distance filter drops), then drives on. The kept fixes on either side of
    /// the stop are 601 s apart, but consecutive recorded fixes never more than 1 s: one segment.
    @Test func aStopWhoseFixesWereDroppedIsNoGap() {
        var times: [Double] = [0, 1, 2]
        var norths: [Double] = [0, 1, 2]
        for second in 3...602 { times.append(Double(second)); norths.append(2) }
        times.append(603)
        norths.append(3)
        let fixes = zip(times, norths).enumerated().map { fix($1.0, north: $1.1, line: $0 + 1) }
        let (segments, report) = LocationFilter.apply(
            fixes, settings: FilterSettings(distanceFilter: 10, gapTime: 300), recordingStart: nil)
        #expect(segments.count == 1)
        #expect(lines(segments) == [[1, 2, 3, fixes.count]])
        #expect(report.count(.tooClose) == 600)
    }

    /// A logger that records every 2 to 10 minutes for a day (intervals cycling 120, 360, 600 s) is
    /// measured along its fixes: one segment. Its typical interval is 360 s, so only a pause longer
    /// than 4 × 360 = 1,440 s (and than gapTime) breaks it: a 2-hour pause does.
    @Test func aSparseLoggerIsNotCutIntoPieces() {
        var time = 0.0
        var fixes: [LocationSample] = []
        for index in 0..<200 {
            fixes.append(fix(time, north: Double(index) * 20, line: index + 1))
            time += [120.0, 360, 600][index % 3]
        }
        let settings = FilterSettings.roadTrip
        #expect(LocationFilter.apply(fixes, settings: settings, recordingStart: nil).segments.count == 1)
        fixes.append(fix(time + 7200, north: 4000, line: 201))
        #expect(LocationFilter.apply(fixes, settings: settings, recordingStart: nil).segments.count == 2)
    }

    /// The distance gap is scaled to the log's steps too: a logger that records every 5 minutes at
    /// 20 m/s moves 6 km a step (195.4″ of latitude ≈ 6,001 m), more than gapDistance (2 km) but
    /// not more than 4 × its typical step: one segment of 60 fixes. A 1 Hz log at 30 m/s (1″ ≈ 30.7 m
    /// a step) that jumps 3.07 km (100″) in 100 s — plausible, under gapTime — does break there.
    @Test func gapDistanceIsScaledToTheLogsSteps() {
        let sparse = (0..<60).map { fix(Double($0) * 300, north: Double($0) * 195.4, line: $0 + 1) }
        #expect(LocationFilter.apply(sparse, settings: .roadTrip, recordingStart: nil).segments.count == 1)
        var dense = (0..<60).map { fix(Double($0), north: Double($0), line: $0 + 1) }
        dense.append(fix(159, north: 159, line: 61))
        let split = LocationFilter.apply(dense, settings: .roadTrip, recordingStart: nil)
        #expect(split.segments.map(\.count) == [60, 1])
    }

    /// A logger that switches from 1 Hz to one fix every 5 minutes is one line: 600 fixes 1 s and
    /// 0.5″ (15.36 m) apart, then 20 fixes 301 s and 195″ (5,989 m, 19.9 m/s) apart. Each long
    /// interval is matched by the next one (301 s ≤ 4 × 301 s), and each long step by the next
    /// step, so none is a gap; the distance is 599 × 15.36 m + 20 × 5,989 m ≈ 129 km (geodesic
    /// along a meridian: within 1 % of 1″ = 30.715 m). A real pause still breaks the track: 1 Hz,
    /// 400 s without a fix, 1 Hz again (400 s > 300 s and > 4 × the 1 s after it).
    @Test func aLoggerThatRecordsLessOftenIsOneLine() {
        var fixes = (0..<600).map { fix(Double($0), north: Double($0) * 0.5, line: $0 + 1) }
        for index in 1...20 {
            fixes.append(fix(599 + Double(index) * 301, north: 299.5 + Double(index) * 195, line: 600 + index))
        }
        let (segments, _) = LocationFilter.apply(fixes, settings: .roadTrip, recordingStart: nil)
        #expect(segments.count == 1)
        let distance = TripStatistics.compute(segments: segments).distance
        #expect(abs(distance - (599 * 0.5 + 20 * 195) * 30.715) < 0.01 * distance)
        var paused = (0..<60).map { fix(Double($0), north: Double($0), line: $0 + 1) }
        paused += (0..<60).map { fix(459 + Double($0), north: 60 + Double($0), line: 61 + $0) }
        #expect(LocationFilter.apply(paused, settings: .roadTrip, recordingStart: nil).segments.map(\.count) == [60, 60])
    }

    /// gapDistance 2000 m, maximumSpeed 70 m/s, after three 1 s steps of 1″ (30.7 m: the log's
    /// typical step). (0°, 0°) → (0.02°, 0°) is 2211.485517333831 m in 100 s (22.1 m/s): kept, and
    /// more than 2000 m and 4 × the typical step: a new segment. (0.04°, 0°) is 2211.485522745489 m
    /// further in 10 s (221 m/s): a spike, dropped as too fast (not a segment). 0.02° + 1″ at
    /// t = 200 s is 30.715076655213768 m from the kept 0.02° fix: same segment.
    @Test func gapDistanceSplitsSegmentsAfterTheSpeedCheck() {
        let fixes = [
            fix(-3, north: -3, line: 1), fix(-2, north: -2, line: 2), fix(-1, north: -1, line: 3),
            fix(0, north: 0, line: 4), fix(100, north: 72, line: 5), fix(110, north: 144, line: 6),
            fix(200, north: 73, line: 7),
        ]
        let settings = FilterSettings(maximumSpeed: 70, gapDistance: 2000)
        let (segments, report) = LocationFilter.apply(fixes, settings: settings, recordingStart: nil)
        #expect(lines(segments) == [[1, 2, 3, 4], [5, 7]])
        #expect(report.sentence == "6 of 7 fixes kept: 1 faster than 70 m/s")
    }

    /// A change of source segment (a GPX trkseg) opens a new segment; the fix 0.1″ (3.07 m, pyproj
    /// 3.0715076617111308) from the previous segment's end is kept despite distanceFilter 10 m.
    @Test func sourceSegmentBreakIsNotMeasured() {
        let fixes = [fix(0, north: 0, segment: 0, line: 1), fix(1, north: 0.1, segment: 1, line: 2)]
        let (segments, _) = LocationFilter.apply(
            fixes, settings: FilterSettings(distanceFilter: 10), recordingStart: nil)
        #expect(lines(segments) == [[1], [2]])
    }

    @Test func nothingInNothingOut() {
        let (segments, report) = LocationFilter.apply([], settings: .roadTrip, recordingStart: nil)
        #expect(segments.isEmpty)
        #expect(report.sentence == "no fixes")
    }

    /// The same real track through distanceFilter 10 m (every other filter off) in four tools.
    /// `python3 Benchmarks/filter-reference.py` (pyproj 3.7.2 / PROJ 9.5.1, gpxpy 1.6.2,
    /// GPSBabel 1.8.0) prints, for cerknicko-jezero.gpx (296 points, 7 non-empty segments):
    ///   DESIGN rule (pyproj Geod WGS84, keep at >= 10 m): 253 kept
    ///   GPSBabel's rule reimplemented (sphere, drop at <= 10 m): 252 kept
    ///   gpxpy reduce_points(min_distance=10): 258 kept
    ///   GPSBabel Version 1.8.0: -x position,distance=10m: 252 kept
    ///   GPSBabel Version 1.8.0: -x position,distance=10 (feet: GPSBabel's default unit): 294 kept
    /// Why GPSBabel keeps one fewer: its position filter on a track (position.cc) also drops points
    /// within the distance of the last kept point of the same track, but measures great-circle
    /// distance on a sphere of radius 6378137 m and drops at ≤. The 96th point (0-based 95) of the
    /// track of 173 points (45.765975527, 14.357300419) is 10.000994073815196 m from the kept 95th
    /// on the ellipsoid (pyproj) but 9.9853926066952 m on GPSBabel's sphere, so GPSBabel drops it
    /// (and keeps the next, 19.9 m on). gpxpy's reduce_points measures 3-D distance (elevation
    /// included) with its own approximation, so more points pass 10 m. Without the `m` suffix
    /// GPSBabel reads 10 feet (3.05 m).
    @Test func distanceFilterMatchesIndependentReferenceOnARealTrack() throws {
        let url = FixtureFiles.url("triplogs/gpx/cerknicko-jezero.gpx")
        let fixes = try Self.trackPoints(String(decoding: Data(contentsOf: url), as: UTF8.self))
        #expect(fixes.count == 296)
        let (segments, report) = LocationFilter.apply(
            fixes, settings: FilterSettings(distanceFilter: 10), recordingStart: nil)
        #expect(report.kept == 253)
        #expect(segments.count == 7)
        #expect(report.sentence == "253 of 296 fixes kept: 43 within 10 m of the previous")
    }

    /// Test-only scan of a GPX file's `<trkpt lat=… lon=…>`, one source segment per `<trkseg>`.
    /// (Not the project's GPX reader, so this test does not depend on it. Times are left out:
    /// this file's are strictly increasing in file order, so sorting by time changes nothing.)
    static func trackPoints(_ text: String) throws -> [LocationSample] {
        var fixes: [LocationSample] = []
        var segment = -1
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.contains("<trkseg") { segment += 1 }
            guard line.contains("<trkpt") else { continue }
            func attribute(_ name: String) throws -> Double {
                guard let start = line.range(of: "\(name)=\""),
                    let end = line[start.upperBound...].firstIndex(of: "\""),
                    let value = Double(line[start.upperBound..<end])
                else { throw ScanError(line: number + 1) }
                return value
            }
            fixes.append(
                LocationSample(
                    coordinate: Coordinate(latitude: try attribute("lat"), longitude: try attribute("lon")),
                    segment: segment, line: number + 1))
        }
        return fixes
    }

    struct ScanError: Error {
        let line: Int
    }
}

@Suite struct PlausibleValueTests {
    /// An altitude of 1e308 m (beyond any road, sea floor or aircraft: −12 km…100 km) is treated as
    /// missing and a course of 400° as invalid (−1, Core Location's mark); the fixes themselves are
    /// kept and the plausible values untouched.
    @Test func implausibleAltitudeAndCourse() {
        let fixes = [
            LocationSample(coordinate: Coordinate(latitude: 60, longitude: 5), altitude: 1e308, course: 400),
            LocationSample(coordinate: Coordinate(latitude: 60.001, longitude: 5), altitude: -5, course: 359.9),
        ]
        let (segments, report) = LocationFilter.apply(fixes, settings: FilterSettings(), recordingStart: nil)
        #expect(report.kept == 2)
        #expect(segments.flatMap { $0 }.map(\.altitude) == [nil, -5])
        #expect(segments.flatMap { $0 }.map(\.course) == [-1, 359.9])
    }
}
