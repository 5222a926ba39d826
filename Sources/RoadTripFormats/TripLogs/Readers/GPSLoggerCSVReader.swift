import Foundation
import RoadTripCore

/// Reads the CSV written by GPSLogger for Android (mendhak/gpslogger, `CSVFileLogger.java`).
///
/// Columns, found by name: `time` (ISO 8601 UTC, `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'`; when empty,
/// `timestamp_ms`, epoch milliseconds, newer versions), `lat`, `lon` (degrees), `elevation` (m),
/// `accuracy` (m → `horizontalAccuracy`), `bearing` (degrees → `course`), `speed` (m/s). Other
/// columns (satellites, provider, hdop, battery, …) are ignored. An empty field is a missing
/// value. The delimiter may be `,`, `;` or tab, with a decimal comma (see
/// `CSVTable.openSniffingDelimiter`). Older versions that stop after `annotation` read the same.
public enum GPSLoggerCSVReader {
    /// The header columns that identify a GPSLogger CSV.
    static let signature = ["time", "lat", "lon", "elevation", "accuracy"]

    /// The header name of each field's column.
    static let headerNames = [
        "timestamp": "time", "latitude": "lat", "longitude": "lon", "altitude": "elevation", "horizontalAccuracy": "accuracy",
        "course": "bearing", "speed": "speed",
    ]

    /// `true` when `header` has every column of `signature`.
    static func recognizes(header: [String]) -> Bool {
        signature.allSatisfy(header.contains)
    }

    /// Reads the log at `url`; `nil` (with an error in `log`) when the file cannot be read or has
    /// no `lat`/`lon` columns. Rows with an unreadable value are warnings, skipped and counted.
    /// - Parameters:
    ///   - displayPath: the path diagnostics name.
    ///   - slug: the log's slug (its file name without the extension).
    ///   - timeZone: the site's zone, for times written without a zone.
    public static func read(
        _ url: URL, displayPath: String, slug: String, timeZone: TimeZone, log: DiagnosticLog
    ) -> TripLog? {
        do throws(Diagnostic) {
            var table = try CSVTable.openSniffingDelimiter(url: url, displayPath: displayPath)
            let columns = try CSVLocationColumns(
                table: table, headerNames: headerNames, required: ["latitude", "longitude"], format: "a GPSLogger")
            var millisecondColumns = columns
            millisecondColumns.timestamp = table.column("timestamp_ms")
            millisecondColumns.timeEncoding = .epoch(unitsPerSecond: 1000)

            let locations = try columns.everyRowAsFix(
                of: &table, displayPath: displayPath, timeZone: timeZone, latitudeColumn: "lat",
                rowKind: "a GPSLogger row is a fix", log: log
            ) { record, sample throws(CSVTable.FieldError) in
                if sample.timestamp == nil {
                    sample.timestamp = try millisecondColumns.time(of: record, timeZone: timeZone)
                }
            }
            return TripLog(slug: slug, sourcePath: displayPath, format: .csv, locations: locations)
        } catch {
            log.report(error)
            return nil
        }
    }
}
