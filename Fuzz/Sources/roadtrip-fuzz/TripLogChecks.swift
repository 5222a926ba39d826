import Foundation
import RoadTripKit

/// What every trip-log reader promises about the log it returns (DESIGN §3, §4.2), and what the
/// rest of the pipeline then promises about it:
/// - every value a reader keeps is a finite number — a value that is present but unparsable makes
///   the row a warning and it is skipped, so no NaN or infinity gets through (a coordinate out of
///   range may: the location filter drops it as invalid); waypoints have valid coordinates;
/// - every time lies in the years 0001–9999, which is what ISO 8601 and the JSON trip log can write;
/// - the log survives roadtrip's own JSON trip log (`JSONTripLogWriter` → `JSONTripLogReader`)
///   unchanged, and reading that back raises no diagnostic;
/// - the filters and statistics (`ProcessedTripLog`) keep their invariants: kept fixes are a
///   subset in file order, moving time ≤ recorded duration ≤ duration, moving distance ≤
///   distance, average moving speed ≤ maximum speed ≤ raw maximum speed, the report counts every
///   fix, and the kept fixes are fixes as read (an altitude outside
///   `LocationFilter.plausibleAltitudes`, or one the altitude filter does not trust, cleared), with
///   valid coordinates and strictly increasing times (the filter never reorders and drops a fix not
///   later than the last kept one, `LocationFilter` step 4).
enum TripLogChecks {
    /// The zone zone-less times are read in: one whose offsets include minutes and, before 1937,
    /// seconds (Amsterdam Mean Time, +00:19:32), and daylight saving time.
    static let timeZone = TimeZone(identifier: "Europe/Amsterdam")!

    /// 0001-01-01T00:00:00Z and 10000-01-01T00:00:00Z in seconds since 1970 (proleptic Gregorian:
    /// 719,162 and 2,932,897 days before and after the epoch, times 86,400).
    static let representableSeconds = -62_135_596_800.0..<253_402_300_800.0

    /// Checks a reader's result and its diagnostics for the one input file `path` (`input`).
    static func check(_ tripLog: TripLog?, log: DiagnosticLog, path: String, input: Data) {
        DiagnosticChecks.check(log, path: path, input: input)
        DiagnosticChecks.checkFailureExplained(log, returnedNothing: tripLog == nil)
        guard let tripLog else { return }
        checkValues(tripLog)
        checkJSONRoundTrip(tripLog)
        checkProcessing(tripLog)
    }

    /// Valid coordinates, finite values, representable times.
    static func checkValues(_ tripLog: TripLog) {
        func checkTime(_ date: Date?, _ what: String) {
            guard let date else { return }
            require(
                representableSeconds.contains(date.timeIntervalSince1970),
                "\(what) at \(date.timeIntervalSince1970) s is outside the years 0001–9999")
        }
        func checkFinite(_ value: Double?, _ what: String) {
            guard let value else { return }
            require(value.isFinite, "\(what) is \(value)")
        }
        checkTime(tripLog.recordingStart, "recordingStart")
        for (index, fix) in tripLog.locations.enumerated() {
            let what = "fix \(index + 1) (line \(fix.line.map(String.init) ?? "?"))"
            require(
                fix.coordinate.latitude.isFinite && fix.coordinate.longitude.isFinite,
                "\(what) has the coordinate \(fix.coordinate)")
            checkTime(fix.timestamp, what)
            let values = [
                ("altitude", fix.altitude), ("horizontalAccuracy", fix.horizontalAccuracy),
                ("verticalAccuracy", fix.verticalAccuracy), ("speed", fix.speed), ("course", fix.course),
            ]
            for (name, value) in values { checkFinite(value, "\(what): \(name)") }
        }
        for (index, heading) in tripLog.headings.enumerated() {
            let what = "heading \(index + 1) (line \(heading.line.map(String.init) ?? "?"))"
            checkTime(heading.timestamp, what)
            let values = [
                ("magneticHeading", heading.magneticHeading), ("trueHeading", heading.trueHeading),
                ("headingAccuracy", heading.headingAccuracy),
            ]
            for (name, value) in values { checkFinite(value, "\(what): \(name)") }
        }
        for (index, sample) in tripLog.accelerations.enumerated() {
            let what = "acceleration \(index + 1) (line \(sample.line.map(String.init) ?? "?"))"
            checkTime(sample.timestamp, what)
            require(sample.x.isFinite && sample.y.isFinite && sample.z.isFinite, "\(what) is \(sample)")
        }
        for waypoint in tripLog.waypoints {
            require(waypoint.coordinate.isValid, "waypoint \(waypoint.title) at \(waypoint.coordinate)")
        }
    }

    /// The log written as a JSON trip log and read back is the same log (times to the
    /// microsecond, which is what the writer keeps; source lines and waypoints are not written).
    static func checkJSONRoundTrip(_ tripLog: TripLog) {
        let text = JSONTripLogWriter.string(tripLog)
        let log = DiagnosticLog()
        let path = "roundtrip.json"
        let again = JSONTripLogReader.read(
            Data(text.utf8), displayPath: path, slug: tripLog.slug, timeZone: timeZone, log: log)
        require(log.diagnostics.isEmpty, "reading the written JSON trip log: \(log.diagnostics)\n\(text.prefix(2000))")
        guard let again else { return }
        func sameTime(_ a: Date?, _ b: Date?) -> Bool {
            switch (a, b) {
            case (nil, nil): return true
            case (let a?, let b?): return abs(a.timeIntervalSince(b)) <= 1e-6 + abs(a.timeIntervalSince1970) * 1e-15
            default: return false
            }
        }
        require(again.name == tripLog.name, "name \(String(reflecting: tripLog.name)) read back as \(String(reflecting: again.name))")
        require(sameTime(again.recordingStart, tripLog.recordingStart), "recordingStart changed")
        require(again.locations.count == tripLog.locations.count, "\(tripLog.locations.count) fixes read back as \(again.locations.count)")
        for (written, read) in zip(tripLog.locations, again.locations) {
            var expected = written
            expected.line = nil
            expected.timestamp = nil
            var actual = read
            actual.line = nil
            actual.timestamp = nil
            require(expected == actual && sameTime(written.timestamp, read.timestamp), "fix \(written) read back as \(read)")
        }
        require(again.headings.count == tripLog.headings.count, "headings changed in number")
        for (written, read) in zip(tripLog.headings, again.headings) {
            require(
                written.magneticHeading == read.magneticHeading && written.trueHeading == read.trueHeading
                    && written.headingAccuracy == read.headingAccuracy && sameTime(written.timestamp, read.timestamp),
                "heading \(written) read back as \(read)")
        }
        require(again.accelerations.count == tripLog.accelerations.count, "accelerations changed in number")
        for (written, read) in zip(tripLog.accelerations, again.accelerations) {
            require(
                written.x == read.x && written.y == read.y && written.z == read.z && sameTime(written.timestamp, read.timestamp),
                "acceleration \(written) read back as \(read)")
        }
    }

    /// The default preset's filters and the statistics keep their invariants.
    static func checkProcessing(_ tripLog: TripLog) {
        let processed = ProcessedTripLog(log: tripLog, settings: .roadTrip)
        check(processed, locations: tripLog.locations)
    }

    /// What identifies a fix as read among the kept ones (the filter renumbers segments, and
    /// clears an implausible altitude or course, `LocationFilter.plausible` and `AltitudeFilter`, so
    /// neither is part of it).
    private struct FixKey: Hashable {
        var latitude, longitude: Double
        var timestamp: Date?
        var line: Int?
        init(_ fix: LocationSample) {
            (latitude, longitude) = (fix.coordinate.latitude, fix.coordinate.longitude)
            (timestamp, line) = (fix.timestamp, fix.line)
        }
    }

    /// The altitude the filter keeps for a fix read with `altitude`: the same, or none when it is
    /// outside `LocationFilter.plausibleAltitudes` (or not finite).
    private static func keptAltitude(_ altitude: Double?) -> Double? {
        guard let altitude, altitude.isFinite, LocationFilter.plausibleAltitudes.contains(altitude) else { return nil }
        return altitude
    }

    /// The invariants of a processed log whose fixes as read were `locations` (when known).
    static func check(_ processed: ProcessedTripLog, locations: [LocationSample]?) {
        let kept = processed.segments.joined()
        let statistics = processed.statistics
        require(processed.segments.allSatisfy { !$0.isEmpty }, "an empty segment")
        require(statistics.fixCount == kept.count, "fixCount \(statistics.fixCount) for \(kept.count) kept fixes")
        require(statistics.segmentCount == processed.segments.count, "segmentCount \(statistics.segmentCount)")
        if let locations {
            require(processed.locationReport.total == locations.count, "the report counts \(processed.locationReport.total) of \(locations.count) fixes")
            // Kept fixes are fixes as read (as many times as they were read, at most).
            var read: [FixKey: [Double?]] = [:]
            for fix in locations { read[FixKey(fix), default: []].append(keptAltitude(fix.altitude)) }
            for fix in kept {
                let key = FixKey(fix)
                // The altitude as read, or none: the altitude filter may have cleared it.
                let index = read[key]?.firstIndex { $0 == fix.altitude } ?? (fix.altitude == nil ? read[key]?.indices.first : nil)
                require(index != nil, "kept fix \(fix) is not a fix as read")
                read[key]?.remove(at: index!)
            }
        }
        var previousTime: Date?
        for fix in kept {
            require(fix.coordinate.isValid, "kept fix at the invalid coordinate \(fix.coordinate)")
            guard let time = fix.timestamp else { continue }
            if let previousTime { require(time > previousTime, "kept fix at \(time) after one at \(previousTime)") }
            previousTime = time
        }
        require(processed.locationReport.kept == kept.count, "the report keeps \(processed.locationReport.kept) of \(kept.count)")
        require(statistics.distance.isFinite && statistics.distance >= 0, "distance \(statistics.distance)")
        require(statistics.movingTime.isFinite && statistics.movingTime >= 0, "movingTime \(statistics.movingTime)")
        require(roughlyAtMost(statistics.movingDistance, statistics.distance), "movingDistance \(statistics.movingDistance) > distance \(statistics.distance)")
        if let recorded = statistics.recordedDuration {
            require(roughlyAtMost(statistics.movingTime, recorded), "movingTime \(statistics.movingTime) > recordedDuration \(recorded)")
            if let duration = statistics.duration {
                require(roughlyAtMost(recorded, duration), "recordedDuration \(recorded) > duration \(duration)")
            }
        }
        if let maximum = statistics.maximumSpeed {
            require(maximum.isFinite && maximum >= 0, "maximumSpeed \(maximum)")
            require(statistics.rawMaximumSpeed.map { roughlyAtMost(maximum, $0) } ?? false, "maximumSpeed \(maximum) > rawMaximumSpeed \(String(describing: statistics.rawMaximumSpeed))")
        }
        if let average = statistics.averageMovingSpeed, let raw = statistics.rawMaximumSpeed {
            require(roughlyAtMost(average, raw, slack: 1e-9), "averageMovingSpeed \(average) > rawMaximumSpeed \(raw)")
            require(
                statistics.maximumSpeed.map { roughlyAtMost(average, $0, slack: 1e-9) } ?? false,
                "averageMovingSpeed \(average) > maximumSpeed \(String(describing: statistics.maximumSpeed))")
        }
        for value in [statistics.elevationGain, statistics.elevationLoss] {
            if let value { require(value.isFinite && value >= 0, "elevation gain or loss \(value)") }
        }
        if let region = statistics.region {
            require(region.center.isValid, "region center \(region.center)")
            require(
                (0...180).contains(region.span.latitudeDelta) && (0...360).contains(region.span.longitudeDelta),
                "region span \(region.span)")
        }
    }
}
