import Foundation

/// ISO 8601 / RFC 3339 date-times parsed and formatted by hand, from bytes, without a
/// `DateFormatter` (one formatter per row is far too slow for million-row logs).
///
/// Accepted: `YYYY-MM-DD` then `T` (or `t`, or one space), `hh:mm:ss`, an optional fraction of
/// 1–9 digits after `.` or `,` (ISO 8601 §4.2.2.4 allows both), then an optional zone: `Z`/`z`,
/// `±hh:mm`, `±hhmm` or `±hh`. A time without a zone is read in the caller's time zone (the site's,
/// DESIGN §2.1). The calendar is the proleptic Gregorian one (ISO 8601 §3.2.1).
enum ISO8601Time {
    /// A parsed instant, and whether the text named its zone.
    struct Parsed: Equatable {
        /// The instant (UTC).
        var date: Date
        /// `false` when the text had no zone designator and `timeZone` was used.
        var hasZone: Bool
    }

    /// Parses `text`; `nil` when it is not an ISO 8601 date-time as described above (including a
    /// month, day, hour, minute or second out of range; a leap second `60` is accepted and folds
    /// into the next minute, as POSIX time does).
    static func parse(_ text: String, timeZone: TimeZone) -> Parsed? {
        var copy = text
        return copy.withUTF8 { parse(bytes: $0, timeZone: timeZone) }
    }

    /// Parses the UTF-8 bytes of a date-time (see `parse(_:timeZone:)`).
    static func parse(bytes: UnsafeBufferPointer<UInt8>, timeZone: TimeZone) -> Parsed? {
        var index = 0
        let count = bytes.count
        func digits(_ n: Int) -> Int? {
            guard index + n <= count else { return nil }
            var value = 0
            for i in index..<(index + n) {
                let d = Int(bytes[i]) - 48
                guard d >= 0 && d <= 9 else { return nil }
                value = value * 10 + d
            }
            index += n
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), expect(0x2D), let month = digits(2), expect(0x2D), let day = digits(2)
        else { return nil }
        guard index < count, bytes[index] == 0x54 || bytes[index] == 0x74 || bytes[index] == 0x20 else { return nil }
        index += 1
        guard let hour = digits(2), expect(0x3A), let minute = digits(2), expect(0x3A), let second = digits(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month),
            hour <= 23, minute <= 59, second <= 60
        else { return nil }
        var nanoseconds = 0
        if index < count, bytes[index] == 0x2E || bytes[index] == 0x2C {
            index += 1
            var scale = 100_000_000
            var any = false
            while index < count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                guard scale > 0 else { return nil }  // more than 9 fractional digits
                nanoseconds += Int(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
                any = true
            }
            guard any else { return nil }
        }
        var offset: Int? = nil
        if index < count {
            switch bytes[index] {
            case 0x5A, 0x7A:  // Z z
                index += 1
                offset = 0
            case 0x2B, 0x2D:  // + -
                let sign = bytes[index] == 0x2D ? -1 : 1
                index += 1
                guard let hours = digits(2), hours <= 23 else { return nil }
                var minutes = 0
                if index < count {
                    _ = expect(0x3A)
                    guard let m = digits(2), m <= 59 else { return nil }
                    minutes = m
                }
                offset = sign * (hours * 3600 + minutes * 60)
            default:
                return nil
            }
        }
        guard index == count else { return nil }
        let local = daysFromCivil(year: year, month: month, day: day) * 86_400
            + hour * 3600 + minute * 60 + second
        let utcSeconds: Int
        if let offset {
            utcSeconds = local - offset
        } else {
            // Guess the offset at the local time read as UTC, then correct with the offset at
            // the resulting instant (exact except inside a DST transition's skipped hour).
            let guess = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(local)))
            let corrected = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(local - guess)))
            utcSeconds = local - corrected
        }
        let date = Date(timeIntervalSince1970: Double(utcSeconds) + Double(nanoseconds) / 1e9)
        return Parsed(date: date, hasZone: offset != nil)
    }

    /// `date` in UTC as `YYYY-MM-DDThh:mm:ss[.ffffff]Z`: rounded to the microsecond (a `Date`'s
    /// `Double` resolves about 0.2 µs at today's dates), trailing fractional zeros dropped.
    static func format(_ date: Date) -> String {
        let micros = Int((date.timeIntervalSince1970 * 1e6).rounded())
        var seconds = micros / 1_000_000
        var fraction = micros % 1_000_000
        if fraction < 0 {
            fraction += 1_000_000
            seconds -= 1
        }
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = civilFromDays(days)
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
        text += pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        if fraction != 0 {
            var digits = pad(fraction, 6)
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text + "Z"
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant, "chrono-Compatible
    /// Low-Level Date Algorithms", `days_from_civil`).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (Hinnant's `civil_from_days`).
    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days in `month` of `year` (Gregorian leap years).
    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
