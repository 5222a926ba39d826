import Foundation

/// Dates as authors write them in front matter (`date: 2026-06-01`), checked against the HTML
/// "valid date string" and "valid global/local date and time string" grammars (HTML Living Standard
/// §2.3.5) so a page's `<time datetime>` is always valid.
public enum CalendarDate {
    /// `true` for `YYYY-MM-DD` naming a real day (proleptic Gregorian, leap years included), or that
    /// date followed by `T` or a space, `hh:mm`, optional `:ss` and fraction, and an optional zone
    /// (`Z`, `±hh:mm`, `±hhmm`). `2026-02-30` and `2026-13-45` are false.
    public static func isValid(_ text: String) -> Bool {
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
        else { return false }
        if index == bytes.count { return true }
        guard skip(0x54) || skip(0x20), let hour = number(2), skip(0x3A), let minute = number(2), hour < 24, minute < 60
        else { return false }
        if skip(0x3A) {
            guard let second = number(2), second < 60 else { return false }
            if skip(0x2E) {
                var digits = 0
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1; digits += 1 }
                guard (1...3).contains(digits) else { return false }
            }
        }
        if index == bytes.count || (skip(0x5A) && index == bytes.count) { return true }
        guard skip(0x2B) || skip(0x2D), let offsetHours = number(2), offsetHours < 24 else { return false }
        _ = skip(0x3A)
        guard let offsetMinutes = number(2), offsetMinutes < 60 else { return false }
        return index == bytes.count
    }
}
