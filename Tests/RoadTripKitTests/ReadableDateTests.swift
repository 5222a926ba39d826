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

/// Dates as readers read them (issue 11): "11 May 2025, 23:30" for `en`, the language's own long
/// date and short time otherwise (CLDR, as ICU words them: "11. Mai 2025", "11 mai 2025",
/// "11. mai 2025"; joined as ReadableDateJoinTests shows), in the site's zone, never the raw ISO text.
@Suite struct ReadableDateTests {
    func zone(_ identifier: String) throws -> TimeZone { try #require(TimeZone(identifier: identifier)) }

    /// 2025-05-11T23:30:00-05:00 is 04:30 UTC on 12 May (1747024200, see CalendarDateTests):
    /// 23:30 CDT in Chicago (UTC−5 in May), 06:30 CEST in Oslo (UTC+2).
    @Test func writtenDateWithOffsetIsShownInTheSiteZone() throws {
        let written = "2025-05-11T23:30:00-05:00"
        #expect(ReadableDate(language: "en", timeZone: try zone("America/Chicago")).text(of: written) == "11 May 2025, 23:30")
        #expect(ReadableDate(language: "en", timeZone: try zone("Europe/Oslo")).text(of: written) == "12 May 2025, 06:30")
        #expect(ReadableDate(language: "de", timeZone: try zone("America/Chicago")).text(of: written) == "11. Mai 2025, 23:30")
        #expect(ReadableDate(language: "fr", timeZone: try zone("America/Chicago")).text(of: written) == "11 mai 2025 23:30")
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
        #expect(ReadableDate(language: "fi", timeZone: utc).dateTime(instant) == "12. toukokuuta 2025 klo 4.30")
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

/// How each language joins a date and a time (issue 11: not ", " in every language). 23:30 on
/// 11 May 2025 in Chicago, for a site written in each language.
///
/// The expected strings are what Foundation (its ICU 76, CLDR 46) prints on Linux for the long
/// date and the short time, joined by `ReadableDate.dateTimePattern(for:)`: the longest of the
/// language's long, medium and short date-and-time patterns whose join is punctuation only, since
/// ICU's long (and for English medium) joins are CLDR's "atTime" variants ("11 May 2025 at
/// 23:30", "11. Mai 2025 um 23:30", "11 mai 2025 à 23:30", "۱۱ مهٔ ۲۰۲۵ ساعت ۲۳:۳۰").
/// Cross-checked with Python's babel 2.17.0 (CLDR 46, `Locale.datetime_formats`), whose standard
/// joins are ", " for en, de and nb, " " for zh, "، " (U+060C ARABIC COMMA) for ar and for fa's
/// medium: the same joins. Where they differ: French ", " is babel's long join, " " (ours) its
/// short one ("{1} {0}"); Persian's long join in babel is "، ساعت ", ours its medium "، ". The
/// Arabic long date "11 مايو، 2025" is ICU 76's (babel 2.17 writes "11 مايو 2025").
@Suite struct ReadableDateJoinTests {
    @Test(arguments: [
        ("en", "11 May 2025, 23:30"),
        ("en-US", "May 11, 2025, 23:30"),
        ("de", "11. Mai 2025, 23:30"),
        ("fr", "11 mai 2025 23:30"),
        ("nb", "11. mai 2025, 23:30"),
        ("zh", "2025年5月11日 23:30"),
        // Persian digits (CLDR's default numbering system for fa), joined by U+060C.
        ("fa", "۱۱ مهٔ ۲۰۲۵\u{060C} ۲۳:۳۰"),
        ("ar", "11 مايو\u{060C} 2025\u{060C} 23:30"),
    ])
    func dateAndTimeJoinedAsTheLanguageDoes(language: String, expected: String) throws {
        let chicago = try #require(TimeZone(identifier: "America/Chicago"))
        let text = ReadableDate(language: language, timeZone: chicago).text(of: "2025-05-11T23:30:00-05:00")
        #expect(text == expected)
        // Never the Latin comma where the language writes its own (fa, ar), never one in Chinese.
        if ["fa", "ar", "zh"].contains(language) { #expect(text?.contains(",") == false) }
    }

    /// The join each language's pattern gets: a word-free join where the language has one
    /// (English's comes from its short pattern, German's from its medium), else the long one.
    @Test func patternsJoinDateAndTimeWithoutAnAtWord() {
        #expect(ReadableDate.dateTimePattern(for: Locale(identifier: "en-001-u-hc-h23")) == "d MMMM y, HH:mm")
        #expect(ReadableDate.dateTimePattern(for: Locale(identifier: "de")) == "d. MMMM y, HH:mm")
        // Finnish joins every length with "klo": the long one is kept.
        #expect(ReadableDate.dateTimePattern(for: Locale(identifier: "fi")) == "d. MMMM y 'klo' H.mm")
    }

    /// The reader locale of a language on a 12-hour clock carries the 24-hour cycle in ICU's own
    /// form (`…@hours=h23`, cheap to open), and words dates and times exactly as the BCP 47 form
    /// `<tag>-u-hc-h23` does (the reference: Unicode TR 35's spelling, which it replaced): the
    /// long date, the short time, every date-and-time length and the joined pattern, for languages
    /// whose CLDR clock is 12-hour, with region, script and numbering variations. A tag with an
    /// extension of its own keeps the BCP 47 form.
    @Test(arguments: ["en", "en-US", "en-AU", "en-IN", "es-MX", "hi", "ko", "ar", "ar-EG", "zh-Hant-TW", "bn", "ur", "el", "sq"])
    func aTwelveHourLanguageReadsAsItsBCP47Form(language: String) {
        let locale = SiteConfig.readerLocale(for: language)
        #expect(locale.identifier.hasSuffix("@hours=h23"), "\(locale.identifier)")
        let reference = Locale(identifier: (language == "en" ? "en-001" : language) + "-u-hc-h23")
        func pattern(_ locale: Locale, _ date: DateFormatter.Style, _ time: DateFormatter.Style) -> String? {
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.dateStyle = date
            formatter.timeStyle = time
            return formatter.dateFormat
        }
        for (date, time) in [(DateFormatter.Style.long, DateFormatter.Style.none), (.none, .short), (.long, .short), (.medium, .short), (.short, .short)] {
            #expect(pattern(locale, date, time) == pattern(reference, date, time), "\(language) \(date) \(time)")
        }
        #expect(ReadableDate.dateTimePattern(for: locale) == ReadableDate.dateTimePattern(for: reference))
        #expect(!(pattern(locale, .none, .short) ?? "").contains("a"))
    }

    /// A tag with an extension of its own (here a numbering system) is never rewritten in ICU's
    /// form, which would need its keywords translated.
    @Test func aTagWithAnExtensionKeepsItsForm() {
        #expect(!SiteConfig.readerLocale(for: "en-US-u-nu-latn").identifier.contains("@"))
    }
}
