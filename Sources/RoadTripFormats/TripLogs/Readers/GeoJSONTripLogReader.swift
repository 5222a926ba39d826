import Foundation
import RoadTripCore

/// Reads a GeoJSON file (RFC 7946) holding a track — as togeojson, geojson.io and many apps write
/// one — into a `TripLog`. Parsed with `JSONDocument` (strict RFC 8259, with positions).
///
/// What is read:
/// - The root is a `FeatureCollection` (its `features`, in order), a `Feature`, or a bare
///   `LineString`/`MultiLineString` geometry (RFC 7946 §3).
/// - A `LineString` (§3.1.4) is a segment; each line of a `MultiLineString` (§3.1.5) is a segment.
///   A position (§3.1.1) is `[longitude, latitude]` or `[longitude, latitude, altitude]` in
///   degrees (WGS 84) and metres; further elements are ignored, as §3.1.1 allows.
/// - Times, when the feature gives them, one per position: `properties.coordTimes` (togeojson,
///   geojson.io: an array of ISO 8601 strings for a LineString, an array of such arrays for a
///   MultiLineString) or `properties.coordinateProperties.times` (the same shapes). A time that is
///   `null` or an empty string is a missing time.
/// - A `Point` feature is a waypoint (a POI of the destination): `properties.name` (else `title`)
///   and `properties.description` (else `desc`). Other geometries are passed over.
/// - `TripLog.name`: the first line feature's `properties.name`, else the collection's `name`.
///
/// Problems (as `path:line:column: severity: message` diagnostics):
/// - Error, and `nil`: the file is empty or not JSON (a syntax error at its line and column; a file
///   that ends before its JSON is complete — cut short — says so, at the line and column where it
///   ends: JSON read in part cannot be trusted to be what was written), the root is not a GeoJSON
///   object, or a feature's `coordinates` or times are not arrays of the right shape.
/// - Warning, point skipped and counted (`SkippedRecords`): a position that is not 2 or more
///   numbers, a latitude or longitude out of range, a time that is not ISO 8601; at its line and
///   column. Times fewer or more than positions: one warning; positions beyond them have no time.
public enum GeoJSONTripLogReader {
    /// The GeoJSON `type`s this reader recognises at the root (RFC 7946 §1.4).
    public static let rootTypes: Set<String> = ["FeatureCollection", "Feature", "LineString", "MultiLineString", "GeometryCollection"]

    /// Reads the GeoJSON file at `url`; `nil` with an error in `log` when it cannot be a trip log.
    /// - Parameters:
    ///   - displayPath: how diagnostics name the file.
    ///   - slug: the log's slug (its file name without the extension).
    ///   - timeZone: the zone in which times without a zone designator are read (site `timeZone`).
    public static func read(
        _ url: URL, displayPath: String, slug: String, timeZone: TimeZone, log: DiagnosticLog
    ) -> TripLog? {
        guard let data = FileBytes.read(url, displayPath: displayPath, log: log) else { return nil }
        return read(data, displayPath: displayPath, slug: slug, timeZone: timeZone, log: log)
    }

    /// Reads the GeoJSON in `data`, a file's whole contents, as the `URL` variant reads the file.
    public static func read(
        _ data: Data, displayPath: String, slug: String, timeZone: TimeZone, log: DiagnosticLog
    ) -> TripLog? {
        let file = SourceLocation(path: displayPath)
        guard !FileBytes.isBlank(data) else {
            log.error(file, FileBytes.emptyFileMessage("a GeoJSON track is an object such as {\"type\": \"FeatureCollection\", …}"))
            return nil
        }
        guard let document = JSONTripLogParsing.parse(data, displayPath: displayPath, log: log) else { return nil }
        var reader = GeoJSONTrackReading(displayPath: displayPath, timeZone: timeZone, log: log, slug: slug)
        return reader.read(document.value, position: document.positions)
    }
}

/// One reading of a GeoJSON document. Private to `GeoJSONTripLogReader`.
private struct GeoJSONTrackReading {
    let displayPath: String
    let timeZone: TimeZone
    let log: DiagnosticLog
    var result: TripLog
    var skipped: SkippedRecords
    var segment = 0
    var warnedAboutZone = false

    init(displayPath: String, timeZone: TimeZone, log: DiagnosticLog, slug: String) {
        self.displayPath = displayPath
        self.timeZone = timeZone
        self.log = log
        self.result = TripLog(slug: slug, sourcePath: displayPath, format: .geojson)
        self.skipped = SkippedRecords(path: displayPath, noun: CountText.Noun("point"))
    }

    /// Why the document cannot be read: an error at a position.
    struct Failure: Error {
        var position: ParsedDocument.Position?
        var message: String
    }

    mutating func read(_ root: MetadataValue, position: ParsedDocument.Position?) -> TripLog? {
        do throws(Failure) {
            guard case .mapping = root, case .string(let type)? = root["type"],
                GeoJSONTripLogReader.rootTypes.contains(type)
            else {
                throw Failure(
                    position: position,
                    message: "not a GeoJSON track: the root must be an object whose \"type\" is "
                        + GeoJSONTripLogReader.rootTypes.sorted().joined(separator: ", "))
            }
            switch type {
            case "FeatureCollection":
                if case .string(let name)? = root["name"] { result.name = name }
                guard case .list(let features)? = root["features"] else {
                    throw Failure(position: position?.child(forKey: "features") ?? position, message: "\"features\" must be an array")
                }
                let listPosition = position?.child(forKey: "features")
                var firstLineName: String?
                for (index, feature) in features.enumerated() {
                    let name = try readFeature(feature, position: listPosition?.child(at: index))
                    if firstLineName == nil { firstLineName = name }
                }
                if let firstLineName { result.name = firstLineName }
            case "Feature":
                if let name = try readFeature(root, position: position) { result.name = name }
            default:
                try readGeometry(root, position: position, properties: nil, propertiesPosition: nil)
            }
        } catch {
            log.error(error.position?.location(in: displayPath) ?? SourceLocation(path: displayPath), error.message)
            return nil
        }
        skipped.report(to: log)
        return result
    }

    /// Reads one Feature; returns its `properties.name` when it holds a line.
    mutating func readFeature(_ feature: MetadataValue, position: ParsedDocument.Position?) throws(Failure) -> String? {
        guard case .mapping = feature else { throw Failure(position: position, message: "a feature must be an object") }
        guard let geometry = feature["geometry"], case .mapping = geometry else { return nil }  // null: no geometry
        let properties = feature["properties"]
        let propertiesPosition = position?.child(forKey: "properties")
        let geometryPosition = position?.child(forKey: "geometry")
        if case .string("Point")? = geometry["type"] {
            readPoint(geometry, position: geometryPosition, properties: properties)
            return nil
        }
        guard try readGeometry(geometry, position: geometryPosition, properties: properties, propertiesPosition: propertiesPosition)
        else { return nil }
        if case .string(let name)? = properties?["name"] { return name }
        return nil
    }

    /// Reads a LineString or MultiLineString, or the lines of a GeometryCollection (RFC 7946
    /// §3.1.8; togeojson writes one for a KML `MultiGeometry`), with the times its feature's
    /// `properties` give (`coordTimes`, or `coordinateProperties.times`); `false` for any other
    /// geometry (passed over).
    @discardableResult
    mutating func readGeometry(
        _ geometry: MetadataValue, position: ParsedDocument.Position?, properties: MetadataValue?,
        propertiesPosition: ParsedDocument.Position?
    ) throws(Failure) -> Bool {
        // The times, in the geometry's shape: [time] for a LineString, [[time]] for a MultiLineString,
        // one element per member for a GeometryCollection.
        var times: MetadataValue?
        var timesPosition: ParsedDocument.Position?
        if let coordTimes = properties?["coordTimes"] {
            times = coordTimes
            timesPosition = propertiesPosition?.child(forKey: "coordTimes")
        } else if let coordinateProperties = properties?["coordinateProperties"], let given = coordinateProperties["times"] {
            times = given
            timesPosition = propertiesPosition?.child(forKey: "coordinateProperties")?.child(forKey: "times")
        }
        return try readGeometry(geometry, position: position, times: times, timesPosition: timesPosition)
    }

    /// Reads a geometry with its `times` (see the other `readGeometry`).
    private mutating func readGeometry(
        _ geometry: MetadataValue, position: ParsedDocument.Position?, times: MetadataValue?,
        timesPosition: ParsedDocument.Position?
    ) throws(Failure) -> Bool {
        if case .string("GeometryCollection")? = geometry["type"] {
            return try readGeometryCollection(geometry, position: position, times: times, timesPosition: timesPosition)
        }
        guard case .string(let type)? = geometry["type"], type == "LineString" || type == "MultiLineString" else { return false }
        let coordinatesPosition = position?.child(forKey: "coordinates")
        guard case .list(let coordinates)? = geometry["coordinates"] else {
            throw Failure(position: coordinatesPosition ?? position, message: "a \(type)'s \"coordinates\" must be an array")
        }
        if type == "LineString" {
            try readLine(coordinates, position: coordinatesPosition, times: times, timesPosition: timesPosition)
        } else {
            var lineTimes: [MetadataValue]?
            if let times {
                guard case .list(let list) = times else {
                    throw Failure(position: timesPosition, message: "a MultiLineString's times must be an array of arrays")
                }
                lineTimes = list
            }
            for (index, line) in coordinates.enumerated() {
                guard case .list(let positions) = line else {
                    throw Failure(position: coordinatesPosition?.child(at: index) ?? coordinatesPosition,
                        message: "each line of a MultiLineString must be an array of positions")
                }
                try readLine(
                    positions, position: coordinatesPosition?.child(at: index),
                    times: lineTimes.map { index < $0.count ? $0[index] : .list([]) },
                    timesPosition: timesPosition?.child(at: index) ?? timesPosition)
            }
        }
        return true
    }

    /// The members of a GeometryCollection, each read as a geometry of its own (a nested collection
    /// too); member `i` takes element `i` of `times` when `times` is an array with one element per
    /// member (as togeojson writes them), and no times otherwise. `true` when a member was a line.
    private mutating func readGeometryCollection(
        _ geometry: MetadataValue, position: ParsedDocument.Position?, times: MetadataValue?,
        timesPosition: ParsedDocument.Position?
    ) throws(Failure) -> Bool {
        let membersPosition = position?.child(forKey: "geometries")
        guard case .list(let members)? = geometry["geometries"] else {
            throw Failure(
                position: membersPosition ?? position, message: "a GeometryCollection's \"geometries\" must be an array")
        }
        var memberTimes: [MetadataValue]?
        if case .list(let list)? = times, list.count == members.count { memberTimes = list }
        var readLine = false
        for (index, member) in members.enumerated() {
            guard case .mapping = member else {
                throw Failure(
                    position: membersPosition?.child(at: index) ?? position,
                    message: "each geometry of a GeometryCollection must be an object")
            }
            if try readGeometry(
                member, position: membersPosition?.child(at: index), times: memberTimes?[index],
                timesPosition: memberTimes == nil ? nil : timesPosition?.child(at: index) ?? timesPosition)
            {
                readLine = true
            }
        }
        return readLine
    }

    /// One line: its positions (with their times, when given) as a segment.
    mutating func readLine(
        _ positions: [MetadataValue], position: ParsedDocument.Position?, times: MetadataValue?,
        timesPosition: ParsedDocument.Position?
    ) throws(Failure) {
        var timeList: [MetadataValue] = []
        if let times {
            guard case .list(let list) = times else {
                throw Failure(position: timesPosition, message: "a line's times must be an array of ISO 8601 times")
            }
            timeList = list
            if list.count != positions.count {
                log.warning(
                    (timesPosition ?? position)?.location(in: displayPath) ?? SourceLocation(path: displayPath),
                    "\(CountText.counted(list.count, "time")) for \(CountText.counted(positions.count, "position")); "
                        + (list.count < positions.count
                            ? "the positions beyond the last time have none"
                            : "the times beyond the last position are ignored"))
            }
        }
        for (index, item) in positions.enumerated() {
            let itemPosition = position?.child(at: index)
            guard let (coordinate, altitude) = readPosition(item, position: itemPosition) else { continue }
            var sample = LocationSample(coordinate: coordinate, altitude: altitude, segment: segment, line: itemPosition?.line)
            if index < timeList.count {
                switch timeList[index] {
                case .null, .string(""): break
                case .string(let text):
                    guard let parsed = TimestampParser.parse(text, fallback: timeZone) else {
                        skip("with an unreadable time", timesPosition?.child(at: index) ?? itemPosition,
                            "time \"\(text)\" is not an ISO 8601 date and time; point skipped")
                        continue
                    }
                    sample.timestamp = parsed.date
                    if !parsed.hadZone && !warnedAboutZone {
                        warnedAboutZone = true
                        log.warning(
                            (timesPosition?.child(at: index))?.location(in: displayPath) ?? SourceLocation(path: displayPath),
                            "times without a zone are read in \(timeZone.identifier == "GMT" ? "UTC" : timeZone.identifier)")
                    }
                default:
                    skip("with an unreadable time", timesPosition?.child(at: index) ?? itemPosition,
                        "a time must be an ISO 8601 string; point skipped")
                    continue
                }
            }
            result.locations.append(sample)
        }
        segment += 1
    }

    /// A position `[longitude, latitude, altitude?]`, or `nil` after skipping it with a warning.
    mutating func readPosition(
        _ item: MetadataValue, position: ParsedDocument.Position?
    ) -> (Coordinate, Double?)? {
        guard case .list(let numbers) = item, numbers.count >= 2 else {
            skip("without a valid latitude and longitude", position, "a position must be [longitude, latitude] or [longitude, latitude, altitude]; point skipped")
            return nil
        }
        func number(_ value: MetadataValue) -> Double? {
            switch value {
            case .integer(let integer): Double(integer)
            case .double(let double) where double.isFinite: double
            default: nil
            }
        }
        guard let longitude = number(numbers[0]), let latitude = number(numbers[1]) else {
            skip("without a valid latitude and longitude", position, "a position's longitude and latitude must be numbers; point skipped")
            return nil
        }
        if let problem = CoordinateAxis.latitude.rangeProblem(latitude, what: "latitude")
            ?? CoordinateAxis.longitude.rangeProblem(longitude, what: "longitude")
        {
            skip("without a valid latitude and longitude", position, problem + " (GeoJSON positions are [longitude, latitude]); point skipped")
            return nil
        }
        var altitude: Double?
        if numbers.count >= 3, numbers[2] != .null {
            guard let value = number(numbers[2]) else {
                skip("with an unreadable value", position, "a position's altitude must be a number; point skipped")
                return nil
            }
            altitude = value
        }
        return (Coordinate(latitude: latitude, longitude: longitude), altitude)
    }

    /// A Point feature as a waypoint.
    mutating func readPoint(_ geometry: MetadataValue, position: ParsedDocument.Position?, properties: MetadataValue?) {
        let coordinatesPosition = position?.child(forKey: "coordinates")
        guard let coordinates = geometry["coordinates"],
            let (coordinate, _) = readPosition(coordinates, position: coordinatesPosition)
        else { return }
        func text(_ keys: String...) -> String? {
            for key in keys { if case .string(let value)? = properties?[key] { return value } }
            return nil
        }
        result.waypoints.append(
            PointOfInterest(title: text("name", "title") ?? "", subtitle: text("description", "desc") ?? "", coordinate: coordinate))
    }

    mutating func skip(_ reason: String, _ position: ParsedDocument.Position?, _ message: String) {
        skipped.skip(reason: reason, line: position?.line, column: position?.column, message: message, log: log)
    }
}
