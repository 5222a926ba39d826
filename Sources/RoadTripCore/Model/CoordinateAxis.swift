/// Latitude or longitude, with the range a valid coordinate keeps it in: −90…90 and −180…180
/// degrees, as `CLLocationCoordinate2DIsValid` defines it. The one place that range and its
/// wording live, for every reader, the scaffolding and the command line.
public enum CoordinateAxis: Sendable, CaseIterable {
    case latitude, longitude

    /// 90 for latitude, 180 for longitude (degrees).
    public var limit: Double { self == .latitude ? 90 : 180 }

    /// −limit…limit, in degrees.
    public var range: ClosedRange<Double> { -limit...limit }

    /// "−90…90 degrees", with a real minus sign as the messages write it.
    public var rangeText: String { "−\(Int(limit))…\(Int(limit)) degrees" }

    /// `"<what> <written> is outside −90…90 degrees"` when `value` is outside the range (or not
    /// finite), `nil` otherwise. `what` names the value ("latitude", "point's latitude") and
    /// `written` is how the message shows it (default: Swift's shortest form of `value`).
    public func rangeProblem(_ value: Double, what: String, written: String? = nil) -> String? {
        value.isFinite && range.contains(value) ? nil : "\(what) \(written ?? "\(value)") is outside \(rangeText)"
    }
}
