import Foundation
import RoadTripCore
import RoadTripContent
import RoadTripCompute

/// Dates and times as a page shows them to readers, in the site's `language` and `timeZone`:
/// "11 May 2025" and "11 May 2025, 23:30" for `en`, "11. Mai 2025, 23:30" for `de`,
/// "11 mai 2025, 23:30" for `fr`, "11. mai 2025, 23:30" for `nb`. Machine-readable values stay in
/// `<time datetime>`; only the text between the tags comes from here.
///
/// - The locale is `SiteConfig.readerLocale(for:)`: plain `en` reads day–month–year as
///   international English (`en-001`) does, `en-US` gives "May 11, 2025"; a language Foundation
///   has no data for (`zz`) falls back to `en-001`, never to the machine's locale.
/// - The date is the language's long date (CLDR's `long` date format, through Foundation's
///   `DateFormatter`); the time its short time (CLDR's `short` time: "06:30" in `de`, "6.30" in
///   `fi`) on a 24-hour clock, joined as the language joins them (`dateTimePattern(for:)`:
///   "11 May 2025, 23:30", "2025年5月11日 23:30", "۱۱ مهٔ ۲۰۲۵، ۲۳:۳۰").
/// - The calendar is always Gregorian, and nothing depends on the process's `TZ`, `LANG` or
///   `LC_*`.
public struct ReadableDate: Sendable {
    /// The locale dates are worded in (24-hour clock).
    public let locale: Locale
    /// The zone in which instants are shown: the site's.
    public let timeZone: TimeZone
    /// The long-date and short-time formatters, shared by the pages rendered in parallel.
    private let formatters: Formatters

    /// Dates for a site written in `language` (a BCP 47 tag, e.g. `en`, `nb-NO`) whose times are
    /// shown in `timeZone`.
    public init(language: String, timeZone: TimeZone) {
        self.locale = SiteConfig.readerLocale(for: language)
        self.timeZone = timeZone
        formatters = Formatters(locale: locale)
    }


    /// Foundation's `DateFormatter` is not `Sendable`, so the formatters are used under a lock (one
    /// formatting takes microseconds; pages render in parallel). `Date.FormatStyle` is not used
    /// because its `.shortened` time is not CLDR's short time ("1:30" where German writes "01:30").
    /// There is one formatter per pattern and zone: setting a formatter's `timeZone` makes
    /// swift-corelibs-foundation build its ICU formatter again at the next use (about 100 µs, a
    /// third of a 4,000-page build when every date set it), so a formatter's zone never changes.
    private final class Formatters: @unchecked Sendable {
        private let lock = NSLock()
        private let locale: Locale
        private let calendar: Calendar
        /// The long date and short time's pattern (``ReadableDate/dateTimePattern(for:)``): made
        /// at the first date with a time, not with the formatters — its eight `DateFormatter`s were
        /// ~15 million instructions (about 4 ms) at the start of every build's rendering, also of
        /// a site that shows no time at all.
        private var dateTimePattern: String?
        private var formatters: [Key: DateFormatter] = [:]

        /// A formatter's pattern (the long date, or with `time` the long date and short time) and zone.
        private struct Key: Hashable {
            var time: Bool
            var zone: TimeZone
        }

        init(locale: Locale) {
            self.locale = locale
            var calendar = Calendar(identifier: .gregorian)
            calendar.locale = locale
            self.calendar = calendar
        }

        /// The long date, or with `time` the long date and the short time, of `instant` in `zone`.
        func text(_ instant: Date, in zone: TimeZone, time: Bool) -> String {
            lock.lock()
            defer { lock.unlock() }
            let key = Key(time: time, zone: zone)
            if let formatter = formatters[key] { return formatter.string(from: instant) }
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.calendar = calendar
            formatter.timeZone = zone
            if time {
                let pattern = dateTimePattern ?? ReadableDate.dateTimePattern(for: locale)
                dateTimePattern = pattern
                formatter.dateFormat = pattern
            } else {
                formatter.dateStyle = .long
                formatter.timeStyle = .none
            }
            formatters[key] = formatter
            return formatter.string(from: instant)
        }
    }

    /// The `DateFormatter` pattern of `locale`'s long date and short time (CLDR's `long` date and
    /// `short` time formats), joined as the locale joins a date and a time (Unicode TR 35, part 4,
    /// §2.6.2.1 `dateTimeFormat`, "{1}, {0}" in English).
    ///
    /// ICU (72 and later, as in Foundation) joins a long or medium date with CLDR's *atTime*
    /// variant of that pattern where the locale has one — "{1} 'at' {0}", "{1} 'um' {0}",
    /// "{1} 'kl'. {0}" — the phrasing of an event ("on 11 May at 23:30"), not of a time stamp
    /// such as a trip's start. So the join is taken from the longest of the locale's long, medium
    /// and short date-and-time patterns (each read off Foundation's `DateFormatter`) whose join
    /// is punctuation and spaces only; where every one holds a word (Finnish "klo"), the long one.
    /// English: ", " (from the short pattern); German and Norwegian Bokmål ", " (medium); Persian
    /// "، " (medium, the Arabic comma); Chinese " " and Arabic "، " (long); French " " (short).
    static func dateTimePattern(for locale: Locale) -> String {
        func pattern(_ date: DateFormatter.Style, _ time: DateFormatter.Style) -> String {
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.dateStyle = date
            formatter.timeStyle = time
            return formatter.dateFormat ?? ""
        }
        let longDate = pattern(.long, .none), shortTime = pattern(.none, .short)
        // The join of each length's pattern, with whether the time comes first.
        let joins: [(join: String, timeFirst: Bool)] = [DateFormatter.Style.long, .medium, .short].compactMap { length in
            let date = pattern(length, .none), both = pattern(length, .short)
            guard both.count > date.count + shortTime.count else { return nil }
            if both.hasPrefix(date) && both.hasSuffix(shortTime) {
                return (String(both.dropFirst(date.count).dropLast(shortTime.count)), false)
            }
            if both.hasPrefix(shortTime) && both.hasSuffix(date) {
                return (String(both.dropFirst(shortTime.count).dropLast(date.count)), true)
            }
            return nil
        }
        let chosen = joins.first { !$0.join.contains(where: \.isLetter) } ?? joins.first ?? (" ", false)
        return chosen.timeFirst ? shortTime + chosen.join + longDate : longDate + chosen.join + shortTime
    }

    /// `instant` as "11 May 2025, 23:30" in `zone` (default: the site's), followed by the zone's
    /// abbreviation when `showingZone` ("11 May 2025, 23:30 CDT"; `UTC`; or the offset, "UTC+05:30",
    /// for a zone ICU has no abbreviation for — see `TripStatistics.zoneAbbreviation`). Seconds
    /// are not shown.
    public func dateTime(_ instant: Date, in zone: TimeZone? = nil, showingZone: Bool = false) -> String {
        let zone = zone ?? timeZone
        var text = formatters.text(instant, in: zone, time: true)
        if showingZone {
            text += " " + (TripStatistics.zoneAbbreviation(of: zone, at: instant) ?? Self.offsetName(zone, at: instant))
        }
        return text
    }

    /// `instant` for a `<time datetime>` attribute: ISO 8601 in UTC to the whole second
    /// (`2023-03-17T16:02:12Z`; the fraction is dropped, since HTML's "valid global date and time
    /// string" allows at most three fraction digits and pages show minutes).
    public static func htmlDateTime(_ instant: Date) -> String {
        ISO8601Time.format(Date(timeIntervalSince1970: instant.timeIntervalSince1970.rounded(.down)))
    }

    /// "UTC+05:30", "UTC−03:00": the zone's offset at `instant`.
    static func offsetName(_ zone: TimeZone, at instant: Date) -> String {
        let offset = zone.secondsFromGMT(for: instant)
        let magnitude = abs(offset)
        let hours = magnitude / 3600, minutes = magnitude % 3600 / 60
        return "UTC" + (offset < 0 ? "−" : "+") + (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
    }

    /// A front-matter date as readers read it: a day alone as "1 June 2026" (no zone applies);
    /// a time without a zone as written ("1 June 2026, 14:30": it is already the site's zone); a
    /// time with an offset moved into the site's zone (`2025-05-11T23:30:00-05:00` on a
    /// `Europe/Oslo` site is "12 May 2025, 06:30"). `nil` for text that is not a valid date
    /// (`CalendarDate.isValid`), which pages show as written.
    public func text(of written: String) -> String? {
        guard let date = CalendarDate.parse(written) else { return nil }
        let asWritten = Date(timeIntervalSince1970: Double(date.wallClockSeconds))
        guard date.time != nil else { return formatters.text(asWritten, in: .gmt, time: false) }
        if date.utcOffset == nil { return dateTime(asWritten, in: .gmt) }
        return dateTime(date.instant(in: timeZone))
    }
}
