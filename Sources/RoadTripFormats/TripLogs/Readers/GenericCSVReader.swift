import Foundation
import RoadTripCore

/// Reads a CSV of location fixes whose columns are named in the trip's sidecar,
/// e.g. `columns: {timestamp: "Time", latitude: "Lat", longitude: "Lon", speed: "Speed",
/// speedUnit: kmh}`.
///
/// The mapping goes from a `LocationSample` field to a header name: `timestamp`, `latitude` and
/// `longitude` (both required), `altitude`, `horizontalAccuracy`, `verticalAccuracy`, `speed`,
/// `course`. Three more keys give units and layout:
/// - `speedUnit`: `ms` (m/s, default), `kmh` (÷ 3.6), `mph` (× 0.44704, exact by the 1959
///   international yard), `knots` (× 1852/3600, the international nautical mile);
/// - `timestampFormat`: `iso8601` (default; zone-less times are read in the site's zone),
///   `unix` (seconds, fraction allowed), `unixms`, `unixns` (integers);
/// - `delimiter`: one character (default: sniffed, see `CSVTable.openSniffingDelimiter`); with
///   any delimiter but `,`, numbers may have a decimal comma (`47,5`) as well as a point.
/// A key the reader does not know, or a column missing from the header, is an error.
public enum GenericCSVReader {
    /// Model fields a mapping may name.
    package static let fields = CSVLocationColumns.fields
    /// Unit and layout keys a mapping may give.
    package static let options = ["speedUnit", "timestampFormat", "delimiter"]
    /// `speedUnit` values and their factor to m/s.
    static let speedUnits: [String: Double] = [
        "ms": 1, "kmh": 1000.0 / 3600.0, "mph": 0.44704, "knots": 1852.0 / 3600.0,
    ]
    /// `timestampFormat` values.
    static let timestampFormats: [String: CSVLocationColumns.TimeEncoding] = [
        "iso8601": .iso8601, "unix": .epoch(unitsPerSecond: 1), "unixms": .epoch(unitsPerSecond: 1000),
        "unixns": .epoch(unitsPerSecond: 1_000_000_000),
    ]

    /// Reads the log at `url` with `mapping` (field or option → column name or value, as above).
    /// `nil`, with an error in `log`, when the file cannot be read or the mapping does not fit
    /// the file; rows with an unreadable value are warnings, skipped and counted.
    /// - Parameters:
    ///   - displayPath: the path diagnostics name.
    ///   - slug: the log's slug (its file name without the extension).
    ///   - timeZone: the site's zone, for ISO 8601 times written without a zone.
    public static func read(
        _ url: URL, displayPath: String, slug: String, mapping: [String: String], timeZone: TimeZone,
        log: DiagnosticLog
    ) -> TripLog? {
        let file = SourceLocation(path: displayPath)
        do throws(Diagnostic) {
            for key in mapping.keys.sorted() where !fields.contains(key) && !options.contains(key) {
                throw .error(
                    file,
                    "the column mapping has an unknown key \"\(key)\"" + KeySuggestion.didYouMean(key, among: fields + options)
                        + " (known: \((fields + options).joined(separator: ", ")))")
            }
            var table: CSVTable
            if let delimiter = mapping["delimiter"] {
                guard delimiter.utf8.count == 1, let byte = delimiter.utf8.first else {
                    throw .error(file, "the column mapping's delimiter must be one ASCII character (one byte), not "
                        + Diagnostic.oneLine(QuotedText.doubleQuoted(delimiter)))
                }
                // A quote opens a quoted field and a line break ends a record: neither can separate fields.
                guard ![UInt8(ascii: "\""), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0].contains(byte) else {
                    throw .error(file, "the column mapping's delimiter cannot be \(Diagnostic.oneLine(QuotedText.doubleQuoted(delimiter))): "
                        + "a quote starts a quoted field, a line break ends a row and NUL is no text; use ',', ';', a tab or another character")
                }
                table = try CSVTable(url: url, displayPath: displayPath, delimiter: byte, decimalComma: byte != 0x2C)
            } else {
                table = try CSVTable.openSniffingDelimiter(url: url, displayPath: displayPath)
            }
            // Every column the mapping names must be in the header.
            var columns = try CSVLocationColumns(table: table, headerNames: mapping, required: Set(fields), format: "a")
            guard columns.latitude != nil, columns.longitude != nil else {
                throw .error(file, "the column mapping must name the latitude and longitude columns")
            }
            if let unit = mapping["speedUnit"] {
                guard let factor = speedUnits[unit] else {
                    throw .error(file, "unknown speedUnit \"\(unit)\" (known: ms, kmh, mph, knots)")
                }
                columns.speedToMetresPerSecond = factor
            }
            if let format = mapping["timestampFormat"] {
                guard let encoding = timestampFormats[format] else {
                    throw .error(file, "unknown timestampFormat \"\(format)\" (known: iso8601, unix, unixms, unixns)")
                }
                columns.timeEncoding = encoding
            }
            let locations = try columns.everyRowAsFix(
                of: &table, displayPath: displayPath, timeZone: timeZone,
                latitudeColumn: mapping["latitude"] ?? "latitude", rowKind: "every row must be a fix", log: log)
            return TripLog(slug: slug, sourcePath: displayPath, format: .csv, locations: locations)
        } catch {
            log.report(error)
            return nil
        }
    }
}
