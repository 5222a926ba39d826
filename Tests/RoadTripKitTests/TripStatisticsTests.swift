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

/// Hand-worked statistics. Reference distances: pyproj 3.7.2 `Geod(ellps="WGS84").inv(...)` (an
/// independent build of Karney's geodesic code), e.g.
/// `python3 -c 'from pyproj import Geod; print(Geod(ellps="WGS84").inv(7, 45, 7, 45 + 10/3600)[2])'`.
@Suite struct TripStatisticsTests {
    static let epoch = Date(timeIntervalSince1970: 1_717_225_920)  // 2024-06-01T07:12:00Z (GNU date +%s)

    /// A fix on the meridian 7° E at `arc` metres north of 45° N (a meridian is a geodesic, so arc
    /// lengths along it add exactly), `seconds` after `epoch`.
    static func northward(_ arc: Double, seconds: Double?, altitude: Double? = nil) -> LocationSample {
        LocationSample(
            timestamp: seconds.map { epoch.addingTimeInterval($0) },
            coordinate: Geodesic.direct(from: Coordinate(latitude: 45, longitude: 7), azimuth: 0, distance: arc),
            altitude: altitude)
    }

    /// Fixes every 1/3600° of latitude along 7° E from `latitude`, 10 s apart.
    static func meridianFixes(from latitude: Double, count: Int, startSecond: Double) -> [LocationSample] {
        (0..<count).map { index in
            LocationSample(
                timestamp: epoch.addingTimeInterval(startSecond + 10 * Double(index)),
                coordinate: Coordinate(latitude: latitude + Double(index) / 3600, longitude: 7))
        }
    }

    /// 11 fixes from 45° N, 1″ of latitude and 10 s apart. pyproj: each step is 30.8699389…
    /// 30.8699419 m (growing with latitude: 30.86993892479485, 30.869940433731063, …) and the ten
    /// sum to 308.6994571020344 m (= the single inverse 45° → 45° 0′ 10″: 308.699457101223 m).
    /// Duration 100 s; every step ≈ 3.087 m/s ≥ 0.5 m/s, so all 100 s are moving and the average
    /// moving speed is 308.6994571 / 100 m/s.
    @Test func meridianDistanceAndSpeeds() throws {
        let stats = TripStatistics.compute(segments: [Self.meridianFixes(from: 45, count: 11, startSecond: 0)])
        #expect(abs(stats.distance - 308.6994571020344) < 1e-6)
        #expect(stats.fixCount == 11)
        #expect(stats.segmentCount == 1)
        #expect(stats.duration == 100)
        #expect(stats.recordedDuration == 100)
        #expect(stats.startTime == Self.epoch)
        #expect(stats.endTime == Self.epoch.addingTimeInterval(100))
        #expect(stats.movingTime == 100)
        #expect(abs(stats.movingDistance - 308.6994571020344) < 1e-6)
        #expect(abs(try #require(stats.averageMovingSpeed) - 3.086994571020344) < 1e-8)
        // Fastest step is the northernmost, 30.8699479… m / 10 s; all step speeds agree to 1e-6.
        #expect(abs(try #require(stats.rawMaximumSpeed) - 3.0869946) < 1e-6)
        #expect(abs(try #require(stats.maximumSpeed) - 3.0869946) < 1e-6)
        #expect(stats.elevationGain == nil)
        #expect(stats.elevationLoss == nil)
    }

    /// Two segments: 6 fixes from 45° N (5 steps, pyproj 45° → 45° 0′ 5″ = 154.34970970275464 m)
    /// and, after a 1° jump and a 1,000 s pause, 6 fixes from 46° N (pyproj 46° → 46° 0′ 5″ =
    /// 154.3768500984025 m). The jump (≈ 111 km) must add nothing: total 308.7265598011571 m.
    /// Duration is first to last: 0 → 1,000 + 50 = 1,050 s; recorded time 50 + 50 = 100 s.
    @Test func gapAddsNoDistance() throws {
        let stats = TripStatistics.compute(segments: [
            Self.meridianFixes(from: 45, count: 6, startSecond: 0),
            Self.meridianFixes(from: 46, count: 6, startSecond: 1000),
        ])
        #expect(abs(stats.distance - (154.34970970275464 + 154.3768500984025)) < 1e-6)
        #expect(stats.segmentCount == 2)
        #expect(stats.fixCount == 12)
        #expect(stats.duration == 1050)
        #expect(stats.recordedDuration == 100)
        #expect(stats.movingTime == 100)
        // Region: latitudes 45 … 46 + 5/3600, one longitude.
        let north: Double = 46 + 5.0 / 3600
        let region = try #require(stats.region)
        #expect(abs(region.center.latitude - (45 + north) / 2) < 1e-12)
        #expect(abs(region.span.latitudeDelta - (north - 45)) < 1e-12)
        #expect(region.center.longitude == 7)
        #expect(region.span.longitudeDelta == 0)
    }

    static func altitudeTrack(_ altitudes: [Double?]) -> [LocationSample] {
        altitudes.enumerated().map { index, altitude in
            northward(Double(index) * 10, seconds: nil, altitude: altitude)
        }
    }

    /// ±2 m noise around 100 m (100, 102, 98, 102, 98, …): the range is 4 m, never 5 m from any
    /// turning point, so gain and loss are 0. Without hysteresis (0 m) every difference counts:
    /// rises 100→102 (2) then 98→102 four times (16) = 18 m; falls 102→98 five times = 20 m.
    @Test func sawtoothNoiseGivesNoGain() {
        let noise: [Double?] = [100] + Array(repeating: [102, 98], count: 5).flatMap { $0 }
        let stats = TripStatistics.compute(segments: [Self.altitudeTrack(noise)])
        #expect(stats.elevationGain == 0)
        #expect(stats.elevationLoss == 0)
        let raw = TripStatistics.compute(
            segments: [Self.altitudeTrack(noise)], settings: StatisticsSettings(elevationHysteresis: 0))
        #expect(raw.elevationGain == 18)
        #expect(raw.elevationLoss == 20)
    }

    /// A real climb 0 → 100 m in 1 m steps counts 100 m (not 100 rounded down to 5 m chunks).
    /// Climbing on to 103 m counts 103; then descending to 90 m counts 13 m of loss.
    /// With the sawtooth on top (100, 102, 98, 102, …), the 102 m peaks are real readings: 102 m.
    @Test func realClimbCountsInFull() {
        let climb: [Double?] = (0...100).map { Double($0) }
        #expect(TripStatistics.compute(segments: [Self.altitudeTrack(climb)]).elevationGain == 100)
        let upAndDown: [Double?] = (0...103).map { Double($0) } + (90...102).reversed().map { Double($0) }
        let upDown = TripStatistics.compute(segments: [Self.altitudeTrack(upAndDown)])
        #expect(upDown.elevationGain == 103)
        #expect(upDown.elevationLoss == 13)
        let noisy = climb + Array(repeating: [102, 98], count: 5).flatMap { $0 }
        let noisyStats = TripStatistics.compute(segments: [Self.altitudeTrack(noisy)])
        #expect(noisyStats.elevationGain == 102)
        #expect(noisyStats.elevationLoss == 0)
    }

    /// Missing altitudes are skipped, 0 m is real: [nil, 0, nil, 10, 0, nil] → 0 → 10 → 0: gain
    /// 10, loss 10. A segment break is not a climb: segment A at 0 m, segment B at 100 m → 0.
    /// No altitude at all → nil.
    @Test func missingAltitudeAndSegmentBreaks() {
        let sparse = TripStatistics.compute(segments: [Self.altitudeTrack([nil, 0, nil, 10, 0, nil])])
        #expect(sparse.elevationGain == 10)
        #expect(sparse.elevationLoss == 10)
        let split = TripStatistics.compute(segments: [
            Self.altitudeTrack([0, 0, 0]), Self.altitudeTrack([100, 100, 100]),
        ])
        #expect(split.elevationGain == 0)
        #expect(split.elevationLoss == 0)
        let none = TripStatistics.compute(segments: [Self.altitudeTrack([nil, nil])])
        #expect(none.elevationGain == nil)
    }

    /// A 20 m/s drive north, one fix a second (fixes 0…20), with fix 5 thrown 280 m ahead (the
    /// location filter's maximumSpeed would drop it; here the statistics see it): step 4→5 covers
    /// 380 − 80 = 300 m in 1 s, step 5→6 covers 380 − 120 = 260 m. Raw maximum 300 m/s. The
    /// windows (10 s, fixes i − 10 → i) are 200 m apart at their ends, 20 m/s, except the one from
    /// fix 5 (380 m) to fix 15 (300 m): 80 m, 8 m/s; the middle of every three is 20 m/s. The
    /// average moving speed, along the track, is (20 × 20 + 520) m / 20 s = 46 m/s, and the
    /// maximum is never below it: 46 m/s. Without the spike: 20 m/s.
    @Test func maximumSpeedIsSustainedOverTenSeconds() throws {
        var fixes = (0...20).map { Self.northward(20 * Double($0), seconds: Double($0)) }
        let clean = TripStatistics.compute(segments: [fixes])
        #expect(abs(try #require(clean.maximumSpeed) - 20) < 1e-6)
        fixes[5] = Self.northward(100 + 280, seconds: 5)
        let stats = TripStatistics.compute(segments: [fixes])
        #expect(abs(try #require(stats.rawMaximumSpeed) - 300) < 1e-6)
        #expect(abs(try #require(stats.averageMovingSpeed) - 46) < 1e-6)
        #expect(abs(try #require(stats.maximumSpeed) - 46) < 1e-6)
    }

    /// A stray fix 60 m to the side (below maximumSpeed, so the filter keeps it) cannot set the
    /// maximum: 20 s at 10 m/s, then 40 s at 30 m/s with fix 40 about 60 m east (at 45° N a degree
    /// of longitude is 78,847 m). Only the windows that end or start at it are longer
    /// (√(300² + 60²) m over 10 s = 30.6 m/s), and no three consecutive windows have two of them:
    /// 30 m/s. The average moving speed (along the track, detour included: (200 + 1,200 + 74) m /
    /// 60 s ≈ 24.6 m/s) stays below it.
    @Test func aStrayFixDoesNotSetTheMaximum() throws {
        var fixes = (0...60).map { second in
            let metres = second <= 20 ? 10 * Double(second) : 200 + 30 * Double(second - 20)
            return Self.northward(metres, seconds: Double(second))
        }
        fixes[40].coordinate.longitude += 60 / 78_847
        let stats = TripStatistics.compute(segments: [fixes])
        #expect(abs(try #require(stats.maximumSpeed) - 30) < 1e-3)
        #expect(try #require(stats.averageMovingSpeed) < 25)
    }

    /// A logger that records once a minute at 25 m/s: each step is 1,500 m over 60 s, longer than
    /// the 10 s window on its own, so the maximum is 25 m/s — what a 1 Hz log of the same drive
    /// gives (the old median-of-steps rule gave the same only by chance of equal steps).
    @Test func sparseLogMaximumIsDistanceOverTime() throws {
        let sparse = (0...10).map { Self.northward(1500 * Double($0), seconds: 60 * Double($0)) }
        let dense = (0...600).map { Self.northward(25 * Double($0), seconds: Double($0)) }
        let sparseMaximum = try #require(TripStatistics.compute(segments: [sparse]).maximumSpeed)
        let denseMaximum = try #require(TripStatistics.compute(segments: [dense]).maximumSpeed)
        #expect(abs(sparseMaximum - 25) < 1e-6 && abs(denseMaximum - 25) < 1e-6)
    }

    /// Moving only in bursts shorter than the window: 2 s at 10 m/s, then a segment break, five
    /// times. No stretch of 10 s exists inside a segment, so the maximum is the average moving
    /// speed (10 m/s): never below it.
    @Test func shortSegmentsKeepTheMaximumAtLeastTheAverage() throws {
        let segments = (0..<5).map { burst in
            (0...2).map { Self.northward(10 * Double($0), seconds: Double(100 * burst + $0)) }
        }
        let stats = TripStatistics.compute(segments: segments)
        #expect(abs(try #require(stats.averageMovingSpeed) - 10) < 1e-6)
        #expect(abs(try #require(stats.maximumSpeed) - 10) < 1e-6)
    }

    /// Drive 10 steps of 100 m / 10 s (10 m/s), stop for 6 steps of 10 s wandering 1 m back and
    /// forth (0.1 m/s < 0.5 m/s), drive 5 more steps of 100 m / 10 s. Moving: 15 × 10 s = 150 s
    /// over 1,500 m, average 10 m/s; stopped 60 s; total distance 1,506 m; duration 210 s.
    @Test func movingTimeWithStops() throws {
        var fixes: [LocationSample] = []
        var second = 0.0
        for step in 0...10 { fixes.append(Self.northward(100 * Double(step), seconds: second)); second += 10 }
        for wander in 1...6 { fixes.append(Self.northward(1000 + Double(wander % 2), seconds: second)); second += 10 }
        for step in 1...5 { fixes.append(Self.northward(1000 + 100 * Double(step), seconds: second)); second += 10 }
        let stats = TripStatistics.compute(segments: [fixes])
        #expect(abs(stats.movingTime - 150) < 1e-9)
        #expect(abs(stats.movingDistance - 1500) < 1e-6)
        #expect(abs(try #require(stats.averageMovingSpeed) - 10) < 1e-8)
        #expect(abs(stats.distance - 1506) < 1e-6)
        #expect(stats.duration == 210)
        #expect(abs(try #require(stats.maximumSpeed) - 10) < 1e-8)
    }

    /// Fixes without timestamps: distance still counts, no time figures at all.
    @Test func noTimestamps() {
        let fixes = (0...3).map { Self.northward(50 * Double($0), seconds: nil) }
        let stats = TripStatistics.compute(segments: [fixes])
        #expect(abs(stats.distance - 150) < 1e-6)
        #expect(stats.duration == nil)
        #expect(stats.recordedDuration == nil)
        #expect(stats.startTime == nil)
        #expect(stats.movingTime == 0)
        #expect(stats.averageMovingSpeed == nil)
        #expect(stats.maximumSpeed == nil)
        #expect(stats.rawMaximumSpeed == nil)
    }

    @Test func emptyInput() {
        let stats = TripStatistics.compute(segments: [[], []])
        #expect(stats == TripStatistics())
        #expect(stats.region == nil)
    }

    /// Longitudes 179.9, −179.95, 179.95 take the short way across ±180°: west 179.9, east
    /// −179.95, so the span is 0.15° and the center 179.975°; latitudes 10 … 11.
    @Test func regionAcrossTheAntimeridian() throws {
        let fixes = [(10.0, 179.9), (11.0, -179.95), (10.5, 179.95)].map {
            LocationSample(coordinate: Coordinate(latitude: $0.0, longitude: $0.1))
        }
        let region = try #require(TripStatistics.compute(segments: [fixes]).region)
        #expect(abs(region.span.longitudeDelta - 0.15) < 1e-9)
        #expect(abs(region.center.longitude - 179.975) < 1e-9)
        #expect(region.center.latitude == 10.5)
        #expect(region.span.latitudeDelta == 1)
    }

    /// Expected strings from GNU coreutils date 9.1, e.g.
    /// `TZ=Europe/Berlin date -d @1717225920 '+%F %H:%M %Z (%:z)'` → `2024-06-01 09:12 CEST (+02:00)`.
    /// Asia/Kolkata: date prints IST, but ICU (Foundation on Linux) has only "GMT+5:30" for it in
    /// English, so roadtrip prints the offset alone. 1960-02-29T23:59:59Z is −310435201 s
    /// (`date -u -d 1960-02-29T23:59:59Z +%s`): a leap day before 1970, seconds floored.
    @Test func timeFormattingInTheSiteTimeZone() throws {
        let zone = { (name: String) throws -> TimeZone in try #require(TimeZone(identifier: name)) }
        #expect(TripStatistics.formatted(Self.epoch, in: try zone("Europe/Berlin")) == "2024-06-01 09:12 CEST (+02:00)")
        #expect(
            TripStatistics.formatted(Self.epoch, in: try zone("America/Los_Angeles"))
                == "2024-06-01 00:12 PDT (-07:00)")
        #expect(TripStatistics.formatted(Self.epoch, in: try zone("UTC")) == "2024-06-01 07:12 UTC (+00:00)")
        #expect(TripStatistics.formatted(Self.epoch, in: try zone("Asia/Kolkata")) == "2024-06-01 12:42 (+05:30)")
        // TZ=Europe/Berlin date -d @1706771520 → 2024-02-01 08:12 CET (+01:00)
        #expect(
            TripStatistics.formatted(Date(timeIntervalSince1970: 1_706_771_520), in: try zone("Europe/Berlin"))
                == "2024-02-01 08:12 CET (+01:00)")
        #expect(
            TripStatistics.formatted(Date(timeIntervalSince1970: -310_435_201), in: try zone("UTC"))
                == "1960-02-29 23:59 UTC (+00:00)")
    }
}

/// The two real tracks in `Fixtures/triplogs/stats/` (see its README: extracted with gpxpy 1.6.2
/// by `python3 extract.py /work/shared/fixtures/triplogs`, which also prints every reference
/// figure below: gpxpy's own, and independent ones from pyproj 3.7.2's geodesic on the same CSV).
///
/// Why roadtrip's distance differs from gpxpy's `length_2d()`: gpxpy (`gpxpy/geo.py`, `distance`)
/// uses, for points less than 0.2° apart, a flat-earth formula on a sphere of the equatorial
/// radius — 111,319.49 m per degree of latitude and 111,319.49·cos φ₁ per degree of longitude —
/// and haversine only for farther points. The WGS 84 geodesic has 111,141 m/° north–south and
/// 111,511·cos φ m/° east–west at 45.77° N (Cerknica), so gpxpy is +0.155 % long on north–south
/// steps and −0.172 % short on east–west ones; at 37.23° N (the Garmin run) +0.304 % and −0.123 %.
/// Every step, and so the total, lies between those two factors, which are the test's bounds.
/// `length_3d()` (4,692.42 m and 4,075.58 m) adds the altitude differences; roadtrip's distance is
/// 2-D like a map's.
@Suite struct TripStatisticsAgainstGpxpyTests {
    /// Reads `segment,time,latitude,longitude,elevation` rows into segments (test-only parser).
    static func segments(_ name: String) throws -> [[LocationSample]] {
        let text = try String(contentsOf: FixtureFiles.url("triplogs/stats/\(name).csv"), encoding: .utf8)
        var segments: [[LocationSample]] = []
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let segment = try #require(Int(fields[0]))
            while segments.count <= segment { segments.append([]) }
            segments[segment].append(
                LocationSample(
                    timestamp: Date(timeIntervalSince1970: try #require(Double(fields[1]))),
                    coordinate: Coordinate(
                        latitude: try #require(Double(fields[2])), longitude: try #require(Double(fields[3]))),
                    altitude: Double(fields[4]), segment: segment))
        }
        return segments
    }

    /// Cerknica lake (gpxpy's test file): 296 fixes in 7 non-empty segments.
    /// - distance: pyproj 4,576.9074841889105 m; gpxpy `length_2d()` 4,580.1370099275755 m
    ///   (+0.071 %, inside the [−0.172 %, +0.155 %] band explained above).
    /// - duration: gpxpy time bounds 14:23:59 → 16:23:49 = 7,190 s; gpxpy `get_duration()` sums
    ///   segments: 4,239 s = `recordedDuration`.
    /// - moving time at gpxpy's 1 km/h: pyproj steps with speed ≥ 1/3.6 m/s sum to 2,309 s over
    ///   4,312.1215822332515 m. gpxpy says 2,425 s over 4,415.10 m: it classifies with the 3-D
    ///   distance (altitude noise makes slow steps "moving") and skips zero-distance steps.
    ///   At roadtrip's default 0.5 m/s: 1,967 s over 4,177.097945785629 m.
    /// - speeds: raw maximum 91.88348333981367 m/s (one 183.8 m jump in 2 s; gpxpy raw, 3-D:
    ///   91.957); the maximum sustained over 10 s 11.407741340718745 m/s (`sustained.py` beside the
    ///   fixtures, with pyproj); gpxpy, which drops the top 5 % of speeds: 11.152.
    /// - elevation: the unsmoothed sums of rises and falls are 252.82641199999995 m and
    ///   118.72289799999987 m (= hysteresis 0). gpxpy smooths each altitude as 0.3·prev + 0.4·cur
    ///   + 0.3·next with no threshold: 223.458 m up, 89.355 m down. The 5 m hysteresis (computed by
    ///   an independent Python zigzag in extract.py) gives 209.08654700000005 m and
    ///   73.06005900000002 m: below gpxpy, because smoothing only attenuates the many ±0.48 m
    ///   altitude steps (the receiver's resolution) while the hysteresis ignores them.
    @Test func cerknickoJezero() throws {
        let segments = try Self.segments("cerknicko-jezero")
        let stats = TripStatistics.compute(segments: segments)
        #expect(stats.fixCount == 296)
        #expect(stats.segmentCount == 7)
        #expect(abs(stats.distance - 4_576.9074841889105) < 1e-6)
        let ratio = 4_580.1370099275755 / stats.distance - 1
        #expect(ratio > -0.00172 && ratio < 0.00155)
        #expect(stats.duration == 7190)
        #expect(stats.recordedDuration == 4239)
        #expect(stats.movingTime == 1967)
        #expect(abs(stats.movingDistance - 4_177.097945785629) < 1e-6)
        #expect(abs(try #require(stats.rawMaximumSpeed) - 91.88348333981367) < 1e-6)
        #expect(abs(try #require(stats.maximumSpeed) - 11.407741340718745) < 1e-6)
        #expect(abs(try #require(stats.elevationGain) - 209.08654700000005) < 1e-6)
        #expect(abs(try #require(stats.elevationLoss) - 73.06005900000002) < 1e-6)

        let gpxpyLike = TripStatistics.compute(
            segments: segments, settings: StatisticsSettings(stoppedSpeedThreshold: 1 / 3.6, elevationHysteresis: 0))
        #expect(gpxpyLike.movingTime == 2309)
        #expect(abs(gpxpyLike.movingDistance - 4_312.1215822332515) < 1e-6)
        #expect(abs(try #require(gpxpyLike.elevationGain) - 252.82641199999995) < 1e-6)
        #expect(abs(try #require(gpxpyLike.elevationLoss) - 118.72289799999987) < 1e-6)

        // gpxpy get_bounds(): latitude 45.744161373 … 45.791722974, longitude 14.304350847 … 14.367124261.
        let region = try #require(stats.region)
        #expect(abs(region.center.latitude - (45.744161373 + 45.791722974) / 2) < 1e-12)
        #expect(abs(region.span.latitudeDelta - (45.791722974 - 45.744161373)) < 1e-12)
        #expect(abs(region.center.longitude - (14.304350847 + 14.367124261) / 2) < 1e-12)
        #expect(abs(region.span.longitudeDelta - (14.367124261 - 14.304350847)) < 1e-12)
    }

    /// The first 300 fixes of the Garmin Connect run (georust/gpx), one segment.
    /// - distance: pyproj 4,068.2548383966223 m; gpxpy `length_2d()` 4,072.9459107078205 m
    ///   (+0.115 %, inside [−0.123 %, +0.304 %]).
    /// - duration: 14:46:35 → 15:13:47 = 1,632 s, both ways (one segment).
    /// - moving: every step is at least 0.5 m/s: 1,632 s over the whole distance (gpxpy: 1,632 s).
    /// - speeds: raw 4.5368686730616075 m/s (gpxpy raw, 3-D: 4.546), sustained over 10 s
    ///   3.8155918484980047 m/s (`sustained.py`, pyproj; gpxpy's 95th-percentile rule: 3.168).
    /// - elevation (whole metres): unsmoothed 57 m up / 37 m down, gpxpy smoothed 50.76 / 30.76,
    ///   5 m hysteresis 41.599998474121094 / 21.599998474121094 (independent Python zigzag).
    @Test func garminActivity() throws {
        let segments = try Self.segments("garmin-activity")
        let stats = TripStatistics.compute(segments: segments)
        #expect(stats.fixCount == 300)
        #expect(stats.segmentCount == 1)
        #expect(abs(stats.distance - 4_068.2548383966223) < 1e-6)
        let ratio = 4_072.9459107078205 / stats.distance - 1
        #expect(ratio > -0.00123 && ratio < 0.00304)
        #expect(stats.duration == 1632)
        #expect(stats.recordedDuration == 1632)
        #expect(stats.movingTime == 1632)
        #expect(abs(stats.movingDistance - 4_068.2548383966223) < 1e-6)
        #expect(abs(try #require(stats.rawMaximumSpeed) - 4.5368686730616075) < 1e-6)
        #expect(abs(try #require(stats.maximumSpeed) - 3.8155918484980047) < 1e-6)
        #expect(abs(try #require(stats.elevationGain) - 41.599998474121094) < 1e-6)
        #expect(abs(try #require(stats.elevationLoss) - 21.599998474121094) < 1e-6)
        let unsmoothed = TripStatistics.compute(segments: segments, settings: StatisticsSettings(elevationHysteresis: 0))
        #expect(unsmoothed.elevationGain == 57)
        #expect(unsmoothed.elevationLoss == 37)
    }
}

@Suite struct StepDistanceReuseTests {
    /// Reusing the distance filter's measurements must not change a single figure: the same
    /// statistics, to the bit, with and without the step distances, on a real track.
    @Test func reusedDistancesGiveIdenticalStatistics() throws {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/triplogs/gpx/cerknicko-jezero.gpx", withExtension: nil))
        let log = try #require(GPXReader.read(url, displayPath: "x.gpx", slug: "x", timeZone: .gmt, log: DiagnosticLog()))
        let filtered = LocationFilter.applyMeasuringSteps(log.locations, settings: .roadTrip, recordingStart: nil)
        #expect(filtered.stepDistances.map(\.count) == filtered.segments.map(\.count))
        #expect(filtered.stepDistances.flatMap { $0 }.contains { $0 != nil })
        let reused = TripStatistics.compute(segments: filtered.segments, stepDistances: filtered.stepDistances)
        let measured = TripStatistics.compute(segments: filtered.segments)
        #expect(reused == measured)
    }
}

@Suite struct UntimedFixTests {
    /// Every other fix has no time (a logger that times alternate points). Along a meridian at a
    /// steady pace every step is moving, so moving time must be the whole duration (the 10 timed
    /// fixes 20 s apart: 180 s) and the average moving speed distance ÷ 180 s — before, no step had
    /// two timed ends and moving time came out 0.
    @Test func speedsRunBetweenTimedFixes() {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let fixes = (0..<20).map { index in
            LocationSample(
                timestamp: index.isMultiple(of: 2) ? start.addingTimeInterval(Double(index) * 10) : nil,
                coordinate: Coordinate(latitude: Double(index) * 0.001, longitude: 10))
        }
        let statistics = TripStatistics.compute(segments: [fixes])
        #expect(statistics.movingTime == 180)
        // The last timed fix is index 18: the distance after it (to index 19) has no time.
        let timedDistance = (0..<18).reduce(0.0) { total, index in
            total + Geodesic.inverse(from: fixes[index].coordinate, to: fixes[index + 1].coordinate).distance
        }
        #expect(abs(statistics.movingDistance - timedDistance) < 1e-6)
        #expect(abs((statistics.averageMovingSpeed ?? 0) - timedDistance / 180) < 1e-9)
    }
}
