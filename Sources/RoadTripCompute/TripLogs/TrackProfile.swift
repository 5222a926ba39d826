import Foundation
import RoadTripCore
import RoadTripGeo

/// A filtered track as series over time, for the trip page's charts: the speed over the step into
/// each kept fix (geodesic distance ÷ Δt, m/s) and its altitude (metres), against the seconds since
/// the first timestamped fix, and the direction of travel of each step. Fixes without a timestamp
/// cannot be placed in time and are left out.
///
/// Size: the speed and altitude series are reduced to the first, last, lowest and highest value of
/// each of `columnCount` equal slices of the recording's time span (`ColumnDecimation` with
/// `keepsEnds`), so a 1,000,000-fix recording gives at most 16,384 samples a series while every
/// extreme, the first and the last time survive exactly; a chart 800 pixels wide then keeps the
/// extremes of each of its columns (`TimeSeriesChart`). The courses are computed as they are read
/// (`Courses`), never stored.
public struct TrackProfile: Sendable {
    /// A sample of a series: seconds since the first timestamped fix, and the value (`nil`: the
    /// line breaks here).
    public typealias Sample = (time: Double, value: Double?)

    /// Slices of the time span the series are reduced to (see the type).
    public static let columnCount = 4096

    /// m/s over the step into each fix; `nil` at a segment's first fix and after a zero time step
    /// (the line breaks).
    public private(set) var speeds: [Sample] = []
    /// Metres, as recorded; `nil` where a fix has none (the line breaks; 0 m is a value).
    public private(set) var altitudes: [Sample] = []
    /// How many fixes have a timestamp (before the reduction).
    public private(set) var timedFixCount = 0
    /// The direction of travel of each step (see `Courses`), for the course rose.
    public let courses: Courses

    /// The profile of `track`, its series reduced to `columnCount` slices of its time span.
    /// `stepDistances`, when given, holds each fix's geodesic distance in metres from the previous
    /// fix of its segment, by fix index (`TrackCursorProfile.stepDistances`): a step between
    /// consecutive fixes is then not measured again.
    public init(track: FilteredTrack, columnCount: Int = TrackProfile.columnCount, stepDistances: [Double]? = nil) {
        courses = Courses(track: track)
        var start: Double?
        var (earliest, latest) = (Double.infinity, -Double.infinity)
        for index in 0..<track.count {
            guard let time = track.time(at: index) else { continue }
            if start == nil { start = time }
            earliest = min(earliest, time)
            latest = max(latest, time)
            timedFixCount += 1
        }
        guard let start else { return }
        let width = latest > earliest ? (latest - earliest) / Double(max(columnCount, 1)) : 1
        var speedColumns = ColumnDecimation(origin: earliest - start, columnWidth: width, keepsEnds: true)
        var altitudeColumns = speedColumns
        for segment in track.segments {
            var previous: (time: Double, coordinate: Coordinate, index: Int)?
            for index in segment.fixes {
                guard let time = track.time(at: index) else { continue }
                let coordinate = track.coordinate(at: index)
                let elapsed = time - start
                if let altitude = track.altitude(at: index), altitude.isFinite {
                    altitudeColumns.add(x: elapsed, y: altitude)
                } else {
                    altitudeColumns.breakLine()
                }
                if let previous, time > previous.time {
                    let distance = previous.index == index - 1 && stepDistances?.count == track.count
                        ? stepDistances![index] : Geodesic.distance(from: previous.coordinate, to: coordinate)
                    speedColumns.add(x: elapsed, y: distance / (time - previous.time))
                } else {
                    speedColumns.breakLine()
                }
                previous = (time, coordinate, index)
            }
            speedColumns.breakLine()
            altitudeColumns.breakLine()
        }
        speeds = Self.samples(speedColumns.finish())
        altitudes = Self.samples(altitudeColumns.finish())
    }

    /// The runs as one series, a `nil` value between runs.
    private static func samples(_ runs: [[(x: Double, y: Double)]]) -> [Sample] {
        var samples: [Sample] = []
        for run in runs {
            if let last = samples.last { samples.append((last.time, nil)) }
            samples += run.map { (time: $0.x, value: $0.y) }
        }
        return samples
    }

    /// The direction of travel in degrees from true north of each step between timestamped fixes
    /// of a segment: the fix's own valid `course` (≥ 0) when it has one, else the geodesic's initial
    /// azimuth from the previous fix (0 ..< 360; none for a step of zero length). Computed as it is
    /// iterated.
    public struct Courses: Sequence, Sendable {
        let track: FilteredTrack

        public func makeIterator() -> AnyIterator<Double> {
            let track = track
            var segments = track.segments.makeIterator()
            var fixes = (0..<0).makeIterator()
            var previous: Coordinate?
            return AnyIterator {
                while true {
                    guard let index = fixes.next() else {
                        guard let segment = segments.next() else { return nil }
                        fixes = segment.fixes.makeIterator()
                        previous = nil
                        continue
                    }
                    guard track.time(at: index) != nil else { continue }
                    let coordinate = track.coordinate(at: index)
                    defer { previous = coordinate }
                    guard let from = previous else { continue }
                    if let course = track.course(at: index), course >= 0 { return course }
                    let step = Geodesic.inverse(from: from, to: coordinate)
                    if step.distance > 0 { return (step.initialAzimuth + 360).truncatingRemainder(dividingBy: 360) }
                }
            }
        }
    }
}
