import Foundation
import Testing
import TestTools
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripGeo
@testable import RoadTripCompute

/// The statistics' invariants on generated logs, whatever the input: maximum speed ≥ average moving
/// speed, the single-step peak ≥ the maximum, moving time ≤ recorded duration ≤ duration, moving
/// distance ≤ distance, and no negative or non-finite figure.
@Suite struct TripStatisticsInvariantTests {
    /// A log of drives, stops, sparse stretches, spikes, repeated and backward times, missing times
    /// and altitudes, altitude spikes and segment changes, drawn from `generator`.
    static func generatedLog(_ generator: inout SplitMix64) -> [LocationSample] {
        var fixes: [LocationSample] = []
        var time = Double.random(in: 0...1e6, using: &generator)
        var latitude = Double.random(in: -80...80, using: &generator)
        var longitude = Double.random(in: -180...180, using: &generator)
        var altitude = Double.random(in: -100...3000, using: &generator)
        var segment = 0
        let count = Int.random(in: 0...400, using: &generator)
        for _ in 0..<count {
            switch Int.random(in: 0..<100, using: &generator) {
            case 0..<50: time += Double.random(in: 0.5...2, using: &generator)  // 1 Hz driving
            case 50..<60: time += Double.random(in: 60...900, using: &generator)  // a sparse logger
            case 60..<63: time += Double.random(in: 1000...20000, using: &generator)  // a pause
            case 63..<66: time -= Double.random(in: 0...30, using: &generator)  // time steps back
            case 66..<69: break  // repeated time
            default: time += 1
            }
            let speed = Double.random(in: 0...40, using: &generator)
            latitude = min(89, max(-89, latitude + Double.random(in: -1...1, using: &generator) * speed / 111_000))
            longitude += Double.random(in: -1...1, using: &generator) * speed / 80_000
            if longitude > 180 { longitude -= 360 }
            if longitude < -180 { longitude += 360 }
            altitude += Double.random(in: -3...3, using: &generator)
            var fix = LocationSample(
                timestamp: Int.random(in: 0..<20, using: &generator) == 0 ? nil : Date(timeIntervalSince1970: time),
                coordinate: Coordinate(latitude: latitude, longitude: longitude),
                altitude: Int.random(in: 0..<10, using: &generator) == 0 ? nil : altitude,
                horizontalAccuracy: Double.random(in: -5...80, using: &generator),
                verticalAccuracy: Double.random(in: 2...80, using: &generator),
                segment: segment)
            if Int.random(in: 0..<50, using: &generator) == 0 {  // a position spike
                fix.coordinate.latitude = min(89, max(-89, latitude + Double.random(in: -0.05...0.05, using: &generator)))
            }
            if Int.random(in: 0..<60, using: &generator) == 0 {  // an altitude spike
                fix.altitude = altitude + Double.random(in: -900...900, using: &generator)
            }
            if Int.random(in: 0..<80, using: &generator) == 0 { segment += 1 }
            fixes.append(fix)
        }
        return fixes
    }

    @Test(arguments: ["default", "corelocation-sample", "off"])
    func invariantsHoldOnGeneratedLogs(preset: String) throws {
        var generator = SplitMix64(seed: 20_261_203)
        let settings = FilterSettings.preset(named: preset) ?? FilterSettings()
        for index in 0..<300 {
            let fixes = Self.generatedLog(&generator)
            let log = TripLog(slug: "log-\(index)", sourcePath: "generated", format: .gpx, locations: fixes)
            let statistics = ProcessedTripLog(log: log, settings: settings).statistics
            let figures = [
                statistics.distance, statistics.movingTime, statistics.movingDistance, statistics.duration,
                statistics.recordedDuration, statistics.averageMovingSpeed, statistics.maximumSpeed,
                statistics.rawMaximumSpeed, statistics.elevationGain, statistics.elevationLoss,
            ].compactMap { $0 }
            let context = Comment(rawValue: "log \(index), preset \(preset)")
            #expect(figures.allSatisfy { $0.isFinite && $0 >= 0 }, context)
            if let average = statistics.averageMovingSpeed {
                let maximum = try #require(statistics.maximumSpeed, context)
                #expect(maximum >= average * (1 - 1e-12), context)
                #expect(try #require(statistics.rawMaximumSpeed, context) >= maximum * (1 - 1e-12), context)
            }
            let duration = statistics.duration ?? 0
            #expect(statistics.movingTime <= (statistics.recordedDuration ?? 0) + 1e-6, context)
            #expect((statistics.recordedDuration ?? 0) <= duration + 1e-6, context)
            #expect(statistics.movingDistance <= statistics.distance + 1e-6, context)
        }
    }
}
