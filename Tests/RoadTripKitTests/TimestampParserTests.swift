import Foundation
import Testing

@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

/// Expected instants come from Python 3.11's `datetime` (independent of the parser), e.g.
/// `python3 -c "from datetime import datetime; print(datetime.fromisoformat('2000-02-29T12:00:00+05:30').timestamp())"`
/// → 951805800.0. Zone-less cases use `zoneinfo`:
/// `datetime.fromisoformat(text).replace(tzinfo=ZoneInfo(zone)).timestamp()` (`fold=0`).
@Suite("TimestampParser")
struct TimestampParserTests {
    let utc = TimeZone(identifier: "UTC")!

    /// (text, Python `timestamp()`), all with a zone designator.
    static let zoned: [(String, Double)] = [
        ("2024-02-29T23:59:59Z", 1_709_251_199),  // leap day of a leap year
        ("2000-02-29T12:00:00+05:30", 951_805_800),  // 2000 is a leap year (divisible by 400)
        ("1999-12-31T23:00:00-0130", 946_686_600),  // negative offset, ±hhmm form
        ("2016-05-27T10:08:47.8Z", 1_464_343_727.8),  // one fractional digit (gpxpy unicode_with_bom.gpx)
        ("2021-01-07T21:51:59.179+01:15", 1_610_051_819.179),  // OpenTracks gpx_timezone.gpx
        ("1970-01-01T00:00:00Z", 0),
        ("1969-12-31T23:59:59.5Z", -0.5),  // before the epoch
        ("2038-01-19T03:14:08Z", 2_147_483_648),  // past 32-bit time_t
        ("2100-03-01T00:00:00-10:00", 4_107_578_400),  // 2100 is not a leap year: Feb has 28 days
        ("2024-05-01t10:00:00z", 1_714_557_600),  // RFC 3339 §5.6: lower-case t and z
        ("  2024-05-01T10:00:00Z\n", 1_714_557_600),  // XSD whiteSpace collapse
        ("2024-05-01T12:00:00+02", 1_714_557_600),  // ISO 8601 ±hh
        ("2024-05-01 10:00:00Z", 1_714_557_600),  // RFC 3339 §5.6 NOTE: a space for T (GPSLogger, SQL)
        ("2024-05-01T10:00:00,5Z", 1_714_557_600.5),  // ISO 8601 §4.2.2.4: decimal comma
    ]

    @Test("zoned times match Python's datetime", arguments: zoned)
    func zonedTimes(text: String, expected: Double) throws {
        let parsed = try #require(TimestampParser.parse(text, fallback: utc))
        #expect(parsed.hadZone)
        #expect(abs(parsed.date.timeIntervalSince1970 - expected) < 1e-6)
    }

    @Test("nine fractional digits keep sub-microsecond precision")
    func nanoseconds() throws {
        // Python's datetime stops at microseconds (1714557600.123456); the remaining 789 ns are
        // checked by hand: 1714557600 + 0.123456789.
        let parsed = try #require(TimestampParser.parse("2024-05-01T10:00:00.123456789Z", fallback: utc))
        let fraction = parsed.date.timeIntervalSince1970 - 1_714_557_600
        #expect(abs(fraction - 0.123456789) < 1e-6)
        // Date's Double near 2024 holds about 1e-7 s relative to 2001: more than microseconds.
        #expect(abs(parsed.date.timeIntervalSinceReferenceDate - (1_714_557_600 - 978_307_200 + 0.123456789)) < 2e-7)
        // More than nine digits: read, ignored past nanoseconds.
        let long = try #require(TimestampParser.parse("2024-05-01T10:00:00.1234567891234Z", fallback: utc))
        #expect(long.date == parsed.date)
    }

    /// (zone, local text, Python `zoneinfo` timestamp with fold=0).
    static let zoneless: [(String, String, Double)] = [
        ("America/Los_Angeles", "2013-01-01T12:00:04", 1_357_070_404),  // PST, −8 h (gpx1.0_with_all_fields.gpx)
        ("America/Los_Angeles", "2024-07-04T12:00:00", 1_720_119_600),  // PDT, −7 h
        ("Europe/Berlin", "2024-03-31T02:30:00", 1_711_848_600),  // skipped hour: offset before (+1 h)
        ("Europe/Berlin", "2024-10-27T02:30:00", 1_729_989_000),  // repeated hour: first occurrence (+2 h)
        ("UTC", "2024-05-01T10:00:00", 1_714_557_600),
    ]

    @Test("zone-less times are read in the fallback zone", arguments: zoneless)
    func zonelessTimes(zone: String, text: String, expected: Double) throws {
        let parsed = try #require(TimestampParser.parse(text, fallback: TimeZone(identifier: zone)!))
        #expect(!parsed.hadZone)
        #expect(parsed.date.timeIntervalSince1970 == expected)
    }

    static let invalid = [
        "2024-13-01T00:00:00Z",  // month 13
        "2024-00-10T00:00:00Z",  // month 0
        "2024-02-30T00:00:00Z",  // Feb 30
        "2023-02-29T00:00:00Z",  // 2023 is not a leap year
        "1900-02-29T00:00:00Z",  // 1900: century not divisible by 400
        "2024-04-31T00:00:00Z",  // April has 30 days
        "2024-05-00T00:00:00Z",  // day 0
        "2024-05-01T24:00:00Z",  // hour 24
        "2024-05-01T10:60:00Z",  // minute 60
        "2024-05-01T10:00:60Z",  // leap second: Date has none
        "2024-05-01T10:00:00.Z",  // "." without digits
        "2024-05-01T10:00:00+24:00",  // offset hour 24
        "2024-05-01T10:00:00+01:60",  // offset minute 60
        "2024-05-01T10:00:00+1",  // offset hour needs two digits
        "2024-05-01T10:00:00ZZ",  // garbage after the zone
        "2024-5-01T10:00:00Z",  // one-digit month
        "24-05-01T10:00:00Z",  // two-digit year
        "0000-01-01T00:00:00Z",  // XML Schema 1.0 dateTime has no year 0000
        "0001-01-01T00:00:00+01:00",  // 0000-12-31T23:00:00Z in UTC
        "9999-12-31T23:30:00-01:00",  // 10000-01-01T00:30:00Z in UTC
        "2024-05-01",  // date only
        "yesterday",
        "",
    ]

    @Test("invalid dates and times are nil", arguments: invalid)
    func invalidTimes(text: String) {
        #expect(TimestampParser.parse(text, fallback: utc) == nil)
    }

    @Test("the byte entry point gives the same instant as the string one")
    func bytes() throws {
        let bytes = Array("2021-01-07T21:51:59.179+01:15".utf8)
        let parsed = try #require(bytes.withUnsafeBufferPointer { TimestampParser.parse($0, fallback: utc) })
        #expect(abs(parsed.date.timeIntervalSince1970 - 1_610_051_819.179) < 1e-6)
        // A substring works too (StringProtocol).
        let line = "time=2016-05-27T10:08:47.8Z;"
        let slice = line.dropFirst(5).dropLast()
        let sliced = try #require(TimestampParser.parse(slice, fallback: utc))
        #expect(abs(sliced.date.timeIntervalSince1970 - 1_464_343_727.8) < 1e-6)
    }
}
