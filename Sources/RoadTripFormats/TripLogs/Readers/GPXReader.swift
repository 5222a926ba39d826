import Foundation
import RoadTripCore

/// Reads GPX 1.0 and 1.1 files (topografix.com/GPX/1/0, /1/1; `../shared/spec/gpx/gpx-1.1.xsd`)
/// into a `TripLog`, streaming with `XMLStreamReader` (libxml2's push parser): memory holds
/// the kept samples and one point at a time, never a document tree.
///
/// What is read:
/// - The root must be `gpx`, in the GPX 1.0 or 1.1 namespace or in none (an unknown namespace is a
///   warning, and the file is read the same way).
/// - Tracks: every `trk/trkseg` (in file order across all tracks) is a new `segment`; its `trkpt`s
///   are `locations`. Routes: every `rte` is a segment of its own; its `rtept`s are `locations` too.
/// - Waypoints (`wpt`) are `waypoints`: `name` → title (empty when absent), `desc` (else `cmt`) →
///   subtitle, `type` → category.
/// - Per point: `lat`/`lon` attributes (degrees), `ele` → altitude (m), `time` (via
///   `TimestampParser`), GPX 1.0 `speed` (m/s) and `course` (degrees; also accepted as direct
///   children in a 1.1 file, as some apps write them), and inside `extensions`, whatever the prefix,
///   the elements with local names `speed` (m/s; Garmin TrackPointExtension v2, OpenTracks),
///   `course` (degrees; Garmin TrackPointExtension v2), `accuracy_horizontal` and
///   `accuracy_vertical` (m; OpenTracks' `TrackExporter`). A direct GPX element wins over an
///   extension; among extensions the first wins.
/// - `hdop`, `vdop`, `pdop`, `sat`, `fix` and every other element are accepted and not kept: GPX has
///   no accuracy in metres, and dilution of precision is not one, so `horizontalAccuracy` stays `nil`
///   unless an accuracy extension gives it.
/// - `TripLog.name`: the first `trk/name`, else the first `rte/name`, else `metadata/name` (1.1) or
///   `gpx/name` (1.0).
/// - The encoding comes from the BOM or the XML declaration (libxml2: UTF-8, UTF-16,
///   ISO-8859-1, …). The network is never used, no external entity is loaded, libxml2 prints
///   nothing (see `XMLStreamReader`).
///
/// Problems (as `path:line:column: severity: message` diagnostics):
/// - Error, and `nil`: the file cannot be opened, is not well-formed XML (the line and column where
///   libxml2 stopped), or its root is not `gpx` ("not a GPX document (root element `kml`)").
///   Nothing read before a well-formedness error is returned — unless the error is where the
///   file ends (`TruncatedFile`: a recording cut short): then the points read before the cut are
///   kept, with one warning at the line and column where the file ends early.
/// - Warning, point skipped and counted: a missing, unparsable or out-of-range `lat`/`lon` (which
///   includes OpenTracks' legacy pause markers `lat="100"`), and an unparsable `time`, `ele`,
///   `speed`, `course` or accuracy; an empty element (`<ele/>`) is a missing value, not a bad one.
///   The first 20 such points (as every reader lists, `SkippedRecords.listedLimit`) are named at
///   the line and column of the start tag at fault (the point's, or the bad field's), then one
///   summary warning gives the counts (of all `trkpt`, `rtept` and `wpt` read); 20 and the
///   summary stay under what is printed of one file (`Diagnostic.printedPerFile`).
/// - Warning, once per file: "times without a zone are read in <zone>", at the first such time.
///
/// Lines and columns are 1-based. libxml2's reader gives an element only the line where its start
/// tag ends (and stores it in 16 bits), so a warning's start tag is looked up afterwards in the
/// file, by its order among the elements (`XMLStartTagLocator`); a `LocationSample`'s `line` is
/// libxml2's, which beyond line 65,535 is the parser's current line and may run a few lines ahead.
public enum GPXReader {
    /// Reads the GPX file at `url`.
    /// - Parameters:
    ///   - displayPath: how diagnostics name the file (relative to the project root, or as given).
    ///   - slug: the log's slug (its file name without the extension).
    ///   - timeZone: the zone in which times without a zone designator are read (site `timeZone`).
    ///   - log: receives the errors and warnings.
    ///   - receive: when given, each track and route point goes to it as it is read, in file order,
    ///     instead of into the log's `locations` (which stay empty), so a log of any length is read
    ///     in constant memory.
    /// - Returns: the log in file order, or `nil` after reporting an error when the file cannot be a
    ///   GPX document.
    public static func read(
        _ url: URL, displayPath: String, slug: String, timeZone: TimeZone, log: DiagnosticLog,
        receive: ((LocationSample) -> Void)? = nil
    ) -> TripLog? {
        guard let reader = XMLTrackFile.openReader(url, displayPath: displayPath, format: "GPX", rootElement: "gpx", log: log)
        else { return nil }
        var result = TripLog(slug: slug, sourcePath: displayPath, format: .gpx)
        // Size the fix array from the file once (a `trkpt` with `ele` and `time` takes about 100
        // bytes of GPX): growing it by doubling copied every fix and left the old buffer behind.
        if receive == nil, let bytes = try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize {
            result.locations.reserveCapacity(min(bytes / 100, 50_000_000))
        }
        var state = GPXStreamState(
            reader: reader, url: url, displayPath: displayPath, timeZone: timeZone, diagnostics: log, result: result,
            receive: receive)
        return state.run()
    }
}

/// One pass over a GPX document: the element context stack, the point being read, the text being
/// collected, and the counts of skipped points. Private to `GPXReader`.
private struct GPXStreamState: XMLTrackStream {
    /// What an open element is, as far as GPX goes.
    enum Context: UInt8 {
        case gpx, metadata, track, trackSegment, route, trackPoint, waypoint, pointExtensions, field, other
    }

    /// Which element's text is being collected.
    enum Field {
        case elevation, time, speed, course, extensionSpeed, extensionCourse
        case horizontalAccuracy, verticalAccuracy
        case pointName, pointDescription, pointComment, pointType
        case trackName, routeName, documentName
    }

    /// Why a point was skipped.
    enum Problem: Int, CaseIterable {
        case coordinate, time, value
    }

    /// The point (`trkpt`, `rtept` or `wpt`) being read.
    struct Point {
        var coordinate = Coordinate(latitude: 0, longitude: 0)
        var line = 0
        /// The point element's ordinal among the document's elements (see `elementCount`).
        var ordinal = 0
        var problem: Problem?
        var altitude: Double?
        var timestamp: Date?
        var speed: Double?
        var course: Double?
        var extensionSpeed: Double?
        var extensionCourse: Double?
        var horizontalAccuracy: Double?
        var verticalAccuracy: Double?
        var name: String?
        var description: String?
        var comment: String?
        var type: String?
    }

    static let maximumNamedProblems = SkippedRecords.listedLimit

    let reader: XMLStreamReader
    /// The file, read again for the start tags' columns when there are warnings.
    let url: URL
    let displayPath: String
    let timeZone: TimeZone
    let diagnostics: DiagnosticLog
    var result: TripLog
    let receive: ((LocationSample) -> Void)?

    var stack: [Context] = []
    var point = Point()
    var field: Field?
    var isCollectingText: Bool { field != nil }
    var hasRoot: Bool { !stack.isEmpty }
    var text: [UInt8] = []
    var nextSegment = 0
    var routeName: String?
    var documentName: String?
    var warnedAboutZone = false
    var pointCount = 0
    var skipped = [Int](repeating: 0, count: Problem.allCases.count)
    /// Elements read so far: the current element's ordinal in document order.
    var elementCount = 0
    /// The ordinal of the element whose text is being collected.
    var fieldOrdinal = 0
    var warnings = XMLElementWarnings()
    /// Track and route points kept so far (for the warning about a file that ends early).
    var pointsKept = 0

    init(
        reader: XMLStreamReader, url: URL, displayPath: String, timeZone: TimeZone, diagnostics: DiagnosticLog, result: TripLog,
        receive: ((LocationSample) -> Void)?
    ) {
        self.receive = receive
        self.reader = reader
        self.url = url
        self.displayPath = displayPath
        self.timeZone = timeZone
        self.diagnostics = diagnostics
        self.result = result
        text.reserveCapacity(64)
    }

    mutating func run() -> TripLog? {
        guard readNodes() else { return nil }
        if result.name == nil { result.name = routeName ?? documentName }
        flushPendingWarnings()
        let total = skipped.reduce(0, +)
        if total > 0 {
            var reasons: [String] = []
            if skipped[Problem.coordinate.rawValue] > 0 {
                reasons.append("\(CountText.grouped(skipped[Problem.coordinate.rawValue])) without a valid latitude and longitude")
            }
            if skipped[Problem.time.rawValue] > 0 {
                reasons.append("\(CountText.grouped(skipped[Problem.time.rawValue])) with an unreadable time")
            }
            if skipped[Problem.value.rawValue] > 0 {
                reasons.append("\(CountText.grouped(skipped[Problem.value.rawValue])) with an unreadable value")
            }
            diagnostics.warning(
                SourceLocation(path: displayPath),
                "\(CountText.grouped(total)) of \(CountText.counted(pointCount, "point")) skipped: " + reasons.joined(separator: ", "))
        }
        return result
    }

    // MARK: Elements

    /// Handles an element start; `false` after reporting an error that ends the read.
    mutating func startElement() -> Bool {
        guard let parent = stack.last else {
            return startRoot()
        }
        let context: Context
        switch parent {
        case .gpx:
            if equals("trk") {
                context = .track
            } else if equals("rte") {
                nextSegment += 1
                context = .route
            } else if equals("wpt") {
                context = .waypoint
                beginPoint()
            } else if equals("metadata") {
                context = .metadata
            } else if equals("name") {
                context = beginField(.documentName)
            } else {
                context = .other
            }
        case .metadata:
            context = equals("name") ? beginField(.documentName) : .other
        case .track:
            if equals("trkseg") {
                nextSegment += 1
                context = .trackSegment
            } else if equals("name") {
                context = beginField(.trackName)
            } else {
                context = .other
            }
        case .trackSegment:
            if equals("trkpt") {
                context = .trackPoint
                beginPoint()
            } else {
                context = .other
            }
        case .route:
            if equals("rtept") {
                context = .trackPoint
                beginPoint()
            } else if equals("name") {
                context = beginField(.routeName)
            } else {
                context = .other
            }
        case .trackPoint, .waypoint:
            context = pointChild(waypoint: parent == .waypoint)
        case .pointExtensions:
            if equals("speed") {
                context = beginField(.extensionSpeed)
            } else if equals("course") {
                context = beginField(.extensionCourse)
            } else if equals("accuracy_horizontal") {
                context = beginField(.horizontalAccuracy)
            } else if equals("accuracy_vertical") {
                context = beginField(.verticalAccuracy)
            } else {
                context = .pointExtensions  // e.g. gpxtpx:TrackPointExtension: look inside
            }
        case .field, .other:
            context = .other
        }
        stack.append(context)
        return true
    }

    /// The context of a child element of a point.
    mutating func pointChild(waypoint: Bool) -> Context {
        if equals("ele") { return beginField(.elevation) }
        if equals("time") { return beginField(.time) }
        if equals("speed") { return beginField(.speed) }
        if equals("course") { return beginField(.course) }
        if equals("extensions") { return .pointExtensions }
        if waypoint {
            if equals("name") { return beginField(.pointName) }
            if equals("desc") { return beginField(.pointDescription) }
            if equals("cmt") { return beginField(.pointComment) }
            if equals("type") { return beginField(.pointType) }
        }
        return .other  // hdop, vdop, pdop, sat, fix, … : accepted, not kept
    }

    /// Checks the root element; `false` after reporting an error.
    mutating func startRoot() -> Bool {
        guard equals("gpx") else {
            diagnostics.error(
                SourceLocation(path: displayPath, line: currentLine()),
                "not a GPX document (root element `\(reader.localName)`)")
            return false
        }
        if let uri = reader.namespaceURI,
            uri != "http://www.topografix.com/GPX/1/1" && uri != "http://www.topografix.com/GPX/1/0"
        {
            warn(ordinal: elementCount, localName: reader.localName, "unknown GPX namespace `\(uri)`; read as GPX 1.1")
        }
        stack.append(.gpx)
        return true
    }

    mutating func endElement() {
        guard let context = stack.popLast() else { return }
        switch context {
        case .field:
            endField()
        case .trackPoint:
            endPoint(waypoint: false)
        case .waypoint:
            endPoint(waypoint: true)
        default:
            break
        }
    }

    // MARK: Points

    mutating func beginPoint() {
        pointCount += 1
        point = Point()
        point.line = currentLine()
        point.ordinal = elementCount
        var latitude: Double?
        var longitude: Double?
        var latitudeSeen = false
        var longitudeSeen = false
        reader.forEachAttribute {
            let isLatitude = equals("lat")
            guard isLatitude || equals("lon") else { return }
            let value = reader.withValue(DecimalNumber.parseXMLText)
            if isLatitude {
                latitudeSeen = true
                latitude = value
            } else {
                longitudeSeen = true
                longitude = value
            }
            if value == nil {
                let shown = reader.withValue { String(decoding: $0, as: UTF8.self) }
                reject(.coordinate, "point's `\(isLatitude ? "lat" : "lon")` \"\(shown)\" is not a number")
            }
        }
        guard point.problem == nil else { return }
        guard latitudeSeen, longitudeSeen, let latitude, let longitude else {
            let missing = !latitudeSeen && !longitudeSeen ? "`lat` and `lon`" : (!latitudeSeen ? "`lat`" : "`lon`")
            reject(.coordinate, "point without \(missing)")
            return
        }
        point.coordinate = Coordinate(latitude: latitude, longitude: longitude)
        if let problem = CoordinateAxis.latitude.rangeProblem(latitude, what: "point's latitude") {
            reject(.coordinate, problem)
        } else if let problem = CoordinateAxis.longitude.rangeProblem(longitude, what: "point's longitude") {
            reject(.coordinate, problem)
        }
    }

    mutating func endPoint(waypoint: Bool) {
        guard point.problem == nil else { return }
        if waypoint {
            result.waypoints.append(
                PointOfInterest(
                    title: point.name ?? "", subtitle: point.description ?? point.comment ?? "",
                    coordinate: point.coordinate, category: point.type))
        } else {
            let sample = LocationSample(
                timestamp: point.timestamp, coordinate: point.coordinate, altitude: point.altitude,
                horizontalAccuracy: point.horizontalAccuracy, verticalAccuracy: point.verticalAccuracy,
                speed: point.speed ?? point.extensionSpeed, course: point.course ?? point.extensionCourse,
                segment: max(nextSegment - 1, 0), line: point.line)
            pointsKept += 1
            if let receive { receive(sample) } else { result.locations.append(sample) }
        }
    }

    /// Marks the current point as skipped (once) and names it in a warning while under the cap,
    /// at the point's start tag, or at the start tag of the field `fieldName` being read.
    mutating func reject(_ problem: Problem, fieldName: String? = nil, _ message: @autoclosure () -> String) {
        guard point.problem == nil else { return }
        point.problem = problem
        skipped[problem.rawValue] += 1
        if skipped.reduce(0, +) <= Self.maximumNamedProblems {
            if let fieldName {
                warn(ordinal: fieldOrdinal, localName: fieldName, message() + "; point skipped")
            } else {
                warn(ordinal: point.ordinal, localName: "", line: point.line, message() + "; point skipped")
            }
        }
    }

    /// Holds a warning about the element `ordinal` (named `localName`; "" for the current point,
    /// whatever its name) until `flushPendingWarnings`.
    mutating func warn(ordinal: Int, localName: String, line: Int? = nil, _ message: String) {
        warnings.add(ordinal: ordinal, localName: localName, line: line ?? currentLine(), message)
    }

    /// Reports the held warnings, each at its element's start tag (`XMLElementWarnings`).
    mutating func flushPendingWarnings() {
        warnings.flush(url: url, displayPath: displayPath, to: diagnostics)
    }

    // MARK: Fields

    mutating func beginField(_ kind: Field) -> Context {
        field = kind
        fieldOrdinal = elementCount
        text.removeAll(keepingCapacity: true)
        return .field
    }

    mutating func endField() {
        guard let kind = field else { return }
        field = nil
        switch kind {
        case .elevation: point.altitude = measurement("ele")
        case .speed: point.speed = measurement("speed")
        case .course: point.course = measurement("course")
        case .extensionSpeed: point.extensionSpeed = point.extensionSpeed ?? measurement("speed")
        case .extensionCourse: point.extensionCourse = point.extensionCourse ?? measurement("course")
        case .horizontalAccuracy: point.horizontalAccuracy = point.horizontalAccuracy ?? measurement("accuracy_horizontal")
        case .verticalAccuracy: point.verticalAccuracy = point.verticalAccuracy ?? measurement("accuracy_vertical")
        case .time: readTime()
        case .pointName: point.name = string()
        case .pointDescription: point.description = string()
        case .pointComment: point.comment = string()
        case .pointType: point.type = string()
        case .trackName: if result.name == nil { result.name = string() }
        case .routeName: if routeName == nil { routeName = string() }
        case .documentName: if documentName == nil { documentName = string() }
        }
    }

    /// The collected text as a number; `nil` when empty (missing), or after rejecting the point
    /// when the text is not a finite number.
    mutating func measurement(_ element: String) -> Double? {
        guard !isBlank() else { return nil }
        if let value = text.withUnsafeBufferPointer(DecimalNumber.parseXMLText) {
            return value
        }
        let shown = String(decoding: text, as: UTF8.self)
        reject(.value, fieldName: element, "`\(element)` \"\(shown)\" is not a number")
        return nil
    }

    mutating func readTime() {
        guard !isBlank() else { return }
        guard let parsed = text.withUnsafeBufferPointer({ TimestampParser.parse($0, fallback: timeZone) }) else {
            let shown = String(decoding: text, as: UTF8.self)
            reject(.time, fieldName: "time", "`time` \"\(shown)\" is not an ISO 8601 date and time")
            return
        }
        point.timestamp = parsed.date
        if !parsed.hadZone && !warnedAboutZone {
            warnedAboutZone = true
            warn(ordinal: fieldOrdinal, localName: "time",
                "times without a zone are read in \(timeZone.identifier == "GMT" ? "UTC" : timeZone.identifier)")
        }
    }

    func isBlank() -> Bool {
        text.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    /// The collected text, trimmed; `nil` when blank.
    func string() -> String? {
        let value = String(decoding: text, as: UTF8.self).trimmingWhitespacesAndNewlines
        return value.isEmpty ? nil : value
    }

    // MARK: Helpers

    /// The 1-based line of the current node (see `GPXReader` on lines beyond 65,535).
    func currentLine() -> Int { reader.line }

    /// `true` when the current element's or attribute's local name is `name`.
    @inline(__always)
    func equals(_ name: StaticString) -> Bool { reader.localNameIs(name) }
}
