import Foundation

/// The trip-log filter thresholds, each with one name used everywhere (in presets,
/// sidecars, `site.yaml` and — kebab-cased — CLI flags). `nil` turns a filter off.
///
/// The names follow Core Location (`CLLocationManager.desiredAccuracy`, `.distanceFilter`,
/// `.headingFilter`) and the accelerometer section of Apple's *Event Handling Guide for iOS*
/// ("Isolating the gravity component", `kFilteringFactor`).
public struct FilterSettings: Sendable, Hashable {
    /// Drop fixes whose `horizontalAccuracy` is larger than this, in metres; a fix without an
    /// accuracy passes (`CLLocationManager.desiredAccuracy`). `nil`: off.
    public var desiredAccuracy: Double?
    /// Keep a fix only when it is at least this far, in metres (geodesic), from the last kept fix
    /// (`CLLocationManager.distanceFilter`). `nil` (or 0): off, like `kCLDistanceFilterNone`.
    public var distanceFilter: Double?
    /// Drop cached fixes timestamped more than this many seconds before the recording started.
    /// `nil`: off.
    public var maximumAge: Double?
    /// Drop a fix whose implied speed from the last kept fix exceeds this, in m/s. `nil`: off.
    public var maximumSpeed: Double?
    /// Start a new segment when consecutive recorded fixes are more than this many seconds apart
    /// (and more than `LocationFilter.gapScale` times the log's typical interval). `nil`: off.
    public var gapTime: Double?
    /// Start a new segment when consecutive recorded fixes are more than this many metres apart
    /// (geodesic). `nil`: off.
    public var gapDistance: Double?
    /// Treat a fix's altitude as missing when its `verticalAccuracy` is larger than this, in metres
    /// (a fix with no vertical accuracy passes; a negative one, Core Location's "altitude invalid",
    /// never does). `nil`: off.
    public var desiredVerticalAccuracy: Double?
    /// Treat an altitude as missing when reaching it from the last accepted altitude would take a
    /// vertical speed above this, in m/s (over at least 1 s). `nil`: off.
    public var maximumVerticalSpeed: Double?
    /// Keep a heading sample only when it differs from the last kept one by at least this many
    /// degrees, the short way round (`CLLocationManager.headingFilter`). `nil` (or 0): off.
    public var headingFilter: Double?
    /// The accelerometer low-pass factor k of `g = k·a + (1−k)·g_prev`, in (0, 1] (the guide's
    /// `kFilteringFactor` is 0.1). Used when `cutoffFrequency` is `nil`; when both are `nil`,
    /// `AccelerationFilter` uses 0.1.
    public var filteringFactor: Double?
    /// The accelerometer low-pass cutoff frequency in Hz; when set it takes precedence over
    /// `filteringFactor` and k is derived from it and the recording's sample rate
    /// (`AccelerationFilter.filteringFactor(cutoffFrequency:sampleInterval:)`).
    public var cutoffFrequency: Double?

    /// Creates settings; every filter is off unless given.
    public init(
        desiredAccuracy: Double? = nil, distanceFilter: Double? = nil, maximumAge: Double? = nil,
        maximumSpeed: Double? = nil, gapTime: Double? = nil, gapDistance: Double? = nil,
        headingFilter: Double? = nil, filteringFactor: Double? = nil, cutoffFrequency: Double? = nil,
        desiredVerticalAccuracy: Double? = nil, maximumVerticalSpeed: Double? = nil
    ) {
        self.desiredAccuracy = desiredAccuracy
        self.distanceFilter = distanceFilter
        self.maximumAge = maximumAge
        self.maximumSpeed = maximumSpeed
        self.gapTime = gapTime
        self.gapDistance = gapDistance
        self.headingFilter = headingFilter
        self.filteringFactor = filteringFactor
        self.cutoffFrequency = cutoffFrequency
        self.desiredVerticalAccuracy = desiredVerticalAccuracy
        self.maximumVerticalSpeed = maximumVerticalSpeed
    }

    // MARK: - Presets

    /// `default`, for drawing a road trip: desiredAccuracy 50 m, distanceFilter 10 m,
    /// maximumAge 5 s, maximumSpeed 70 m/s (252 km/h), gapTime 300 s, gapDistance 2000 m,
    /// headingFilter 1°, filteringFactor 0.1, desiredVerticalAccuracy 50 m, maximumVerticalSpeed
    /// 10 m/s (no road climbs faster: a 15 % grade at 240 km/h; phone GPS altitude errors of a few
    /// metres stay under it over 1 s); cutoffFrequency off.
    public static let roadTrip = FilterSettings(
        desiredAccuracy: 50, distanceFilter: 10, maximumAge: 5, maximumSpeed: 70, gapTime: 300,
        gapDistance: 2000, headingFilter: 1, filteringFactor: 0.1, desiredVerticalAccuracy: 50,
        maximumVerticalSpeed: 10)

    /// `corelocation-sample`, the values of Apple's *Location and Maps Programming Guide* examples:
    /// desiredAccuracy 1000 m (`kCLLocationAccuracyKilometer`), distanceFilter 500 m, maximumAge 5 s
    /// (the guide's "is this event recent?" check; roadtrip fixes it at 5 s), headingFilter 5°, and
    /// the *Event Handling Guide*'s `kFilteringFactor` 0.1. The guide has no speed, gap or altitude
    /// rule, so maximumSpeed, gapTime, gapDistance, desiredVerticalAccuracy, maximumVerticalSpeed
    /// (and cutoffFrequency) are off (`nil`).
    public static let coreLocationSample = FilterSettings(
        desiredAccuracy: 1000, distanceFilter: 500, maximumAge: 5, headingFilter: 5, filteringFactor: 0.1)

    /// The preset names `preset(named:)` knows, in documentation order.
    public static let presetNames = ["default", "corelocation-sample"]

    /// The preset called `name` (`"default"` or `"corelocation-sample"`, exact spelling), or `nil`.
    public static func preset(named name: String) -> FilterSettings? {
        switch name {
        case "default": return roadTrip
        case "corelocation-sample": return coreLocationSample
        default: return nil
        }
    }

    // MARK: - Overrides by name

    /// The filter names (camelCase), in the one order that listings, reports and messages use.
    public static let names = [
        "desiredAccuracy", "distanceFilter", "maximumAge", "maximumSpeed", "headingFilter",
        "filteringFactor", "cutoffFrequency", "gapTime", "gapDistance", "desiredVerticalAccuracy",
        "maximumVerticalSpeed",
    ]

    /// CLI flag names (without the leading `--`, kebab-case) → filter names (camelCase).
    public static let optionNames: [String: String] = [
        "desired-accuracy": "desiredAccuracy", "distance-filter": "distanceFilter",
        "maximum-age": "maximumAge", "maximum-speed": "maximumSpeed", "heading-filter": "headingFilter",
        "filtering-factor": "filteringFactor", "cutoff-frequency": "cutoffFrequency",
        "gap-time": "gapTime", "gap-distance": "gapDistance",
        "desired-vertical-accuracy": "desiredVerticalAccuracy", "maximum-vertical-speed": "maximumVerticalSpeed",
    ]

    /// Sets the filter called `name` (camelCase, as in sidecars) to `value`.
    ///
    /// Valid values (all finite): desiredAccuracy, maximumSpeed, gapTime, gapDistance,
    /// cutoffFrequency, desiredVerticalAccuracy and maximumVerticalSpeed > 0; distanceFilter, maximumAge ≥ 0; headingFilter 0…180 (degrees);
    /// filteringFactor in (0, 1]. Setting filteringFactor clears cutoffFrequency and vice versa,
    /// so the last one set wins.
    /// - Returns: `nil` when applied; otherwise an error message (the settings are unchanged):
    ///   `unknown filter setting 'x' (known: …)` or `filter setting 'x' must be …, not v`, where
    ///   `written` replaces "filter setting 'x'" (the command line's `--heading-filter`).
    public mutating func set(_ name: String, to value: Double, calledAs written: String? = nil) -> String? {
        let called = written ?? "filter setting '\(name)'"
        let path: WritableKeyPath<FilterSettings, Double?>
        let isValid: Bool
        let requirement: String
        switch name {
        case "desiredAccuracy": (path, isValid, requirement) = (\.desiredAccuracy, value > 0, "> 0 (metres)")
        case "distanceFilter": (path, isValid, requirement) = (\.distanceFilter, value >= 0, "≥ 0 (metres)")
        case "maximumAge": (path, isValid, requirement) = (\.maximumAge, value >= 0, "≥ 0 (seconds)")
        case "maximumSpeed": (path, isValid, requirement) = (\.maximumSpeed, value > 0, "> 0 (m/s)")
        case "gapTime": (path, isValid, requirement) = (\.gapTime, value > 0, "> 0 (seconds)")
        case "gapDistance": (path, isValid, requirement) = (\.gapDistance, value > 0, "> 0 (metres)")
        case "headingFilter":
            (path, isValid, requirement) = (\.headingFilter, value >= 0 && value <= 180, "between 0 and 180 (degrees)")
        case "filteringFactor":
            (path, isValid, requirement) = (\.filteringFactor, value > 0 && value <= 1, "greater than 0 and at most 1")
        case "cutoffFrequency": (path, isValid, requirement) = (\.cutoffFrequency, value > 0, "> 0 (Hz)")
        case "desiredVerticalAccuracy":
            (path, isValid, requirement) = (\.desiredVerticalAccuracy, value > 0, "> 0 (metres)")
        case "maximumVerticalSpeed": (path, isValid, requirement) = (\.maximumVerticalSpeed, value > 0, "> 0 (m/s)")
        default:
            return "unknown \(called) (known: \(Self.names.joined(separator: ", ")))"
        }
        guard value.isFinite && isValid else {
            return "\(called) must be \(requirement), not \(DecimalText.quoted(value))"
        }
        self[keyPath: path] = value
        if name == "filteringFactor" { cutoffFrequency = nil }
        if name == "cutoffFrequency" { filteringFactor = nil }
        return nil
    }

    /// Each filter's property by its name.
    private static let keyPaths: [String: WritableKeyPath<FilterSettings, Double?> & Sendable] = [
        "desiredAccuracy": \.desiredAccuracy, "distanceFilter": \.distanceFilter, "maximumAge": \.maximumAge,
        "maximumSpeed": \.maximumSpeed, "gapTime": \.gapTime, "gapDistance": \.gapDistance,
        "headingFilter": \.headingFilter, "filteringFactor": \.filteringFactor, "cutoffFrequency": \.cutoffFrequency,
        "desiredVerticalAccuracy": \.desiredVerticalAccuracy, "maximumVerticalSpeed": \.maximumVerticalSpeed,
    ]

    /// The value of the filter called `name` (camelCase, as in sidecars) in its unit, `nil` when it
    /// is off or the name is unknown.
    public func value(named name: String) -> Double? {
        Self.keyPaths[name].flatMap { self[keyPath: $0] }
    }

    /// Switches the filter called `name` off (`nil`): a sidecar's `maximumSpeed: off` (or null), the
    /// command line's `--maximum-speed off`. Returns an error message for an unknown name.
    public mutating func clear(_ name: String) -> String? {
        guard let path = Self.keyPaths[name] else {
            return "unknown filter setting '\(name)' (known: \(Self.names.joined(separator: ", ")))"
        }
        self[keyPath: path] = nil
        return nil
    }

    /// These settings with `overrides` (filter names → values) applied, in `names` order (unknown
    /// names last, alphabetically), so the result does not depend on dictionary order.
    ///
    /// Giving both filteringFactor and cutoffFrequency is an error (neither is applied). Each
    /// unknown name or invalid value yields one message (see `set(_:to:)`) and is skipped; the
    /// valid overrides are still applied.
    public func applying(_ overrides: [String: Double]) -> (settings: FilterSettings, errors: [String]) {
        var settings = self
        var errors: [String] = []
        let bothFactors = overrides["filteringFactor"] != nil && overrides["cutoffFrequency"] != nil
        if bothFactors {
            errors.append("give filteringFactor or cutoffFrequency, not both")
        }
        let known = Self.names.filter { overrides[$0] != nil }
        let unknown = overrides.keys.filter { !Self.names.contains($0) }.sorted()
        for name in known + unknown {
            guard let value = overrides[name] else { continue }
            if bothFactors && (name == "filteringFactor" || name == "cutoffFrequency") { continue }
            if let error = settings.set(name, to: value) { errors.append(error) }
        }
        return (settings, errors)
    }
}
