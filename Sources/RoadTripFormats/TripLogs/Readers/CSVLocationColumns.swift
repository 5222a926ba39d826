import Foundation
import RoadTripCore

/// Which columns of a CSV table hold a location fix's fields, and in which units: the part every
/// CSV trip-log reader shares (Sensor Logger, GPSLogger, OpenTracks, a sidecar-mapped CSV).
struct CSVLocationColumns {
    /// How a row's time is written.
    enum TimeEncoding {
        /// ISO 8601 text (see `ISO8601Time`); a zone-less time is read in the site's time zone.
        case iso8601
        /// An integer count of seconds, milliseconds or nanoseconds since 1970-01-01T00:00:00Z
        /// (the value is the unit's divisor: 1, 1e3 or 1e9); seconds may have a fraction.
        case epoch(unitsPerSecond: Int)
    }

    var timestamp: Int?
    var timeEncoding: TimeEncoding = .iso8601
    var latitude: Int?
    var longitude: Int?
    var altitude: Int?
    var horizontalAccuracy: Int?
    var verticalAccuracy: Int?
    var speed: Int?
    /// Multiplies the speed column into m/s (1 for m/s, 1/3.6 for km/h).
    var speedToMetresPerSecond = 1.0
    var course: Int?

    /// The `LocationSample` fields a column can hold, in the order their columns are looked up.
    static let fields = [
        "timestamp", "latitude", "longitude", "altitude", "horizontalAccuracy", "verticalAccuracy", "speed", "course",
    ]

    /// No columns: every field missing (set them one by one).
    init() {}

    /// The columns of `table` that `headerNames` names: a field of ``fields`` to the header name of
    /// its column (GPSLogger's `["latitude": "lat", …]`, or a sidecar's mapping). A named column
    /// the header lacks is left out, unless its field is in `required`.
    /// - Throws: a `Diagnostic` at line 1 naming the missing column and the header's columns, for
    ///   a required one; `format` says what the file was taken for ("a GPSLogger").
    init(table: CSVTable, headerNames: [String: String], required: Set<String>, format: String) throws(Diagnostic) {
        var found: [String: Int] = [:]
        for field in Self.fields {
            guard let name = headerNames[field] else { continue }
            if let column = table.column(name) {
                found[field] = column
            } else if required.contains(field) {
                throw table.missingColumn(name, format: format)
            }
        }
        timestamp = found["timestamp"]
        latitude = found["latitude"]
        longitude = found["longitude"]
        altitude = found["altitude"]
        horizontalAccuracy = found["horizontalAccuracy"]
        verticalAccuracy = found["verticalAccuracy"]
        speed = found["speed"]
        course = found["course"]
    }

    /// The time of `record`: `nil` when the column is absent or empty.
    /// - Throws: `FieldError` for an unreadable time, or one outside the years 0001–9999
    ///   (`ISO8601Time.representableSeconds`: microseconds in a `unix` column, say).
    func time(of record: CSVTable.Record, timeZone: TimeZone) throws(CSVTable.FieldError) -> Date? {
        let date: Date?
        switch timeEncoding {
        case .iso8601:
            date = try record.time(timestamp, timeZone: timeZone)?.date
        case .epoch(let unitsPerSecond):
            if unitsPerSecond == 1 {
                date = try record.number(timestamp).map { Date(timeIntervalSince1970: $0) }
            } else {
                date = try record.integer(timestamp).map { CSVLocationColumns.date($0, unitsPerSecond: unitsPerSecond) }
            }
        }
        if let date, !ISO8601Time.isRepresentable(date), let timestamp {
            throw CSVTable.FieldError(
                column: record.header[timestamp], text: record.string(timestamp), expected: "a time in the years 0001–9999")
        }
        return date
    }

    /// The instant `count` units after the Unix epoch, split into whole seconds and the rest so
    /// that nanosecond counts (≈ 1.7e18, beyond a Double's 2^53) keep their precision.
    static func date(_ count: Int, unitsPerSecond: Int) -> Date {
        let seconds = count / unitsPerSecond
        let rest = count % unitsPerSecond
        return Date(timeIntervalSince1970: Double(seconds) + Double(rest) / Double(unitsPerSecond))
    }

    /// The fix in `record`, or `nil` when both latitude and longitude are empty (a row that is
    /// not a fix, such as OpenTracks' sensor-only rows). Missing fields become `nil`; negative
    /// accuracy, speed or course are kept as they are (invalid, dropped by the filters).
    /// - Throws: `FieldError` when a present field is unreadable, or only one of latitude and
    ///   longitude is given.
    func sample(
        from record: CSVTable.Record, timeZone: TimeZone, segment: Int = 0
    ) throws(CSVTable.FieldError) -> LocationSample? {
        let latitudeValue = try record.number(latitude)
        let longitudeValue = try record.number(longitude)
        guard let latitudeValue, let longitudeValue else {
            if latitudeValue == nil && longitudeValue == nil { return nil }
            let missing = latitudeValue == nil ? latitude : longitude
            throw CSVTable.FieldError(
                column: missing.map { record.header[$0] } ?? (latitudeValue == nil ? "latitude" : "longitude"),
                text: "", expected: "given (a fix needs both latitude and longitude)")
        }
        return LocationSample(
            timestamp: try time(of: record, timeZone: timeZone),
            coordinate: Coordinate(latitude: latitudeValue, longitude: longitudeValue),
            altitude: try record.number(altitude),
            horizontalAccuracy: try record.number(horizontalAccuracy),
            verticalAccuracy: try record.number(verticalAccuracy),
            speed: try record.number(speed).map { $0 < 0 ? $0 : $0 * speedToMetresPerSecond },
            course: try record.number(course),
            segment: segment,
            line: record.line)
    }

    /// Every record of `table` as a fix, for the layouts where each row must be one (GPSLogger,
    /// Sensor Logger's `Location.csv`, a generic CSV): a row without a latitude and longitude, or
    /// with an unreadable field, is a warning, skipped and counted (reported at the end).
    /// - Parameters:
    ///   - latitudeColumn: the latitude column's name as the warning should give it.
    ///   - rowKind: what a row is, for the warning ("every row must be a fix").
    ///   - complete: finishes or checks each sample before it is kept (a second time column, the
    ///     recording's start); throwing skips the row.
    /// - Throws: `Diagnostic` when the file cannot be read on.
    func everyRowAsFix(
        of table: inout CSVTable, displayPath: String, timeZone: TimeZone, latitudeColumn: String, rowKind: String,
        log: DiagnosticLog,
        complete: (CSVTable.Record, inout LocationSample) throws(CSVTable.FieldError) -> Void = { _, _ in }
    ) throws(Diagnostic) -> [LocationSample] {
        var locations: [LocationSample] = []
        var skipped = SkippedRecords(path: displayPath, noun: CountText.Noun("row"))
        try table.forEachRecord(skipped: &skipped, log: log) { record throws(CSVTable.FieldError) in
            guard var sample = try sample(from: record, timeZone: timeZone) else {
                throw CSVTable.FieldError(column: latitudeColumn, text: "", expected: "given (\(rowKind))")
            }
            try complete(record, &sample)
            locations.append(sample)
        }
        skipped.report(to: log)
        return locations
    }
}
