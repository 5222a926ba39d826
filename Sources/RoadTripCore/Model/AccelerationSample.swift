import Foundation

/// One accelerometer sample in g (9.80665 m/s²) in Apple's device frame (Core Motion's
/// `CMAcceleration`): x to the right, y up the screen, z out of the screen, so a phone lying face up
/// at rest reads (0, 0, −1). Readers of Android-convention data, where face up reads +9.81 m/s² on z,
/// convert on reading.
public struct AccelerationSample: Sendable, Hashable, Codable {
    /// When the sample was taken (UTC), or `nil` when the log gives no time.
    public var timestamp: Date?
    /// Acceleration along the device's x axis, in g.
    public var x: Double
    /// Acceleration along the device's y axis, in g.
    public var y: Double
    /// Acceleration along the device's z axis, in g.
    public var z: Double
    /// The 1-based line in the source file, for diagnostics, when known.
    public var line: Int?

    /// Creates a sample; components in g.
    public init(timestamp: Date? = nil, x: Double, y: Double, z: Double, line: Int? = nil) {
        self.timestamp = timestamp
        self.x = x
        self.y = y
        self.z = z
        self.line = line
    }

    /// Standard gravity in m/s² (CGPM 1901; ISO 80000-3), for converting m/s² to g.
    public static let standardGravity = 9.80665
}
