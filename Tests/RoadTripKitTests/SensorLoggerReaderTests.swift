import Foundation
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

@Suite struct SensorLoggerReaderTests {
    /// Expected values from Python's csv module on the same files (see each comment).
    @Test func realAndroidRecording() throws {
        let log = DiagnosticLog()
        let folder = FixtureFiles.url("triplogs/csv/sensorlogger-2023-03-17_15-50-47")
        let trip = try #require(
            TripLogReader.read(folder, displayPath: "rec", timeZone: .gmt, columnMapping: nil, log: log))
        #expect(log.diagnostics.isEmpty)
        #expect(trip.format == .sensorLogger)
        #expect(trip.slug == "sensorlogger-2023-03-17_15-50-47")
        // len(list(csv.DictReader(open('Location.csv')))) == 1091
        #expect(trip.locations.count == 1091)
        let first = trip.locations[0]
        #expect(first.coordinate == Coordinate(latitude: 47.4072629, longitude: 8.5104485))
        #expect(first.altitude == 586.5)
        #expect(first.horizontalAccuracy == 24.354000091552734)
        #expect(first.speed == 0)
        #expect(first.course == 0)
        #expect(first.line == 2)
        // time 1679068248793000000 ns → 1679068248.793 s
        #expect(abs(first.timestamp!.timeIntervalSince1970 - 1_679_068_248.793) < 1e-6)
        // recordingStart = time − seconds_elapsed = 1679068248.793 − 1.594 = 1679068247.199
        #expect(abs(trip.recordingStart!.timeIntervalSince1970 - 1_679_068_247.199) < 1e-6)
        #expect(trip.locations.last!.coordinate == Coordinate(latitude: 47.407554, longitude: 8.510584))
        // TotalAcceleration.csv: 12000 rows; first row x=0.12689268589019775, y=-0.002394201699644327,
        // z=9.66539192199707 m/s² → Apple frame in g: (−x/9.80665, −y/9.80665, −z/9.80665).
        #expect(trip.accelerations.count == 12000)
        let a = trip.accelerations[0]
        #expect(abs(a.x - -0.012939452911055025) < 1e-12)
        #expect(abs(a.y - 0.0002441406290266633) < 1e-12)
        #expect(abs(a.z - -0.9855956847646312) < 1e-12)
        // Lying flat, face up: mean z over all rows = −0.98971 g (Python: −mean(z)/9.80665).
        let meanZ = trip.accelerations.reduce(0) { $0 + $1.z } / Double(trip.accelerations.count)
        #expect(abs(meanZ - -0.9897081353512007) < 1e-9)
    }

    /// A first row whose `seconds_elapsed` (±1e15 s, about ±31.7 million years) would put the
    /// recording's start outside the years 0001–9999 is a bad row (a small negative value is a
    /// cached fix, and fine); the start then comes from the next row: 1679068249.793 − 1 =
    /// 1679068248.793 s.
    @Test func absurdElapsedSecondsAreABadRow() throws {
        for elapsed in ["1e15", "-1e15"] {
            let folder = TripLogTestFiles.folder(with: [
                "Location.csv": "time,seconds_elapsed,horizontalAccuracy,longitude,latitude\n"
                    + "1679068248793000000,\(elapsed),5,8.5104485,47.4072629\n"
                    + "1679068249793000000,1,5,8.5105485,47.4072629\n",
            ])
            let log = DiagnosticLog()
            let trip = try #require(TripLogReader.read(folder, displayPath: "r", timeZone: .gmt, columnMapping: nil, log: log))
            #expect(trip.locations.count == 1, "\(elapsed)")
            #expect(abs(trip.recordingStart!.timeIntervalSince1970 - 1_679_068_248.793) < 1e-6, "\(elapsed)")
            #expect(log.diagnostics.first?.message.hasPrefix("seconds_elapsed \"\(elapsed)\" is not seconds since a recording start") == true)
        }
    }

    /// The same file on its own (not in a folder) is recognised by its header and read the same way.
    @Test func locationFileOnItsOwn() throws {
        let text = try String(contentsOf: FixtureFiles.url("bad-inputs/csv-bad-rows.csv"), encoding: .utf8)
        let url = TripLogTestFiles.file("Location.csv", text)
        let log = DiagnosticLog()
        let trip = try #require(TripLogReader.read(url, displayPath: "Location.csv", timeZone: .gmt, columnMapping: nil, log: log))
        #expect(trip.format == .sensorLogger)
        #expect(trip.locations.map(\.line) == [2])
        #expect(log.diagnostics.compactMap(\.location.line) == [3, 4])
    }

    /// A heading outside 0 ..< 360° (720° magnetic) is invalid, like a course (DESIGN §4.2).
    @Test func headingsOutsideAFullTurnAreInvalid() {
        let samples = [HeadingSample(magneticHeading: 720), HeadingSample(magneticHeading: 359.5), HeadingSample(magneticHeading: 10, trueHeading: 360)]
        let result = HeadingFilter.apply(samples, settings: FilterSettings())
        #expect(result.headings == [359.5, 10])
        #expect(result.report.count(.invalid) == 1)
    }

    /// A folder in trips/ that holds other logs (GPX files) is no recording: the error says how
    /// folders are read and where the logs belong.
    @Test func aFolderOfOtherLogsSaysWhereTheyBelong() {
        let folder = TripLogTestFiles.folder(with: ["day1.gpx": "<gpx/>"])
        let log = DiagnosticLog()
        #expect(SensorLoggerReader.read(folder, displayPath: "trips/days", slug: "days", log: log) == nil)
        #expect(log.diagnostics.map(\.description) == [
            "trips/days: error: not a Sensor Logger recording: the folder has no Location.csv, TotalAcceleration.csv or "
                + "Accelerometer.csv (a folder in trips/ is read as one recording; put other trip logs in trips/ itself)"
        ])
    }

    @Test func badRowsAreSkippedCountedAndNamed() throws {
        // bad-inputs/README.md: "bad rows skipped with warnings naming their lines; the good row kept".
        let text = try String(contentsOf: FixtureFiles.url("bad-inputs/csv-bad-rows.csv"), encoding: .utf8)
        let folder = TripLogTestFiles.folder(with: ["Location.csv": text])
        let log = DiagnosticLog()
        let trip = try #require(SensorLoggerReader.read(folder, displayPath: "rec", slug: "rec", log: log))
        #expect(trip.locations.count == 1)
        #expect(trip.locations[0].line == 2)
        let lines = log.diagnostics.compactMap(\.location.line)
        #expect(lines == [3, 4])
        #expect(log.diagnostics[0].message.contains("not-a-number"))
        #expect(log.diagnostics.last!.message.hasPrefix("2 rows skipped"))
        #expect(log.errorCount == 0)
    }

    @Test func iosOrderCachedFixAccelerometerPlusGravityAndCompass() throws {
        let folder = TripLogTestFiles.folder(with: [
            // iOS 1.13 column order; a cached fix at seconds_elapsed −14.7; speed −1 (invalid).
            "Location.csv": """
                time,seconds_elapsed,altitude,speedAccuracy,bearingAccuracy,latitude,altitudeAboveMeanSeaLevel,bearing,horizontalAccuracy,verticalAccuracy,longitude,speed
                1700000000000000000,-14.7,100.0,1,1,47.0,52.5,-1,5,3,8.0,-1

                """,
            "Accelerometer.csv": "time,seconds_elapsed,z,y,x\n5000000000,0.5,0.0,1.0,-2.0\n",
            "Gravity.csv": "time,seconds_elapsed,z,y,x\n4000000000,0.4,9.80665,0,0\n5000000000,0.5,9.80665,0,0\n",
            "Compass.csv": "time,seconds_elapsed,magneticBearing\n5000000000,0.5,359.5\n",
        ])
        let log = DiagnosticLog()
        let trip = try #require(SensorLoggerReader.read(folder, displayPath: "rec", slug: "rec", log: log))
        let fix = try #require(trip.locations.first)
        #expect(fix.altitude == 52.5)  // altitudeAboveMeanSeaLevel preferred over the ellipsoid
        #expect(fix.speed == -1)  // invalid stays negative
        #expect(fix.course == -1)
        #expect(fix.verticalAccuracy == 3)
        // recordingStart = 1700000000 − (−14.7) = 1700000014.7
        #expect(abs(trip.recordingStart!.timeIntervalSince1970 - 1_700_000_014.7) < 1e-6)
        // Accelerometer + Gravity at t = 5 s: (x, y, z) = (−2, 1, 9.80665) m/s² → negated, ÷ 9.80665:
        // x = 2/9.80665 = 0.20394324259558566, y = −1/9.80665 = −0.10197162129779283, z = −1.
        #expect(trip.accelerations.count == 1)
        let a = trip.accelerations[0]
        #expect(abs(a.x - 0.20394324259558566) < 1e-12)
        #expect(abs(a.y - -0.10197162129779283) < 1e-12)
        #expect(abs(a.z - -1) < 1e-12)
        #expect(log.diagnostics.count == 1)  // the Gravity row at 4 s has no partner
        #expect(trip.headings == [
            HeadingSample(timestamp: Date(timeIntervalSince1970: 5), magneticHeading: 359.5, line: 2)
        ])
    }

    @Test func folderWithoutSensorFilesIsAnError() {
        let log = DiagnosticLog()
        #expect(SensorLoggerReader.read(TripLogTestFiles.folder(), displayPath: "rec", slug: "rec", log: log) == nil)
        #expect(log.errorCount == 1)
    }
}
