import Foundation

/// A date as authors write it in front matter (`date: 2026-06-01`, `2026-06-01T14:30`,
/// `2026-06-01T14:30:00-05:00`), checked against the HTML "valid date string" and "valid
/// global/local date and time string" grammars (HTML Living Standard §2.3.5) so a page's
/// `<time datetime>` is always valid, and kept as its parts, so pages can show it to readers
/// (`ReadableDate`) and the home page can order destinations by it.
public struct CalendarDate: Sendable, Hashable {
    /// The proleptic Gregorian year (1…9999), month (1…12) and day (1…31) as written.
    public var year: Int
    public var month: Int
    public var day: Int
    /// The wall-clock time as written, when there is one.
    public var time: TimeOfDay?
    /// The written UTC offset in seconds east of Greenwich (`Z` is 0, `-05:00` is −18000);
    /// `nil` when none is written, so the time is read in the site's `timeZone`.
    public var utcOffset: Int?

    /// Hours (0…23), minutes (0…59), seconds (0…59) and the fraction of a second written after
    /// them (0 ≤ `fraction` < 1; `instant(in:)` includes it).
    public struct TimeOfDay: Sendable, Hashable {
        public var hour: Int
        public var minute: Int
        public var second: Int
        public var fraction: Double = 0

        /// The time `hour`:`minute`:`second` plus `fraction` of a second (ranges as above, not checked).
        public init(hour: Int, minute: Int, second: Int, fraction: Double = 0) {
            self.hour = hour
            self.minute = minute
            self.second = second
            self.fraction = fraction
        }
    }

    /// `true` for `YYYY-MM-DD` naming a real day (proleptic Gregorian, leap years included), or that
    /// date followed by `T` or a space, `hh:mm`, optional `:ss` and fraction, and an optional zone
    /// (`Z`, `±hh:mm`, `±hhmm`). `2026-02-30` and `2026-13-45` are false.
    public static func isValid(_ text: String) -> Bool {
        parse(text) != nil
    }

    /// The parts of `text` when `isValid(text)`, else `nil`. `maximumFractionDigits` is how many
    /// digits a fraction of a second may have: 3 in HTML's grammar (the default, for dates a page
    /// shows in `<time datetime>`), more where a date bounds recorded times (`TripDateRange`: 9,
    /// nanoseconds).
    public static func parse(_ text: String, maximumFractionDigits: Int = 3) -> CalendarDate? {
        // A byte scanner: this runs for every destination and event, and a Swift Regex here was a
        // third of a 4,000-page build.
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ width: Int) -> Int? {
            guard index + width <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + width)] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += width
            return value
        }
        func skip(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = number(4), skip(0x2D), let month = number(2), skip(0x2D), let day = number(2),
            year >= 1, (1...12).contains(month), day >= 1, day <= ISO8601Time.daysInMonth(year: year, month: month)
        else { return nil }
        var date = CalendarDate(year: year, month: month, day: day)
        if index == bytes.count { return date }
        guard skip(0x54) || skip(0x20), let hour = number(2), skip(0x3A), let minute = number(2), hour < 24, minute < 60
        else { return nil }
        var second = 0
        var fraction = 0.0
        if skip(0x3A) {
            guard let seconds = number(2), seconds < 60 else { return nil }
            second = seconds
            if skip(0x2E) {
                let first = index
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
                guard (1...maximumFractionDigits).contains(index - first) else { return nil }
                fraction = Double("0." + String(decoding: bytes[first..<index], as: UTF8.self)) ?? 0
            }
        }
        date.time = TimeOfDay(hour: hour, minute: minute, second: second, fraction: fraction)
        if index == bytes.count { return date }
        if skip(0x5A) {
            date.utcOffset = 0
            return index == bytes.count ? date : nil
        }
        let sign = skip(0x2B) ? 1 : (skip(0x2D) ? -1 : 0)
        guard sign != 0, let offsetHours = number(2), offsetHours < 24 else { return nil }
        _ = skip(0x3A)
        guard let offsetMinutes = number(2), offsetMinutes < 60, index == bytes.count else { return nil }
        date.utcOffset = sign * (offsetHours * 3600 + offsetMinutes * 60)
        return date
    }

    /// Creates a date from its parts (not checked; `parse` checks what authors write).
    public init(year: Int, month: Int, day: Int, time: TimeOfDay? = nil, utcOffset: Int? = nil) {
        self.year = year
        self.month = month
        self.day = day
        self.time = time
        self.utcOffset = utcOffset
    }

    /// Seconds from 1970-01-01T00:00 to the written wall-clock time (midnight for a date alone),
    /// as if it were UTC: the number shown when the date is displayed as written.
    package var wallClockSeconds: Int {
        let days = ISO8601Time.daysFromCivil(year: year, month: month, day: day)
        let time = time ?? TimeOfDay(hour: 0, minute: 0, second: 0)
        return days * 86_400 + time.hour * 3600 + time.minute * 60 + time.second
    }

    /// The moment the date names: with a written offset, exactly that; otherwise the wall-clock
    /// time (midnight for a date alone) in `zone`, through the Gregorian calendar, so a time in a
    /// daylight-saving gap moves forward as `Calendar` moves it.
    public func instant(in zone: TimeZone) -> Date {
        let fraction = time?.fraction ?? 0
        if let utcOffset { return Date(timeIntervalSince1970: Double(wallClockSeconds - utcOffset) + fraction) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(
            year: year, month: month, day: day, hour: time?.hour ?? 0, minute: time?.minute ?? 0, second: time?.second ?? 0)
        let whole = calendar.date(from: components)
            ?? Date(timeIntervalSince1970: Double(wallClockSeconds - zone.secondsFromGMT()))
        return whole.addingTimeInterval(fraction)
    }
}
