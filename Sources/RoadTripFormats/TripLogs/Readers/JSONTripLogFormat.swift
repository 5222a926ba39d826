import RoadTripCore

/// The names of roadtrip's own JSON trip log (`Docs/triplog.schema.json`), shared by
/// `JSONTripLogReader` and `JSONTripLogWriter` so the two stay inverse.
enum JSONTripLogFormat {
    /// The value of the root's `format` member.
    static let formatName = "roadtrip-triplog"
    /// The version this code reads and writes.
    static let version = 1
    /// Optional numeric members of a location, in the order they are written (Core Location names).
    static var locationNumbers: [(name: String, keyPath: WritableKeyPath<LocationSample, Double?>)] {
        [
        ("altitude", \.altitude), ("horizontalAccuracy", \.horizontalAccuracy),
        ("verticalAccuracy", \.verticalAccuracy), ("speed", \.speed), ("course", \.course),
        ]
    }
    /// Optional numeric members of a heading, in the order they are written.
    static var headingNumbers: [(name: String, keyPath: WritableKeyPath<HeadingSample, Double?>)] {
        [
        ("magneticHeading", \.magneticHeading), ("trueHeading", \.trueHeading), ("headingAccuracy", \.headingAccuracy),
        ]
    }
}
