import Foundation
import Glibc
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats

/// Inputs a fresh-clone tester found mishandled: a byte order mark before Google's JSON, NUL bytes
/// in an NMEA log, a named pipe where a trip log should be, and a camera clock off by 10^19 s.
@Suite struct TripLogInputEdgeTests {
    /// Notepad saves with a UTF-8 BOM (EF BB BF): the file is still Google location history, read
    /// whole with its one record (414216106 × 10⁻⁷ = 41.4216106°), and its columns count after the BOM.
    @Test func googleHistoryWithAByteOrderMark() throws {
        let text = #"{"locations": [{"latitudeE7": 414216106, "longitudeE7": 21684775, "timestampMs": "1642007555000"}]}"#
        let url = TripLogTestFiles.file("Records.json", "\u{FEFF}" + text)
        #expect(TripLogContent.sniff(url) != .roadtripJSON || GoogleLocationHistoryFormat.recognizes(url))
        let log = DiagnosticLog()
        let trip = try #require(TripLogReader.read(url, displayPath: "Records.json", timeZone: .gmt, columnMapping: nil, log: log))
        #expect(trip.format == .googleLocationHistory)
        #expect(trip.locations.map(\.coordinate.latitude) == [41.4216106])
        #expect(log.diagnostics.isEmpty)
    }

    /// A serial GPS's log often starts with NUL bytes: a `.nmea` file is read as NMEA whatever its
    /// first bytes look like, the garbage line skipped with a warning. 4807.038 N is 48° 7.038′ =
    /// 48.1173°.
    @Test func nmeaStartingWithNULBytes() throws {
        let text = "\u{0}\u{0}\u{0}\u{0}garbage\n$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A\n"
        let url = TripLogTestFiles.file("serial.nmea", text)
        let log = DiagnosticLog()
        let trip = try #require(TripLogReader.read(url, displayPath: "serial.nmea", timeZone: .gmt, columnMapping: nil, log: log))
        #expect(trip.locations.count == 1)
        #expect(abs(trip.locations[0].coordinate.latitude - 48.1173) < 1e-9)
        #expect(log.errorCount == 0 && log.warningCount >= 1)
    }

    /// A named pipe in `trips/` (or `/dev/stdin` when piped) would block a read for ever: it is an
    /// error, found without opening it, and the content sniffer does not open it either.
    @Test func aNamedPipeIsNoTripLog() throws {
        let folder = TripLogTestFiles.folder()
        let pipe = folder.appendingPathComponent("fifo.gpx")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        #expect(TripLogContent.sniff(pipe) == .other(looksLike: "no regular file (a named pipe, a device or a socket)", family: .binary))
        let log = DiagnosticLog()
        #expect(TripLogReader.read(pipe, displayPath: "fifo.gpx", timeZone: .gmt, columnMapping: nil, log: log) == nil)
        #expect(log.diagnostics.map(\.description) == [
            "fifo.gpx: error: this is not a regular file but a named pipe (FIFO); roadtrip reads only regular files",
        ])
    }

    /// How far outside a trip log a photo was taken, in words, for any number of seconds: 3 days
    /// (259,200 s), and 10^19 s, which once trapped converting to Int.
    @Test func unplacedSpansInWords() {
        #expect(Photo.UnplacedReason.afterTripLog(seconds: 259_200).text == "taken 3 days after the trip log ends")
        #expect(Photo.UnplacedReason.beforeTripLog(seconds: 1e19).text == "taken more than 10,000 years before the trip log starts")
        #expect(Photo.UnplacedReason.inGap(seconds: 7_500).text == "taken in a gap of the trip log, 2 h 5 min from its nearer end")
    }
}
