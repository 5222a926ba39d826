import Foundation
import RoadTripCore

/// Reads any trip log by what it is: a folder is a Sensor Logger recording; a file is read by its
/// content, judged from its first bytes (`TripLogContent`), the extension being only a hint — so
/// NMEA named `.txt`, `.log` or with no extension, a GPX, KML or TCX named `.xml` and GeoJSON named
/// `.json` are read. GPX → `GPXReader`, KML → `KMLReader`, TCX → `TCXReader`, GeoJSON →
/// `GeoJSONTripLogReader`, Google location history (Takeout's `Records.json`, a phone's
/// `Timeline.json`, recognised by `GoogleLocationHistoryFormat`) → `GoogleLocationHistoryReader`,
/// roadtrip's JSON → `JSONTripLogReader`, NMEA → `NMEAReader`, CSV →
/// sniffed from its header: OpenTracks (`#time,trackpoint_type,…`), a Sensor Logger
/// `Location.csv` on its own (`time,seconds_elapsed,…,latitude,longitude`), GPSLogger
/// (`time,lat,lon,elevation,accuracy,…`), roadtrip's own `trip filter --format csv`
/// (`segment,timestamp,latitude_deg,…`), else the generic reader with the sidecar's column
/// mapping, else an error listing the columns.
///
/// A file whose content is none of these is an error naming what it looks like ("looks like
/// HTML", "binary data", "JSON without a recognised structure") and the formats roadtrip reads —
/// except that a file named for a format of the same kind (`.gpx` holding other XML, an empty
/// `.json`) goes to that format's reader, whose error is the more precise.
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
            // A symbolic link to nothing, or through a folder that may not be searched, says so;
            // anything else is simply not there.
            log.error(
                SourceLocation(path: displayPath),
                FileBytes.isPresent(url) ? FileBytes.reason(for: url, error: nil) : "no such file or folder")
            return nil
        }
        if isDirectory.boolValue {
            return SensorLoggerReader.read(url, displayPath: displayPath, slug: url.lastPathComponent, log: log)
        }
        // A named pipe (`/dev/stdin` when piped), a device or a socket: reading one could block for
        // ever or never end.
        if let problem = FileBytes.specialFileProblem(url) {
            log.error(SourceLocation(path: displayPath), problem)
            return nil
        }
        let slug = url.deletingPathExtension().lastPathComponent
        let fileExtension = url.pathExtension.lowercased()
        var content = TripLogContent.sniff(url)
        if isGoogleLocationHistory(url, content: content) {
            return GoogleLocationHistoryReader.read(
                url, displayPath: displayPath, slug: slug, timeZone: timeZone, dateRange: dateRange, log: log)
        }
        Self.noteOtherFormat(named: fileExtension, content: content, displayPath: displayPath, log: log)
        if case .other(let looksLike, let family) = content {
            guard let named = Self.formatNamed(byExtension: fileExtension, family: family) else {
                log.error(
                    SourceLocation(path: displayPath),
                    "not a trip log: it looks like \(looksLike); roadtrip reads \(TripLogContent.readableFormats)")
                return nil
            }
            content = named
        }
        // XML declares its own encoding (libxml2 decodes UTF-16); the text formats are read as UTF-8.
        if ![.gpx, .kml, .kmz, .tcx].contains(content), TripLogContent.startsWithUTF16ByteOrderMark(url) {
            log.error(
                SourceLocation(path: displayPath, line: 1, column: 1),
                "this file is UTF-16 text; roadtrip reads \(content.formatName) as UTF-8: save it as UTF-8")
            return nil
        }
        switch content {
        case .gpx:
            return GPXReader.read(url, displayPath: displayPath, slug: slug, timeZone: timeZone, log: log)
        case .kml:
            return KMLReader.read(url, displayPath: displayPath, slug: slug, timeZone: timeZone, log: log)
        case .kmz:
            return KMZReader.read(url, displayPath: displayPath, slug: slug, timeZone: timeZone, log: log)
        case .tcx:
            return TCXReader.read(url, displayPath: displayPath, slug: slug, timeZone: timeZone, log: log)
        case .nmea:
            return NMEAReader.read(url, displayPath: displayPath, slug: slug, log: log)
        case .roadtripJSON:
            return JSONTripLogReader.read(url, displayPath: displayPath, slug: slug, timeZone: timeZone, log: log)
        case .geoJSON:
            return GeoJSONTripLogReader.read(url, displayPath: displayPath, slug: slug, timeZone: timeZone, log: log)
        case .csv, .other:
            return readCSV(url, displayPath: displayPath, slug: slug, timeZone: timeZone, columnMapping: columnMapping, log: log)
        }
    }

    /// Whether the log at `url` is read as a stream (`stream(_:…)`): a file (not a recording
    /// folder) whose content is GPX or Google location history — the formats long tracks come in.
    public static func isStreamable(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { return false }
        let content = TripLogContent.sniff(url)
        return content == .gpx || isGoogleLocationHistory(url, content: content)
    }

    /// Reads the streamable log at `url` (`isStreamable`) handing each position fix to `receive` as
    /// it is read, in file order, and keeping none: the result's `locations` are empty. Fixes whose
    /// time lies outside `dateRange` are not handed over (those without a time are). Otherwise as
    /// `read`: `nil` after an error in `log`.
    public static func stream(
        _ url: URL, displayPath: String, timeZone: TimeZone, dateRange: TripDateRange?, log: DiagnosticLog,
        receive: @escaping (LocationSample) -> Void
    ) -> TripLog? {
        let slug = url.deletingPathExtension().lastPathComponent
        if TripLogContent.sniff(url) == .gpx {
            noteOtherFormat(named: url.pathExtension.lowercased(), content: .gpx, displayPath: displayPath, log: log)
            return GPXReader.read(url, displayPath: displayPath, slug: slug, timeZone: timeZone, log: log) { fix in
                if let time = fix.timestamp, let dateRange, !dateRange.contains(time) { return }
                receive(fix)
            }
        }
        return GoogleLocationHistoryReader.read(
            url, displayPath: displayPath, slug: slug, timeZone: timeZone, dateRange: dateRange, log: log, receive: receive)
    }

    /// Whether the file at `url`, whose first bytes look like `content`, is Google location history:
    /// a file named `.json`, or one whose content is JSON other than roadtrip's log or GeoJSON, that
    /// `GoogleLocationHistoryFormat` recognises by its structure (which decides for a `.json`, even
    /// when a stray byte makes its start look like something else). `TripLogStream` asks the same.
    public static func isGoogleLocationHistory(_ url: URL, content: TripLogContent) -> Bool {
        var isOtherJSON = false
        if case .other(_, .json) = content { isOtherJSON = true }
        guard url.pathExtension.lowercased() == "json" || isOtherJSON else { return false }
        return GoogleLocationHistoryFormat.recognizes(url)
    }

    /// The format each trip-log extension names, and the kind of content it is.
    static let formatsByExtension: [String: (TripLogContent, TripLogContent.Family)] = [
        "gpx": (.gpx, .xml), "kml": (.kml, .xml), "kmz": (.kmz, .binary), "tcx": (.tcx, .xml), "json": (.roadtripJSON, .json),
        "geojson": (.geoJSON, .json), "nmea": (.nmea, .text), "csv": (.csv, .text),
    ]

    /// A file whose extension names one format and whose content is another (a `.gpx` holding a
    /// KML document) is read by its content, with a warning saying so — the name may be a mistake
    /// the user wants to know about. GeoJSON named `.json` is as expected, and so is any content
    /// under a name that names no format (`.xml`, `.txt`, none).
    static func noteOtherFormat(named fileExtension: String, content: TripLogContent, displayPath: String, log: DiagnosticLog) {
        guard let (named, _) = formatsByExtension[fileExtension], content != named,
            !(fileExtension == "json" && content == .geoJSON)
        else { return }
        if case .other = content { return }
        log.warning(
            SourceLocation(path: displayPath),
            "the file is named .\(fileExtension) but holds \(content.contentDescription); it is read by its content")
    }

    /// The format a file's extension names, for a file whose content is of the same kind but not
    /// recognised (or empty), so that its reader gives the precise error; `nil` otherwise.
    static func formatNamed(byExtension fileExtension: String, family: TripLogContent.Family) -> TripLogContent? {
        guard let (format, kind) = formatsByExtension[fileExtension] else { return nil }
        // NMEA from a serial GPS often starts with NUL bytes or holds a garbled line: the reader
        // skips and counts such lines, so a `.nmea` that looks binary is still read as NMEA.
        guard family == kind || family == .empty || (format == .nmea && family == .binary) else { return nil }
        return format
    }

    /// A CSV file, by its header.
    private static func readCSV(
        _ url: URL, displayPath: String, slug: String, timeZone: TimeZone, columnMapping: [String: String]?,
        log: DiagnosticLog
    ) -> TripLog? {
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
        if TrackCSVReader.recognizes(header: header) {
            return TrackCSVReader.read(url, displayPath: displayPath, slug: slug, timeZone: timeZone, log: log)
        }
        if let columnMapping {
            return GenericCSVReader.read(
                url, displayPath: displayPath, slug: slug, mapping: columnMapping, timeZone: timeZone, log: log)
        }
        log.error(
            SourceLocation(path: displayPath, line: 1),
            "unknown CSV layout: columns \(header.joined(separator: ", ")) (name them in the trip's sidecar under columns:)")
        return nil
    }
}
