import Foundation
import RoadTripCore
import RoadTripFormats
import RoadTripGeo
import RoadTripCompute

/// The statistics and filter report of a processed trip log as `roadtrip trip stats` prints them:
/// an aligned, readable table (`table(_:timeZone:)`) or one JSON object in SI units
/// (`json(_:)`).
public enum TripLogReport {
    /// The readable table: one `label  value` line per row, labels padded to one column, ending
    /// with a line feed. Rows, in order:
    ///
    ///     Trip                  <title> (<format>, <path>)
    ///     Distance              12.3 km (7.7 mi)      (TripStatisticsText, as on the trip page)
    ///     Duration              2:03:04            (h:mm:ss, first to last fix, gaps included)
    ///     Moving time           1:50:00            (steps at ≥ StatisticsSettings.stoppedSpeedThreshold)
    ///     Average moving speed  6.7 km/h (4.2 mph)
    ///     Maximum speed         12.3 km/h (7.6 mph) (raw 45.6 km/h (28.3 mph))   (sustained over 10 s, then the fastest single step)
    ///     Elevation gain        123 m              (with hysteresis)
    ///     Elevation loss        120 m
    ///     Start                 2024-06-01 09:12 CEST (+02:00)   (TripStatistics.formatted)
    ///     End                   …
    ///     Fixes                 253 of 296 kept
    ///     Segments              7
    ///     Filters               <each report sentence, one per line>
    ///
    /// A value the log cannot give (no timestamps, no elevation) reads `—`. Figures are formatted by
    /// `TripStatisticsText`, so the command line and the trip page agree.
    public static func table(_ processed: ProcessedTripLog, timeZone: TimeZone) -> String {
        let statistics = processed.statistics
        let missing = "—"
        func time(_ date: Date?) -> String { date.map { TripStatistics.formatted($0, in: timeZone) } ?? missing }
        func speed(_ value: Double?) -> String { value.map(TripStatisticsText.speed) ?? missing }
        func metres(_ value: Double?) -> String { value.map(TripStatisticsText.metres) ?? missing }
        let clock = TripStatisticsText.duration

        var maximum = speed(statistics.maximumSpeed)
        if statistics.rawMaximumSpeed != nil { maximum += " (raw \(speed(statistics.rawMaximumSpeed)))" }
        var rows: [(String, String)] = [
            ("Trip", "\(processed.title) (\(processed.log.format.rawValue), \(processed.log.sourcePath))"),
            ("Distance", TripStatisticsText.distance(statistics.distance)),
            ("Duration", statistics.duration.map(clock) ?? missing),
            ("Moving time", statistics.duration == nil ? missing : clock(statistics.movingTime)),
            ("Average moving speed", speed(statistics.averageMovingSpeed)),
            ("Maximum speed", maximum),
            ("Elevation gain", metres(statistics.elevationGain)),
            ("Elevation loss", metres(statistics.elevationLoss)),
            ("Start", time(statistics.startTime)),
            ("End", time(statistics.endTime)),
            ("Fixes", "\(CountText.grouped(processed.locationReport.kept)) of "
                + "\(CountText.grouped(processed.locationReport.total)) kept"),
            ("Segments", String(statistics.segmentCount)),
        ]
        for (index, sentence) in processed.reportSentences.enumerated() {
            rows.append((index == 0 ? "Filters" : "", sentence))
        }
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { label, value in
            label + String(repeating: " ", count: width - label.count + 2) + value + "\n"
        }.joined()
    }

    /// One compact JSON object (RFC 8259; numbers with at most 7 decimals), ending with a line
    /// feed. SI units; `null` where the log cannot give a value. Keys, in order:
    ///
    /// - `title`, `source` (the path as given), `format` (`gpx`, `nmea`, `json`, `csv`, `sensorLogger`);
    /// - `distance` (m), `duration` (s, first to last fix), `recordedDuration` (s, within
    ///   segments), `movingTime` (s), `movingDistance` (m), `averageMovingSpeed` (m/s),
    ///   `maximumSpeed` (m/s, robust), `rawMaximumSpeed` (m/s), `elevationGain`, `elevationLoss`
    ///   (m, with hysteresis), `startTime`, `endTime` (ISO 8601 UTC) — `TripStatistics`' fields;
    /// - `bbox`: `[west, south, east, north]` in degrees (`west > east` across 180°, as in
    ///   RFC 7946 §5), or `null` with no fixes;
    /// - `segmentCount`; `fixes`, `headings`, `accelerations`: each `{"total","kept","dropped":
    ///   {reason: count}}` with the `FilterReport.Reason` raw names (`lessAccurate`, `stale`, …),
    ///   `headings`/`accelerations` `null` when the log has no such sensor; `motionEvents`: how
    ///   many motion events were placed on the track;
    /// - `settings`: the filter settings used, by filter name (`null`: off);
    /// - `report`: the filter report sentences, as the table prints them.
    public static func json(_ processed: ProcessedTripLog) -> String {
        let statistics = processed.statistics
        func number(_ value: Double?) -> JSONValue { value.map { .number($0) } ?? .null }
        func time(_ date: Date?) -> JSONValue { date.map { .string(ISO8601Time.format($0)) } ?? .null }
        func counts(_ report: FilterReport?) -> JSONValue {
            guard let report else { return .null }
            let dropped = FilterReport.Reason.allCases.compactMap { reason -> (String, JSONValue)? in
                report.count(reason) == 0 ? nil : (reason.rawValue, .number(Double(report.count(reason))))
            }
            return .object([
                ("total", .number(Double(report.total))), ("kept", .number(Double(report.kept))),
                ("dropped", .object(dropped)),
            ])
        }
        var bbox = JSONValue.null
        if let region = statistics.region {
            let west = Longitude.wrapped(region.center.longitude - region.span.longitudeDelta / 2)
            let east = Longitude.wrapped(region.center.longitude + region.span.longitudeDelta / 2)
            bbox = .array([
                .number(west), .number(region.center.latitude - region.span.latitudeDelta / 2),
                .number(east), .number(region.center.latitude + region.span.latitudeDelta / 2),
            ])
        }
        let settings = processed.settings
        let object = JSONValue.object([
            ("title", .string(processed.title)),
            ("source", .string(processed.log.sourcePath)),
            ("format", .string(processed.log.format.rawValue)),
            ("distance", .number(statistics.distance)),
            ("duration", number(statistics.duration)),
            ("recordedDuration", number(statistics.recordedDuration)),
            ("movingTime", .number(statistics.movingTime)),
            ("movingDistance", .number(statistics.movingDistance)),
            ("averageMovingSpeed", number(statistics.averageMovingSpeed)),
            ("maximumSpeed", number(statistics.maximumSpeed)),
            ("rawMaximumSpeed", number(statistics.rawMaximumSpeed)),
            ("elevationGain", number(statistics.elevationGain)),
            ("elevationLoss", number(statistics.elevationLoss)),
            ("startTime", time(statistics.startTime)),
            ("endTime", time(statistics.endTime)),
            ("bbox", bbox),
            ("segmentCount", .number(Double(statistics.segmentCount))),
            ("fixes", counts(processed.locationReport)),
            ("headings", counts(processed.headings?.report)),
            ("accelerations", counts(processed.accelerations?.report)),
            ("motionEvents", .number(Double(processed.events.count))),
            ("settings", .object(FilterSettings.names.map { ($0, number(settings.value(named: $0))) })),
            ("report", .array(processed.reportSentences.map { .string($0) })),
        ])
        return object.text + "\n"
    }
}
