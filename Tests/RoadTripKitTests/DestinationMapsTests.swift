import Foundation
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute

/// The maps the compute stage lays out for one destination (`DestinationMaps`): the page's and
/// the card's views of the one initial region, and a map per trip log around its track.
@Suite struct DestinationMapsTests {
    /// Bergen, with a 1 km drive due north from 2 km south of it: eleven fixes 0.009° apart
    /// (≈ 1,000 m of latitude), 10 s apart, all on the meridian 5.32415° E.
    static let bergen = Coordinate(latitude: 60.39299, longitude: 5.32415)
    static func drive() -> TripLog {
        let start = Date(timeIntervalSince1970: 1_717_228_800)  // 2024-06-01T08:00:00Z
        let fixes = (0...10).map { step in
            LocationSample(
                timestamp: start.addingTimeInterval(Double(step) * 10),
                coordinate: Coordinate(latitude: 60.37 + Double(step) * 0.0009, longitude: 5.32415),
                horizontalAccuracy: 5)
        }
        return TripLog(slug: "drive", sourcePath: "Destinations/bergen/trips/drive.gpx", format: .gpx, locations: fixes)
    }

    @Test func pageCardAndTripLogMaps() throws {
        var config = SiteConfig()
        config.defaultSpan = CoordinateSpan(latitudeDelta: 0.05, longitudeDelta: 0.05)
        let destination = Destination(slug: "bergen", title: "Bergen", coordinate: Self.bergen, sourcePath: "x")
        let region = CoordinateRegion(center: Self.bergen, span: config.defaultSpan)
        var settings = FilterSettings.preset(named: "default")!
        settings.distanceFilter = nil
        let recording = ProcessedTripLog(log: Self.drive(), settings: settings)
        #expect(recording.segments.flatMap { $0 }.count == 11)

        let maps = DestinationMaps(destination: destination, initialRegion: region, recordings: [recording], config: config)
        // One initial region, fitted to two viewports: the site's and the 320 × 200 px card.
        #expect(maps.page.initialRegion == region && maps.card.initialRegion == region)
        #expect(maps.page.view.width == config.viewportWidth && maps.page.view.height == config.viewportHeight)
        #expect(maps.card.view.width == 320 && maps.card.view.height == 200)
        #expect(maps.card.tracks.isEmpty)
        // The fixes lie on one meridian, so Douglas–Peucker keeps the two ends of the line only.
        let line = try #require(maps.page.tracks.first)
        #expect(maps.page.tracks.count == 1)
        #expect(line == [Coordinate(latitude: 60.37, longitude: 5.32415), Coordinate(latitude: 60.379, longitude: 5.32415)])

        // The trip log's map holds the whole track (60.37° … 60.379°) and the destination (60.39299°).
        let tripMap = try #require(maps.tripLogs.first)
        #expect(maps.tripLogs.count == 1)
        let shown = tripMap.initialRegion
        for latitude in [60.37, 60.379, Self.bergen.latitude] {
            #expect(abs(latitude - shown.center.latitude) <= shown.span.latitudeDelta / 2)
        }
        #expect(abs(Self.bergen.longitude - shown.center.longitude) <= shown.span.longitudeDelta / 2)
        #expect(tripMap.tracks == maps.page.tracks)
    }

    /// The overview holds every destination: Bergen and Zurich (47.37689° N, 8.54169° E).
    @Test func overviewHoldsEveryDestination() {
        let zurich = Coordinate(latitude: 47.37689, longitude: 8.54169)
        let overview = FittedMap.overview(of: [Self.bergen, zurich], config: SiteConfig())
        let region = overview.initialRegion
        for coordinate in [Self.bergen, zurich] {
            #expect(abs(coordinate.latitude - region.center.latitude) <= region.span.latitudeDelta / 2)
            #expect(abs(coordinate.longitude - region.center.longitude) <= region.span.longitudeDelta / 2)
        }
        #expect(overview.tracks.isEmpty)
    }
}
