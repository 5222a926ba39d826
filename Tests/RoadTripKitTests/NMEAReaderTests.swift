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

@Suite struct NMEAReaderTests {
    @Test func badChecksumAndGarbageAreSkippedAndCounted() throws {
        // bad-inputs/README.md: "the sentence with a wrong checksum and the garbage line are skipped
        // and counted; the first fix is kept".
        // Line 1 is the standard NMEA example; XOR of "GPRMC,123519,…,W" = 0x6A (matches *6A).
        // Line 2 says *00 but its bytes XOR to 0x6E (GPSBabel 1.8.0 agrees: "Computed 0x6e but found 0x00").
        let log = DiagnosticLog()
        let trip = try #require(
            NMEAReader.read(FixtureFiles.url("bad-inputs/nmea-bad-checksum.nmea"), displayPath: "n.nmea", slug: "n", log: log))
        #expect(trip.locations.count == 1)
        let fix = trip.locations[0]
        // 4807.038 N = 48 + 7.038/60 = 48.1173; 01131.000 E = 11 + 31/60 = 11.516666…
        #expect(abs(fix.coordinate.latitude - 48.1173) < 1e-12)
        #expect(abs(fix.coordinate.longitude - 11.516666666666667) < 1e-12)
        // 22.4 kn × 1852 m / 3600 s = 11.523555… m/s
        #expect(abs(fix.speed! - 11.523555555555554) < 1e-12)
        #expect(fix.course == 84.4)
        // 230394 = 1994-03-23, 12:35:19Z → 764426119 (Python datetime). GPSBabel 1.8.0 prints 2094.
        #expect(fix.timestamp == Date(timeIntervalSince1970: 764_426_119))
        #expect(log.diagnostics.map(\.location.line) == [2, 3, nil])
        #expect(log.diagnostics[0].message.contains("6E"))
        #expect(log.diagnostics[2].message == "2 lines skipped: 1 with a bad checksum, 1 not an NMEA sentence")
        #expect(log.errorCount == 0)
    }

    /// A latitude of 91° (`9100.000`) is no position: the sentence is a warning at its line,
    /// skipped and counted, as a longitude with 60 minutes is (it was kept, and only the location
    /// filter dropped it as invalid, with no line). Checksums: XOR of the bytes between `$` and `*`
    /// (Python: functools.reduce(operator.xor, map(ord, body))): 0x62 and 0x6A.
    @Test func aLatitudeBeyond90DegreesIsAWarningAtItsLine() throws {
        let text = "$GPRMC,123519,A,9100.000,N,01131.000,E,022.4,084.4,230394,003.1,W*62\n"
            + "$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A\n"
        let log = DiagnosticLog()
        let trip = try #require(NMEAReader.read(TripLogTestFiles.file("n.nmea", text), displayPath: "n.nmea", slug: "n", log: log))
        #expect(trip.locations.count == 1)
        #expect(log.diagnostics.map(\.location.line) == [1, nil])
        #expect(log.diagnostics.last?.message == "1 line skipped: 1 with an unreadable field")
    }

    /// A sentence that cannot be used names the field at fault and quotes it (sentences without a
    /// checksum, which NMEA 0183 allows): a time with a letter, an RMC of 4 fields (9 needed), a GGA
    /// altitude "5x5.4", a latitude of 91° (fields 3–6), the 31st of February in a ZDA.
    @Test func unusableSentencesNameTheirField() throws {
        let text = """
            $GPRMC,12x519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W
            $GPRMC,123519,A,4807.038,N
            $GPGGA,123520,4807.038,N,01131.000,E,1,08,0.9,5x5.4,M,46.9,M,,
            $GPRMC,123521,A,9100.000,N,01131.000,E,022.4,084.4,230394,003.1,W
            $GPZDA,123522,31,02,2024,00,00
            $GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W

            """
        let log = DiagnosticLog()
        let trip = try #require(NMEAReader.read(TripLogTestFiles.file("f.nmea", text), displayPath: "f.nmea", slug: "f", log: log))
        #expect(trip.locations.count == 1)
        #expect(log.diagnostics.map(\.description) == [
            "f.nmea:1:1: warning: the GPRMC sentence's time (field 1, \"12x519\") is missing or not valid; sentence skipped",
            "f.nmea:2:1: warning: the GPRMC sentence has 4 fields, fewer than the 9 it needs; sentence skipped",
            "f.nmea:3:1: warning: the GPGGA sentence's altitude (field 9, \"5x5.4\") is missing or not valid; sentence skipped",
            "f.nmea:4:1: warning: the GPRMC sentence's position (fields 3–6, \"9100.000,N,01131.000,E\") is missing or not a "
                + "valid latitude and longitude; sentence skipped",
            "f.nmea:5:1: warning: the GPZDA sentence's day (field 2, \"31\") is missing or not valid; sentence skipped",
            "f.nmea: warning: 5 lines skipped: 5 with an unreadable field",
        ])
    }

    /// A checksum field of 3,000 characters is quoted by its first 40 and "…" (the warning once
    /// repeated all of it). The first fix is the standard RMC example of the test above.
    @Test func longChecksumFieldIsQuotedShort() throws {
        let log = DiagnosticLog()
        let long = String(repeating: "Z", count: 3000)
        let text = "$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A\n$GPRMC,1*\(long)\n"
        _ = try #require(NMEAReader.read(TripLogTestFiles.file("c.nmea", text), displayPath: "c.nmea", slug: "c", log: log))
        // "$GPRMC,1*": the star is the 9th character of line 2.
        #expect(log.diagnostics.first?.description == "c.nmea:2:9: warning: the checksum \"\(String(repeating: "Z", count: 40))…\" "
            + "is not two hex digits; sentence skipped")
    }

    /// A ZDA's year must be one of 0001-9999, the years every writer can write and every reader
    /// read back. Two found by the nmea fuzz harness: the year 20030 once dated the heading after
    /// it 18,000 years ahead, and the year 00 (two digits) in the year 0000, which no reader reads
    /// back from the JSON trip log then written. Such a ZDA is skipped and counted, and the heading
    /// has no timestamp (no other sentence dates it). In range, the same ZDA dates it:
    /// 2030-07-04T20:15:30Z = 1909426530 s and 0001-07-04T20:15:30Z = -62119626270 s (Python's
    /// `(datetime(y,7,4,20,15,30) - datetime(1970,1,1)).total_seconds()`).
    @Test(arguments: [("20030", nil), ("00", nil), ("2030", 1_909_426_530), ("0001", -62_119_626_270)] as [(String, Double?)])
    func zdaYearOutsideTheYears0001To9999IsNoDate(year: String, seconds: Double?) throws {
        let log = DiagnosticLog()
        let tripLog = try #require(NMEAReader.read(
            TripLogTestFiles.file("z.nmea", "$GPZDA,201530.00,04,07,\(year)\n$HCHDT,85.7,T*13\n"), displayPath: "z", slug: "z",
            log: log))
        #expect(tripLog.headings.map(\.timestamp) == [seconds.map { Date(timeIntervalSince1970: $0) }])
        #expect(log.diagnostics.contains { $0.message.hasPrefix("1 line skipped") } == (seconds == nil))
    }

    @Test func midnightHeadingsAndDatesFromLaterRMC() throws {
        // Checksums: XOR of the bytes between '$' and '*', computed with Python
        // functools.reduce(lambda a, c: a ^ ord(c), body, 0).
        let text = """
            $GPRMC,235959,A,4807.038,N,01131.000,E,000.0,000.0,311223,,*1E
            $GPGGA,000001,4807.040,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*44
            $HCHDG,98.3,0.0,E,12.6,W*57
            $HCHDT,85.7,T*13
            $GPRMC,120000,V,,,,,,,020124,,*37

            """
        let log = DiagnosticLog()
        let trip = try #require(NMEAReader.read(TripLogTestFiles.file("m.nmea", text), displayPath: "m", slug: "m", log: log))
        // 2023-12-31T23:59:59Z = 1704067199; the GGA's 00:00:01 falls back > 12 h → next day:
        // 2024-01-01T00:00:01Z = 1704067201.
        #expect(trip.locations.map { $0.timestamp?.timeIntervalSince1970 } == [1_704_067_199, 1_704_067_201])
        #expect(trip.locations[1].altitude == 545.4)
        // HDG: 98.3 + deviation 0 = 98.3 magnetic; variation 12.6 W → true 98.3 − 12.6 = 85.7.
        #expect(trip.headings.count == 2)
        #expect(trip.headings[0].magneticHeading == 98.3)
        #expect(abs(trip.headings[0].trueHeading! - 85.7) < 1e-9)
        #expect(trip.headings[0].headingAccuracy == nil)
        #expect(trip.headings[1].trueHeading == 85.7)
        #expect(trip.headings[1].timestamp == Date(timeIntervalSince1970: 1_704_067_201))
        // The void RMC (status V) is counted, not kept.
        #expect(log.diagnostics.last?.message == "1 line skipped: 1 void RMC fixes (status V)")

        // A GGA before the first RMC is dated back from it: 23:59:58 the day before
        // 2024-01-02T00:00:02Z → 2024-01-01T23:59:58Z = 1704153598.
        let before = """
            $GPGGA,235958,3351.000,S,15112.000,E,1,08,0.9,10.0,M,,M,,*73
            $GPRMC,000002,A,3351.010,S,15112.010,E,001.0,090.0,020124,,*0D
            """
        let trip2 = try #require(NMEAReader.read(TripLogTestFiles.file("b.nmea", before), displayPath: "b", slug: "b", log: DiagnosticLog()))
        #expect(trip2.locations.map { $0.timestamp?.timeIntervalSince1970 } == [1_704_153_598, 1_704_153_602])
        // 3351.000 S = −(33 + 51/60) = −33.85; 15112.000 E = 151.2
        #expect(trip2.locations[0].coordinate == Coordinate(latitude: -33.85, longitude: 151.2))
    }

    /// The GPL-2.0 GPSBabel reference log, read from ../shared only (never copied).
    /// Reference: `gpsbabel -t -i nmea -f nmea -o unicsv -F -` (GPSBabel 1.8.0, Debian 12) prints
    /// 154 points; the first `42.530485,-88.121722,209.8,0.08,138.9,…,2004/08/07,03:29:08.379`,
    /// the last `42.530517,-88.121758,221.4,0.11,137.9,…,2004/08/07,03:31:41.370`.
    @Test func gpsbabelReferenceLog() throws {
        guard let url = TripLogTestFiles.shared("gpsbabel__gpsbabel/reference/track/nmea") else { return }
        let log = DiagnosticLog()
        let trip = try #require(NMEAReader.read(url, displayPath: "nmea", slug: "nmea", log: log))
        #expect(log.diagnostics.isEmpty)
        // 154 RMC + 154 GGA of the same instants merge into 154 fixes.
        #expect(trip.locations.count == 154)
        let first = trip.locations[0]
        #expect(abs(first.coordinate.latitude - 42.530485) < 5e-7)
        #expect(abs(first.coordinate.longitude - -88.121722) < 5e-7)
        #expect(first.altitude == 209.8)
        #expect(abs(first.course! - 138.92) < 1e-9)
        // 0.17 kn × 0.514444 = 0.0874556 m/s (GPSBabel rounds to 0.08)
        #expect(abs(first.speed! - 0.17 * 1852 / 3600) < 1e-12)
        // 2004-08-07T03:29:08.379Z = 1091849348.379 (Python datetime)
        #expect(abs(first.timestamp!.timeIntervalSince1970 - 1_091_849_348.379) < 1e-6)
        let last = trip.locations[153]
        #expect(abs(last.coordinate.latitude - 42.530517) < 5e-7)
        #expect(abs(last.coordinate.longitude - -88.121758) < 5e-7)
        #expect(last.altitude == 221.4)
        #expect(abs(last.timestamp!.timeIntervalSince1970 - 1_091_849_501.37) < 1e-6)
    }
}
