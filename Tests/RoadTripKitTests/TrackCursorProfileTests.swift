import Foundation
import Testing
import TestTools
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripCompute
@testable import RoadTripRender
import TestTools

/// The trip page's chart cursor profile, worked by hand on a track along the equator, where a
/// geodesic of less than 180° of longitude runs along the equator itself: a step of 0.001° is
/// a·Δλ = 6,378,137 m × 0.001 × π/180 = 111.31949079327357 m exactly (WGS 84's a).
@Suite struct TrackCursorProfileTests {
    static let epoch = Date(timeIntervalSince1970: 1_717_225_920)
    static let step = 6_378_137 * 0.001 * Double.pi / 180

    static func fix(_ seconds: Double, longitude: Double, altitude: Double? = nil) -> LocationSample {
        LocationSample(
            timestamp: epoch.addingTimeInterval(seconds), coordinate: Coordinate(latitude: 0, longitude: longitude),
            altitude: altitude)
    }

    /// Segment 1: eleven fixes 10 s and 0.001° apart with altitudes that climb, dip and climb;
    /// segment 2, after a gap: three fixes 10 s and 0.0001° apart, no altitude.
    static let track: FilteredTrack = {
        let altitudes: [Double] = [100, 100, 110, 120, 118, 130, 125, 119, 119, 140, 140]
        let first = altitudes.enumerated().map { fix(Double($0.offset) * 10, longitude: Double($0.offset) * 0.001, altitude: $0.element) }
        let second = (0..<3).map { fix(200 + Double($0) * 10, longitude: 0.02 + Double($0) * 0.0001) }
        return FilteredTrack(segments: [first, second])
    }()

    @Test func everyFixIsASampleWithItsRunningTotals() throws {
        let samples = TrackCursorProfile(track: Self.track).samples
        #expect(samples.count == 14)
        #expect(samples.map(\.time) == [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 200, 210, 220])
        // Distance: k steps of 111.319 m in the first segment; the gap adds nothing.
        for k in 0...10 {
            #expect(abs(samples[k].totals.distance - Double(k) * Self.step) < 1e-6)
        }
        #expect(abs(samples[13].totals.distance - (10 * Self.step + 2 * Self.step / 10)) < 1e-6)
        // Speed into each fix: 111.319 m / 10 s; none at a segment's first fix; 11.1319 m / 10 s after the gap.
        #expect(samples[0].speed == nil && samples[11].speed == nil)
        #expect(abs(samples[1].speed! - Self.step / 10) < 1e-9)
        #expect(abs(samples[12].speed! - Self.step / 100) < 1e-9)
        // Every step is moving (≥ 0.5 m/s): 100 s then 20 s.
        #expect(samples[10].totals.movingTime == 100)
        #expect(samples[13].totals.movingTime == 120)
        // Elevation, hysteresis 5 m, by hand: 100 100 → 110 confirms a climb from 100 (pending
        // 10), 120 (20), 118 (20), 130 (30); 125 is 5 below 130: the climb 100→130 counts (30) and
        // a descent is pending (5); 119 (loss 11), 119; 140 is 21 above 119: the descent 130→119
        // counts (11) and a climb is pending (30 + 21 = 51); 140.
        #expect(samples.prefix(11).map(\.totals.elevationGain) == [0, 0, 10, 20, 20, 30, 30, 30, 30, 51, 51])
        #expect(samples.prefix(11).map(\.totals.elevationLoss) == [0, 0, 0, 0, 0, 0, 5, 11, 11, 11, 11])
        #expect(samples[11].altitude == nil && samples[13].totals.elevationGain == 51)
        // Sustained speed, 10-s windows (one step each), the middle of three: from the third
        // window on (fix 3) each is 11.1319 m/s. Segment 2 has two windows: the lower one counts
        // when it closes (1.11319 m/s), at its last fix.
        #expect(samples[1].maximumSpeed == nil && samples[2].maximumSpeed == nil)
        for k in 3...10 { #expect(abs(samples[k].maximumSpeed! - Self.step / 10) < 1e-9) }
        #expect(samples[12].maximumSpeed == nil)
        #expect(abs(samples[13].maximumSpeed! - Self.step / 100) < 1e-9)
    }

    /// Each fix's step from the previous fix of its segment, measured once for the chart's profile
    /// too: the chart's speeds are the same as when it measures them itself.
    @Test func theStepsAreMeasuredOnceForBothProfiles() throws {
        let cursor = TrackCursorProfile(track: Self.track)
        let expected = [0] + Array(repeating: Self.step, count: 10) + [0, Self.step / 10, Self.step / 10]
        #expect(cursor.stepDistances.count == 14)
        for (measured, hand) in zip(cursor.stepDistances, expected) { #expect(abs(measured - hand) < 1e-6) }
        let shared = TrackProfile(track: Self.track, stepDistances: cursor.stepDistances)
        let own = TrackProfile(track: Self.track)
        #expect(shared.speeds.count == own.speeds.count)
        for (a, b) in zip(shared.speeds, own.speeds) {
            #expect(a.time == b.time && (a.value == nil) == (b.value == nil))
            if let x = a.value, let y = b.value { #expect(abs(x - y) < 1e-9) }
        }
    }

    /// From the first sample to the last, the differences are the page's statistics.
    @Test func theWholeStretchIsThePagesStatistics() throws {
        let samples = TrackCursorProfile(track: Self.track).samples
        let statistics = TripStatistics.compute(segments: Self.track.segments.map { Array($0) })
        let first = try #require(samples.first), last = try #require(samples.last)
        #expect(abs(last.totals.distance - first.totals.distance - statistics.distance) < 1e-9)
        #expect(last.time - first.time == statistics.duration)
        #expect(last.totals.movingTime - first.totals.movingTime == statistics.movingTime)
        #expect(last.totals.elevationGain == statistics.elevationGain && last.totals.elevationLoss == statistics.elevationLoss)
        let windows = samples.compactMap(\.maximumSpeed).max()!
        let average = (last.totals.movingDistance - first.totals.movingDistance) / (last.totals.movingTime - first.totals.movingTime)
        #expect(max(windows, average) == statistics.maximumSpeed)
    }

    /// The cursor measures a sustained-speed window only where it could raise its sample's maximum
    /// (`WindowMeasuring.aboveGroupMaximum`); the reference measures every window. On zig-zag
    /// tracks (where the distance along the track, the bound, exceeds the window's chord) cut into
    /// groups at random fixes, each group's maximum — the highest middle of three, and with the
    /// segment's closing speed — and the statistics must be the same numbers exactly.
    @Test func boundedWindowsGiveEachGroupTheExactMaximum() throws {
        var random = SplitMix64(seed: 20_261_204)
        for _ in 0..<40 {
            var bounded = TripStatistics.Accumulator(windowMeasuring: .aboveGroupMaximum)
            var exact = TripStatistics.Accumulator(windowMeasuring: .everyWindow)
            var boundedMaximum: Double?, exactMaximum: Double?
            var latitude = 46.0, longitude = 14.5, seconds = 0.0
            var groups = 0, boundsReported = 0
            for index in 0..<600 {
                let heading = Double.random(in: 0..<(2 * .pi), using: &random)
                let metres = Double.random(in: 0...40, using: &random)
                latitude += metres * cos(heading) / 111_000
                longitude += metres * sin(heading) / 77_000
                seconds += Double(Int.random(in: 1...3, using: &random))
                let fix = LocationSample(
                    timestamp: Self.epoch.addingTimeInterval(seconds), coordinate: Coordinate(latitude: latitude, longitude: longitude))
                let opens = index == 0 || Int.random(in: 0..<150, using: &random) == 0
                bounded.add(fix, opensSegment: opens)
                exact.add(fix, opensSegment: opens)
                if let window = bounded.lastWindowSpeed { boundedMaximum = max(boundedMaximum ?? window, window) }
                if let window = exact.lastWindowSpeed {
                    exactMaximum = max(exactMaximum ?? window, window)
                    if bounded.lastWindowSpeed != window { boundsReported += 1 }
                }
                let closing = (bounded.shortSegmentSpeed, exact.shortSegmentSpeed)
                if let closingBounded = closing.0, let closingExact = closing.1 {
                    #expect(max(boundedMaximum ?? closingBounded, closingBounded) == max(exactMaximum ?? closingExact, closingExact))
                }
                if Int.random(in: 0..<12, using: &random) == 0 {
                    #expect(boundedMaximum == exactMaximum)
                    (boundedMaximum, exactMaximum) = (nil, nil)
                    bounded.startWindowGroup()
                    exact.startWindowGroup()
                    groups += 1
                }
            }
            #expect(boundedMaximum == exactMaximum)
            #expect(bounded.statistics() == exact.statistics())
            // The test means something: groups were cut, and bounds stood in for some windows.
            #expect(groups > 20 && boundsReported > 0)
        }
    }

    /// A 10,000-fix track (1 s apart) is sampled at the first fix of each of 720 slices of its
    /// 9,999 s, and its last fix (at 9,999 s, the end of slice 719): 721 samples, times increasing.
    @Test func aLongTrackIsSampledBySlicesOfItsTime() throws {
        let fixes = (0..<10_000).map { Self.fix(Double($0), longitude: Double($0) * 0.0001) }
        let samples = TrackCursorProfile(track: FilteredTrack(segments: [fixes])).samples
        #expect(samples.count == 721)
        #expect(samples.first?.time == 0 && samples.last?.time == 9_999)
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0.time < $1.time })
        // Slice k starts at k · 9,999 / 720 s: its first fix is at the next whole second.
        #expect(samples[1].time == 14)  // 13.8875 s
        #expect(samples[360].time == 5_000)  // 4,999.5 s
        // The running totals are still the whole track's: 9,999 steps of 11.1319 m.
        #expect(abs(samples.last!.totals.distance - 9_999 * Self.step / 10) < 1e-6)
    }

    /// The page's JSON: columns with a value a sample.
    @Test func theJSONHasOneColumnEntryASample() throws {
        let text = TrackCursorJSON.text(TrackCursorProfile(track: Self.track))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: [Any]])
        #expect(Set(object.keys) == [
            "time", "latitude", "longitude", "altitude", "speed", "distance", "movingTime", "movingDistance",
            "elevationGain", "elevationLoss", "maximumSpeed",
        ])
        #expect(object.values.allSatisfy { $0.count == 14 })
        #expect(object["longitude"]?[1] as? Double == 0.001)
        #expect(object["distance"]?[10] as? Double == 1113.2)  // 10 × 111.319 m, 1 decimal
        #expect(object["altitude"]?[11] is NSNull)
    }
}
