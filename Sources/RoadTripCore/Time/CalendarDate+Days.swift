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
