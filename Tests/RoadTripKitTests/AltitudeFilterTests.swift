import Foundation
import Testing
import TestTools
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripCompute

/// The altitude filter: vertical accuracy, implausible climbs (the first fix's spike included), the
/// report, and a closed loop whose gain and loss then agree.
@Suite struct AltitudeFilterTests {
    static let t0 = Date(timeIntervalSince1970: 1_717_228_800)

    /// A fix `seconds` after t0, `metres` north of 46° N 14° E (about 111 km per degree), at
    /// `altitude` m.
    static func fix(_ seconds: Double, altitude: Double?, verticalAccuracy: Double? = nil, north metres: Double = 0)
        -> LocationSample
    {
        LocationSample(
            timestamp: t0.addingTimeInterval(seconds),
            coordinate: Coordinate(latitude: 46 + metres / 111_000, longitude: 14), altitude: altitude,
            verticalAccuracy: verticalAccuracy)
    }

    static let settings = FilterSettings(desiredVerticalAccuracy: 50, maximumVerticalSpeed: 10)

    /// 1 s apart: 605, 100, 101, 102 m. 605 → 100 is 505 m in 1 s: implausible, but a segment's
    /// first altitude has nothing to be checked against, so it waits: 100 → 101 agree (1 m in 1 s),
    /// which confirms 100 and clears 605 (505 m from it in 1 s).
    @Test func aSpikeOnTheFirstFixIsCleared() {
        let fixes = [605.0, 100, 101, 102].enumerated().map { Self.fix(Double($0), altitude: $1) }
        let (segments, report) = AltitudeFilter.apply([fixes], settings: Self.settings)
        #expect(segments.map { $0.map(\.altitude) } == [[nil, 100, 101, 102]])
        #expect(report.sentence == "3 of 4 altitudes kept: 1 climbing faster than 10 m/s")
    }

    /// 100, 101, 400, 102, 103 m, 1 s apart: 400 is 299 m from 101 in 1 s: cleared; 102 is
    /// checked against 101 (the last accepted), 1 m in 2 s: kept. Positions are all kept.
    @Test func aSpikeInTheMiddleIsCleared() {
        let fixes = [100.0, 101, 400, 102, 103].enumerated().map { Self.fix(Double($0), altitude: $1) }
        let (segments, report) = AltitudeFilter.apply([fixes], settings: Self.settings)
        #expect(segments.map { $0.map(\.altitude) } == [[100, 101, nil, 102, 103]])
        #expect(segments[0].count == 5)
        #expect(report.count(.implausibleClimb) == 1)
    }

    /// A real climb passes: 8 m/s up a mountain pass for a minute (480 m), 10 s apart.
    @Test func aSteadyClimbPasses() {
        let fixes = (0...6).map { Self.fix(Double($0) * 10, altitude: 500 + 80 * Double($0)) }
        let (segments, report) = AltitudeFilter.apply([fixes], settings: Self.settings)
        #expect(segments[0].map(\.altitude) == fixes.map(\.altitude))
        #expect(report.sentence == "all 7 altitudes kept")
    }

    /// verticalAccuracy 60 m > 50 m: cleared; −1 (Core Location's invalid altitude): cleared; no
    /// accuracy: kept; 50 m exactly: kept. A fix without altitude is not counted.
    @Test func verticalAccuracy() {
        let fixes = [
            Self.fix(0, altitude: 100, verticalAccuracy: 5), Self.fix(1, altitude: 101, verticalAccuracy: 60),
            Self.fix(2, altitude: 102, verticalAccuracy: -1), Self.fix(3, altitude: 103),
            Self.fix(4, altitude: 104, verticalAccuracy: 50), Self.fix(5, altitude: nil),
        ]
        let (segments, report) = AltitudeFilter.apply([fixes], settings: Self.settings)
        #expect(segments.map { $0.map(\.altitude) } == [[100, nil, nil, 103, 104, nil]])
        #expect(report.sentence == "3 of 5 altitudes kept: 1 invalid, 1 less accurate than 50 m vertically")
    }

    /// Each segment starts afresh: segment 2 starting 300 m higher is no climb.
    @Test func segmentsStartAfresh() {
        let first = [100.0, 101, 102].enumerated().map { Self.fix(Double($0), altitude: $1) }
        let second = [402.0, 403, 404].enumerated().map { Self.fix(Double($0) + 3, altitude: $1) }
        let (segments, report) = AltitudeFilter.apply([first, second], settings: Self.settings)
        #expect(segments.map { $0.map(\.altitude) } == [[100, 101, 102], [402, 403, 404]])
        #expect(report.count(.implausibleClimb) == 0)
    }

    /// A phone loop: it leaves at 300 m, climbs to 350 m and comes back to 300 m over 20 minutes with
    /// ±2 m of noise, one fix a second, and its first fix carries a 605 m spike. Filtered, gain and
    /// loss agree within the 5 m hysteresis plus the start/end difference (0 m here): both about
    /// 50 m. Unfiltered, the spike adds 305 m of loss at once.
    @Test func aClosedLoopGainsWhatItLoses() throws {
        var generator = SplitMix64(seed: 605)
        var fixes = (0..<1200).map { second -> LocationSample in
            let profile = 300 + 50 * sin(Double(second) / 1200 * .pi)
            return Self.fix(Double(second), altitude: profile + Double.random(in: -2...2, using: &generator), north: Double(second) * 20)
        }
        fixes[0].altitude = 605
        let log = TripLog(slug: "loop", sourcePath: "loop.gpx", format: .gpx, locations: fixes)
        let filtered = ProcessedTripLog(log: log, settings: .roadTrip).statistics
        let gain = try #require(filtered.elevationGain), loss = try #require(filtered.elevationLoss)
        #expect(abs(gain - loss) <= 5 + 4)  // hysteresis + the ±2 m noise at either end
        #expect(abs(gain - 50) < 10)
        var unfiltered = FilterSettings.roadTrip
        unfiltered.maximumVerticalSpeed = nil
        let raw = ProcessedTripLog(log: log, settings: unfiltered).statistics
        #expect(try #require(raw.elevationLoss) > 300)
    }
}
