import Foundation
import RoadTripCore
import RoadTripGeo

/// A filtered track as series over time, for the trip page's charts: per kept fix, the seconds since
/// the first timestamped fix, the speed over the step into it (geodesic distance ÷ Δt, m/s; `nil`
/// for the first fix of a segment, so a chart line breaks at gaps), and its altitude
/// (metres, `nil` when missing). Fixes without a timestamp cannot be placed in time and are left out.
public struct TrackProfile: Sendable, Hashable {
    /// Seconds since the first timestamped fix.
    public var times: [Double] = []
    /// m/s over the step into each fix; `nil` at a segment's first fix or a zero time step.
    public var speeds: [Double?] = []
    /// Metres, as recorded.
    public var altitudes: [Double?] = []
    /// Direction of travel in degrees from true north for each step (the geodesic's initial azimuth,
    /// 0 ..< 360), or the fix's own valid `course` when it has one — for the course rose.
    public var courses: [Double] = []

    /// The profile of `segments` (kept fixes in time order).
    public init(segments: [[LocationSample]]) {
        guard let start = segments.lazy.flatMap({ $0 }).compactMap(\.timestamp).first else { return }
        for segment in segments {
            var previous: LocationSample?
            for fix in segment {
                guard let timestamp = fix.timestamp else { continue }
                times.append(timestamp.timeIntervalSince(start))
                altitudes.append(fix.altitude.flatMap { $0.isFinite ? $0 : nil })
                var speed: Double?
                if let previous, let previousTime = previous.timestamp {
                    let step = Geodesic.inverse(from: previous.coordinate, to: fix.coordinate)
                    let interval = timestamp.timeIntervalSince(previousTime)
                    if interval > 0 { speed = step.distance / interval }
                    if let course = fix.course, course >= 0 {
                        courses.append(course)
                    } else if step.distance > 0 {
                        courses.append((step.initialAzimuth + 360).truncatingRemainder(dividingBy: 360))
                    }
                }
                speeds.append(speed)
                previous = fix
            }
        }
    }
}
