import Foundation
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender

/// The render stage on values alone: a trip made in memory, laid out by `DestinationMaps`, drawn
/// by `PageRenderer` with the built-in theme (a project root that does not exist has no theme of
/// its own) and a table of places. No file is read or written.
@Suite struct PageRendererTests {
    @Test func aDestinationPageFromValues() throws {
        let log = DiagnosticLog()
        let nowhere = URL(fileURLWithPath: "/nonexistent-roadtrip-project-\(UUID().uuidString)")
        let theme = try #require(Theme.load(projectRoot: nowhere, name: "default", log: log))
        var config = SiteConfig()
        config.defaultSpan = CoordinateSpan(latitudeDelta: 0.05, longitudeDelta: 0.08)
        let renderer = PageRenderer(theme: theme, config: config, projectRoot: nowhere, geocoder: TableGeocoder.testville)

        let harbour = Destination(
            slug: "harbour", title: "Harbour & Quay", subtitle: "", coordinate: Coordinate(latitude: 0.1, longitude: 0.01),
            sourcePath: "Destinations/harbour/index.md")
        let next = Destination(slug: "lighthouse", title: "Lighthouse", coordinate: Coordinate(latitude: 0.2, longitude: 0), sourcePath: "y")
        let region = InitialRegion.region(for: harbour, config: config)
        let trip = Trip(
            destination: harbour, maps: DestinationMaps(destination: harbour, initialRegion: region, recordings: [], config: config),
            placemark: TableGeocoder.testville.reverse(harbour.coordinate))
        let files = try renderer.destinationFiles(trip: trip, previous: nil, next: next).files
        #expect(files.map(\.path) == ["harbour/index.html", "harbour/map.svg", "harbour/annotations.geojson"])
        // Pages are their rendered UTF-8 bytes (`TemplateLibrary.renderFile`).
        guard case .data(let bytes) = files[0].contents, let page = String(data: bytes, encoding: .utf8) else {
            Issue.record("the page is not UTF-8 bytes")
            return
        }
        // The title escaped once; the region as the page contract writes it: latitude, longitude,
        // latitudeDelta, longitudeDelta with 7 decimals (the span is the site's default).
        #expect(page.contains("<title>Harbour &amp; Quay"))
        #expect(page.contains(#"data-region="0.1000000,0.0100000,0.0500000,0.0800000""#))
        // The table's town is 1.1 km away (0.01° of longitude at 0.1° N): "Near …".
        #expect(page.contains(#"<p class="subtitle placemark">Near Testville, Testland</p>"#))
        // The pager links the next destination from this page's folder (to its index.html: without a
    // baseURL the site also works from file://); there is no previous one.
        #expect(page.contains(#"<a rel="next" href="../lighthouse/index.html">Lighthouse →</a>"#))
        #expect(!page.contains(#"rel="prev""#))
        #expect(log.diagnostics.isEmpty)
    }
}
