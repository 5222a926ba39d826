import Foundation
import RoadTripCore

/// Reads any trip log by what it is: a folder is a Sensor Logger recording; a file
/// is chosen by extension (case-insensitive): `.gpx` → `GPXReader`, `.nmea` → `NMEAReader`, `.json` →
/// `GoogleLocationHistoryReader` when `GoogleLocationHistoryFormat` recognises it, else
/// `JSONTripLogReader`, `.csv` → sniffed from its header: OpenTracks (`#time,trackpoint_type,…`),
/// a Sensor Logger `Location.csv` on its own (`time,seconds_elapsed,…,latitude,longitude`),
/// GPSLogger (`time,lat,lon,elevation,accuracy,…`), else the generic reader with the sidecar's
/// column mapping, else an error listing the columns.
public enum TripLogReader {
    /// Reads the log at `url` (a file or a recording folder); `nil` with an error in `log` when it
    /// cannot be read as a trip log. The slug is the file name without extension, or the folder's
    /// name.
    /// - Parameters:
    ///   - displayPath: the path diagnostics name.
    ///   - timeZone: the site's zone, for times written without a zone.
    ///   - columnMapping: the sidecar's `columns` for a generic CSV (see `GenericCSVReader`).
    ///   - dateRange: the trip's `from`/`to`: Google location history keeps only the fixes in it as it
    ///     reads (other logs are cut afterwards, with `TripLog.restricted(to:)`).
    public static func read(
        _ url: URL, displayPath: String, timeZone: TimeZone, columnMapping: [String: String]?,
        dateRange: TripDateRange? = nil, log: DiagnosticLog
    ) -> TripLog? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            // A symbolic link to nothing says so; anything else is simply not there.
            log.error(
                SourceLocation(path: displayPath),
                FileBytes.isPresent(url) ? FileBytes.reason(for: url, error: nil) : "no such file or folder")
            return nil
        }
        if isDirectory.boolValue {
            return SensorLoggerReader.read(url, displayPath: displayPath, slug: url.lastPathComponent, log: log)
        }
        let slug = url.deletingPathExtension().lastPathComponent
        switch url.pathExtension.lowercased() {
        case "gpx":
            return GPXReader.read(url, displayPath: displayPath, slug: slug, timeZone: timeZone, log: log)
        case "nmea":
            return NMEAReader.read(url, displayPath: displayPath, slug: slug, log: log)
        case "json":
            if GoogleLocationHistoryFormat.recognizes(url) {
                return GoogleLocationHistoryReader.read(
                    url, displayPath: displayPath, slug: slug, timeZone: timeZone, dateRange: dateRange, log: log)
            }
            return JSONTripLogReader.read(url, displayPath: displayPath, slug: slug, timeZone: timeZone, log: log)
        case "csv":
            let header: [String]
            do throws(Diagnostic) {
                header = try CSVTable.openSniffingDelimiter(url: url, displayPath: displayPath).header
            } catch {
                log.report(error)
                return nil
            }
            if OpenTracksCSVReader.recognizes(header: header) {
                return OpenTracksCSVReader.read(url, displayPath: displayPath, slug: slug, timeZone: timeZone, log: log)
            }
            if SensorLoggerReader.recognizes(locationHeader: header) {
                return SensorLoggerReader.readLocationFile(url, displayPath: displayPath, slug: slug, log: log)
            }
            if GPSLoggerCSVReader.recognizes(header: header) {
                return GPSLoggerCSVReader.read(url, displayPath: displayPath, slug: slug, timeZone: timeZone, log: log)
            }
            if let columnMapping {
                return GenericCSVReader.read(
                    url, displayPath: displayPath, slug: slug, mapping: columnMapping, timeZone: timeZone, log: log)
            }
            log.error(
                SourceLocation(path: displayPath, line: 1),
                "unknown CSV layout: columns \(header.joined(separator: ", ")) (name them in the trip's sidecar under columns:)")
            return nil
        default:
            log.error(
                SourceLocation(path: displayPath),
                "not a trip log: the extension \".\(url.pathExtension)\" is none of .gpx, .nmea, .json, .csv")
            return nil
        }
    }
}
