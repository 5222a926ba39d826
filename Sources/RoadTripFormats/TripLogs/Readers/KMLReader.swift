import Foundation
import RoadTripCore

/// Reads KML 2.2 (OGC 07-147r2) and 2.3 (OGC 12-007r2) files, with Google's `gx:` extensions
/// (`http://www.google.com/kml/ext/2.2`), into a `TripLog`, streaming with `XMLStreamReader`:
/// memory holds the kept samples and one track's points at a time, never a document tree.
///
/// Elements are matched by local name, whatever their prefix or namespace (`gx:Track` in KML 2.2
/// is `Track` in KML 2.3, as OpenTracks now writes it). What is read:
/// - The root must be `kml`.
/// - `Placemark/…/LineString/coordinates` (KML 2.2 §10.7: tuples `longitude,latitude[,altitude]`
///   in degrees and metres, separated by white space; no times): each `LineString` is a segment.
/// - `Track` (KML 2.2 gx extension §2.2.3; KML 2.3 §10.15): the n-th `when` (an ISO 8601 time) goes
///   with the n-th `coord` (`longitude latitude altitude`, separated by spaces), whatever their
///   order in the file; an empty `coord` (`<gx:coord/>`, a sensor-only point of OpenTracks) is not
///   a fix and is passed over. Each `Track` is a segment, so each track of a `MultiTrack` is one.
/// - A track's `ExtendedData/SchemaData/SimpleArrayData` arrays (`gx:SimpleArrayData` in 2.2),
///   whose n-th `value` belongs to the n-th point, as OpenTracks' `KMLTrackExporter` writes them:
///   `speed` (m/s) → speed, `accuracy_horizontal` and `accuracy_vertical` (m) → the accuracies; an
///   empty `<value/>` is a missing value; other arrays (`power`, `cadence`, `heart_rate`,
///   `elevation_gain`, `trackpoint_type`, …) are ignored.
/// - `Placemark/Point/coordinates` → a waypoint (a POI of the destination): the Placemark's `name`
///   (empty when absent) and `description`.
/// - `TripLog.name`: the `name` of the first Placemark holding a track or line, else the
///   `Document`'s `name`.
///
/// Problems (as `path:line:column: severity: message` diagnostics):
/// - Error, and `nil`: the file cannot be opened, is not well-formed XML (the line and column where
///   libxml2 stopped), or its root is not `kml`.
/// - Warning, and the points read before kept: the file ends early (`TruncatedFile`), at the line
///   and column where it ends.
/// - Warning, point skipped and counted (`SkippedRecords`): a coordinate tuple that is not 2 or 3
///   numbers, a latitude or longitude out of range, an unreadable `when` or array value; at the
///   start tag of the element at fault (`XMLElementWarnings`). A `when` without its `coord` (or
///   the reverse), or an array whose length is not the track's, is one warning at the `Track`.
public enum KMLReader {
    /// Reads the KML file at `url`.
    /// - Parameters:
    ///   - displayPath: how diagnostics name the file.
    ///   - slug: the log's slug (its file name without the extension).
    ///   - timeZone: the zone in which times without a zone designator are read (site `timeZone`).
    ///   - log: receives the errors and warnings.
    /// - Returns: the log in file order, or `nil` after reporting an error.
    public static func read(
        _ url: URL, displayPath: String, slug: String, timeZone: TimeZone, log: DiagnosticLog
    ) -> TripLog? {
        guard let reader = XMLTrackFile.openReader(url, displayPath: displayPath, format: "KML", rootElement: "kml", log: log)
        else { return nil }
        var state = KMLStreamState(
            reader: reader, url: url, displayPath: displayPath, timeZone: timeZone, diagnostics: log,
            result: TripLog(slug: slug, sourcePath: displayPath, format: .kml))
        return state.run()
    }
}

/// One pass over a KML document. Private to `KMLReader`.
private struct KMLStreamState: XMLTrackStream {
    /// Which element's text is being collected.
    enum Field {
        case documentName, placemarkName, placemarkDescription, lineCoordinates, pointCoordinates
        case when, coord, arrayValue
    }

    /// A `when` or `coord` of the open `Track`: its text and its element's ordinal.
    struct TrackEntry {
        var text: String
        var ordinal: Int
        /// libxml2's line for the element (where its start tag ends).
        var line: Int
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
    var text: [UInt8] = []
    var elementCount = 0
    var fieldOrdinal = 0
    var warnings = XMLElementWarnings()
    var skipped: SkippedRecords
    var segment = -1
    var pointCount = 0
    var pointsKept = 0
    var warnedAboutZone = false
    var documentName: String?
    var placemarkName: String?
    var placemarkDescription: String?
    var placemarkHasTrack = false
    /// The open `Track`: its ordinal, whens, coords and the arrays read so far.
    var trackOrdinal = 0
    var whens: [TrackEntry] = []
    var coords: [TrackEntry?] = []
    var arrays: [String: [TrackEntry?]] = [:]
    var arrayName: String?
    /// `Point` coordinates of the open Placemark, kept until its end (the name may come after).
    var pointCoordinates: (text: String, ordinal: Int)?

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
        if result.name == nil { result.name = documentName }
        skipped.report(to: diagnostics)
        return result
    }

    // MARK: Elements

    mutating func startElement() -> Bool {
        let name = reader.localName
        guard let parent = stack.last else {
            guard isRoot(name, "kml", document: "KML") else { return false }
            stack.append(name)
            return true
        }
        stack.append(name)
        switch (parent, name) {
        case ("Document", "name"): beginField(.documentName)
        case ("Placemark", "name"): beginField(.placemarkName)
        case ("Placemark", "description"): beginField(.placemarkDescription)
        case (_, "Placemark"):
            placemarkName = nil
            placemarkDescription = nil
            placemarkHasTrack = false
            pointCoordinates = nil
        case ("LineString", "coordinates"): beginField(.lineCoordinates)
        case ("Point", "coordinates"): beginField(.pointCoordinates)
        case (_, "LineString"):
            placemarkHasTrack = true
            segment += 1
        case (_, "Track"):
            placemarkHasTrack = true
            segment += 1
            trackOrdinal = elementCount
            whens.removeAll()
            coords.removeAll()
            arrays.removeAll()
        case ("Track", "when"): beginField(.when)
        case ("Track", "coord"): beginField(.coord)
        case ("SchemaData", "SimpleArrayData"):
            arrayName = nil
            reader.forEachAttribute {
                if reader.localNameIs("name") { arrayName = reader.withValue { String(decoding: $0, as: UTF8.self) } }
            }
        case ("SimpleArrayData", "value"):
            if arrayName.map(KMLStreamState.arrayFields.keys.contains) == true { beginField(.arrayValue) }
        default:
            break
        }
        return true
    }

    mutating func endElement() {
        guard let name = stack.popLast() else { return }
        if field != nil, fieldElement(name) { endField() }
        switch name {
        case "Track": endTrack()
        case "Placemark": endPlacemark()
        case "SimpleArrayData": arrayName = nil
        default: break
        }
    }

    /// At a cut: a `LineString`'s coordinates read so far are kept but for the last tuple, which
    /// the cut may have shortened (unless white space follows it); an open `gx:Track` pairs the
    /// whens and coords read so far (a `when` whose `coord` was cut off has none), silently.
    mutating func keepOpenElementsAtCut() {
        if field == .lineCoordinates {
            field = nil
            var kept = text[...]
            if let last = kept.last, !(last == 0x20 || last == 0x09 || last == 0x0A || last == 0x0D) {
                let lastSpace = kept.lastIndex { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
                kept = kept[..<(lastSpace ?? kept.startIndex)]
            }
            readLineString(Array(kept))
        }
        if stack.contains("Track") {
            let paired = min(whens.count, coords.count)
            whens.removeSubrange(paired...)
            coords.removeSubrange(paired...)
            // OpenTracks writes its arrays after every coord: one the cut shortened is left out.
            arrays = arrays.filter { $0.value.count >= paired }.mapValues { Array($0.prefix(paired)) }
            endTrack()
        }
    }

    /// Whether the element `name` ending is the one whose text is being collected.
    func fieldElement(_ name: String) -> Bool {
        switch field {
        case .documentName, .placemarkName: name == "name"
        case .placemarkDescription: name == "description"
        case .lineCoordinates, .pointCoordinates: name == "coordinates"
        case .when: name == "when"
        case .coord: name == "coord"
        case .arrayValue: name == "value"
        case nil: false
        }
    }

    // MARK: Fields

    mutating func beginField(_ kind: Field) {
        field = kind
        fieldOrdinal = elementCount
        text.removeAll(keepingCapacity: true)
    }

    mutating func endField() {
        guard let kind = field else { return }
        field = nil
        let value = String(decoding: text, as: UTF8.self).trimmingWhitespacesAndNewlines
        switch kind {
        case .documentName: if documentName == nil, !value.isEmpty { documentName = value }
        case .placemarkName: placemarkName = value.isEmpty ? nil : value
        case .placemarkDescription: placemarkDescription = value.isEmpty ? nil : value
        case .lineCoordinates: readLineString(text)
        case .pointCoordinates: pointCoordinates = (value, fieldOrdinal)
        case .when: whens.append(TrackEntry(text: value, ordinal: fieldOrdinal, line: reader.line))
        case .coord: coords.append(value.isEmpty ? nil : TrackEntry(text: value, ordinal: fieldOrdinal, line: reader.line))
        case .arrayValue:
            if let arrayName {
                arrays[arrayName, default: []].append(value.isEmpty ? nil : TrackEntry(text: value, ordinal: fieldOrdinal, line: reader.line))
            }
        }
    }

    /// The arrays of OpenTracks' `ExtendedData` that are kept, and where.
    static var arrayFields: [String: WritableKeyPath<LocationSample, Double?>] {
        ["speed": \.speed, "accuracy_horizontal": \.horizontalAccuracy, "accuracy_vertical": \.verticalAccuracy]
    }

    // MARK: Geometry

    /// A `LineString`'s tuples (`text`, the `coordinates` element's text as written), each a fix
    /// without a time, into the current segment; a tuple that cannot be one is a warning at its own
    /// line and column.
    mutating func readLineString(_ text: [UInt8]) {
        var index = 0
        var tupleNumber = 0
        var lines = 0
        var lineStart = 0  // the characters before `index` on its line, counted from `lineStart`
        while index < text.count {
            let byte = text[index]
            if byte == 0x0A {
                lines += 1
                lineStart = index + 1
            }
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
                continue
            }
            let start = index
            while index < text.count, !(text[index] == 0x20 || text[index] == 0x09 || text[index] == 0x0A || text[index] == 0x0D) {
                index += 1
            }
            let tuple = Substring(String(decoding: text[start..<index], as: UTF8.self))
            tupleNumber += 1
            pointCount += 1
            switch coordinate(tuple, separator: ",") {
            case .success(let position):
                append(LocationSample(
                    coordinate: position.coordinate, altitude: position.altitude, segment: max(segment, 0), line: reader.line))
            case .failure(let problem):
                let characters = text[lineStart..<start].count { $0 & 0xC0 != 0x80 }
                skip(ordinal: fieldOrdinal, localName: "coordinates", reason: problem.reason,
                    textOffset: (lines, characters),
                    "coordinate \(tupleNumber) \"\(tuple)\": \(problem.message); point skipped")
            }
        }
    }

    /// Pairs the `Track`'s whens, coords and arrays, n-th with n-th, into fixes.
    mutating func endTrack() {
        if whens.count != coords.count {
            warnings.add(
                ordinal: trackOrdinal, localName: "Track", line: reader.line,
                "the track has \(CountText.counted(whens.count, "`when`")) and \(CountText.counted(coords.count, "`coord`")); "
                    + "only the first \(min(whens.count, coords.count)) of each are paired")
        }
        for (name, values) in arrays where values.count != coords.count {
            warnings.add(
                ordinal: trackOrdinal, localName: "Track", line: reader.line,
                "the track's `\(name)` array has \(CountText.counted(values.count, "value")) for \(CountText.counted(coords.count, "point")); "
                    + "points beyond it have no \(name)")
        }
        for index in 0..<min(whens.count, coords.count) {
            guard let coord = coords[index] else { continue }  // <gx:coord/>: no position, not a fix
            pointCount += 1
            let position: (coordinate: Coordinate, altitude: Double?)
            switch coordinate(Substring(coord.text), separator: " ") {
            case .success(let value): position = value
            case .failure(let problem):
                skip(ordinal: coord.ordinal, localName: "coord", reason: problem.reason,
                    "`coord` \"\(coord.text)\": \(problem.message); point skipped")
                continue
            }
            var sample = LocationSample(
                coordinate: position.coordinate, altitude: position.altitude, segment: max(segment, 0), line: coord.line)
            let when = whens[index]
            if !when.text.isEmpty {
                guard let parsed = TimestampParser.parse(when.text, fallback: timeZone) else {
                    skip(ordinal: when.ordinal, localName: "when", reason: "with an unreadable time",
                        "`when` \"\(when.text)\" is not an ISO 8601 date and time; point skipped")
                    continue
                }
                sample.timestamp = parsed.date
                if !parsed.hadZone && !warnedAboutZone {
                    warnedAboutZone = true
                    warnings.add(
                        ordinal: when.ordinal, localName: "when", line: reader.line,
                        "times without a zone are read in \(timeZone.identifier == "GMT" ? "UTC" : timeZone.identifier)")
                }
            }
            var unreadable = false
            for (name, keyPath) in Self.arrayFields {
                guard let values = arrays[name], index < values.count, let entry = values[index] else { continue }
                guard let number = DecimalNumber.parseXMLText(entry.text) else {
                    skip(ordinal: entry.ordinal, localName: "value", reason: "with an unreadable value",
                        "`\(name)` value \"\(entry.text)\" is not a number; point skipped")
                    unreadable = true
                    break
                }
                sample[keyPath: keyPath] = number
            }
            if !unreadable { append(sample) }
        }
        whens.removeAll()
        coords.removeAll()
        arrays.removeAll()
    }

    /// A Placemark's `Point` becomes a waypoint, unless the Placemark holds a track.
    mutating func endPlacemark() {
        if let point = pointCoordinates, !placemarkHasTrack {
            switch coordinate(Substring(point.text), separator: ",") {
            case .success(let position):
                result.waypoints.append(PointOfInterest(
                    title: placemarkName ?? "", subtitle: placemarkDescription ?? "", coordinate: position.coordinate))
            case .failure(let problem):
                warnings.add(
                    ordinal: point.ordinal, localName: "coordinates", line: reader.line,
                    "the Placemark's point \"\(point.text)\": \(problem.message); waypoint skipped")
            }
        }
        if placemarkHasTrack, result.name == nil { result.name = placemarkName }
        pointCoordinates = nil
        placemarkHasTrack = false
    }

    mutating func append(_ sample: LocationSample) {
        pointsKept += 1
        result.locations.append(sample)
    }

    /// Counts a skipped point under `reason` and names it at its element while under the cap.
    mutating func skip(
        ordinal: Int, localName: String, reason: String, textOffset: (lines: Int, characters: Int)? = nil, _ message: String
    ) {
        if skipped.count(reason: reason) {
            warnings.add(ordinal: ordinal, localName: localName, line: reader.line, textOffset: textOffset, message)
        }
    }
}

/// Why a KML coordinate tuple cannot be a fix.
private struct CoordinateProblem: Error {
    var reason: String
    var message: String
}

/// A KML tuple `longitude<separator>latitude[<separator>altitude]` (degrees, metres).
private func coordinate(
    _ tuple: Substring, separator: Character
) -> Result<(coordinate: Coordinate, altitude: Double?), CoordinateProblem> {
    let parts = tuple.split(separator: separator, omittingEmptySubsequences: true)
    let numbers = parts.map(DecimalNumber.parseXMLText)
    guard numbers.count == 2 || numbers.count == 3, let longitude = numbers[0], let latitude = numbers[1] else {
        return .failure(CoordinateProblem(
            reason: "without a valid latitude and longitude", message: "not longitude\(separator)latitude[\(separator)altitude] in numbers"))
    }
    if let problem = CoordinateAxis.latitude.rangeProblem(latitude, what: "latitude")
        ?? CoordinateAxis.longitude.rangeProblem(longitude, what: "longitude")
    {
        return .failure(CoordinateProblem(reason: "without a valid latitude and longitude", message: problem))
    }
    var altitude: Double?
    if numbers.count == 3 {
        guard let value = numbers[2] else {
            return .failure(CoordinateProblem(reason: "with an unreadable value", message: "the altitude is not a number"))
        }
        altitude = value
    }
    return .success((Coordinate(latitude: latitude, longitude: longitude), altitude))
}
