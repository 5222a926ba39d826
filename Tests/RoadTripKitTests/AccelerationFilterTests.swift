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

/// DESIGN §4.2 acceleration filters: low-pass `g = k·a + (1−k)·g_prev` (Apple, Event Handling
/// Guide for iOS, "Isolating the gravity component"), high-pass `a − g`, worked by hand below.
@Suite struct AccelerationFilterTests {
    typealias Vector = AccelerationFilter.Vector

    /// Samples every `interval` seconds from the reference date, all face up at rest except where
    /// `change` says otherwise.
    func samples(count: Int, interval: Double = 0.02, change: (Int) -> Vector? = { _ in nil }) -> [AccelerationSample] {
        (0..<count).map { i in
            let v = change(i) ?? Vector(x: 0, y: 0, z: -1)
            return AccelerationSample(
                timestamp: Date(timeIntervalSinceReferenceDate: Double(i) * interval), x: v.x, y: v.y, z: v.z)
        }
    }

    /// Face up at rest, 1 g constant: g₀ = a (first sample), so the high-pass (1−k)ⁿ·(a − g₀) is 0
    /// from the start. For (0, 0, −1): 0.1·(−1) + 0.9·(−1) = −1 exactly in binary, so exactly 0.
    @Test func constantInputGivesZeroMotion() {
        let result = AccelerationFilter.apply(samples(count: 500), settings: .roadTrip)
        #expect(result.filteringFactor == 0.1)
        #expect(result.samples.allSatisfy { $0.motion == Vector(x: 0, y: 0, z: 0) })
        #expect(result.samples.allSatisfy { $0.gravity == Vector(x: 0, y: 0, z: -1) })
        #expect(result.events.isEmpty)
        #expect(result.orientations == [.faceUp: 500])
        // Any constant: rounding only, never growth (0.1·0.3 + 0.9·0.3 is 0.30000000000000004).
        var lowPass = AccelerationFilter.LowPass(filteringFactor: 0.1)
        for _ in 0..<1000 {
            let motion = lowPass.update(Vector(x: 0.3, y: -0.2, z: -0.9)).motion
            #expect(motion.magnitude <= 1e-15)
        }
    }

    /// Starting from g₀ = 0 instead (the state a badly initialised filter has), a constant 1 g
    /// input gives high-pass (1 − k)ⁿ·(a − g₀): 0.9, 0.81, 0.729, … → 0.9²⁰⁰ ≈ 7e-10 after 200.
    /// (The widely copied variant that stores a − g back in the low-pass variable never decays:
    /// that is why the state is kept apart.)
    @Test func badInitialStateDecaysGeometrically() {
        var lowPass = AccelerationFilter.LowPass(filteringFactor: 0.1, gravity: Vector(x: 0, y: 0, z: 0))
        let expected = [0.9, 0.81, 0.729]
        for value in expected {
            #expect(abs(lowPass.update(Vector(x: 0, y: 0, z: 1)).motion.z - value) < 1e-15)
        }
        for _ in 3..<200 { _ = lowPass.update(Vector(x: 0, y: 0, z: 1)) }
        #expect(abs(lowPass.update(Vector(x: 0, y: 0, z: 1)).motion.z - pow(0.9, 201)) < 1e-12)
        #expect(pow(0.9, 201) < 1e-9)
    }

    /// Step on z from 0 to 1 g at the third sample, k = 0.1: g = 0, 0, 0.1, 0.19, 0.271; motion =
    /// 0, 0, 1 − 0.1 = 0.9, 1 − 0.19 = 0.81, 1 − 0.271 = 0.729.
    @Test func stepInput() {
        let input = [0.0, 0, 1, 1, 1].map { AccelerationSample(x: 0, y: 0, z: $0) }
        let result = AccelerationFilter.apply(input, settings: FilterSettings(filteringFactor: 0.1))
        let gravity = result.samples.map(\.gravity.z)
        let motion = result.samples.map(\.motion.z)
        for (got, want) in zip(gravity, [0, 0, 0.1, 0.19, 0.271]) { #expect(abs(got - want) < 1e-15) }
        for (got, want) in zip(motion, [0, 0, 0.9, 0.81, 0.729]) { #expect(abs(got - want) < 1e-15) }
        #expect(result.sampleInterval == nil)
    }

    /// 50 Hz (Δt = 0.02 s), f_c = 1 Hz: RC = 1/(2π) = 0.15915494309189535 s,
    /// k = 0.02 / (0.15915494309189535 + 0.02) = 0.11163521170465972 (Python 3.11).
    @Test func cutoffFrequencyToFilteringFactor() {
        let k = AccelerationFilter.filteringFactor(cutoffFrequency: 1, sampleInterval: 0.02)
        #expect(abs(k - 0.11163521170465972) < 1e-15)
        let result = AccelerationFilter.apply(samples(count: 100), settings: FilterSettings(cutoffFrequency: 1))
        #expect(abs((result.sampleInterval ?? 0) - 0.02) < 1e-9)
        #expect(abs(result.filteringFactor - 0.11163521170465972) < 1e-9)
        // No timestamps, no sample rate: fall back to filteringFactor, else 0.1.
        let untimed = [AccelerationSample(x: 0, y: 0, z: -1), AccelerationSample(x: 0, y: 0, z: -1)]
        #expect(AccelerationFilter.apply(untimed, settings: FilterSettings(cutoffFrequency: 1)).filteringFactor == 0.1)
        #expect(
            AccelerationFilter.filteringFactor(settings: FilterSettings(filteringFactor: 0.2), sampleInterval: 0.02)
                == 0.2)
    }

    /// Steps 0.02, 0.02, 0.03 (a dropped sample), 0.02 (a repeated time is skipped): sorted
    /// 0.02, 0.02, 0.02, 0.03 → median (0.02 + 0.02) / 2 = 0.02.
    @Test func medianInterval() {
        let times = [0, 0.02, 0.04, 0.04, 0.07, 0.09]
        let input = times.map { AccelerationSample(timestamp: Date(timeIntervalSinceReferenceDate: $0), x: 0, y: 0, z: -1) }
        #expect(abs((AccelerationFilter.medianInterval(input) ?? 0) - 0.02) < 1e-12)
        #expect(AccelerationFilter.medianInterval([]) == nil)
    }

    /// UIDeviceOrientation from gravity (Apple's frame; the accelerometer reads the downward
    /// gravity vector): face up z = −1, portrait y = −1, landscapeLeft (home button right) x = −1.
    @Test func orientationFromGravity() {
        let cases: [(Vector, AccelerationFilter.Orientation)] = [
            (Vector(x: 0, y: 0, z: -1), .faceUp), (Vector(x: 0, y: 0, z: 1), .faceDown),
            (Vector(x: 0, y: -1, z: 0), .portrait), (Vector(x: 0, y: 1, z: 0), .portraitUpsideDown),
            (Vector(x: -1, y: 0, z: 0), .landscapeLeft), (Vector(x: 1, y: 0, z: 0), .landscapeRight),
            (Vector(x: 0.3, y: -0.3, z: -0.9), .faceUp),  // z ≤ −0.8
            (Vector(x: 0, y: -0.6, z: -0.79), .portrait),  // not flat enough; y dominates, |y| ≥ 0.5
            (Vector(x: 0.6, y: 0.6, z: 0), .portraitUpsideDown),  // tie goes to y
            (Vector(x: 0.2, y: 0.2, z: 0.2), .unknown),  // free fall-ish
        ]
        for (gravity, orientation) in cases {
            #expect(AccelerationFilter.orientation(of: gravity) == orientation, "\(gravity)")
        }
    }

    /// 50 Hz face up (z = −1). Sample 100 (t = 2.00 s): z = −1.5 → g.z = 0.1·(−1.5) + 0.9·(−1) =
    /// −1.05, motion (0, 0, −0.45): 0.45 g ≥ 0.3, along gravity → bump. Sample 250 (t = 5.00 s,
    /// 3 s later): y = −0.5 → g.y = −0.05, motion.y = −0.45 (motion.z ≈ 0.05·0.9¹⁵⁰ ≈ 7e-9):
    /// across gravity → jolt. Sample 260 (t = 5.20 s) y = −0.5 again, 0.2 s after 250 (< 2 s): same
    /// event; g.y = 0.1·(−0.5) + 0.9·(−0.05·0.9⁹) = −0.0674, motion 0.4326 < 0.45, so the peak stays.
    @Test func motionEvents() {
        let input = samples(count: 400) { i in
            switch i {
            case 100: return Vector(x: 0, y: 0, z: -1.5)
            case 250, 260: return Vector(x: 0, y: -0.5, z: -1)
            default: return nil
            }
        }
        let events = AccelerationFilter.apply(input, settings: .roadTrip).events
        #expect(events.count == 2)
        #expect(events.map(\.kind) == [.bump, .jolt])
        #expect(events.map(\.index) == [100, 250])
        #expect(abs(events[0].peak - 0.45) < 1e-12)
        #expect(abs(events[1].peak - 0.45) < 1e-8)
        #expect(events[0].timestamp == Date(timeIntervalSinceReferenceDate: 2.0))
        // A larger minimum gap (4 s) merges them into one event, peaking at the larger magnitude.
        let merged = AccelerationFilter.apply(input, settings: .roadTrip, minimumEventGap: 4).events
        #expect(merged.count == 1)
        // A higher threshold finds none.
        #expect(AccelerationFilter.apply(input, settings: .roadTrip, eventThreshold: 0.5).events.isEmpty)
    }

    @Test func nonFiniteSamplesAreInvalid() {
        let input = [
            AccelerationSample(x: 0, y: 0, z: -1), AccelerationSample(x: .nan, y: 0, z: -1),
            AccelerationSample(x: 0, y: 0, z: -1),
        ]
        let result = AccelerationFilter.apply(input, settings: .roadTrip)
        #expect(result.samples.count == 2)
        #expect(result.report.sentence == "2 of 3 acceleration samples kept: 1 invalid")
    }

    /// Two segments: (0°, 0°) at t = 0 → (0°, 0.001°) at t = 10 s; then (1°, 1°) at t = 1000 s.
    /// t = 2.5 s is a quarter of the way: along the equator, (0, 0.00025) (pyproj 3.7.2
    /// `g.fwd(0, 0, az, d/4)` with `az, _, d = g.inv(0, 0, 0.001, 0)` gives lat 0.0, lon 0.00025).
    /// t = 10 is the fix itself; t = 500 is in the gap (not placed); t = −1 before the track.
    @Test func placeEventsOnTheTrack() {
        func fix(_ t: Double, _ lat: Double, _ lon: Double) -> LocationSample {
            LocationSample(
                timestamp: Date(timeIntervalSinceReferenceDate: t), coordinate: Coordinate(latitude: lat, longitude: lon))
        }
        func event(_ t: Double?) -> AccelerationFilter.MotionEvent {
            AccelerationFilter.MotionEvent(
                kind: .bump, timestamp: t.map { Date(timeIntervalSinceReferenceDate: $0) }, index: 0, peak: 0.5,
                motion: Vector(x: 0, y: 0, z: 0.5))
        }
        let segments = [[fix(0, 0, 0), fix(10, 0, 0.001)], [fix(1000, 1, 1)]]
        let placed = AccelerationFilter.place(
            events: [event(2.5), event(10), event(500), event(-1), event(nil), event(1000)], on: segments)
        #expect(placed.map { $0.event.timestamp?.timeIntervalSinceReferenceDate } == [2.5, 10, 1000])
        #expect(abs(placed[0].coordinate.latitude) < 1e-15)
        #expect(abs(placed[0].coordinate.longitude - 0.00025) < 1e-15)
        #expect(placed[1].coordinate == Coordinate(latitude: 0, longitude: 0.001))
        #expect(placed[2].coordinate == Coordinate(latitude: 1, longitude: 1))
    }

    /// Along a meridian the geodesic is not linear in latitude: (0°, 0°) at t = 0 → (0.01°, 0°) at
    /// t = 4 s; at t = 1 s, a quarter of the 1105.7427583286865 m, pyproj gives latitude
    /// 0.0025000000002389717 (linear interpolation would give 0.0025, 2.4e-13 off).
    @Test func placeFollowsTheGeodesic() throws {
        let segments = [[
            LocationSample(timestamp: Date(timeIntervalSinceReferenceDate: 0), coordinate: Coordinate(latitude: 0, longitude: 0)),
            LocationSample(timestamp: Date(timeIntervalSinceReferenceDate: 4), coordinate: Coordinate(latitude: 0.01, longitude: 0)),
        ]]
        let event = AccelerationFilter.MotionEvent(
            kind: .jolt, timestamp: Date(timeIntervalSinceReferenceDate: 1), index: 0, peak: 0.4,
            motion: Vector(x: 0.4, y: 0, z: 0))
        let placed = try #require(AccelerationFilter.place(events: [event], on: segments).first)
        #expect(abs(placed.coordinate.latitude - 0.0025000000002389717) < 5e-14)
        #expect(abs(placed.coordinate.longitude) < 1e-15)
    }
}
