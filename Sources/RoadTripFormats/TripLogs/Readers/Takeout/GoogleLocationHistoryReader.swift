import Foundation
import RoadTripCore

/// Reads Google location history, streaming: memory holds one record at a time (and the fixes
/// kept, unless `receive` takes them), never a JSON tree, so years of history (hundreds of MB) are
/// read in constant memory; with a `TripDateRange`, the records outside it are read past and
/// dropped at once. Layouts (locationhistoryformat.com, and the exports themselves):
///
/// - **Takeout `Records.json`**: `{"locations": [record, …]}`, each record
///   `{"latitudeE7": 414216106, "longitudeE7": 21684775, "accuracy": 20, "velocity": 10, "heading": 270,
///   "altitude": 150, "verticalAccuracy": 10, "timestamp": "2022-01-12T17:18:24.190Z", …}`:
///   latitude and longitude in degrees × 10⁷ (→ ÷ 10⁷), `accuracy` → `horizontalAccuracy` (m),
///   `velocity` → `speed` (m/s), `heading` → `course` (degrees east of true north),
///   `altitude` (m), `verticalAccuracy` (m). The time is `timestamp` (ISO 8601) or, in exports
///   before 2022, `timestampMs` (milliseconds since 1970-01-01T00:00:00Z, a string of digits);
///   `timestamp` wins when both are there. Everything else (`activity`, `source`, `deviceTag`, …)
///   is skipped.
/// - **Android's on-device export `Timeline.json`**: `{"semanticSegments": [segment, …],
///   "rawSignals": [signal, …], "userLocationProfile": …}`. A segment's `timelinePath` is a list of
///   `{"point": "48.1234567°, 11.4567890°", "time": "2024-05-01T10:02:00.000+02:00"}`; a raw
///   signal's `position` is `{"LatLng": "48.1°, 11.4°", "accuracyMeters": 13, "altitudeMeters": 512.3,
///   "speedMetersPerSecond": 1.2, "timestamp": "…"}` (→ `horizontalAccuracy`, `altitude`, `speed`).
///   Visits, activities, `wifiScan`s and `activityRecord`s are skipped.
/// - **iOS's `location-history.json`**: a top-level array of segments `{"startTime": "…",
///   "endTime": "…", "timelinePath": [{"point": "geo:48.123456,11.456789",
///   "durationMinutesOffsetFromStartTime": "12"}]}`: a point's time is the segment's `startTime`
///   plus that many minutes (RFC 5870 `geo:` URIs: `TakeoutPointText`).
///
/// Members come in any order (a `timelinePath` before its segment's `startTime` waits for it). A
/// number may also be written as a string of one (`"12"`), as these exports do. Every fix is
/// segment 0, in file order: the trip-log filters drop or re-order what goes back in time, and
/// `gapTime`/`gapDistance` cut the track where the recording paused.
///
/// Problems:
/// - Error, and `nil`: the file cannot be opened or is empty, is not JSON (syntax error at its
///   line and column), or has none of these layouts (`locations` not a list, say).
/// - Warning, record skipped and counted (`SkippedRecords`: the first 20 named at the line and
///   column of the record or of the bad value, then one summary): a record that is not an object,
///   a missing or unreadable latitude, longitude or point, one out of range (|latitude| > 90°,
///   |longitude| > 180°), a time that is missing or not ISO 8601, a value that is not a number.
/// - Warning, once: times without a zone are read in `timeZone`; and, with a date range, when
///   records were read but none lies in it.
public enum GoogleLocationHistoryReader {
    /// Reads the history at `url`.
    /// - Parameters:
    ///   - displayPath: how diagnostics name the file.
    ///   - slug: the log's slug (its file name without the extension).
    ///   - timeZone: the zone for times written without one (the site's `timeZone`).
    ///   - dateRange: when given, only the fixes it holds are kept (the others are not stored).
    ///   - log: receives the errors and warnings.
    ///   - receive: when given, each fix kept goes to it as it is read, in file order, instead of into
    ///     the log's `locations` (which stay empty).
    /// - Returns: the log, or `nil` after an error when the file cannot be location history.
    public static func read(
        _ url: URL, displayPath: String, slug: String, timeZone: TimeZone, dateRange: TripDateRange? = nil,
        log: DiagnosticLog, receive: ((LocationSample) -> Void)? = nil
    ) -> TripLog? {
        if FileBytes.isBlankFile(url) {
            log.error(
                SourceLocation(path: displayPath),
                FileBytes.emptyFileMessage("Google location history is a JSON object with \"locations\" or \"semanticSegments\""))
            return nil
        }
        let scanner: JSONByteScanner
        do throws(Diagnostic) {
            scanner = try JSONByteScanner(url: url, displayPath: displayPath)
        } catch {
            log.report(error)
            return nil
        }
        var reading = GoogleLocationHistoryReading(
            scanner: scanner, path: displayPath, timeZone: timeZone, dateRange: dateRange, log: log, receive: receive)
        do throws(JSONByteScanner.SyntaxError) {
            guard try reading.readRoot() else { return nil }
            try scanner.expectEnd()
        } catch {
            log.error(
                SourceLocation(path: displayPath, line: error.line, column: error.column), "JSON syntax error: \(error.message)")
            return nil
        }
        reading.finish()
        return TripLog(slug: slug, sourcePath: displayPath, format: .googleLocationHistory, locations: reading.locations)
    }
}

/// One pass over a location-history file: the layouts' structure walked with `JSONByteScanner`.
/// `GoogleLocationHistoryReader` runs it; `GoogleLocationHistoryFormat` shares its `matches`.
struct GoogleLocationHistoryReading {
    let scanner: JSONByteScanner
    let path: String
    let timeZone: TimeZone
    let dateRange: TripDateRange?
    let log: DiagnosticLog
    let receive: ((LocationSample) -> Void)?
    /// The fixes kept, when there is no `receive`.
    private(set) var locations: [LocationSample] = []
    private var skipped: SkippedRecords
    private var warnedAboutZone = false

    init(
        scanner: JSONByteScanner, path: String, timeZone: TimeZone, dateRange: TripDateRange?, log: DiagnosticLog,
        receive: ((LocationSample) -> Void)?
    ) {
        self.scanner = scanner
        self.path = path
        self.timeZone = timeZone
        self.dateRange = dateRange
        self.log = log
        self.receive = receive
        skipped = SkippedRecords(path: path, noun: CountText.Noun("record"))
    }

    /// How messages name a record: `locations[12]`, `semanticSegments[3].timelinePath[0]`,
    /// `rawSignals[7].position`, `[2].timelinePath[1]` (iOS's top-level list). Built as text only
    /// for a message, never per record.
    struct RecordName {
        var list: StaticString
        var index: Int
        var member: StaticString = ""
        var memberIndex: Int?

        /// The name of the element `index` of the list `member` inside this record.
        func child(_ member: StaticString, _ index: Int? = nil) -> RecordName {
            RecordName(list: list, index: self.index, member: member, memberIndex: index)
        }

        var text: String {
            var text = "\(list)[\(index)]"
            if member.utf8CodeUnitCount > 0 { text += ".\(member)" }
            if let memberIndex { text += "[\(memberIndex)]" }
            return text
        }
    }

    /// Why one record is skipped, where, and under which reason it is counted.
    struct RecordProblem {
        var reason: String
        var message: String
        var position: JSONByteScanner.Position
    }

    /// The fields of a record or point, as read so far.
    struct Fields {
        var start: JSONByteScanner.Position
        var coordinate: Coordinate?
        var latitudeE7: Double?
        var longitudeE7: Double?
        var time: Date?
        var timeMs: Date?
        var offsetMinutes: Double?
        var altitude: Double?
        var horizontalAccuracy: Double?
        var verticalAccuracy: Double?
        var speed: Double?
        var course: Double?
        var problem: RecordProblem?
    }

    // MARK: Layouts

    /// Reads the top-level value; `false` after an error when it is none of the layouts.
    mutating func readRoot() throws(JSONByteScanner.SyntaxError) -> Bool {
        let first = try scanner.peek()
        let rootStart = scanner.position
        switch first {
        case 0x5B:
            // iOS: an array of segments.
            try readList(name: "") { reading, name throws(JSONByteScanner.SyntaxError) in try reading.readSegment(name) }
            return true
        case 0x7B:
            scanner.advance()
            var first = true
            var found = false
            while let key = try scanner.nextKey(first: &first) {
                _ = try scanner.peek()
                let position = scanner.position
                let list: ((inout GoogleLocationHistoryReading, RecordName) throws(JSONByteScanner.SyntaxError) -> Void)?
                let name: StaticString
                if Self.matches(key, "locations") {
                    (name, list) = ("locations", { reading, name throws(JSONByteScanner.SyntaxError) in try reading.readRecord(name) })
                } else if Self.matches(key, "semanticSegments") {
                    (name, list) = ("semanticSegments", { reading, name throws(JSONByteScanner.SyntaxError) in try reading.readSegment(name) })
                } else if Self.matches(key, "rawSignals") {
                    (name, list) = ("rawSignals", { reading, name throws(JSONByteScanner.SyntaxError) in try reading.readSignal(name) })
                } else {
                    try scanner.skipValue()
                    continue
                }
                guard try scanner.peek() == 0x5B, let list else {
                    log.error(SourceLocation(path: path, line: position.line, column: position.column), "\"\(name)\" must be a list")
                    return false
                }
                found = true
                try readList(name: name, list)
            }
            if !found {
                log.error(
                    SourceLocation(path: path, line: rootStart.line, column: rootStart.column),
                    "not Google location history: the object has no \"locations\", \"semanticSegments\" or \"rawSignals\"")
            }
            return found
        default:
            log.error(
                SourceLocation(path: path, line: rootStart.line, column: rootStart.column),
                "not Google location history: it must be a JSON object or list")
            return false
        }
    }

    /// Reads a list (the scanner before its `[`), calling `element` for each element with its name
    /// for messages (`locations[12]`).
    private mutating func readList(
        name: StaticString, _ element: (inout GoogleLocationHistoryReading, RecordName) throws(JSONByteScanner.SyntaxError) -> Void
    ) throws(JSONByteScanner.SyntaxError) {
        try scanner.expect(0x5B, "'['")
        var first = true
        var index = 0
        while try scanner.nextElement(first: &first) {
            try element(&self, RecordName(list: name, index: index))
            index += 1
        }
    }

    /// Opens the object of one record (the scanner before it); `nil`, with the value skipped and the
    /// record counted, when it is not an object.
    private mutating func openRecord(_ name: RecordName) throws(JSONByteScanner.SyntaxError) -> JSONByteScanner.Position? {
        let isObject = try scanner.peek() == 0x7B
        let start = scanner.position
        guard isObject else {
            try scanner.skipValue()
            skip(RecordProblem(reason: "not an object", message: "\(name.text) is not an object", position: start))
            return nil
        }
        scanner.advance()
        return start
    }

    /// One `Records.json` location record.
    mutating func readRecord(_ name: RecordName) throws(JSONByteScanner.SyntaxError) {
        guard let start = try openRecord(name) else { return }
        var fields = Fields(start: start)
        var first = true
        while let key = try scanner.nextKey(first: &first) {
            switch key.count {
            case 7 where Self.matches(key, "heading"): fields.course = try number(name, "heading", &fields)
            case 8 where Self.matches(key, "accuracy"): fields.horizontalAccuracy = try number(name, "accuracy", &fields)
            case 8 where Self.matches(key, "velocity"): fields.speed = try number(name, "velocity", &fields)
            case 8 where Self.matches(key, "altitude"): fields.altitude = try number(name, "altitude", &fields)
            case 9 where Self.matches(key, "timestamp"): fields.time = try time(name, "timestamp", &fields)
            case 10 where Self.matches(key, "latitudeE7"): fields.latitudeE7 = try number(name, "latitudeE7", &fields)
            case 11 where Self.matches(key, "longitudeE7"): fields.longitudeE7 = try number(name, "longitudeE7", &fields)
            case 11 where Self.matches(key, "timestampMs"):
                fields.timeMs = try number(name, "timestampMs", &fields).map { Date(timeIntervalSince1970: $0 / 1000) }
            case 16 where Self.matches(key, "verticalAccuracy"):
                fields.verticalAccuracy = try number(name, "verticalAccuracy", &fields)
            default: try scanner.skipValue()
            }
        }
        if fields.problem == nil {
            if let latitudeE7 = fields.latitudeE7, let longitudeE7 = fields.longitudeE7 {
                let latitude = latitudeE7 / 10_000_000
                let longitude = longitudeE7 / 10_000_000
                if (-90...90).contains(latitude) && (-180...180).contains(longitude) {
                    fields.coordinate = Coordinate(latitude: latitude, longitude: longitude)
                } else {
                    fields.problem = RecordProblem(
                        reason: "with a position out of range",
                        message: "\(name.text): latitude \(latitude)°, longitude \(longitude)° is not a place on Earth",
                        position: start)
                }
            } else {
                let missing = fields.latitudeE7 == nil ? "latitudeE7" : "longitudeE7"
                fields.problem = RecordProblem(
                    reason: "without a position", message: "\(name.text) has no \"\(missing)\"", position: start)
            }
        }
        if fields.time == nil { fields.time = fields.timeMs }
        finishRecord(name, fields)
    }

    /// One `semanticSegments` (Android) or top-level (iOS) segment: its `timelinePath` points.
    mutating func readSegment(_ name: RecordName) throws(JSONByteScanner.SyntaxError) {
        guard let start = try openRecord(name) else { return }
        var segment = Fields(start: start)
        var path: [(name: RecordName, fields: Fields)] = []
        var first = true
        while let key = try scanner.nextKey(first: &first) {
            if Self.matches(key, "startTime") {
                segment.time = try time(name, "startTime", &segment)
            } else if Self.matches(key, "timelinePath"), try scanner.peek() == 0x5B {
                try scanner.expect(0x5B, "'['")
                var firstPoint = true
                var index = 0
                while try scanner.nextElement(first: &firstPoint) {
                    let pointName = name.child("timelinePath", index)
                    index += 1
                    guard let pointStart = try openRecord(pointName) else { continue }
                    var fields = Fields(start: pointStart)
                    var firstMember = true
                    while let key = try scanner.nextKey(first: &firstMember) {
                        if Self.matches(key, "point") {
                            fields.coordinate = try point(pointName, "point", &fields)
                        } else if Self.matches(key, "time") {
                            fields.time = try time(pointName, "time", &fields)
                        } else if Self.matches(key, "durationMinutesOffsetFromStartTime") {
                            fields.offsetMinutes = try number(pointName, "durationMinutesOffsetFromStartTime", &fields)
                        } else {
                            try scanner.skipValue()
                        }
                    }
                    path.append((pointName, fields))
                }
            } else {
                try scanner.skipValue()
            }
        }
        // A point without a time of its own is the segment's start plus its offset in minutes.
        for (pointName, pointFields) in path {
            var fields = pointFields
            if fields.time == nil, let offset = fields.offsetMinutes, let startTime = segment.time {
                fields.time = startTime.addingTimeInterval(offset * 60)
            }
            if fields.problem == nil && fields.coordinate == nil {
                fields.problem = RecordProblem(
                    reason: "without a position", message: "\(pointName.text) has no \"point\"", position: fields.start)
            }
            if fields.problem == nil, fields.time == nil, let problem = segment.problem {
                fields.problem = problem
            }
            finishRecord(pointName, fields)
        }
    }

    /// One `rawSignals` entry: its `position`, if it has one (activity records and Wi-Fi scans are skipped).
    mutating func readSignal(_ name: RecordName) throws(JSONByteScanner.SyntaxError) {
        guard try openRecord(name) != nil else { return }
        var first = true
        while let key = try scanner.nextKey(first: &first) {
            guard Self.matches(key, "position") else {
                try scanner.skipValue()
                continue
            }
            let positionName = name.child("position")
            guard let start = try openRecord(positionName) else { continue }
            var fields = Fields(start: start)
            var firstMember = true
            while let key = try scanner.nextKey(first: &firstMember) {
                if Self.matches(key, "LatLng") {
                    fields.coordinate = try point(positionName, "LatLng", &fields)
                } else if Self.matches(key, "timestamp") {
                    fields.time = try time(positionName, "timestamp", &fields)
                } else if Self.matches(key, "accuracyMeters") {
                    fields.horizontalAccuracy = try number(positionName, "accuracyMeters", &fields)
                } else if Self.matches(key, "altitudeMeters") {
                    fields.altitude = try number(positionName, "altitudeMeters", &fields)
                } else if Self.matches(key, "speedMetersPerSecond") {
                    fields.speed = try number(positionName, "speedMetersPerSecond", &fields)
                } else {
                    try scanner.skipValue()
                }
            }
            if fields.problem == nil && fields.coordinate == nil {
                fields.problem = RecordProblem(
                    reason: "without a position", message: "\(positionName.text) has no \"LatLng\"", position: start)
            }
            finishRecord(positionName, fields)
        }
    }

    // MARK: Values

    /// A number, or a string holding one, for the member `key`; `nil` (with the record's first
    /// problem noted) for any other value, which is skipped.
    private func number(_ name: RecordName, _ key: String, _ fields: inout Fields) throws(JSONByteScanner.SyntaxError) -> Double? {
        let first = try scanner.peek() ?? 0
        let position = scanner.position
        let value: Double?
        switch first {
        case 0x22: value = DecimalNumber.parse(try scanner.readString())
        case 0x2D, 0x30...0x39: value = DecimalNumber.parse(try scanner.readNumber())
        case 0x6E:
            // null: absent.
            try scanner.skipValue()
            return nil
        default:
            try scanner.skipValue()
            value = nil
        }
        guard let value else {
            note(
                &fields,
                RecordProblem(reason: "with an unreadable value", message: "\(name.text): \"\(key)\" must be a number", position: position))
            return nil
        }
        return value
    }

    /// An ISO 8601 time for the member `key` (one without a zone read in `timeZone`).
    private mutating func time(_ name: RecordName, _ key: String, _ fields: inout Fields) throws(JSONByteScanner.SyntaxError) -> Date? {
        let isString = try scanner.peek() == 0x22
        let position = scanner.position
        if isString, let parsed = TimestampParser.parse(try scanner.readString(), fallback: timeZone) {
            if !parsed.hadZone && !warnedAboutZone {
                warnedAboutZone = true
                log.warning(
                    SourceLocation(path: path, line: position.line, column: position.column),
                    "times without a zone are read in \(timeZone.identifier)")
            }
            return parsed.date
        }
        if !isString { try scanner.skipValue() }
        note(
            &fields,
            RecordProblem(reason: "with an unreadable time", message: "\(name.text): \"\(key)\" must be an ISO 8601 time", position: position))
        return nil
    }

    /// A coordinate text (`TakeoutPointText`) for the member `key`.
    private func point(_ name: RecordName, _ key: String, _ fields: inout Fields) throws(JSONByteScanner.SyntaxError) -> Coordinate? {
        let isString = try scanner.peek() == 0x22
        let position = scanner.position
        var message = "\(name.text): \"\(key)\" must be a text such as \"48.1234567°, 11.4567890°\" or \"geo:48.123456,11.456789\""
        if isString {
            let text = try scanner.readString()
            if let parsed = TakeoutPointText.parse(text) {
                if fields.altitude == nil { fields.altitude = parsed.altitude }
                return parsed.coordinate
            }
            // A point that reads but lies off the globe is said so.
            if let unchecked = TakeoutPointText.parse(text, checkingRange: false),
                let problem = CoordinateAxis.latitude.rangeProblem(unchecked.coordinate.latitude, what: "latitude")
                    ?? CoordinateAxis.longitude.rangeProblem(unchecked.coordinate.longitude, what: "longitude")
            {
                message = "\(name.text): \"\(key)\": \(problem)"
            }
        } else {
            try scanner.skipValue()
        }
        note(&fields, RecordProblem(reason: "without a position", message: message, position: position))
        return nil
    }

    /// Keeps the first problem of a record.
    private func note(_ fields: inout Fields, _ problem: RecordProblem) {
        if fields.problem == nil { fields.problem = problem }
    }

    // MARK: Records

    /// Skips a record with a problem, or keeps its fix when it lies in the date range.
    private mutating func finishRecord(_ name: RecordName, _ fields: Fields) {
        if let problem = fields.problem {
            skip(problem)
            return
        }
        guard let coordinate = fields.coordinate else { return }
        guard let time = fields.time else {
            skip(RecordProblem(reason: "without a time", message: "\(name.text) has no time", position: fields.start))
            return
        }
        // `timestampMs` (and a start time plus an offset in minutes) can name any number: only the
        // years 0001–9999 are times a trip log holds (ISO 8601, roadtrip's JSON log).
        guard ISO8601Time.isRepresentable(time) else {
            skip(RecordProblem(
                reason: "with a time out of range",
                message: "\(name.text): its time is outside the years 0001–9999", position: fields.start))
            return
        }
        if let dateRange, !dateRange.contains(time) { return }
        let sample = LocationSample(
            timestamp: time, coordinate: coordinate, altitude: fields.altitude, horizontalAccuracy: fields.horizontalAccuracy,
            verticalAccuracy: fields.verticalAccuracy, speed: fields.speed, course: fields.course, line: fields.start.line)
        if let receive {
            receive(sample)
        } else {
            locations.append(sample)
        }
    }

    private mutating func skip(_ problem: RecordProblem) {
        skipped.skip(
            reason: problem.reason, line: problem.position.line, column: problem.position.column,
            message: "\(problem.message); record skipped", log: log)
    }

    /// The summary of skipped records. (A log with no fix in its date range is warned about by
    /// whoever reads it, as for every format: `TripLogLoader`, `roadtrip trip`.)
    mutating func finish() {
        skipped.report(to: log)
    }

    /// Whether the member name `key` is `name`.
    @inline(__always)
    static func matches(_ key: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        key.count == name.utf8CodeUnitCount && (key.count == 0 || memcmp(key.baseAddress!, name.utf8Start, key.count) == 0)
    }
}
