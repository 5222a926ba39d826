import Foundation
import RoadTripCore

/// Writes filtered fixes as CSV (RFC 4180, `,`-separated, LF line ends), one row per kept fix in
/// travel order — the `--format csv` of `roadtrip trip filter`.
///
/// The header names each column with its unit:
///
///     segment,timestamp,latitude_deg,longitude_deg,altitude_m,horizontalAccuracy_m,verticalAccuracy_m,speed_mps,course_deg
///
/// - `segment`: 0-based index of the filtered segment the fix belongs to (a new segment starts at
///   every source segment and every gap), so a reader never joins across a gap.
/// - `timestamp`: UTC, ISO 8601 / RFC 3339 to the microsecond (`2024-06-01T07:12:03.5Z`).
/// - the rest: Core Location's `CLLocation` fields in degrees, metres and m/s, in Swift's shortest
///   round-trip decimal form (so reading gives back the same `Double`); a negative accuracy, speed
///   or course means invalid, as in Core Location.
///
/// An absent value is an empty field. No field ever needs quoting (numbers and timestamps only).
public enum CSVTrackWriter {
    /// The header line (without its line feed).
    public static let header =
        "segment,timestamp,latitude_deg,longitude_deg,altitude_m,horizontalAccuracy_m,verticalAccuracy_m,speed_mps,course_deg"

    /// The CSV text of `segments` (header first, every line ending with a line feed).
    public static func string<Segments: Sequence>(segments: Segments) -> String
    where Segments.Element: Sequence<LocationSample> {
        var output = ""
        write(segments: segments, to: &output)
        return output
    }

    /// Appends the CSV text of `segments` to `output`, row by row.
    public static func write<Segments: Sequence>(segments: Segments, to output: inout some TextOutputStream)
    where Segments.Element: Sequence<LocationSample> {
        output.write(header + "\n")
        for (index, segment) in segments.enumerated() {
            let segmentField = String(index)
            for fix in segment {
                var row = segmentField
                row += ","
                if let timestamp = fix.timestamp { row += ISO8601Time.format(timestamp) }
                row += "," + number(fix.coordinate.latitude)
                row += "," + number(fix.coordinate.longitude)
                for value in [fix.altitude, fix.horizontalAccuracy, fix.verticalAccuracy, fix.speed, fix.course] {
                    row += ","
                    if let value { row += number(value) }
                }
                row += "\n"
                output.write(row)
            }
        }
    }

    /// Shortest round-trip decimal text; a non-finite value is left empty (absent).
    private static func number(_ value: Double) -> String {
        value.isFinite ? value.description : ""
    }
}
