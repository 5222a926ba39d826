import Foundation
import RoadTripCore

/// Reads Garmin's Training Center Database v2 files (TCX,
/// `http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd`) into a `TripLog`, streaming
/// with `XMLStreamReader`: memory holds the kept samples and one point at a time.
///
/// Elements are matched by local name, whatever their prefix. What is read:
/// - The root must be `TrainingCenterDatabase`.
/// - Every `Track` (`Activities/Activity/Lap/Track`, and `Courses/Course/Track`) is a segment; its
///   `Trackpoint`s are `locations`, in file order.
/// - Per `Trackpoint` (schema type `Trackpoint_t`): `Time` (`xsd:dateTime`, via
///   `TimestampParser`), `Position/LatitudeDegrees` and `Position/LongitudeDegrees` (degrees),
///   `AltitudeMeters` (m) → altitude, and the Activity Extension v2's `TPX/Speed` (m/s; e.g.
///   `ns3:TPX`) → speed. `DistanceMeters` (the device's odometer, m) is checked to be a number and
///   not kept: roadtrip measures distance on the geodesic. Heart rate, cadence and the rest are
///   accepted and not kept.
/// - A `Trackpoint` without a `Position` (a device records them indoors, or while the GPS has no
///   fix) is not a fix and is passed over without a warning.
/// - `TripLog.name`: the first `Course/Name`, if any.
///
/// Problems (as `path:line:column: severity: message` diagnostics):
/// - Error, and `nil`: the file cannot be opened, is not well-formed XML, or its root is not
///   `TrainingCenterDatabase`.
/// - Warning, and the points read before kept: the file ends early (`TruncatedFile`).
/// - Warning, point skipped and counted (`SkippedRecords`): a `Position` without both degrees, a
///   latitude or longitude that is not a number or out of range, an unreadable `Time`,
///   `AltitudeMeters`, `DistanceMeters` or `Speed`; at the start tag of the element at fault.
public enum TCXReader {
    /// Reads the TCX file at `url`.
    /// - Parameters:
    ///   - displayPath: how diagnostics name the file.
    ///   - slug: the log's slug (its file name without the extension).
    ///   - timeZone: the zone in which times without a zone designator are read (site `timeZone`).
    ///   - log: receives the errors and warnings.
    /// - Returns: the log in file order, or `nil` after reporting an error.
    public static func read(
        _ url: URL, displayPath: String, slug: String, timeZone: TimeZone, log: DiagnosticLog
    ) -> TripLog? {
        guard let reader = XMLTrackFile.openReader(
            url, displayPath: displayPath, format: "TCX", rootElement: "TrainingCenterDatabase", log: log)
        else { return nil }
        var state = TCXStreamState(
            reader: reader, url: url, displayPath: displayPath, timeZone: timeZone, diagnostics: log,
            result: TripLog(slug: slug, sourcePath: displayPath, format: .tcx))
        return state.run()
    }
}

/// One pass over a TCX document. Private to `TCXReader`.
private struct TCXStreamState: XMLTrackStream {
    /// Which element's text is being collected.
    enum Field {
        case time, latitude, longitude, altitude, distance, speed, courseName
    }

    /// The `Trackpoint` being read.
    struct Point {
        var ordinal = 0
        var line = 0
        var skipped = false
        var hasPosition = false
        var latitude: Double?
        var longitude: Double?
        var altitude: Double?
        var speed: Double?
        var timestamp: Date?
    }

    let reader: XMLStreamReader
    let url: URL
    let displayPath: String
    let timeZone: TimeZone
    let diagnostics: DiagnosticLog
    var result: TripLog

    /// Local names of the open elements, the root first.
    var stack: [String] = []
    var field: Field?
    var isCollectingText: Bool { field != nil }
    var hasRoot: Bool { !stack.isEmpty }
    var fieldName = ""
    var text: [UInt8] = []
    var elementCount = 0
    var fieldOrdinal = 0
    var warnings = XMLElementWarnings()
    var skipped: SkippedRecords
    var segment = -1
    var point: Point?
    var pointsKept = 0
    var warnedAboutZone = false

    init(
        reader: XMLStreamReader, url: URL, displayPath: String, timeZone: TimeZone, diagnostics: DiagnosticLog,
        result: TripLog
    ) {
        self.reader = reader
        self.url = url
        self.displayPath = displayPath
        self.timeZone = timeZone
        self.diagnostics = diagnostics
        self.result = result
        self.skipped = SkippedRecords(path: displayPath, noun: CountText.Noun("point"))
    }

    mutating func run() -> TripLog? {
        guard readNodes() else { return nil }
        skipped.report(to: diagnostics)
        return result
    }

    mutating func startElement() -> Bool {
        let name = reader.localName
        guard let parent = stack.last else {
            guard isRoot(name, "TrainingCenterDatabase", document: "TCX") else { return false }
            stack.append(name)
            return true
        }
        stack.append(name)
        switch (parent, name) {
        case (_, "Track"): segment += 1
        case ("Track", "Trackpoint"): point = Point(ordinal: elementCount, line: reader.line)
        case ("Trackpoint", "Time"): beginField(.time, name)
        case ("Trackpoint", "Position"): point?.hasPosition = true
        case ("Position", "LatitudeDegrees"): beginField(.latitude, name)
        case ("Position", "LongitudeDegrees"): beginField(.longitude, name)
        case ("Trackpoint", "AltitudeMeters"): beginField(.altitude, name)
        case ("Trackpoint", "DistanceMeters"): beginField(.distance, name)
        case ("TPX", "Speed"): if point != nil { beginField(.speed, name) }
        case ("Course", "Name"): beginField(.courseName, name)
        default: break
        }
        return true
    }

    mutating func endElement() {
        guard let name = stack.popLast() else { return }
        if field != nil, name == fieldName { endField() }
        if name == "Trackpoint" { endPoint() }
    }

    mutating func beginField(_ kind: Field, _ name: String) {
        field = kind
        fieldName = name
        fieldOrdinal = elementCount
        text.removeAll(keepingCapacity: true)
    }

    mutating func endField() {
        guard let kind = field else { return }
        field = nil
        if kind == .courseName {
            let value = String(decoding: text, as: UTF8.self).trimmingWhitespacesAndNewlines
            if result.name == nil, !value.isEmpty { result.name = value }
            return
        }
        guard point != nil, !point!.skipped, !isBlank() else { return }
        if kind == .time {
            readTime()
            return
        }
        guard let value = text.withUnsafeBufferPointer(DecimalNumber.parseXMLText) else {
            let reason = kind == .latitude || kind == .longitude ? "without a valid latitude and longitude" : "with an unreadable value"
            reject(reason, "`\(fieldName)` \"\(String(decoding: text, as: UTF8.self))\" is not a number; point skipped")
            return
        }
        switch kind {
        case .latitude: point?.latitude = value
        case .longitude: point?.longitude = value
        case .altitude: point?.altitude = value
        case .speed: point?.speed = value
        case .distance, .time, .courseName: break
        }
    }

    mutating func readTime() {
        guard let parsed = text.withUnsafeBufferPointer({ TimestampParser.parse($0, fallback: timeZone) }) else {
            reject("with an unreadable time", "`Time` \"\(String(decoding: text, as: UTF8.self))\" is not an ISO 8601 date and time; point skipped")
            return
        }
        point?.timestamp = parsed.date
        if !parsed.hadZone && !warnedAboutZone {
            warnedAboutZone = true
            warnings.add(
                ordinal: fieldOrdinal, localName: "Time", line: reader.line,
                "times without a zone are read in \(timeZone.identifier == "GMT" ? "UTC" : timeZone.identifier)")
        }
    }

    mutating func endPoint() {
        guard let point, !point.skipped else {
            self.point = nil
            return
        }
        self.point = nil
        guard point.hasPosition else { return }  // no fix: not a point of the track
        guard let latitude = point.latitude, let longitude = point.longitude else {
            let missing = point.latitude == nil && point.longitude == nil
                ? "`LatitudeDegrees` and `LongitudeDegrees`" : (point.latitude == nil ? "`LatitudeDegrees`" : "`LongitudeDegrees`")
            skip(ordinal: point.ordinal, localName: "Trackpoint", line: point.line, "without a valid latitude and longitude",
                "`Position` without \(missing); point skipped")
            return
        }
        if let problem = CoordinateAxis.latitude.rangeProblem(latitude, what: "point's latitude")
            ?? CoordinateAxis.longitude.rangeProblem(longitude, what: "point's longitude")
        {
            skip(ordinal: point.ordinal, localName: "Trackpoint", line: point.line, "without a valid latitude and longitude",
                problem + "; point skipped")
            return
        }
        pointsKept += 1
        result.locations.append(LocationSample(
            timestamp: point.timestamp, coordinate: Coordinate(latitude: latitude, longitude: longitude),
            altitude: point.altitude, speed: point.speed, segment: max(segment, 0), line: point.line))
    }

    /// Marks the current point as skipped under `reason`, warning at the field being read.
    mutating func reject(_ reason: String, _ message: String) {
        point?.skipped = true
        skip(ordinal: fieldOrdinal, localName: fieldName, line: reader.line, reason, message)
    }

    mutating func skip(ordinal: Int, localName: String, line: Int, _ reason: String, _ message: String) {
        if skipped.count(reason: reason) {
            warnings.add(ordinal: ordinal, localName: localName, line: line, message)
        }
    }

    func isBlank() -> Bool {
        text.allSatisfy(DecimalNumber.isXMLSpace)
    }
}
