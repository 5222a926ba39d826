import Foundation
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripContent
@testable import RoadTripSite

/// `TripDateRange` and a sidecar's `from:`/`to:`. Instants from Python's `datetime` with
/// `zoneinfo`, as each comment says.
@Suite struct TripDateRangeTests {
    static let utc = TimeZone(identifier: "UTC")!

    /// A date alone is its whole day in the zone: 2024-03-10 in America/New_York starts at 05:00Z
    /// (EST, −5) and, daylight saving starting that morning, ends at the 11th's 04:00Z (EDT, −4):
    /// 1710046800 and 1710129600, a 23-hour day.
    @Test func aDateIsTheWholeDayInTheZone() throws {
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let range = try TripDateRange(from: "2024-03-10", to: "2024-03-10", in: newYork)
        #expect(range.start == Date(timeIntervalSince1970: 1_710_046_800))
        #expect(range.end == Date(timeIntervalSince1970: 1_710_129_600))
        #expect(!range.endIsIncluded)
        #expect(range.contains(Date(timeIntervalSince1970: 1_710_129_599)))
        #expect(!range.contains(Date(timeIntervalSince1970: 1_710_129_600)))
        #expect(!range.contains(Date(timeIntervalSince1970: 1_710_046_799)))
    }

    /// A date and time is an instant, included at both ends; an offset written wins over the zone.
    @Test func aDateAndTimeIsIncluded() throws {
        // 2024-07-02T09:00+02:00 = 07:00Z = 1719903600.
        let range = try TripDateRange(from: "2024-07-02T09:00+02:00", to: "2024-07-02T07:00:00Z", in: Self.utc)
        #expect(range.contains(Date(timeIntervalSince1970: 1_719_903_600)))
        #expect(!range.contains(Date(timeIntervalSince1970: 1_719_903_601)))
        // Open-ended.
        let from = try TripDateRange(from: "2024-07-02", to: nil, in: Self.utc)
        #expect(from.contains(Date(timeIntervalSince1970: 4_000_000_000)))
    }

    /// A fraction of a second counts, with up to 9 digits: 2024-07-02T08:00:00Z = 1719907200, so
    /// from …00.5Z leaves out a fix at …00Z and keeps one at …00.5Z; to …00.1234Z (in Oslo at +02:00
    /// written with its offset) keeps …00.1234 and leaves out …00.2. Ten digits are refused.
    @Test func fractionsOfASecondCount() throws {
        let range = try TripDateRange(from: "2024-07-02T08:00:00.5Z", to: "2024-07-02T10:00:10.1234+02:00", in: Self.utc)
        #expect(!range.contains(Date(timeIntervalSince1970: 1_719_907_200)))
        #expect(range.contains(Date(timeIntervalSince1970: 1_719_907_200.5)))
        #expect(range.contains(Date(timeIntervalSince1970: 1_719_907_210.1234)))
        #expect(!range.contains(Date(timeIntervalSince1970: 1_719_907_210.2)))
        #expect(throws: TripDateRange.Problem.unreadable(bound: .from)) {
            try TripDateRange(from: "2024-07-02T08:00:00.1234567890Z", to: nil, in: Self.utc)
        }
        // A front-matter date keeps HTML's grammar: at most 3 digits.
        #expect(CalendarDate.parse("2024-07-02T08:00:00.1234Z") == nil)
    }

    @Test func problems() {
        #expect(throws: TripDateRange.Problem.empty) { try TripDateRange(from: "2024-07-03", to: "2024-07-02", in: Self.utc) }
        #expect(throws: TripDateRange.Problem.unreadable(bound: .to)) {
            try TripDateRange(from: "2024-07-03", to: "July 4th", in: Self.utc)
        }
        #expect(throws: TripDateRange.Problem.unreadable(bound: .from)) { try TripDateRange(from: "2024-02-30", to: nil, in: Self.utc) }
    }

    /// A sidecar's keys, read in the zone given; from after to is an error at `to:`'s line naming both.
    @Test func sidecarKeys() throws {
        let losAngeles = try #require(TimeZone(identifier: "America/Los_Angeles"))
        let folder = TripLogTestFiles.folder(with: [
            "good.yaml": "title: Day 2\nfrom: 2024-07-02\nto: 2024-07-02\n",
            "swapped.yaml": "from: 2024-07-03\nto: 2024-07-02\n",
            "bad.yaml": "from: yesterday\n",
        ])
        let log = DiagnosticLog()
        let good = try #require(TripLogSettings.load(
            sidecar: folder.appendingPathComponent("good.yaml"), path: "good.yaml", siteFilters: .roadTrip,
            timeZone: losAngeles, log: log))
        // 2024-07-02T00:00-07:00 = 1719903600; the 3rd's midnight = 1719990000.
        #expect(good.dateRange == TripDateRange(
            start: Date(timeIntervalSince1970: 1_719_903_600), end: Date(timeIntervalSince1970: 1_719_990_000), endIsIncluded: false))
        #expect(log.diagnostics.isEmpty)

        let swapped = DiagnosticLog()
        #expect(TripLogSettings.load(
            sidecar: folder.appendingPathComponent("swapped.yaml"), path: "swapped.yaml", siteFilters: .roadTrip,
            timeZone: losAngeles, log: swapped) == nil)
        #expect(swapped.diagnostics.map(\.description) == [
            "swapped.yaml:2:5: error: from (2024-07-03) is after to (2024-07-02): the trip would have no fixes; swap them"
        ])

        let bad = DiagnosticLog()
        #expect(TripLogSettings.load(
            sidecar: folder.appendingPathComponent("bad.yaml"), path: "bad.yaml", siteFilters: .roadTrip, log: bad) == nil)
        #expect(bad.diagnostics.first?.description
            == "bad.yaml:1:7: error: from must be a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDThh:mm[:ss[.fff]][zone]), not 'yesterday'")
    }

    /// Logs read whole are cut after reading; samples without a time stay.
    @Test func restrictedKeepsUntimedSamples() throws {
        let range = try TripDateRange(from: "1970-01-02", to: nil, in: Self.utc)
        let log = TripLog(slug: "x", sourcePath: "x", format: .gpx, locations: [
            LocationSample(timestamp: Date(timeIntervalSince1970: 0), coordinate: Coordinate(latitude: 0, longitude: 0)),
            LocationSample(timestamp: nil, coordinate: Coordinate(latitude: 1, longitude: 1)),
            LocationSample(timestamp: Date(timeIntervalSince1970: 86_400), coordinate: Coordinate(latitude: 2, longitude: 2)),
        ])
        #expect(log.restricted(to: range).locations.map(\.coordinate.latitude) == [1, 2])
    }

    /// A build reads the range from the sidecar in the site's zone: `trips/alps.json` (a
    /// Records.json) with `alps.yaml` saying `from: 2024-07-02` and `to: 2024-07-02`, in a site whose
    /// timeZone is America/Los_Angeles, keeps the two fixes inside that day (07:00Z to the 3rd's
    /// 07:00Z: 1719903600 and 1719990000 by Python's zoneinfo) of four one second either side.
    @Test func aBuildReadsTheSidecarsRangeInTheSiteZone() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-range-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let times = ["2024-07-02T06:59:59Z", "2024-07-02T07:00:00Z", "2024-07-03T06:59:59Z", "2024-07-03T07:00:00Z"]
        let records = times.map { #"{"latitudeE7": 340000000, "longitudeE7": -1180000000, "timestamp": "\#($0)"}"# }
        try SiteLoaderTests.write("alps/index.md", "---\ntitle: Alps\nlatitude: 34\nlongitude: -118\n---\n", in: root)
        try SiteLoaderTests.write("alps/trips/alps.json", #"{"locations": ["# + records.joined(separator: ", ") + "]}", in: root)
        try SiteLoaderTests.write("alps/trips/alps.yaml", "title: Day 2\nfrom: 2024-07-02\nto: 2024-07-02\n", in: root)
        var config = SiteConfig()
        config.timeZone = "America/Los_Angeles"
        let log = DiagnosticLog()
        let content = try #require(SiteLoader(projectRoot: root, log: log).load(config: config, geocoder: TableGeocoder.testville))
        let trip = try #require(content.destinations.first?.tripLogs.first)
        #expect(trip.log.format == .googleLocationHistory)
        // Google history is read as a stream: the loaded log counts its fixes and keeps none, and
        // the filter step reads them again, in the same range.
        let stream = try #require(trip.stream)
        #expect(trip.log.locations.isEmpty && stream.fixCount == 2)
        let processed = try #require(TripLogStream.process(
            stream.url, displayPath: stream.displayPath, timeZone: stream.timeZone, columnMapping: nil,
            dateRange: trip.settings.dateRange, settings: FilterSettings(), title: trip.settings.title,
            keeping: .columns(capacity: stream.fixCount), log: DiagnosticLog()))
        #expect(processed.segments.joined().map { $0.timestamp!.timeIntervalSince1970 } == [1_719_903_600, 1_719_989_999])
        #expect(processed.title == "Day 2")
        #expect(log.diagnostics.isEmpty)
    }

    /// A range that holds none of the log's fixes is said once, by the loader, for a streamed
    /// Google history as for a GPX: "no position fixes between its from and to".
    @Test(arguments: ["alps.json", "alps.gpx"]) func aRangeWithoutFixesIsOneWarning(_ name: String) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-range-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let text = name.hasSuffix(".json")
            ? #"{"locations": [{"latitudeE7": 340000000, "longitudeE7": -1180000000, "timestamp": "2024-07-02T10:00:00Z"}]}"#
            : #"<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg><trkpt lat="34" lon="-118"><time>2024-07-02T10:00:00Z</time></trkpt></trkseg></trk></gpx>"#
        try SiteLoaderTests.write("alps/index.md", "---\ntitle: Alps\nlatitude: 34\nlongitude: -118\n---\n", in: root)
        try SiteLoaderTests.write("alps/trips/\(name)", text, in: root)
        try SiteLoaderTests.write("alps/trips/alps.yaml", "from: 2025-01-01\nto: 2025-01-02\n", in: root)
        let log = DiagnosticLog()
        _ = try #require(SiteLoader(projectRoot: root, log: log).load(config: SiteConfig(), geocoder: TableGeocoder.testville))
        #expect(log.diagnostics.map(\.description) == [
            "Destinations/alps/trips/\(name): warning: the trip log has no position fixes between its from and to; its page will have no track"
        ])
    }
}
