import Foundation

/// ISO 8601 / RFC 3339 date-times formatted by hand, and the proleptic Gregorian calendar
/// arithmetic (ISO 8601 §3.2.1) that `TimestampParser`, the writers and the NMEA reader share —
/// no `DateFormatter`, which is far too slow per row of a million-row log.
package enum ISO8601Time {
    /// `date` in UTC as `YYYY-MM-DDThh:mm:ss[.ffffff]Z`: rounded to the microsecond (a `Date`'s
    /// `Double` resolves about 0.2 µs at today's dates), trailing fractional zeros dropped.
    /// Instants a trip log may carry, in seconds since 1970-01-01T00:00:00Z: from
    /// 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z (719,162 days before the epoch and 2,932,897
    /// days after it, less a second), the years that both ISO 8601's four digits (§3.2.1, without
    /// the expanded representation) and XML Schema 1.0's `dateTime` (which has no year 0000; GPX
    /// uses it) can write. Every reader rejects a time outside it as a bad row, so whatever a
    /// reader returns, a writer can write and a reader read back.
    package static let representableSeconds: ClosedRange<Double> = -62_135_596_800 ... 253_402_300_799

    /// `true` when `date` lies in `representableSeconds`.
    package static func isRepresentable(_ date: Date) -> Bool {
        representableSeconds.contains(date.timeIntervalSince1970)
    }

    package static func format(_ date: Date) -> String {
        // Clamped so that no date can trap the conversion, and the last representable second
        // does not round up into year 10000.
        let seconds1970 = min(max(date.timeIntervalSince1970, representableSeconds.lowerBound), representableSeconds.upperBound + 0.999_999)
        let micros = min(Int((seconds1970 * 1e6).rounded()), Int(representableSeconds.upperBound) * 1_000_000 + 999_999)
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
    package static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (Hinnant's `civil_from_days`).
    package static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
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
    package static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `value` in decimal, left-padded with zeros to `width` digits (`pad(7, 2)` is `07`).
    package static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
