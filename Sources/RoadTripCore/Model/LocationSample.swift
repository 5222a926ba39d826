import Foundation

/// One position fix of a recording, with Core Location's `CLLocation` field names.
///
/// An absent value is `nil`; a negative `horizontalAccuracy`, `verticalAccuracy`, `speed` or
/// `course` means "invalid", as in Core Location — the two are not the same thing
/// (missing is not invalid).
public struct LocationSample: Sendable, Hashable, Codable {
    /// When the fix was taken (UTC), or `nil` when the log gives no time.
    public var timestamp: Date?
    /// Latitude and longitude in degrees (WGS 84).
    public var coordinate: Coordinate
    /// Altitude in metres, as the log gives it (GPX `ele`: above mean sea level by convention).
    public var altitude: Double?
    /// Radius of uncertainty of `coordinate` in metres (≈ 1σ); negative means invalid.
    public var horizontalAccuracy: Double?
    /// Uncertainty of `altitude` in metres; negative means invalid.
    public var verticalAccuracy: Double?
    /// Ground speed in m/s; negative means invalid.
    public var speed: Double?
    /// Direction of travel in degrees clockwise from true north (0 ..< 360); negative means invalid.
    public var course: Double?
    /// The recording's own segment (a GPX `trkseg`, a recording pause), 0-based, in file order.
    public var segment: Int
    /// The 1-based line in the source file, for diagnostics, when known.
    public var line: Int?

    /// Creates a fix; every measurement but the coordinate is optional.
    public init(
        timestamp: Date? = nil, coordinate: Coordinate, altitude: Double? = nil,
        horizontalAccuracy: Double? = nil, verticalAccuracy: Double? = nil, speed: Double? = nil,
        course: Double? = nil, segment: Int = 0, line: Int? = nil
    ) {
        self.timestamp = timestamp
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.speed = speed
        self.course = course
        self.segment = segment
        self.line = line
    }
}
