import RoadTripCore
import RoadTripFormats

/// Turns data-file values into `PointOfInterest`s. The one decoder behind `pois.json`,
/// `pois.plist`, inline front matter `pois:` and the classic plist's `POIs`.
///
/// Each value must be a mapping with the keys `title`, `subtitle`, `latitude`, `longitude`
/// (degrees, WGS 84), and optionally `category`, `color`, `url`; the classic plist spellings
/// `Title`, `Subtitle`, `Latitude`, `Longitude` are accepted too (the lowercase one wins when both
/// are given). Diagnostics name the POI by its 1-based position ("POI 2"):
/// - errors (the POI is skipped): not a mapping; latitude or longitude missing
///   ("POI 2: missing keys latitude, longitude"), not a number, or out of range
///   ("POI 2: latitude 91.5 is outside −90…90");
/// - warnings (the POI is kept): a number written as text (read as the number, as the classic app's
///   `doubleValue` did); a number where text belongs (used as its text); a missing title; a `url`
///   that is not an absolute http(s) URL (dropped); a `color` that is not `#rgb` or `#rrggbb`
///   (dropped); an unknown or repeated key.
///
/// `color` is stored as lowercase `#rrggbb` (`#F80` → `#ff8800`, CSS Color 4 §5.2 hex notation).
public enum PointOfInterestDecoder {
    /// Decodes `values` in order and returns the usable points of interest (source order).
    ///
    /// - Parameters:
    ///   - values: one value per POI, as parsed from the data file or front matter.
    ///   - path: the file the values came from, for diagnostics.
    ///   - positions: where each value starts (same indices as `values`); missing entries or `nil`
    ///     fall back to `path` alone.
    ///   - log: receives the errors and warnings listed on the type.
    public static func decode(
        _ values: [MetadataValue], path: String, positions: [SourceLocation?] = [], log: DiagnosticLog
    ) -> [PointOfInterest] {
        var pointsOfInterest: [PointOfInterest] = []
        for (index, value) in values.enumerated() {
            let location =
                (positions.indices.contains(index) ? positions[index] : nil) ?? SourceLocation(path: path)
            let poi = decodeOne(
                value, label: "POI \(index + 1)", location: location, fieldPositions: nil, log: log)
            if let poi { pointsOfInterest.append(poi) }
        }
        return pointsOfInterest
    }

    /// `decode` for values whose positions are known field by field (JSON, XML property lists):
    /// field errors point at the field. `labelPrefix` goes before "POI n" (e.g. the classic plist's
    /// "destination 1 'New York City': ").
    static func decode(
        _ values: [MetadataValue], path: String, positions: ParsedDocument.Position?,
        labelPrefix: String = "", log: DiagnosticLog
    ) -> [PointOfInterest] {
        var pointsOfInterest: [PointOfInterest] = []
        for (index, value) in values.enumerated() {
            let position = positions?.child(at: index)
            let poi = decodeOne(
                value, label: "\(labelPrefix)POI \(index + 1)",
                location: position?.location(in: path) ?? SourceLocation(path: path),
                fieldPositions: position, log: log)
            if let poi { pointsOfInterest.append(poi) }
        }
        return pointsOfInterest
    }

    /// Keys a POI may have.
    private static let knownKeys: Set<String> = [
        "title", "subtitle", "latitude", "longitude", "category", "color", "url",
        "Title", "Subtitle", "Latitude", "Longitude",
    ]

    /// Decodes one POI, or reports why it cannot be one and returns `nil`.
    private static func decodeOne(
        _ value: MetadataValue, label: String, location: SourceLocation,
        fieldPositions: ParsedDocument.Position?, log: DiagnosticLog
    ) -> PointOfInterest? {
        guard case .mapping(let entries) = value else {
            log.error(location, "\(label): expected a mapping with title, latitude and longitude, found \(RecordFields.kind(of: value))")
            return nil
        }
        let fields = RecordFields(
            entries: entries, label: label, location: location, fieldPositions: fieldPositions, log: log)
        fields.warnAboutUnknownAndRepeatedKeys(known: knownKeys)
        // Name missing coordinates the way the record spells its keys.
        let classic = fields.entry(["title", "subtitle", "latitude", "longitude"]) == nil
            && fields.entry(["Title", "Subtitle", "Latitude", "Longitude"]) != nil
        let coordinate = fields.coordinate(
            latitudeKeys: classic ? ["Latitude", "latitude"] : ["latitude", "Latitude"],
            longitudeKeys: classic ? ["Longitude", "longitude"] : ["longitude", "Longitude"])
        let title = fields.text(["title", "Title"])
        let subtitle = fields.text(["subtitle", "Subtitle"]) ?? ""
        let category = fields.text(["category"])
        let url = fields.httpURL(["url"])
        let color = fields.text(["color"]).flatMap {
            hexColor($0, fields: fields)
        }
        guard let coordinate else { return nil }
        if title == nil {
            log.warning(location, "\(label): missing key \(classic ? "Title" : "title"); the pin has no title")
        }
        return PointOfInterest(
            title: title ?? "", subtitle: subtitle, coordinate: coordinate, category: category,
            color: color, url: url)
    }

    /// `#rgb` or `#rrggbb` as lowercase `#rrggbb`; anything else is a warning and `nil`.
    private static func hexColor(_ text: String, fields: RecordFields) -> String? {
        let digits = Array(text.lowercased().dropFirst())
        let isHex = digits.allSatisfy { $0.isHexDigit && $0.isASCII }
        guard text.hasPrefix("#"), isHex, digits.count == 3 || digits.count == 6 else {
            fields.log.warning(
                fields.location(of: "color"), "\(fields.label): color '\(text)' is not #rgb or #rrggbb; ignored")
            return nil
        }
        let expanded = digits.count == 3 ? digits.flatMap { [$0, $0] } : digits
        return "#" + String(expanded)
    }
}
