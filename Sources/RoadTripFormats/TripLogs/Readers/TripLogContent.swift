import Foundation
import RoadTripCore

/// What a file holds, judged from its first bytes (at most `sniffedByteCount`), so that a trip log
/// is read by what it is whatever its name: NMEA named `.txt` or `.log`, a GPX, KML or TCX named
/// `.xml`, GeoJSON named `.json`. The extension is only a hint (`TripLogReader`).
///
/// The rules, in order, after a UTF-8 byte order mark and leading white space (a UTF-16 document,
/// with a byte order mark or an XML declaration that shows it, is decoded first):
/// - a zip archive (`PK\u{3}\u{4}`) holding a `.kml` document: a KMZ (`KMZReader`); any other zip
///   (an Office file), a PDF, PNG or JPEG, or a NUL byte before any text that starts a format:
///   not a trip log ("a zip archive", "binary data", …) — text that starts a format and then NUL
///   bytes (the padding of a file cut short) is judged by the text;
/// - `<`: XML, by its root element's local name — `gpx` (GPX), `kml` (KML),
///   `TrainingCenterDatabase` (TCX); `html` or `<!DOCTYPE html` is "HTML";
/// - `{` or `[`: JSON — roadtrip's own log when `"roadtrip-triplog"` appears, GeoJSON when a
///   `"type"` of `FeatureCollection`, `Feature`, `LineString`, `MultiLineString` or `GeometryCollection` does;
/// - `$` or `!` and a five-character address (`$GPRMC`, `$GNGGA`): NMEA 0183;
/// - a first line that is a known CSV header (GPSLogger, OpenTracks, Sensor Logger's
///   `Location.csv`, roadtrip's own `trip filter --format csv`), or any delimited first line in a
///   file named `.csv`: CSV;
/// - anything else is plain text.
public enum TripLogContent: Sendable, Equatable {
    case gpx, kml, kmz, tcx, nmea, roadtripJSON, geoJSON, csv
    /// Not a trip log: what the file looks like ("HTML", "binary data", …) and its family.
    case other(looksLike: String, family: Family)

    /// What a file that is no trip log is made of, so that a file named for a format it is close
    /// to (`.gpx` holding other XML) is left to that format's reader and its precise errors.
    public enum Family: Sendable, Equatable {
        case empty, xml, json, text, binary
    }

    /// How much of a file is read to judge it.
    static let sniffedByteCount = 64 * 1024

    /// Whether this is a format roadtrip reads.
    public var isTripLog: Bool {
        if case .other = self { return false }
        return true
    }

    /// The file at `url`, judged from its first bytes; `.other("unreadable", .empty)` when it cannot
    /// be read (its reader then says why).
    public static func sniff(_ url: URL) -> TripLogContent {
        // A named pipe would block the open until something writes to it; a device or a socket is
        // no file either. Judged by `stat(2)`, before opening anything.
        if FileBytes.specialFileProblem(url) != nil {
            return .other(looksLike: "no regular file (a named pipe, a device or a socket)", family: .binary)
        }
        guard let handle = try? FileHandle(forReadingFrom: url) else { return .other(looksLike: "unreadable", family: .empty) }
        defer { try? handle.close() }
        let bytes = (try? handle.read(upToCount: sniffedByteCount)).map { Array($0) } ?? []
        let content = sniff(bytes)
        if content == .kmz && !KMZReader.holdsDocument(url) {
            if KMZReader.isCutShort(url) {
                return .other(looksLike: "a zip archive cut short or damaged (its directory, at the end, is missing)", family: .binary)
            }
            return .other(looksLike: "a zip archive with no .kml document inside", family: .binary)
        }
        if content == .other(looksLike: "text with columns", family: .text) {
            return url.pathExtension.lowercased() == "csv" || hasKnownCSVHeader(url) ? .csv : .other(looksLike: "plain text", family: .text)
        }
        return content
    }

    /// `bytes` (a file's first bytes) judged; "text with columns" stands for a delimited first line,
    /// which `sniff(_ url:)` checks against the CSV readers' headers.
    static func sniff(_ bytes: [UInt8]) -> TripLogContent {
        var bytes = bytes[...]
        // A zip archive: a KMZ when it holds a .kml document, which only `sniff(_ url:)` can see.
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .kmz }
        for (signature, name) in [([UInt8]("%PDF".utf8), "a PDF document"), ([0x89, 0x50, 0x4E, 0x47], "a PNG image"), ([0xFF, 0xD8, 0xFF], "a JPEG image")]
        where bytes.starts(with: signature) {
            return .other(looksLike: name, family: .binary)
        }
        let text: String
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            // Judged by its markup, which is ASCII; an odd last byte (the prefix cut) is dropped.
            text = String(data: Data(bytes.prefix(bytes.count & ~1)), encoding: .utf16) ?? ""
        } else if bytes.starts(with: [0x00, 0x3C, 0x00, 0x3F]) || bytes.starts(with: [0x3C, 0x00, 0x3F, 0x00]) {
            // `<?` in UTF-16 without a byte order mark (XML 1.0 Appendix F): big- or little-endian.
            let encoding: String.Encoding = bytes.first == 0 ? .utf16BigEndian : .utf16LittleEndian
            text = String(data: Data(bytes.prefix(bytes.count & ~1)), encoding: encoding) ?? ""
        } else {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
            if let firstNUL = bytes.firstIndex(of: 0) {
                // Text then NUL bytes is a file cut short: a phone that died while writing leaves
                // its file padded with NULs. Judged by the text before them, if it starts a format;
                // a file that starts with NULs, or holds only a little text, is binary data.
                let before = bytes[..<firstNUL].drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
                guard before.count >= 16, let lead = before.first, [0x3C, 0x7B, 0x5B, 0x24, 0x21].contains(lead) else {
                    return .other(looksLike: "binary data", family: .binary)
                }
                bytes = bytes[..<firstNUL]
            }
            text = String(decoding: bytes, as: UTF8.self)
        }
        let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        guard let first = trimmed.first else { return .other(looksLike: "an empty file", family: .empty) }
        switch first {
        case "<": return xml(trimmed)
        case "{", "[": return json(trimmed)
        case "$", "!":
            if trimmed.prefix(6).dropFirst().allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }), trimmed.count >= 6 {
                return .nmea
            }
        default: break
        }
        let invalid = text.unicodeScalars.prefix(4096).filter { $0 == "\u{FFFD}" || ($0.value < 0x20 && !"\t\n\r".unicodeScalars.contains($0)) }
        if invalid.count > 8 { return .other(looksLike: "binary data", family: .binary) }
        let firstLine = trimmed.prefix { $0 != "\n" && $0 != "\r" }
        if firstLine.contains(",") || firstLine.contains(";") || firstLine.contains("\t") {
            return .other(looksLike: "text with columns", family: .text)
        }
        return .other(looksLike: "plain text", family: .text)
    }

    /// XML by its root element.
    private static func xml(_ text: Substring) -> TripLogContent {
        var rest = text
        while true {
            rest = rest.drop { $0.isWhitespace }
            if rest.hasPrefix("<?") || rest.hasPrefix("<!--") {
                guard let end = rest.range(of: rest.hasPrefix("<?") ? "?>" : "-->") else { break }
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("<!") {
                if rest.prefix(14).lowercased().hasPrefix("<!doctype html") { return .other(looksLike: "HTML", family: .xml) }
                guard let end = rest.firstIndex(of: ">") else { break }
                rest = rest[rest.index(after: end)...]
            } else {
                break
            }
        }
        guard rest.hasPrefix("<") else { return .other(looksLike: "XML without a root element", family: .xml) }
        let name = rest.dropFirst().prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
        let localName = name.split(separator: ":").last.map(String.init) ?? ""
        switch localName {
        case "gpx": return .gpx
        case "kml": return .kml
        case "TrainingCenterDatabase": return .tcx
        case _ where localName.lowercased() == "html": return .other(looksLike: "HTML", family: .xml)
        case "svg": return .other(looksLike: "an SVG image", family: .xml)
        case "plist": return .other(looksLike: "a property list", family: .xml)
        default: return .other(looksLike: "XML whose root element is `\(name)`", family: .xml)
        }
    }

    /// JSON by the markers of roadtrip's log and of GeoJSON.
    private static func json(_ text: Substring) -> TripLogContent {
        if text.contains("\"roadtrip-triplog\"") { return .roadtripJSON }
        if text.contains(#/"type"\s*:\s*"(FeatureCollection|Feature|LineString|MultiLineString|GeometryCollection)"/#) { return .geoJSON }
        return .other(looksLike: "JSON without a recognised structure", family: .json)
    }

    /// Whether the file's CSV header is one a CSV reader knows without a sidecar.
    private static func hasKnownCSVHeader(_ url: URL) -> Bool {
        guard let header = try? CSVTable.openSniffingDelimiter(url: url, displayPath: "").header else { return false }
        return OpenTracksCSVReader.recognizes(header: header) || SensorLoggerReader.recognizes(locationHeader: header)
            || GPSLoggerCSVReader.recognizes(header: header) || TrackCSVReader.recognizes(header: header)
    }

    /// The format's name in messages ("NMEA 0183", "CSV").
    /// What a file of this content holds, for messages: "a KML document", "NMEA 0183 sentences".
    var contentDescription: String {
        switch self {
        case .gpx: "a GPX document"
        case .kml: "a KML document"
        case .kmz: "a KMZ archive"
        case .tcx: "a TCX document"
        case .nmea: "NMEA 0183 sentences"
        case .roadtripJSON: "roadtrip's JSON trip log"
        case .geoJSON: "GeoJSON"
        case .csv, .other: "CSV"
        }
    }

    var formatName: String {
        switch self {
        case .gpx: "GPX"
        case .kml: "KML"
        case .kmz: "KMZ"
        case .tcx: "TCX"
        case .nmea: "NMEA 0183"
        case .roadtripJSON: "JSON trip logs"
        case .geoJSON: "GeoJSON"
        case .csv, .other: "CSV"
        }
    }

    /// Whether the file at `url` starts with a UTF-16 byte order mark (FF FE or FE FF).
    static func startsWithUTF16ByteOrderMark(_ url: URL) -> Bool {
        FileBytes.startsWith(url, [0xFF, 0xFE]) || FileBytes.startsWith(url, [0xFE, 0xFF])
    }

    /// What roadtrip reads, for the error about a file that is none of it.
    public static let readableFormats =
        "GPX, KML (or KMZ), TCX, GeoJSON, NMEA 0183, roadtrip's JSON trip log, or CSV (GPSLogger, OpenTracks, "
        + "Sensor Logger, roadtrip's own, or columns named in a sidecar)"
}
