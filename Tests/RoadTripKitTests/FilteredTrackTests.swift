import Foundation
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripCompute

/// `FilteredTrack`: the kept fixes of a build in columns, or whole for `trip filter`.
@Suite struct FilteredTrackTests {
    static let start = Date(timeIntervalSince1970: 1_717_225_200)

    /// Fix `n`: at 46° + n/1000 N, 14° E, `n` s after the start, `100 + n` m; a course only from fix
    /// 3 on, a speed and accuracies always (which columns do not keep).
    static func fix(_ n: Int) -> LocationSample {
        LocationSample(
            timestamp: start.addingTimeInterval(Double(n)), coordinate: Coordinate(latitude: 46 + Double(n) / 1000, longitude: 14),
            altitude: 100 + Double(n), horizontalAccuracy: 5, verticalAccuracy: 3, speed: 12.5,
            course: n >= 3 ? 123.456789 : nil, segment: 7, line: n + 10)
    }

    /// Fixes 0–2 in a first segment, 3–4 in a second (an empty segment between them is left out).
    static let segments = [[fix(0), fix(1), fix(2)], [], [fix(3), fix(4)]]

    @Test func wholeSamplesKeepEveryField() {
        let track = FilteredTrack(segments: Self.segments)
        #expect(track.keepsWholeSamples)
        #expect(track.count == 5)
        #expect(track.segmentRanges == [0..<3, 3..<5])
        #expect(track.segments.map { Array($0) } == [[Self.fix(0), Self.fix(1), Self.fix(2)], [Self.fix(3), Self.fix(4)]])
        #expect(track.first == Self.fix(0) && track.last == Self.fix(4))
    }

    /// Columns keep position, time and altitude exactly, the course as a `Float` (123.456789 →
    /// 123.45679, Float's nearest), none before the first fix that has one; speed, accuracies and
    /// line are dropped and `segment` is the filtered segment's index.
    @Test func columnsKeepWhatASiteShows() {
        var track = FilteredTrack(reservingCapacity: 5)
        for segment in Self.segments where !segment.isEmpty {
            for (position, fix) in segment.enumerated() { track.append(fix, opensSegment: position == 0) }
        }
        #expect(!track.keepsWholeSamples)
        #expect(track.segmentRanges == [0..<3, 3..<5])
        for n in 0..<5 {
            let sample = track.sample(at: n)
            let original = Self.fix(n)
            #expect(sample.coordinate == original.coordinate && sample.timestamp == original.timestamp)
            #expect(sample.altitude == original.altitude)
            #expect(sample.course == (n >= 3 ? Double(Float(123.456789)) : nil))
            #expect(sample.speed == nil && sample.horizontalAccuracy == nil && sample.verticalAccuracy == nil && sample.line == nil)
            #expect(sample.segment == (n < 3 ? 0 : 1))
            #expect(track.time(at: n) == original.timestamp!.timeIntervalSinceReferenceDate)
        }
        #expect(abs(track.course(at: 4)! - 123.456789) < 1e-5)
        #expect(track.segments[1].coordinates.map(\.latitude) == [46.003, 46.004])
    }

    /// A fix without time or altitude reads back without them (NaN in its column means "none").
    @Test func missingValuesStayMissing() {
        var track = FilteredTrack()
        track.append(LocationSample(coordinate: Coordinate(latitude: 1, longitude: 2)), opensSegment: true)
        #expect(track.time(at: 0) == nil && track.altitude(at: 0) == nil && track.course(at: 0) == nil)
        #expect(track.sample(at: 0) == LocationSample(coordinate: Coordinate(latitude: 1, longitude: 2), segment: 0))
        #expect(FilteredTrack().first == nil && FilteredTrack().segments.isEmpty)
    }
}

/// `TrackProfile`: a track's speed and elevation series, reduced to columns of its time span, and
/// its courses.
@Suite struct TrackProfileTests {
    /// On the equator 0.001° of longitude is a × π/180 × 0.001 = 6,378,137 m × 1.745329e-5
    /// = 111.3195 m (WGS 84 equatorial radius), so 10 s per step is 11.13195 m/s, heading 90°.
    /// Fixes (t, lon, alt): (0, 0, 5) (10, .001, 6) (20, .002, 7) (20, .003, 8) | (100, .004, –).
    @Test func speedsAltitudesAndCoursesByHand() throws {
        func fix(_ seconds: Double, _ longitude: Double, _ altitude: Double?) -> LocationSample {
            LocationSample(
                timestamp: FilteredTrackTests.start.addingTimeInterval(seconds), coordinate: Coordinate(latitude: 0, longitude: longitude),
                altitude: altitude)
        }
        let track = FilteredTrack(segments: [
            [fix(0, 0, 5), fix(10, 0.001, 6), fix(20, 0.002, 7), fix(20, 0.003, 8)], [fix(100, 0.004, nil)],
        ])
        let profile = TrackProfile(track: track)
        #expect(profile.timedFixCount == 5)
        // No speed into a segment's first fix or over a zero time step.
        #expect(profile.speeds.map(\.time) == [10, 20])
        for speed in profile.speeds { #expect(abs(speed.value! - 11.13195) < 1e-4) }
        // Both fixes at 20 s are kept: first and last (and lowest and highest) of their column.
        #expect(profile.altitudes.map(\.time) == [0, 10, 20, 20])
        #expect(profile.altitudes.map(\.value) == [5, 6, 7, 8])
        let courses = Array(profile.courses)
        #expect(courses.count == 3)
        for course in courses { #expect(abs(course - 90) < 1e-9) }
    }

    /// 100,000 fixes 1 s apart (elevation 100 m but 900 m at 51,234 s and 20 m at 7,777 s, a gap
    /// between two segments at 50,000 s) reduce to at most 4 samples a column of 4,096 plus the
    /// break, and the extremes, the first and the last time survive.
    @Test func longTracksAreReducedKeepingExtremes() {
        var track = FilteredTrack()
        for second in 0..<100_000 {
            let altitude: Double = second == 51_234 ? 900 : second == 7_777 ? 20 : 100 + Double(second % 7)
            track.append(
                LocationSample(
                    timestamp: FilteredTrackTests.start.addingTimeInterval(Double(second)),
                    coordinate: Coordinate(latitude: 0, longitude: Double(second) * 1e-4), altitude: altitude),
                opensSegment: second == 50_000)
        }
        let profile = TrackProfile(track: track)
        #expect(profile.altitudes.count <= 4 * 4096 + 1)
        #expect(profile.altitudes.count > 4096)
        #expect(profile.altitudes.first?.time == 0 && profile.altitudes.last?.time == 99_999)
        let values = profile.altitudes.compactMap(\.value)
        #expect(values.max() == 900 && values.min() == 20)
        #expect(profile.altitudes.contains { $0.time == 51_234 && $0.value == 900 })
        #expect(profile.altitudes.contains { $0.time == 49_999 } && profile.altitudes.contains { $0.time == 50_000 })
        // The line breaks once, between the segments.
        #expect(profile.altitudes.filter { $0.value == nil }.count == 1)
        #expect(profile.speeds.filter { $0.value == nil }.count == 1)
    }
}

/// `ColumnDecimation` with `keepsEnds` (M4): first, lowest, highest and last of each column, each once.
@Suite struct ColumnDecimationEndsTests {
    /// Column 0 (x 0…9.9, width 10): y 5, 9, 1, 7 → first 5, max 9, min 1, last 7 — all four, in
    /// order; column 1: y 4 alone; with origin 0 and width 10, x = 10 starts column 1.
    @Test func keepsFirstLowestHighestLast() {
        var decimation = ColumnDecimation(origin: 0, columnWidth: 10, keepsEnds: true)
        for (x, y) in [(0.0, 5.0), (3.0, 9.0), (6.0, 1.0), (9.0, 7.0), (10.0, 4.0)] { decimation.add(x: x, y: y) }
        let runs = decimation.finish()
        #expect(runs.count == 1)
        #expect(runs[0].map(\.y) == [5, 9, 1, 7, 4])
        var plain = ColumnDecimation(origin: 0, columnWidth: 10)
        for (x, y) in [(0.0, 5.0), (3.0, 9.0), (6.0, 1.0), (9.0, 7.0), (10.0, 4.0)] { plain.add(x: x, y: y) }
        #expect(plain.finish()[0].map(\.y) == [9, 1, 4])
    }
}
