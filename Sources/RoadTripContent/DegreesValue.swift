import RoadTripCore

/// A latitude or longitude as authors write it — in front matter (`latitude: 60.39`, a POI of
/// `pois:`), in `pois.json`, `pois.plist` and the classic `Destinations.plist` — read by one rule
/// with one wording, wherever it comes from:
///
/// - a number within −limit…limit degrees is used;
/// - a decimal number written as text (`"60.39"`, `<string>60.39</string>`) is read as that number
///   with a warning, as the classic app's `doubleValue` read it;
/// - anything else is an error: text that is not a number, another kind of value, an empty
///   value, a number out of range or not finite.
///
/// Messages start with the field's name as written (`latitude`, `Latitude`); callers put the
/// record's label ("POI 2: ") before them and report them at the value's position.
enum DegreesValue {
    /// What reading a value gave.
    enum Reading: Sendable, Equatable {
        /// The value in degrees, with the warning to report when it was written as text.
        case degrees(Double, warning: String?)
        /// Why the value is not a usable latitude or longitude (an error).
        case problem(String)
    }

    /// Reads `value`, the field `name` on `axis` (its range: −90…90 degrees for a latitude,
    /// −180…180 for a longitude).
    static func read(_ value: MetadataValue, name: String, axis: CoordinateAxis) -> Reading {
        let degrees: Double
        var warning: String?
        switch value {
        case .integer(let integer):
            degrees = Double(integer)
        case .double(let double):
            degrees = double
        case .string(let text):
            guard let parsed = RecordFields.decimalNumber(text) else {
                return .problem("\(name) must be a number of degrees, not '\(text)'")
            }
            degrees = parsed
            warning = "\(name) is the text '\(text)'; read as the number \(RecordFields.numberText(.double(parsed)))"
        case .null:
            return .problem("\(name) is empty; give a number of degrees")
        default:
            return .problem("\(name) must be a number of degrees, not \(RecordFields.kind(of: value))")
        }
        guard degrees.isFinite else { return .problem("\(name) must be a finite number of degrees, not \(degrees)") }
        let shown = warning == nil ? RecordFields.numberText(value) : RecordFields.numberText(.double(degrees))
        if let problem = axis.rangeProblem(degrees, what: name, written: shown) { return .problem(problem) }
        return .degrees(degrees, warning: warning)
    }
}
