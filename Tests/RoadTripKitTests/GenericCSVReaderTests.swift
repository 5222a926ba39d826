import Foundation
import Testing
@testable import RoadTripKit

@Suite struct GenericCSVReaderTests {
    @Test func sidecarMappingWithUnits() throws {
        let url = TripLogTestFiles.file("g.csv", "Time,Lat,Lon,Speed,Extra\n1685613600000,47.5,8.5,36,x\n")
        let log = DiagnosticLog()
        let mapping = [
            "timestamp": "Time", "latitude": "Lat", "longitude": "Lon", "speed": "Speed", "speedUnit": "kmh",
            "timestampFormat": "unixms",
        ]
        let trip = try #require(TripLogReader.read(url, displayPath: "g.csv", timeZone: .gmt, columnMapping: mapping, log: log))
        #expect(log.diagnostics.isEmpty)
        #expect(trip.locations.count == 1)
        // 36 km/h = 36000 m / 3600 s = 10 m/s; 1685613600000 ms = 1685613600 s.
        #expect(abs(trip.locations[0].speed! - 10) < 1e-12)
        #expect(trip.locations[0].timestamp == Date(timeIntervalSince1970: 1_685_613_600))
    }

    @Test func unknownLayoutAndBadMappingsAreErrors() throws {
        let url = TripLogTestFiles.file("g.csv", "A,B\n1,2\n")
        let log = DiagnosticLog()
        #expect(TripLogReader.read(url, displayPath: "g.csv", timeZone: .gmt, columnMapping: nil, log: log) == nil)
        #expect(log.diagnostics.map(\.description) == ["g.csv:1:1: error: unknown CSV layout: columns A, B (name them in the trip's sidecar under columns:)"])
        let missing = DiagnosticLog()
        #expect(GenericCSVReader.read(url, displayPath: "g.csv", slug: "g", mapping: ["latitude": "A", "longitude": "Lon"], timeZone: .gmt, log: missing) == nil)
        #expect(missing.diagnostics.first?.message.contains("\"Lon\"") == true)
        let unknown = DiagnosticLog()
        #expect(GenericCSVReader.read(url, displayPath: "g.csv", slug: "g", mapping: ["latitude": "A", "longitude": "B", "lat": "A"], timeZone: .gmt, log: unknown) == nil)
        #expect(unknown.errorCount == 1)
    }
}
