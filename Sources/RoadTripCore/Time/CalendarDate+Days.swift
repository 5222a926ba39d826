import Foundation

extension CalendarDate {
    /// The written day as a count of days since 1970-01-01 in the proleptic Gregorian calendar
    /// (its time and offset ignored: the day on the author's calendar), negative before 1970.
    /// Days between two dates are the difference of their day numbers (H. Hinnant,
    /// "chrono-Compatible Low-Level Date Algorithms", `days_from_civil`).
    public var dayNumber: Int {
        ISO8601Time.daysFromCivil(year: year, month: month, day: day)
    }

    /// The day `days` days after this one's written day (before it when negative), as a date
    /// alone (no time, no offset).
    public func addingDays(_ days: Int) -> CalendarDate {
        let civil = ISO8601Time.civilFromDays(dayNumber + days)
        return CalendarDate(year: civil.year, month: civil.month, day: civil.day)
    }

    /// The written day as `YYYY-MM-DD` (`2025-06-14`), without the time.
    public var dayText: String {
        ISO8601Time.pad(year, 4) + "-" + ISO8601Time.pad(month, 2) + "-" + ISO8601Time.pad(day, 2)
    }
}

extension CalendarDate {
    /// The day this date falls on in `zone`, as a day number (`dayNumber`'s count): the written
    /// day, unless an offset is written, when it is the day of that moment on `zone`'s clock
    /// (`2025-03-31T23:30:00-05:00` is April 1 in Stockholm).
    public func localDayNumber(in zone: TimeZone) -> Int {
        guard utcOffset != nil else { return dayNumber }
        let local = localWallClockSeconds(of: instant(in: zone), in: zone)
        return local >= 0 ? local / 86_400 : -((-local + 86_399) / 86_400)
    }

    /// Whether the written time exists on `zone`'s clock: `false` for a time in a daylight-saving
    /// gap (`2025-03-30T02:30` in Europe/Oslo, whose clocks go from 02:00 to 03:00), which
    /// `instant(in:)` moves forward; `true` for a day alone or a time with an offset.
    public func existsAsWritten(in zone: TimeZone) -> Bool {
        guard time != nil, utcOffset == nil else { return true }
        return localWallClockSeconds(of: instant(in: zone), in: zone) == wallClockSeconds
    }

    /// This date with its moment fixed: a time without an offset gets `zone`'s offset at that
    /// time, so that it means the same moment read in any other zone; a day alone or a time with
    /// an offset is returned as it is.
    public func pinned(to zone: TimeZone) -> CalendarDate {
        guard time != nil, utcOffset == nil else { return self }
        var pinned = self
        pinned.utcOffset = zone.secondsFromGMT(for: instant(in: zone))
        return pinned
    }

    /// Seconds from 1970-01-01T00:00 on `zone`'s clock at `instant` (whole seconds, rounded down).
    private func localWallClockSeconds(of instant: Date, in zone: TimeZone) -> Int {
        Int(instant.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: instant)
    }
}
