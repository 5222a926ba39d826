import Foundation
import RoadTripCore

/// Reads back the CSV that `roadtrip trip filter --format csv` writes (`CSVTrackWriter`), exactly:
/// the same fixes with the same values and segments.
///
/// Columns, by name (`CSVTrackWriter.header`): `segment` (0-based integer → `segment`),
/// `timestamp` (ISO 8601 / RFC 3339), `latitude_deg`, `longitude_deg` (degrees), `altitude_m`,
/// `horizontalAccuracy_m`, `verticalAccuracy_m` (m), `speed_mps` (m/s), `course_deg` (degrees). An
/// empty field is a missing value; numbers are read correctly rounded (`DecimalNumber`), so the
/// writer's shortest round-trip decimals give back the same `Double`s. A row with an unreadable
/// field is a warning at its line, skipped and counted.
public enum TrackCSVReader {
    /// The header name of each `LocationSample` field's column (see `CSVTrackWriter`).
    static let headerNames = [
        "timestamp": "timestamp", "latitude": "latitude_deg", "longitude": "longitude_deg", "altitude": "altitude_m",
        "horizontalAccuracy": "horizontalAccuracy_m", "verticalAccuracy": "verticalAccuracy_m", "speed": "speed_mps",
        "course": "course_deg",
    ]

    /// `true` when `header` is `CSVTrackWriter.header`'s columns, in any order.
    static func recognizes(header: [String]) -> Bool {
        Set(header) == Set(CSVTrackWriter.header.split(separator: ",").map(String.init))
    }

    /// Reads the log at `url`; `nil` (with an error in `log`) when the file cannot be read.
    /// - Parameters:
    ///   - displayPath: the path diagnostics name.
    ///   - slug: the log's slug (its file name without the extension).
    ///   - timeZone: the site's zone, for times written without a zone (the writer always gives `Z`).
    public static func read(
        _ url: URL, displayPath: String, slug: String, timeZone: TimeZone, log: DiagnosticLog
    ) -> TripLog? {
        do throws(Diagnostic) {
            var table = try CSVTable.openSniffingDelimiter(url: url, displayPath: displayPath)
            let columns = try CSVLocationColumns(
                table: table, headerNames: headerNames, required: ["latitude", "longitude"], format: "roadtrip's track")
            let segmentColumn = table.column("segment")
            let locations = try columns.everyRowAsFix(
                of: &table, displayPath: displayPath, timeZone: timeZone, latitudeColumn: "latitude_deg",
                rowKind: "every row of a roadtrip track is a fix", log: log
            ) { record, sample throws(CSVTable.FieldError) in
                guard let segment = try record.integer(segmentColumn) else { return }
                guard segment >= 0 else {
                    throw CSVTable.FieldError(column: "segment", text: String(segment), expected: "a segment number, 0 or more")
                }
                sample.segment = segment
            }
            return TripLog(slug: slug, sourcePath: displayPath, format: .csv, locations: locations)
        } catch {
            log.report(error)
            return nil
        }
    }
}
