import Foundation
import RoadTripCore

/// Reads OpenTracks' CSV export (OpenTracksApp/OpenTracks, `CSVTrackExporter`):
/// `#time,trackpoint_type,latitude,longitude,altitude,accuracy_horizontal,accuracy_vertical,speed,…`.
///
/// - `time` is ISO 8601 with the track's zone offset; `speed` is in **km/h** and becomes m/s
///   (÷ 3.6); latitude/longitude in degrees, altitude and accuracies in metres.
/// - `trackpoint_type` values starting with `SEGMENT_START` (`SEGMENT_START_MANUAL`,
///   `SEGMENT_START_AUTOMATIC`) start a new segment (`LocationSample.segment`) for the fixes that
///   follow, and for the row itself when it has coordinates (OpenTracks writes automatic segment
///   starts with a position).
/// - Rows with both coordinates empty are not fixes: markers (`SEGMENT_END_*`, `IDLE`) and the
///   sensor-only rows OpenTracks writes between fixes (heart rate, cadence, power). They are a
///   normal part of the format, so they are skipped silently, not warned about or counted.
public enum OpenTracksCSVReader {
    /// `true` when the header is OpenTracks' (`time` then `trackpoint_type`, written `#time,…`).
    static func recognizes(header: [String]) -> Bool {
        header.count >= 2 && header[0] == "time" && header[1] == "trackpoint_type"
    }

    /// The header name of each field's column.
    static let headerNames = [
        "timestamp": "time", "latitude": "latitude", "longitude": "longitude", "altitude": "altitude",
        "horizontalAccuracy": "accuracy_horizontal", "verticalAccuracy": "accuracy_vertical", "speed": "speed",
    ]

    /// OpenTracks speeds are km/h; 1 km/h = 1000 m / 3600 s.
    static let kilometresPerHourToMetresPerSecond = 1000.0 / 3600.0

    /// Reads the log at `url`; `nil` (with an error in `log`) when the file cannot be read or lacks
    /// the `latitude`/`longitude` columns. Rows with an unreadable value are warnings, skipped and
    /// counted.
    /// - Parameters:
    ///   - displayPath: the path diagnostics name.
    ///   - slug: the log's slug (its file name without the extension).
    ///   - timeZone: the site's zone, for times written without a zone.
    public static func read(
        _ url: URL, displayPath: String, slug: String, timeZone: TimeZone, log: DiagnosticLog
    ) -> TripLog? {
        do throws(Diagnostic) {
            var table = try CSVTable(url: url, displayPath: displayPath)
            var columns = try CSVLocationColumns(
                table: table, headerNames: headerNames, required: ["latitude", "longitude"], format: "an OpenTracks")
            columns.speedToMetresPerSecond = kilometresPerHourToMetresPerSecond
            let type = table.column("trackpoint_type")

            var locations: [LocationSample] = []
            var segment = 0
            var segmentHasFixes = false
            var skipped = SkippedRecords(path: displayPath, noun: CountText.Noun("row"))
            try table.forEachRecord(skipped: &skipped, log: log) { record throws(CSVTable.FieldError) in
                if let type, record.field(type).starts(with: "SEGMENT_START".utf8) {
                    if segmentHasFixes { segment += 1 }
                    segmentHasFixes = false
                }
                guard let sample = try columns.sample(from: record, timeZone: timeZone, segment: segment) else {
                    return
                }
                locations.append(sample)
                segmentHasFixes = true
            }
            skipped.report(to: log)
            return TripLog(slug: slug, sourcePath: displayPath, format: .csv, locations: locations)
        } catch {
            log.report(error)
            return nil
        }
    }
}
