import Foundation
import RoadTripCore
import RoadTripFormats

/// The fields of one record of a data file — a point of interest, a classic plist destination — read
/// the way the classic RoadTrip app read them (`doubleValue`, `description`), with a diagnostic for
/// every oddity. Shared by `PointOfInterestDecoder` and `PropertyListImport` so both accept and
/// reject the same things.
///
/// Messages start with `label` ("POI 2", "destination 1 'Somewhere'"). Errors and warnings point
/// at the field's own position when known, else at the record's.
struct RecordFields {
    /// The record's key–value pairs in source order.
    let entries: [MetadataEntry]
    /// How messages name the record.
    let label: String
    /// Where the record starts.
    let location: SourceLocation
    /// Where the record's fields start (a mapping's position: its keys and their values'
    /// positions), when known; a field's is looked up only when a message needs it
    /// (``location(of:)``), in the file ``location`` names.
    let fieldPositions: ParsedDocument.Position?
    /// Where diagnostics go.
    let log: DiagnosticLog

    /// Creates the reader; `entries` is the record's mapping.
    init(
        entries: [MetadataEntry], label: String, location: SourceLocation,
        fieldPositions: ParsedDocument.Position? = nil, log: DiagnosticLog
    ) {
        self.entries = entries
        self.label = label
        self.location = location
        self.fieldPositions = fieldPositions
        self.log = log
    }

    /// The first of `keys` present in the record, with its value (the first occurrence).
    func entry(_ keys: [String]) -> MetadataEntry? {
        for key in keys {
            if let entry = entries.first(where: { $0.key == key }) { return entry }
        }
        return nil
    }

    /// Where the value of `key` starts, or the record's location.
    func location(of key: String) -> SourceLocation {
        fieldPositions?.child(forKey: key)?.location(in: location.path) ?? location
    }

    /// Warns about every key outside `known` (with the known key it may misspell, `KeySuggestion`)
    /// and every key given more than once (the first wins).
    func warnAboutUnknownAndRepeatedKeys(known: Set<String>) {
        var seen: Set<String> = []
        for entry in entries {
            if !seen.insert(entry.key).inserted {
                log.warning(location, "\(label): key \(entry.key) is given twice; the first is used")
            } else if !known.contains(entry.key) {
                log.warning(
                    location(of: entry.key),
                    "\(label): unknown key \(entry.key) ignored" + KeySuggestion.didYouMean(entry.key, among: known))
            }
        }
    }

    /// A text field: a string as is; a number becomes its text with a warning (the classic app
    /// showed numbers, e.g. a numeric `Subtitle`); anything else is a warning and `nil`.
    func text(_ keys: [String]) -> String? {
        guard let entry = entry(keys) else { return nil }
        switch entry.value {
        case .string(let string):
            return string
        case .integer, .double:
            let text = Self.numberText(entry.value)
            log.warning(location(of: entry.key), "\(label): \(entry.key) is the number \(text); used as text")
            return text
        case .null:
            return nil
        default:
            log.warning(location(of: entry.key), "\(label): \(entry.key) must be text; ignored")
            return nil
        }
    }

    /// An absolute http(s) URL field, trimmed; anything else is a warning and `nil`.
    func httpURL(_ keys: [String]) -> String? {
        guard let entry = entry(keys), let text = text([entry.key]) else { return nil }
        return checkedHTTPURL(text, what: entry.key, at: location(of: entry.key))
    }

    /// `text` trimmed when it is an absolute http or https URL with a host and no whitespace inside;
    /// otherwise a warning naming `what` and `nil`.
    func checkedHTTPURL(_ text: String, what: String, at location: SourceLocation) -> String? {
        if let link = WebLink.trimmedLink(text) { return link }
        log.warning(location, "\(label): \(what) '\(text)' is not an absolute http(s) URL; ignored")
        return nil
    }

    /// Reads a coordinate from a latitude and a longitude field, each given by its accepted key
    /// spellings (the first spelling names the field in messages). Reports an error and returns
    /// `nil` when either is missing ("missing keys latitude, longitude"), and otherwise reads each
    /// by `DegreesValue`'s rule: a numeric string is accepted with a warning, as the classic
    /// app's `doubleValue` read it; text that is not a number, a value out of range ("latitude
    /// 91.5 is outside −90…90 degrees") is an error.
    func coordinate(latitudeKeys: [String], longitudeKeys: [String]) -> Coordinate? {
        let latitudeEntry = entry(latitudeKeys)
        let longitudeEntry = entry(longitudeKeys)
        let missing = [(latitudeEntry, latitudeKeys[0]), (longitudeEntry, longitudeKeys[0])]
            .filter { $0.0 == nil }.map(\.1)
        if !missing.isEmpty {
            let noun = missing.count == 1 ? "key" : "keys"
            log.error(location, "\(label): missing \(noun) \(missing.joined(separator: ", "))")
        }
        let latitude = latitudeEntry.flatMap { degrees($0, axis: .latitude) }
        let longitude = longitudeEntry.flatMap { degrees($0, axis: .longitude) }
        guard let latitude, let longitude else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// A value in degrees within `axis`'s range (`DegreesValue`), or `nil` after an error.
    private func degrees(_ entry: MetadataEntry, axis: CoordinateAxis) -> Double? {
        let at = location(of: entry.key)
        switch DegreesValue.read(entry.value, name: entry.key, axis: axis) {
        case .degrees(let value, let warning):
            if let warning { log.warning(at, "\(label): \(warning)") }
            return value
        case .problem(let problem):
            log.error(at, "\(label): \(problem)")
            return nil
        }
    }

    /// A decimal number written as text: optional sign, digits with an optional `.`, optional
    /// exponent, surrounding whitespace allowed. Hex, `nan`, `inf` and `40,1` are not numbers.
    static func decimalNumber(_ text: String) -> Double? {
        let trimmed = text.trimmingWhitespacesAndNewlines
        let allowed = Set("0123456789+-.eE")
        guard trimmed.contains(where: \.isNumber), trimmed.allSatisfy(allowed.contains),
            let value = Double(trimmed), value.isFinite
        else { return nil }
        return value
    }

    /// A number as text: integers without a fraction ("415"), other doubles as Swift prints them
    /// ("40.1"); a double with no fractional part and magnitude below 10¹⁵ prints as an integer.
    static func numberText(_ value: MetadataValue) -> String {
        switch value {
        case .integer(let integer):
            return String(integer)
        case .double(let double):
            if double.rounded() == double, abs(double) < 1e15 { return String(Int(double)) }
            return String(double)
        default:
            return ""
        }
    }

    /// What a value is, for messages ("a list", "true").
    static func kind(of value: MetadataValue) -> String {
        switch value {
        case .null: return "nothing"
        case .bool(let boolean): return String(boolean)
        case .integer, .double: return "a number"
        case .string: return "text"
        case .list: return "a list"
        case .mapping: return "a mapping"
        }
    }
}

