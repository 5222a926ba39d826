import Foundation
import RoadTripCore

/// Reads a Sensor Logger recording folder (tszheichoi/awesome-sensor-logger, units in its
/// `UNITS.md`): `Location.csv` with its sensor siblings.
///
/// Every file's columns are found by header name (Sensor Logger has shipped at least three
/// `Location.csv` column orders). `time` is **nanoseconds** since the Unix epoch (UTC).
///
/// - `Location.csv`: `latitude`, `longitude` (degrees), `altitude` (m above the WGS 84
///   ellipsoid; iOS's `altitudeAboveMeanSeaLevel` is preferred when present, because GPX `ele`
///   and the rest of roadtrip mean sea level), `horizontalAccuracy`, `verticalAccuracy` (m),
///   `speed` (m/s), `bearing` (degrees from true north → `course`). Negative values mean invalid
///   and are kept negative (the filters drop them).
/// - `recordingStart` = `time − seconds_elapsed` of the first `Location.csv` row (else of the
///   first acceleration row): `seconds_elapsed` counts from the start of the recording, and is
///   negative for cached fixes the OS delivered with an older time, which is exactly what the
///   `maximumAge` filter needs to recognise them.
/// - Acceleration, in m/s², columns `z`, `y`, `x` by name: `TotalAcceleration.csv` (raw, with
///   gravity) is preferred; otherwise `Accelerometer.csv` (gravity removed) plus `Gravity.csv`,
///   summed row by row where their `time` values match. Converted to g (÷ 9.80665,
///   `AccelerationSample.standardGravity`) and to Apple's frame by negating **all three axes**:
///   Android's `SensorEvent` (developer.android.com/reference/android/hardware/SensorEvent) and
///   Core Motion's `CMAcceleration` (developer.apple.com/documentation/coremotion/cmacceleration)
///   use the same axes (x right, y up the screen, z out of the screen), but Android reports the
///   force that holds the device up (face up at rest: z = +9.81 m/s²) while Apple reports
///   gravity's direction (face up at rest: z = −1 g). Negating one or two axes would also flip
///   the frame's handedness; negating all three only flips the sign.
/// - `Compass.csv`: `magneticBearing` (degrees from magnetic north) → `HeadingSample.magneticHeading`
///   with no accuracy (`nil`).
/// - `Metadata.csv` (device, app version, sample rates) is optional and not needed.
/// - `Accelerometer.csv` alone (iOS logs only user acceleration) cannot give raw acceleration; it
///   is left out with a warning.
public enum SensorLoggerReader {
    /// `true` when `folder` holds a `Location.csv`, `TotalAcceleration.csv` or `Accelerometer.csv`.
    static func recognizes(folder: URL) -> Bool {
        ["Location.csv", "TotalAcceleration.csv", "Accelerometer.csv"].contains {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
        }
    }

    /// `true` for the header of a Sensor Logger `Location.csv` (`time`, `seconds_elapsed`,
    /// `latitude`, `longitude`, in any order), read on its own when it is not in a folder.
    static func recognizes(locationHeader header: [String]) -> Bool {
        ["time", "seconds_elapsed", "latitude", "longitude"].allSatisfy(header.contains)
    }

    /// Reads a Sensor Logger `Location.csv` that is not in a recording folder (so there are no
    /// other sensors): its fixes and `recordingStart`; `nil` with an error in `log` when it cannot
    /// be read. Bad rows are warnings, skipped and counted.
    public static func readLocationFile(_ url: URL, displayPath: String, slug: String, log: DiagnosticLog) -> TripLog? {
        var tripLog = TripLog(slug: slug, sourcePath: displayPath, format: .sensorLogger)
        do throws(Diagnostic) {
            tripLog.locations = try readLocations(url, displayPath: displayPath, log: log) { tripLog.recordingStart = $0 }
        } catch {
            log.report(error)
            return nil
        }
        return tripLog
    }

    /// Reads the recording in `folder`; `nil` (with an error in `log`) when it holds none of the
    /// files above or one of them cannot be read. Bad rows are warnings, skipped and counted per file.
    /// - Parameters:
    ///   - displayPath: the folder as diagnostics name it; files are named `displayPath/Location.csv`.
    ///   - slug: the log's slug (the folder name).
    public static func read(
        _ folder: URL, displayPath: String, slug: String, log: DiagnosticLog
    ) -> TripLog? {
        func file(_ name: String) -> URL? {
            let url = folder.appendingPathComponent(name)
            return FileManager.default.fileExists(atPath: url.path) ? url : nil
        }
        func path(_ name: String) -> String { displayPath + "/" + name }
        guard recognizes(folder: folder) else {
            // A folder that may not be searched (chmod 000, 600) hides whether its files are there.
            if FileBytes.isBehindUnsearchableFolder(folder.appendingPathComponent("Location.csv")) {
                log.error(SourceLocation(path: displayPath), "cannot open the files of this recording folder: permission denied")
                return nil
            }
            log.error(
                SourceLocation(path: displayPath),
                "not a Sensor Logger recording: the folder has no Location.csv, TotalAcceleration.csv or Accelerometer.csv "
                    + "(a folder in trips/ is read as one recording; put other trip logs in trips/ itself)")
            return nil
        }
        var tripLog = TripLog(slug: slug, sourcePath: displayPath, format: .sensorLogger)
        do throws(Diagnostic) {
            if let url = file("Location.csv") {
                tripLog.locations = try readLocations(url, displayPath: path("Location.csv"), log: log) {
                    tripLog.recordingStart = $0
                }
            }
            var start: Date? = nil
            if let url = file("TotalAcceleration.csv") {
                var stream = try VectorStream(url: url, displayPath: path("TotalAcceleration.csv"), log: log)
                while let vector = try stream.next() {
                    if start == nil { start = vector.start }
                    tripLog.accelerations.append(vector.sample)
                }
                stream.finish()
            } else if let url = file("Accelerometer.csv") {
                if let gravityURL = file("Gravity.csv") {
                    tripLog.accelerations = try sum(
                        try VectorStream(url: url, displayPath: path("Accelerometer.csv"), log: log),
                        try VectorStream(url: gravityURL, displayPath: path("Gravity.csv"), log: log),
                        start: &start, log: log)
                } else {
                    log.warning(
                        SourceLocation(path: path("Accelerometer.csv")),
                        "Accelerometer.csv has gravity removed and there is no Gravity.csv or TotalAcceleration.csv to restore it; accelerations left out")
                }
            }
            if tripLog.recordingStart == nil { tripLog.recordingStart = start }
            if let url = file("Compass.csv") {
                tripLog.headings = try readCompass(url, displayPath: path("Compass.csv"), log: log)
            }
        } catch {
            log.report(error)
            return nil
        }
        return tripLog
    }

    /// The fixes of `Location.csv`; calls `recordingStart` once with the first row's
    /// `time − seconds_elapsed`.
    private static func readLocations(
        _ url: URL, displayPath: String, log: DiagnosticLog, recordingStart: (Date) -> Void
    ) throws(Diagnostic) -> [LocationSample] {
        var table = try CSVTable(url: url, displayPath: displayPath)
        var columns = try CSVLocationColumns(
            table: table,
            headerNames: [
                "timestamp": "time", "latitude": "latitude", "longitude": "longitude", "horizontalAccuracy": "horizontalAccuracy",
                "verticalAccuracy": "verticalAccuracy", "speed": "speed", "course": "bearing",
                "altitude": table.column("altitudeAboveMeanSeaLevel") != nil ? "altitudeAboveMeanSeaLevel" : "altitude",
            ],
            required: ["timestamp", "latitude", "longitude"], format: "a Sensor Logger Location.csv")
        columns.timeEncoding = .epoch(unitsPerSecond: 1_000_000_000)
        let elapsed = table.column("seconds_elapsed")
        var haveStart = false
        return try columns.everyRowAsFix(
            of: &table, displayPath: displayPath, timeZone: .gmt, latitudeColumn: "latitude",
            rowKind: "every row must be a fix", log: log
        ) { record, sample throws(CSVTable.FieldError) in
            guard !haveStart, let time = sample.timestamp, let elapsed, let seconds = try record.number(elapsed) else { return }
            let start = time.addingTimeInterval(-seconds)
            guard ISO8601Time.isRepresentable(start) else {
                throw CSVTable.FieldError(
                    column: "seconds_elapsed", text: record.string(elapsed),
                    expected: "seconds since a recording start in the years 0001–9999")
            }
            recordingStart(start)
            haveStart = true
        }
    }

    /// The headings of `Compass.csv`.
    private static func readCompass(_ url: URL, displayPath: String, log: DiagnosticLog) throws(Diagnostic)
        -> [HeadingSample]
    {
        var table = try CSVTable(url: url, displayPath: displayPath)
        guard let time = table.column("time") else { throw table.missingColumn("time", format: "a Sensor Logger Compass.csv") }
        guard let bearing = table.column("magneticBearing") else {
            throw table.missingColumn("magneticBearing", format: "a Sensor Logger Compass.csv")
        }
        var headings: [HeadingSample] = []
        var skipped = SkippedRecords(path: displayPath, noun: CountText.Noun("row"))
        try table.forEachRecord(skipped: &skipped, log: log) { record throws(CSVTable.FieldError) in
            guard let heading = try record.number(bearing) else { return }
            let timestamp = try record.integer(time).map { CSVLocationColumns.date($0, unitsPerSecond: 1_000_000_000) }
            headings.append(HeadingSample(timestamp: timestamp, magneticHeading: heading, line: record.line))
        }
        skipped.report(to: log)
        return headings
    }

    /// `Accelerometer.csv` + `Gravity.csv`, summed where their times match (a merge join on
    /// `time`, both files being in time order); rows of either file without a partner are counted
    /// in one warning.
    private static func sum(
        _ linear: VectorStream, _ gravity: VectorStream, start: inout Date?, log: DiagnosticLog
    ) throws(Diagnostic) -> [AccelerationSample] {
        var linear = linear
        var gravity = gravity
        var samples: [AccelerationSample] = []
        var unmatched = 0
        var a = try linear.next()
        var g = try gravity.next()
        while let left = a, let right = g {
            if left.nanoseconds == right.nanoseconds {
                if start == nil { start = left.start }
                var sample = left.sample
                sample.x += right.sample.x
                sample.y += right.sample.y
                sample.z += right.sample.z
                samples.append(sample)
                a = try linear.next()
                g = try gravity.next()
            } else if left.nanoseconds < right.nanoseconds {
                unmatched += 1
                a = try linear.next()
            } else {
                unmatched += 1
                g = try gravity.next()
            }
        }
        while try linear.next() != nil { unmatched += 1 }
        while try gravity.next() != nil { unmatched += 1 }
        if a != nil || g != nil { unmatched += 1 }
        linear.finish()
        gravity.finish()
        if unmatched > 0 {
            log.warning(
                SourceLocation(path: linear.displayPath),
                "\(unmatched) rows of Accelerometer.csv and Gravity.csv have no row of the same time in the other file; skipped")
        }
        return samples
    }

    /// The rows of one Sensor Logger acceleration file (`time,seconds_elapsed,z,y,x`), converted
    /// to g in Apple's frame.
    private struct VectorStream {
        struct Vector {
            var nanoseconds: Int
            var start: Date?
            var sample: AccelerationSample
        }

        var table: CSVTable
        let columns: (time: Int, elapsed: Int?, x: Int, y: Int, z: Int)
        var skipped: SkippedRecords
        let log: DiagnosticLog
        var displayPath: String { table.displayPath }

        init(url: URL, displayPath: String, log: DiagnosticLog) throws(Diagnostic) {
            table = try CSVTable(url: url, displayPath: displayPath)
            var found: [Int] = []
            for name in ["time", "x", "y", "z"] {
                guard let column = table.column(name) else { throw table.missingColumn(name, format: "a Sensor Logger") }
                found.append(column)
            }
            columns = (found[0], table.column("seconds_elapsed"), found[1], found[2], found[3])
            skipped = SkippedRecords(path: displayPath, noun: CountText.Noun("row"))
            self.log = log
        }

        /// The next usable row; bad rows are skipped and counted.
        mutating func next() throws(Diagnostic) -> Vector? {
            let columns = columns
            return try table.nextValue(skipped: &skipped, log: log) { record throws(CSVTable.FieldError) in
                guard let time = try record.integer(columns.time), let x = try record.number(columns.x),
                    let y = try record.number(columns.y), let z = try record.number(columns.z)
                else {
                    throw CSVTable.FieldError(column: "time, x, y and z", text: "", expected: "given")
                }
                let timestamp = CSVLocationColumns.date(time, unitsPerSecond: 1_000_000_000)
                let g = AccelerationSample.standardGravity
                let start = try record.number(columns.elapsed).map { timestamp.addingTimeInterval(-$0) }
                return Vector(
                    nanoseconds: time, start: start,
                    sample: AccelerationSample(timestamp: timestamp, x: -x / g, y: -y / g, z: -z / g, line: record.line))
            }
        }

        /// Reports the skipped rows.
        func finish() { skipped.report(to: log) }
    }
}
