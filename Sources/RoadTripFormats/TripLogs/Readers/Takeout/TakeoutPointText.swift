import RoadTripCore

/// The coordinate texts of Google's newer location-history exports, read from bytes:
/// - Android's `Timeline.json`: `"48.1234567°, 11.4567890°"` (latitude, longitude in degrees, each
///   followed by U+00B0 DEGREE SIGN, a comma and a space between) in `timelinePath[].point` and
///   `rawSignals[].position.LatLng`;
/// - iOS's `location-history.json`: a `geo:` URI, `"geo:48.123456,11.456789"` (RFC 5870 §3: latitude,
///   longitude, an optional altitude in metres, then optional `;` parameters such as `;u=35`, which
///   are ignored).
///
/// White space around either number is accepted, and so is the degree sign after either (or none).
/// Returns `nil` for anything else, and (when `checkingRange`) for a latitude outside −90…90° or a
/// longitude outside −180…180°.
enum TakeoutPointText {
    /// A parsed point: the coordinate (degrees, WGS 84) and the `geo:` URI's altitude (metres), if any.
    struct Point: Equatable {
        var coordinate: Coordinate
        var altitude: Double?
    }

    /// Parses `text` (see the type's documentation).
    static func parse(_ text: UnsafeBufferPointer<UInt8>, checkingRange: Bool = true) -> Point? {
        var index = 0
        let count = text.count
        let isURI = count >= 4 && text[0] | 0x20 == 0x67 && text[1] | 0x20 == 0x65 && text[2] | 0x20 == 0x6F && text[3] == 0x3A
        if isURI { index = 4 }

        func skipSpaces() {
            while index < count, text[index] == 0x20 || text[index] == 0x09 { index += 1 }
        }
        /// A decimal number, then an optional degree sign (UTF-8 C2 B0).
        func number() -> Double? {
            skipSpaces()
            let start = index
            while index < count {
                let byte = text[index]
                guard (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2B || byte == 0x2E || byte == 0x65 || byte == 0x45
                else { break }
                index += 1
            }
            guard index > start,
                let value = DecimalNumber.parse(UnsafeBufferPointer(rebasing: text[start..<index]))
            else { return nil }
            if index + 1 < count, text[index] == 0xC2, text[index + 1] == 0xB0 { index += 2 }
            skipSpaces()
            return value
        }

        guard let latitude = number(), index < count, text[index] == 0x2C else { return nil }
        index += 1
        guard let longitude = number() else { return nil }
        var altitude: Double?
        if isURI {
            if index < count, text[index] == 0x2C {
                index += 1
                guard let value = number() else { return nil }
                altitude = value
            }
            // RFC 5870 parameters (`;crs=wgs84`, `;u=35`) are not used.
            if index < count, text[index] == 0x3B { index = count }
        }
        guard index == count else { return nil }
        guard !checkingRange || ((-90...90).contains(latitude) && (-180...180).contains(longitude)) else { return nil }
        return Point(coordinate: Coordinate(latitude: latitude, longitude: longitude), altitude: altitude)
    }
}
