import Foundation
import RoadTripCore
import RoadTripCompute

/// Trip statistics as people read them (the trip page, the destination's trip list and
/// `roadtrip trip stats`): metric first with the imperial figure beside it, durations as h:mm:ss.
public enum TripStatisticsText {
    /// One labelled figure.
    public struct Row: Sendable, Hashable {
        /// A stable key (`distance`, `duration`, …), for templates and tests.
        public var key: String
        /// The label, e.g. "Distance".
        public var label: String
        /// The formatted value, e.g. "123.4 km (76.7 mi)", or "1 June 2024, 09:12 CEST".
        public var value: String
        /// For a time, the machine-readable ISO 8601 UTC value for `<time datetime>`
        /// (`2024-06-01T07:12:00Z`, `ReadableDate.htmlDateTime`); `nil` for other figures.
        public var dateTime: String? = nil
    }

    /// Metres in one international mile (1959 international yard and pound agreement).
    static let metresPerMile = 1609.344

    /// "123.4 km (76.7 mi)"; under 10 km with two decimals; thousands grouped ("2,374.9 km").
    public static func distance(_ metres: Double) -> String {
        let kilometres = metres / 1000, miles = metres / metresPerMile
        let digits = kilometres < 10 ? 2 : 1
        return CountText.grouped(number: DecimalText.fixed(kilometres, fractionDigits: digits)) + " km ("
            + CountText.grouped(number: DecimalText.fixed(miles, fractionDigits: digits)) + " mi)"
    }

    /// "2:03:04" (hours unbounded), from seconds rounded to the nearest second (negative: 0).
    public static func duration(_ seconds: Double) -> String {
        // Capped at about 31,700 years, so that no value can trap the conversion to Int.
        let total = Int(min(max(0, seconds), 1e12).rounded())
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(total / 3600):\(two(total / 60 % 60)):\(two(total % 60))"
    }

    /// "54.3 km/h (33.7 mph)" from m/s (× 3.6 for km/h).
    public static func speed(_ metresPerSecond: Double) -> String {
        DecimalText.fixed(metresPerSecond * 3.6, fractionDigits: 1) + " km/h ("
            + DecimalText.fixed(metresPerSecond * 3600 / metresPerMile, fractionDigits: 1) + " mph)"
    }

    /// "312 m" (rounded to the metre).
    public static func metres(_ value: Double) -> String {
        DecimalText.fixed(value, fractionDigits: 0) + " m"
    }

    /// The rows the trip page shows, in order; figures a log cannot give (no times, no elevation)
    /// are left out rather than shown empty. Times are worded by `dates` with their zone's
    /// abbreviation ("1 June 2024, 09:12 CEST").
    /// - Parameters:
    ///   - dates: the site's language and zone (the zone times are shown in);
    ///   - startZone, endZone: when known, the zones where the log started and ended (the
    ///     placemarks' IANA zones), which then show the start and end times instead.
    public static func rows(
        _ statistics: TripStatistics, dates: ReadableDate, startZone: TimeZone? = nil, endZone: TimeZone? = nil
    ) -> [Row] {
        var rows = [Row(key: "distance", label: "Distance", value: distance(statistics.distance))]
        if let duration = statistics.duration {
            rows.append(Row(key: "duration", label: "Duration", value: Self.duration(duration)))
            rows.append(Row(key: "movingTime", label: "Moving time", value: Self.duration(statistics.movingTime)))
        }
        if let average = statistics.averageMovingSpeed {
            rows.append(Row(key: "averageMovingSpeed", label: "Average moving speed", value: speed(average)))
        }
        if let maximum = statistics.maximumSpeed {
            var value = speed(maximum)
            if let raw = statistics.rawMaximumSpeed, raw > maximum + 0.05 {
                value += " over 10 s; single-step peak " + speed(raw)
            }
            rows.append(Row(key: "maximumSpeed", label: "Maximum speed", value: value))
        }
        if let gain = statistics.elevationGain, let loss = statistics.elevationLoss {
            rows.append(Row(key: "elevation", label: "Elevation gain / loss", value: metres(gain) + " / " + metres(loss)))
        }
        for (key, label, time, zone) in [("start", "Start", statistics.startTime, startZone), ("end", "End", statistics.endTime, endZone)] {
            guard let time else { continue }
            rows.append(Row(
                key: key, label: label, value: dates.dateTime(time, in: zone, showingZone: true),
                dateTime: ReadableDate.htmlDateTime(time)))
        }
        rows.append(Row(
            key: "fixes", label: "Fixes / segments",
            value: CountText.grouped(statistics.fixCount) + " / " + CountText.grouped(statistics.segmentCount)))
        return rows
    }
}
