import Foundation
import Testing

/// `book/index.html`: the site as one printable document — a cover with the overview map, then each
/// destination with its map, its place on the itinerary and its points of interest.
@Suite struct TripBookBuildTests {
    static let destination = ItineraryCommandTests.destination

    @Test func theBookHoldsEveryDestinationInSiteOrder() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/bergen/index.md", Self.destination(
            "Bergen", 60.3913, 5.3221, "order: 1\ndate: 2025-06-14\nnights: 2\nsubtitle: Seven mountains\npois:\n  - { title: Bryggen, subtitle: Hanseatic wharf, latitude: 60.3975, longitude: 5.3245 }\n"))
        try project.write("Destinations/alesund/index.md", Self.destination("Ålesund", 62.4723, 6.1549, "order: 2\ndate: 2025-06-16\n"))
        let result = try project.build(["--quiet"])
        #expect(result.status == 0, "\(result.standardError)")
        let book = try project.read("Output/book/index.html")
        #expect(book.contains(#"<img class="book-map" src="../map.svg" alt="Map of every destination""#))
        let sections = book.components(separatedBy: #"<section class="book-destination">"#).dropFirst()
        #expect(sections.count == 2)
        let bergen = try #require(sections.first), alesund = try #require(sections.last)
        #expect(bergen.contains(#"<h2><a href="../bergen/index.html">Bergen</a></h2>"#))
        #expect(bergen.contains(#"<p class="subtitle">Seven mountains</p>"#))
        // Bergen → Ålesund: 236 km (GeographicLib: 236,114.755 m, as the itinerary tests).
        #expect(bergen.contains(#"<p class="itinerary-line">Days 1–3 of 3 · next: Ålesund, 236 km</p>"#), "\(bergen)")
        #expect(bergen.contains(#"<img class="book-map" src="../bergen/map.svg" alt="Map of Bergen""#))
        #expect(bergen.contains("<li><strong>Bryggen</strong>: Hanseatic wharf</li>"))
        #expect(alesund.contains(#"<h2><a href="../alesund/index.html">Ålesund</a></h2>"#) && !alesund.contains("book-pois"))
        // Every page's header links it.
        #expect(try project.read("Output/alesund/index.html").contains(#"<a href="../book/index.html">Trip book</a>"#))
    }

    @Test func aThemeWithoutTheLayoutHasNoBook() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.useOwnThemeWithout(layout: "book")
        try project.write("Destinations/bergen/index.md", Self.destination("Bergen", 60.3913, 5.3221, ""))
        #expect(try project.build(["--quiet"]).status == 0)
        #expect(!project.exists("Output/book"))
        #expect(try !project.read("Output/index.html").contains("Trip book"))
    }
}
