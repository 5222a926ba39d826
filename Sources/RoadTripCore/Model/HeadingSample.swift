import Foundation

/// One compass reading, with Core Location's `CLHeading` field names.
public struct HeadingSample: Sendable, Hashable, Codable {
    /// When the reading was taken (UTC), or `nil` when the log gives no time.
    public var timestamp: Date?
    /// Degrees clockwise from magnetic north (0 ..< 360); negative means invalid.
    public var magneticHeading: Double?
    /// Degrees clockwise from true (geographic) north (0 ..< 360); negative means invalid.
    public var trueHeading: Double?
    /// Maximum deviation of the heading in degrees; a value ≤ 0 means the heading is invalid
    /// (`CLHeading.headingAccuracy`); `nil` when the source has none (NMEA heading sentences).
    public var headingAccuracy: Double?
    /// The 1-based line in the source file, for diagnostics, when known.
    public var line: Int?

    /// Creates a reading.
    public init(
        timestamp: Date? = nil, magneticHeading: Double? = nil, trueHeading: Double? = nil,
        headingAccuracy: Double? = nil, line: Int? = nil
    ) {
        self.timestamp = timestamp
        self.magneticHeading = magneticHeading
        self.trueHeading = trueHeading
        self.headingAccuracy = headingAccuracy
        self.line = line
    }
}
