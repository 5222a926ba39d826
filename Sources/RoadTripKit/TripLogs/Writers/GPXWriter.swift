import Foundation

/// Writes filtered fixes as a GPX 1.1 document (TopoGrafix, "GPX 1.1 Schema Documentation",
/// http://www.topografix.com/GPX/1/1), valid against `gpx-1.1.xsd`: one `trk` whose `trkseg`s are
/// the segments, in order, with `ele` (metres) and `time` (UTC, `xsd:dateTime`) where known; the
/// waypoints as `wpt` before the track, as the schema's sequence requires.
public enum GPXWriter {
    /// The GPX 1.1 namespace.
    public static let namespace = "http://www.topografix.com/GPX/1/1"

    /// The document text.
    /// - Parameters:
    ///   - name: the track's name (also the metadata name), e.g. the trip's title.
    ///   - segments: the filtered segments in travel order; empty segments are left out.
    ///   - waypoints: named points written as `wpt` (title → `name`, subtitle → `desc`).
    public static func document(name: String, segments: [[LocationSample]], waypoints: [PointOfInterest] = []) -> String {
        XMLDocumentWriter.document { writer in
            writer.element("gpx", attributes: [
                ("version", "1.1"), ("creator", "roadtrip \(RoadTripVersion.current)"),
                ("xmlns", namespace),
                ("xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance"),
                ("xsi:schemaLocation", "\(namespace) http://www.topografix.com/GPX/1/1/gpx.xsd"),
            ]) {
                writer.element("metadata") { writer.element("name", text: name) }
                for waypoint in waypoints where waypoint.coordinate.isValid {
                    writer.element("wpt", attributes: position(waypoint.coordinate)) {
                        writer.element("name", text: waypoint.title)
                        if !waypoint.subtitle.isEmpty { writer.element("desc", text: waypoint.subtitle) }
                    }
                }
                writer.element("trk") {
                    writer.element("name", text: name)
                    for segment in segments where !segment.isEmpty {
                        writer.element("trkseg") {
                            for fix in segment where fix.coordinate.isValid {
                                writer.element("trkpt", attributes: position(fix.coordinate)) {
                                    if let altitude = fix.altitude, altitude.isFinite {
                                        writer.element("ele", text: DecimalText.string(altitude, maximumFractionDigits: 2))
                                    }
                                    if let timestamp = fix.timestamp {
                                        writer.element("time", text: utcText(timestamp))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// `lat`/`lon` attributes in degrees with at most 7 decimals (about 1 cm).
    static func position(_ coordinate: Coordinate) -> [(String, String)] {
        [("lat", DecimalText.string(coordinate.latitude, maximumFractionDigits: 7)),
         ("lon", DecimalText.string(coordinate.longitude, maximumFractionDigits: 7))]
    }

    /// `date` as an `xsd:dateTime` in UTC: `2024-06-01T09:12:03Z`, with milliseconds when the time
    /// has a fraction of a second (`…03.250Z`).
    public static func utcText(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        var whole = seconds.rounded(.down)
        var milliseconds = Int(((seconds - whole) * 1000).rounded())
        if milliseconds == 1000 {
            whole += 1
            milliseconds = 0
        }
        let days = Int((whole / 86_400).rounded(.down))
        let secondOfDay = Int(whole) - days * 86_400
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var text = "\(year)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
        if milliseconds > 0 {
            text += "." + String(milliseconds + 1000).dropFirst()
        }
        return text + "Z"
    }

    /// The proleptic Gregorian (year, month, day) of a day counted from 1970-01-01 (Howard
    /// Hinnant, "chrono-Compatible Low-Level Date Algorithms", `civil_from_days`).
    static func civilDate(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
