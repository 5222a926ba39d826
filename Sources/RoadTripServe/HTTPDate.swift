import Foundation
import RoadTripCore

/// HTTP dates (RFC 9110 §5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT` (IMF-fixdate), written by hand so
/// no formatter runs per request, and read in all three forms a recipient must accept (IMF-fixdate,
/// RFC 850 `Sunday, 06-Nov-94 08:49:37 GMT`, asctime `Sun Nov  6 08:49:37 1994`).
public enum HTTPDate {
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `date` as an IMF-fixdate, truncated to whole seconds. The year has the grammar's four digits
    /// (`year = 4DIGIT`, RFC 9110 §5.6.7), so a file dated in the year 1 is `… 0001 …`.
    public static func format(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let ofDay = seconds - days * 86_400
        let (year, month, day) = ISO8601Time.civilFromDays(days)
        let weekday = weekdays[((days % 7) + 7) % 7]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let fourDigitYear = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(weekday), \(two(day)) \(months[month - 1]) \(fourDigitYear) \(two(ofDay / 3600)):\(two(ofDay % 3600 / 60)):\(two(ofDay % 60)) GMT"
    }

    /// 10000-01-01T00:00:00Z in seconds since 1970: the first instant `parse` does not return.
    static let endOfYear9999 = 253_402_300_800

    /// The date in `text` (any of the three forms), or `nil` (also for a year outside 0000–9999,
    /// and for the leap second `23:59:60` of 31 Dec 9999, which would fall in the year 10000).
    public static func parse(_ text: String) -> Date? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        var day: Int?, monthName: String?, year: Int?, time: String?
        if words.count == 4, words[3] == "GMT", words[1].contains("-") {  // RFC 850
            let parts = words[1].split(separator: "-").map(String.init)
            guard parts.count == 3, let shortYear = Int(parts[2]), (0...99).contains(shortYear) else { return nil }  // 2DIGIT
            day = Int(parts[0])
            monthName = parts[1]
            // RFC 9110: a two-digit year more than 50 years in the future is in the past century.
            year = shortYear < 70 ? 2000 + shortYear : 1900 + shortYear
            time = words[2]
        } else if words.count == 6, words[5] == "GMT" {  // IMF-fixdate
            day = Int(words[1]); monthName = words[2]; year = Int(words[3]); time = words[4]
        } else if words.count == 5 {  // asctime
            monthName = words[1]; day = Int(words[2]); time = words[3]; year = Int(words[4])
        }
        // A year has four digits (RFC 9110 §5.6.7); a longer one would overflow the day count.
        guard let day, let monthName, let year, (0...9999).contains(year), let time,
            let monthIndex = months.firstIndex(of: monthName)
        else {
            return nil
        }
        let clock = time.split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3, (1...31).contains(day), (0...23).contains(clock[0]), (0...59).contains(clock[1]),
            (0...60).contains(clock[2])
        else { return nil }
        let days = ISO8601Time.daysFromCivil(year: year, month: monthIndex + 1, day: day)
        let seconds = days * 86_400 + clock[0] * 3600 + clock[1] * 60 + clock[2]
        // A leap second (:60) on 31 Dec 9999 would be 10000-01-01T00:00:00Z (2,932,897 days after
        // 1970 × 86,400 s), a year `format` cannot write in four digits.
        guard seconds < endOfYear9999 else { return nil }
        return Date(timeIntervalSince1970: Double(seconds))
    }
}
