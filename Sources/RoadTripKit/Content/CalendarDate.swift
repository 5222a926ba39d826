import Foundation

/// Dates as authors write them in front matter (`date: 2026-06-01`), checked against the HTML
/// "valid date string" and "valid global/local date and time string" grammars (HTML Living Standard
/// §2.3.5) so a page's `<time datetime>` is always valid.
public enum CalendarDate {
    /// `true` for `YYYY-MM-DD` naming a real day (proleptic Gregorian, leap years included), or that
    /// date followed by `T` or a space, `hh:mm`, optional `:ss` and fraction, and an optional zone
    /// (`Z`, `±hh:mm`, `±hhmm`). `2026-02-30` and `2026-13-45` are false.
    public static func isValid(_ text: String) -> Bool {
        let pattern = #/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/#
        guard let match = text.wholeMatch(of: pattern),
            let year = Int(match.1), let month = Int(match.2), let day = Int(match.3), year >= 1
        else { return false }
        guard (1...12).contains(month), day >= 1, day <= ISO8601Time.daysInMonth(year: year, month: month) else { return false }
        if let hour = match.4.flatMap({ Int($0) }), let minute = match.5.flatMap({ Int($0) }) {
            guard hour < 24, minute < 60 else { return false }
            if let second = match.6.flatMap({ Int($0) }), second >= 60 { return false }
        }
        return true
    }
}
