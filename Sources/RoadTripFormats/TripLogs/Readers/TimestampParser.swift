import Foundation
import RoadTripCore

/// Parses the date-and-time text of trip logs by hand, from bytes, without a `DateFormatter` per
/// row: the XML Schema `dateTime` of GPX (XSD 1.1 Part 2 §3.3.7) and ISO 8601 / RFC 3339 §5.6
/// timestamps of CSV and JSON logs.
///
/// Accepted form: `YYYY-MM-DDThh:mm:ss`, then an optional `.` with 1–9 fractional-second digits
/// (further digits are read but ignored: a `Date` cannot hold more than nanoseconds anyway), then
/// `Z`, `±hh:mm`, `±hhmm`, `±hh`, or nothing. `T`/`Z` may be lower case (RFC 3339 §5.6 note).
/// Leading and trailing XML white space (space, tab, CR, LF) is ignored, as XSD's
/// `whiteSpace="collapse"` facet asks.
///
/// Rejected (`nil`): month outside 1…12, a day the month does not have (Gregorian leap years:
/// divisible by 4, except centuries not divisible by 400), hour 24 (XSD 1.0's `24:00:00` is not
/// accepted), minute or second above 59 (no leap seconds: `Date` has none), an offset hour above 23
/// or offset minute above 59, a `.` without digits, anything else after the zone, the year 0000
/// (XML Schema 1.0's `dateTime` has none), and an instant that its zone moves outside
/// `ISO8601Time.representableSeconds` (0001-01-01T00:00:00+01:00 is in the year 0000 in UTC).
///
/// A time without a zone is read in the caller's `fallback` zone (the site's
/// `timeZone`); the result says so through `hadZone`, and the caller warns once per file.
public enum TimestampParser {
    /// Parses `text` (see the type's documentation for the form).
    /// - Returns: the instant, and whether the text carried its own zone; `nil` when `text` is
    ///   not a valid date and time.
    public static func parse(_ text: some StringProtocol, fallback: TimeZone) -> (date: Date, hadZone: Bool)? {
        var string = String(text)
        return string.withUTF8 { parse($0, fallback: fallback) }
    }

    /// Parses UTF-8 (or ASCII-compatible) bytes; the hot path of the readers.
    /// - Returns: the instant, and whether the bytes carried their own zone; `nil` when they are
    ///   not a valid date and time.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, fallback: TimeZone) -> (date: Date, hadZone: Bool)? {
        guard let fields = fields(bytes) else { return nil }
        var seconds = fields.localSeconds
        if let offset = fields.offsetSeconds {
            seconds -= offset
        } else {
            seconds -= Int64(utcOffset(ofLocalSeconds: fields.localSeconds, in: fallback))
        }
        guard ISO8601Time.representableSeconds.contains(Double(seconds)) else { return nil }
        // Seconds relative to 2001-01-01T00:00:00Z (Unix 978307200), integer part first, so the
        // fraction keeps its precision in the Double.
        let date = Date(timeIntervalSinceReferenceDate: Double(seconds - 978_307_200) + Double(fields.nanoseconds) / 1e9)
        return (date, fields.offsetSeconds != nil)
    }

    /// The pieces of one timestamp: local seconds since 1970-01-01T00:00 (as if UTC), the
    /// fraction in nanoseconds, and the zone offset east of UTC in seconds when given.
    private struct Fields {
        var localSeconds: Int64
        var nanoseconds: Int64
        var offsetSeconds: Int64?
    }

    private static func fields(_ bytes: UnsafeBufferPointer<UInt8>) -> Fields? {
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        var index = start

        func digits(_ count: Int) -> Int64? {
            guard end - index >= count else { return nil }
            var value: Int64 = 0
            for _ in 0..<count {
                let digit = bytes[index] &- 0x30
                guard digit <= 9 else { return nil }
                value = value * 10 + Int64(digit)
                index += 1
            }
            return value
        }
        func expect(_ byte: UInt8, or other: UInt8? = nil, or third: UInt8? = nil) -> Bool {
            guard index < end, bytes[index] == byte || bytes[index] == other || bytes[index] == third else { return false }
            index += 1
            return true
        }

        guard let year = digits(4), expect(0x2D), let month = digits(2), expect(0x2D), let day = digits(2),
            expect(0x54, or: 0x74, or: 0x20),  // T, t, or a space (RFC 3339 §5.6, NOTE)
            let hour = digits(2), expect(0x3A), let minute = digits(2), expect(0x3A), let second = digits(2)
        else { return nil }
        guard year >= 1, (1...12).contains(month), day >= 1, day <= Int64(ISO8601Time.daysInMonth(year: Int(year), month: Int(month))),
            hour <= 23, minute <= 59, second <= 59
        else { return nil }

        var nanoseconds: Int64 = 0
        if index < end, bytes[index] == 0x2E || bytes[index] == 0x2C {  // . or , (ISO 8601 §4.2.2.4)
            index += 1
            var count = 0
            while index < end, bytes[index] &- 0x30 <= 9 {
                if count < 9 { nanoseconds = nanoseconds * 10 + Int64(bytes[index] &- 0x30) }
                count += 1
                index += 1
            }
            guard count > 0 else { return nil }
            for _ in min(count, 9)..<9 { nanoseconds *= 10 }
        }

        var offset: Int64?
        if index < end {
            switch bytes[index] {
            case 0x5A, 0x7A:  // Z z
                index += 1
                offset = 0
            case 0x2B, 0x2D:  // + -
                let sign: Int64 = bytes[index] == 0x2D ? -1 : 1
                index += 1
                guard let offsetHours = digits(2), offsetHours <= 23 else { return nil }
                var offsetMinutes: Int64 = 0
                if index < end {
                    _ = expect(0x3A)
                    guard let minutes = digits(2), minutes <= 59 else { return nil }
                    offsetMinutes = minutes
                }
                offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
            default:
                return nil
            }
        }
        guard index == end else { return nil }

        let days = Int64(ISO8601Time.daysFromCivil(year: Int(year), month: Int(month), day: Int(day)))
        return Fields(
            localSeconds: days * 86_400 + hour * 3600 + minute * 60 + second,
            nanoseconds: nanoseconds, offsetSeconds: offset)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The offset east of UTC, in seconds, that `zone` applies at the wall-clock time
    /// `localSeconds` (seconds since 1970-01-01T00:00 read as if UTC). Around a daylight-saving
    /// change the candidates are the offsets a day before and a day after; in the repeated hour the
    /// earlier instant wins, and in the skipped hour the offset before the change applies — both as
    /// Python's `zoneinfo` does with `fold=0` (PEP 495).
    private static func utcOffset(ofLocalSeconds localSeconds: Int64, in zone: TimeZone) -> Int {
        let local = Double(localSeconds)
        let before = zone.secondsFromGMT(for: Date(timeIntervalSince1970: local - 86_400))
        let after = zone.secondsFromGMT(for: Date(timeIntervalSince1970: local + 86_400))
        var best: Int?
        for offset in [before, after]
        where zone.secondsFromGMT(for: Date(timeIntervalSince1970: local - Double(offset))) == offset {
            best = max(best ?? offset, offset)
        }
        return best ?? before
    }
}
