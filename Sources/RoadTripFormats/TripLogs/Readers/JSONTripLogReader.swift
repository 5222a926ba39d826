import Foundation
import RoadTripCore

/// Reads roadtrip's own JSON trip log (`Docs/triplog.schema.json`): the `TripLog` model with
/// Core Location field names and units (degrees, metres, m/s, g), e.g.
/// `{"format":"roadtrip-triplog","version":1,"recordingStart":"2024-05-01T08:00:00Z",
/// "locations":[{"timestamp":"…","latitude":47.4,"longitude":8.5,"speed":12.5}],
/// "headings":[{"timestamp":"…","magneticHeading":12}],"accelerations":[{"x":0,"y":0,"z":-1}]}`.
///
/// Parsed with `JSONDocument` (RFC 8259, strict, with positions). A file that is empty or not JSON, whose
/// root is not an object, whose `format` is not `roadtrip-triplog` or whose `version` is not 1 is
/// an error. A sample with a missing required member (`latitude`/`longitude`; `x`/`y`/`z`) or a
/// member of the wrong type (a number as a string, a time that is not ISO 8601) is a warning at
/// its line and column, skipped and counted. Unknown members are ignored (later versions may add
/// some). Times without a zone are read in the site's time zone.
public enum JSONTripLogReader {
    /// Reads the log at `url`; `nil` with an error in `log` when it is not a roadtrip trip log.
    /// - Parameters:
    ///   - displayPath: the path diagnostics name.
    ///   - slug: the log's slug (its file name without the extension).
    ///   - timeZone: the site's zone, for times without a zone.
    public static func read(
        _ url: URL, displayPath: String, slug: String, timeZone: TimeZone, log: DiagnosticLog
    ) -> TripLog? {
        guard let data = FileBytes.read(url, displayPath: displayPath, log: log) else { return nil }
        return read(data, displayPath: displayPath, slug: slug, timeZone: timeZone, log: log)
    }

    /// Reads the log in `data`, a file's whole contents, as the `URL` variant
    /// reads the file (the same rules and diagnostics); `nil` with an error in `log` when it is
    /// not a roadtrip trip log.
    public static func read(
        _ data: Data, displayPath: String, slug: String, timeZone: TimeZone, log: DiagnosticLog
    ) -> TripLog? {
        let file = SourceLocation(path: displayPath)
        guard !FileBytes.isBlank(data) else {
            log.error(
                file,
                FileBytes.emptyFileMessage(
                    "a roadtrip trip log is a JSON object starting {\"format\": \"\(JSONTripLogFormat.formatName)\", …}"))
            return nil
        }
        guard let document = JSONTripLogParsing.parse(data, displayPath: displayPath, log: log) else { return nil }
        let root = document.value
        let rootPosition = document.positions
        guard case .mapping = root else {
            log.error(rootPosition?.location(in: displayPath) ?? file, "a JSON trip log must be an object")
            return nil
        }
        func location(_ key: String) -> SourceLocation {
            rootPosition?.child(forKey: key)?.location(in: displayPath) ?? rootPosition?.location(in: displayPath) ?? file
        }
        guard root["format"] == .string(JSONTripLogFormat.formatName) else {
            log.error(location("format"), "not a roadtrip trip log: \"format\" must be \"\(JSONTripLogFormat.formatName)\"")
            return nil
        }
        guard root["version"] == .integer(JSONTripLogFormat.version) else {
            log.error(location("version"), "unsupported trip-log version (this roadtrip reads version \(JSONTripLogFormat.version))")
            return nil
        }
        var tripLog = TripLog(slug: slug, sourcePath: displayPath, format: .json)
        if case .string(let name) = root["name"] { tripLog.name = name }
        if let start = root["recordingStart"] {
            guard case .string(let text) = start, let parsed = TimestampParser.parse(text, fallback: timeZone) else {
                log.error(location("recordingStart"), "\"recordingStart\" must be an ISO 8601 time")
                return nil
            }
            tripLog.recordingStart = parsed.date
        }
        var skipped = SkippedRecords(path: displayPath, noun: CountText.Noun("sample"))
        func each(_ key: String, _ body: (MetadataValue) throws(SampleError) -> Void) -> Bool {
            guard let value = root[key] else { return true }
            guard case .list(let items) = value else {
                log.error(location(key), "\"\(key)\" must be an array")
                return false
            }
            let listPosition = rootPosition?.child(forKey: key)
            for (index, item) in items.enumerated() {
                do throws(SampleError) {
                    try body(item)
                } catch {
                    let position = listPosition?.child(at: index)
                    let memberPosition = error.member.flatMap { position?.child(forKey: $0) } ?? position
                    skipped.skip(
                        reason: "unreadable", line: memberPosition?.line, column: memberPosition?.column,
                        message: "\(key)[\(index)]: \(error.message); sample skipped", log: log)
                }
            }
            return true
        }
        let ok =
            each("locations") { item throws(SampleError) in
                var sample = LocationSample(
                    timestamp: try time(item, timeZone: timeZone),
                    coordinate: Coordinate(
                        latitude: try required(item, "latitude"), longitude: try required(item, "longitude")))
                for (name, keyPath) in JSONTripLogFormat.locationNumbers {
                    sample[keyPath: keyPath] = try optional(item, name)
                }
                if let segment = item["segment"] {
                    guard case .integer(let value) = segment, value >= 0 else {
                        throw SampleError(member: "segment", message: "\"segment\" must be a non-negative integer")
                    }
                    sample.segment = value
                }
                tripLog.locations.append(sample)
            }
            && each("headings") { item throws(SampleError) in
                var sample = HeadingSample(timestamp: try time(item, timeZone: timeZone))
                for (name, keyPath) in JSONTripLogFormat.headingNumbers {
                    sample[keyPath: keyPath] = try optional(item, name)
                }
                tripLog.headings.append(sample)
            }
            && each("accelerations") { item throws(SampleError) in
                tripLog.accelerations.append(
                    AccelerationSample(
                        timestamp: try time(item, timeZone: timeZone), x: try required(item, "x"),
                        y: try required(item, "y"), z: try required(item, "z")))
            }
        guard ok else { return nil }
        skipped.report(to: log)
        return tripLog
    }

    /// Why one sample was skipped, and which member to point at.
    struct SampleError: Error {
        var member: String?
        var message: String
    }

    private static func optional(_ item: MetadataValue, _ key: String) throws(SampleError) -> Double? {
        guard case .mapping = item else { throw SampleError(member: nil, message: "a sample must be an object") }
        switch item[key] {
        case nil: return nil
        case .integer(let value): return Double(value)
        case .double(let value) where value.isFinite: return value
        case .double: throw SampleError(member: key, message: "\"\(key)\" is beyond the range of a number")
        default: throw SampleError(member: key, message: "\"\(key)\" must be a number")
        }
    }

    private static func required(_ item: MetadataValue, _ key: String) throws(SampleError) -> Double {
        guard let value = try optional(item, key) else {
            throw SampleError(member: nil, message: "\"\(key)\" is missing")
        }
        return value
    }

    private static func time(_ item: MetadataValue, timeZone: TimeZone) throws(SampleError) -> Date? {
        guard case .mapping = item else { throw SampleError(member: nil, message: "a sample must be an object") }
        guard let value = item["timestamp"] else { return nil }
        guard case .string(let text) = value, let parsed = TimestampParser.parse(text, fallback: timeZone) else {
            throw SampleError(member: "timestamp", message: "\"timestamp\" must be an ISO 8601 time")
        }
        return parsed.date
    }
}
