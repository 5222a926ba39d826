import Foundation
import Testing
@testable import RoadTripKit

/// Dates as readers read them (issue 11): "11 May 2025, 23:30" for `en`, the language's own long
/// date and short time otherwise (CLDR, as ICU words them: "11. Mai 2025", "11 mai 2025",
/// "11. mai 2025"), in the site's zone, never the raw ISO text.
@Suite struct ReadableDateTests {
    func zone(_ identifier: String) throws -> TimeZone { try #require(TimeZone(identifier: identifier)) }

    /// 2025-05-11T23:30:00-05:00 is 04:30 UTC on 12 May (1747024200, see CalendarDateTests):
    /// 23:30 CDT in Chicago (UTC−5 in May), 06:30 CEST in Oslo (UTC+2).
    @Test func writtenDateWithOffsetIsShownInTheSiteZone() throws {
        let written = "2025-05-11T23:30:00-05:00"
        #expect(ReadableDate(language: "en", timeZone: try zone("America/Chicago")).text(of: written) == "11 May 2025, 23:30")
        #expect(ReadableDate(language: "en", timeZone: try zone("Europe/Oslo")).text(of: written) == "12 May 2025, 06:30")
        #expect(ReadableDate(language: "de", timeZone: try zone("America/Chicago")).text(of: written) == "11. Mai 2025, 23:30")
        #expect(ReadableDate(language: "fr", timeZone: try zone("America/Chicago")).text(of: written) == "11 mai 2025, 23:30")
        #expect(ReadableDate(language: "nb", timeZone: try zone("America/Chicago")).text(of: written) == "11. mai 2025, 23:30")
        #expect(ReadableDate(language: "nb-NO", timeZone: try zone("Europe/Oslo")).text(of: written) == "12. mai 2025, 06:30")
        #expect(ReadableDate(language: "de", timeZone: try zone("Europe/Oslo")).text(of: written) == "12. Mai 2025, 06:30")
    }

    /// A day alone is that day in every zone; a time without a zone is shown as written (it is
    /// already in the site's zone); text that is not a date gives `nil` (pages show it as written).
    @Test func daysAndZoneLessTimesAsWritten() throws {
        let tokyo = ReadableDate(language: "en", timeZone: try zone("Asia/Tokyo"))
        #expect(tokyo.text(of: "2026-06-01") == "1 June 2026")
        #expect(tokyo.text(of: "2026-06-01T14:30") == "1 June 2026, 14:30")
        #expect(tokyo.text(of: "2026-06-01 09:05:59") == "1 June 2026, 09:05")
        #expect(tokyo.text(of: "soon") == nil)
        #expect(tokyo.text(of: "2026-02-30") == nil)
        #expect(ReadableDate(language: "de", timeZone: try zone("Pacific/Kiritimati")).text(of: "2026-06-01") == "1. Juni 2026")
    }

    /// Plain `en` is day–month–year; `en-US` keeps its month-first date, on a 24-hour clock; a
    /// language without data falls back to `en-001`, never to the machine's locale.
    @Test func englishVariantsAndUnknownLanguages() throws {
        let utc = try zone("UTC")
        let instant = Date(timeIntervalSince1970: 1_747_024_200)  // 2025-05-12T04:30:00Z
        #expect(ReadableDate(language: "en", timeZone: utc).dateTime(instant) == "12 May 2025, 04:30")
        #expect(ReadableDate(language: "en-US", timeZone: utc).dateTime(instant) == "May 12, 2025, 04:30")
        #expect(ReadableDate(language: "zz", timeZone: utc).dateTime(instant) == "12 May 2025, 04:30")
        #expect(ReadableDate(language: "fi", timeZone: utc).dateTime(instant) == "12. toukokuuta 2025, 4.30")
    }

    /// With the zone: its abbreviation (CDT in May), UTC, or the offset where ICU has no
    /// abbreviation (Kolkata is UTC+05:30: 04:30Z → 10:00).
    @Test func zoneNames() throws {
        let dates = ReadableDate(language: "en", timeZone: try zone("UTC"))
        let instant = Date(timeIntervalSince1970: 1_747_024_200)
        #expect(dates.dateTime(instant, in: try zone("America/Chicago"), showingZone: true) == "11 May 2025, 23:30 CDT")
        #expect(dates.dateTime(instant, showingZone: true) == "12 May 2025, 04:30 UTC")
        #expect(dates.dateTime(instant, in: try zone("Asia/Kolkata"), showingZone: true) == "12 May 2025, 10:00 UTC+05:30")
    }

    /// `<time datetime>` values are whole seconds in UTC: HTML allows at most three fraction
    /// digits (a GPX time with microseconds failed the Nu validator), and pages show minutes.
    @Test func htmlDateTimeDropsTheFraction() {
        // 1679068932.740129 s is 2023-03-17T16:02:12.740129Z (ETH Hönggerberg log, sample site).
        #expect(ReadableDate.htmlDateTime(Date(timeIntervalSince1970: 1_679_068_932.740129)) == "2023-03-17T16:02:12Z")
        #expect(ReadableDate.htmlDateTime(Date(timeIntervalSince1970: 1_747_024_200)) == "2025-05-12T04:30:00Z")
    }
}
