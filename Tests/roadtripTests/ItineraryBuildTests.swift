import Foundation
import Testing

/// What a build makes of the itinerary: the home page's table, route and numbered stops, each
/// stop's line on its page, a named trip's page and every trip's exports, in the sitemap.
@Suite struct ItineraryBuildTests {
    @Test func theItineraryOnThePagesAndInTheExports() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        let page = ItineraryCommandTests.destination
        try project.write("Destinations/site.yaml", "title: Norway\nbaseURL: https://example.org/trip/\n")
        try project.write("Destinations/bergen/index.md", page("Bergen", 60.3913, 5.3221, "date: 2025-06-14\nnights: 2\norder: 1\n"))
        try project.write("Destinations/alesund/index.md", page("Ålesund", 62.4723, 6.1549, "date: 2025-06-16\norder: 2\n"))
        try project.write("Destinations/oslo/index.md", page("Oslo", 59.91, 10.75, "itinerary: false\n"))
        try project.write("Destinations/nordkapp/index.md", page("Nordkapp", 71.17, 25.78, "trip: north-cape\norder: 1\n"))
        try project.write("Destinations/honningsvag/index.md", page("Honningsvåg", 70.98, 25.97, "trip: north-cape\norder: 2\n"))
        let result = try project.build(["--quiet"])
        #expect(result.status == 0, "\(result.standardError)")

        // The home page: the main trip's table (GeographicLib: Bergen → Ålesund 236,114.755 m),
        // its totals, the links to its exports, and the named trip.
        let home = try project.read("Output/index.html")
        #expect(home.contains(#"<h2 id="itinerary-heading">Itinerary</h2>"#))
        #expect(home.contains("2 stops · 3 days · 2 nights · 236.1 km (146.7 mi) planned"))
        #expect(home.contains(#"<tr data-stop="2">"#))
        #expect(home.contains(#"<span title="236.1 km (146.7 mi), bearing 10°">236 km</span>"#))
        #expect(home.contains(#"<a href="/trip/itinerary.ics" type="text/calendar" download>"#))
        #expect(home.contains(#"<a href="/trip/itineraries/north-cape/index.html">North Cape</a>"#)
            || home.contains(#"<a href="/trip/itineraries/north-cape/">North Cape</a>"#), "\(home)")
        // The overview draws the routes dashed (neither is recorded) and numbers the main trip's stops.
        let overview = try project.read("Output/map.svg")
        #expect(overview.components(separatedBy: "route route-planned").count - 1 == 2)
        #expect(overview.contains(#"stroke-dasharray="8 6""#))
        #expect(overview.contains(">1</text>") && overview.contains(">2</text>"))

        // Each stop's line; a side trip has none.
        let alesund = try project.read("Output/alesund/index.html")
        #expect(alesund.contains("Day 3 of 3</a> · 236 km from <a href=\"/trip/bergen/\">Bergen</a>"), "\(alesund)")
        #expect(try !project.read("Output/oslo/index.html").contains("itinerary-line"))
        let nordkapp = try project.read("Output/nordkapp/index.html")
        #expect(nordkapp.contains(#"<a href="/trip/itineraries/north-cape/">Stop 1 of 2</a> · next: <a href="/trip/honningsvag/">Honningsvåg</a>"#))

        // The named trip's page and files; every trip's exports.
        let tripPage = try project.read("Output/itineraries/north-cape/index.html")
        #expect(tripPage.contains("<h1>North Cape</h1>"))
        #expect(project.exists("Output/itineraries/north-cape/map.svg"))
        #expect(project.exists("Output/itineraries/north-cape/itinerary.gpx"))
        #expect(project.exists("Output/itineraries/north-cape/itinerary.geojson"))
        #expect(!project.exists("Output/itineraries/north-cape/itinerary.ics"), "no stop of it has a date")
        let calendar = try project.read("Output/itinerary.ics")
        #expect(calendar.contains("URL:https://example.org/trip/bergen/\r\n"))
        #expect(calendar.contains("UID:alesund@example.org\r\n"))
        let route = try project.read("Output/itinerary.gpx")
        #expect(route.contains(#"<rtept lat="60.3913" lon="5.3221">"#))
        let sitemap = try project.read("Output/sitemap.xml")
        #expect(sitemap.contains("<loc>https://example.org/trip/itineraries/north-cape/</loc>"))
    }

    /// `itineraries/` holds the named trips' pages: a destination of that slug is an error at its file.
    @Test func theSlugItinerariesIsReserved() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/Itineraries/index.md", ItineraryCommandTests.destination("Itineraries", 1, 2, ""))
        let result = try project.build(["--quiet"])
        #expect(result.status == 1)
        #expect(result.standardError.contains(
            "Destinations/Itineraries/index.md: error: the slug 'itineraries' is reserved for the named trips' pages (itineraries/<trip>/); rename the destination"),
            "\(result.standardError)")
    }

    /// A project theme without the `itinerary` layout: no trip pages, so no stop's line links to
    /// one, and the home page lists the named trip with its exports; a main trip of one stop has
    /// no table, so its stop's line links nowhere either.
    @Test func aThemeWithoutTripPages() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.useOwnThemeWithout(layout: "itinerary")
        let page = ItineraryCommandTests.destination
        try project.write("Destinations/bergen/index.md", page("Bergen", 60.3913, 5.3221, "date: 2025-06-14\n"))
        try project.write("Destinations/nordkapp/index.md", page("Nordkapp", 71.17, 25.78, "trip: north-cape\norder: 1\n"))
        try project.write("Destinations/honningsvag/index.md", page("Honningsvåg", 70.98, 25.97, "trip: north-cape\norder: 2\n"))
        let result = try project.build(["--quiet"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!project.exists("Output/itineraries/north-cape/index.html"))
        #expect(project.exists("Output/itineraries/north-cape/itinerary.gpx"))
        #expect(try project.read("Output/nordkapp/index.html").contains(
            #"<p class="itinerary-line">Stop 1 of 2 · next: <a href="../honningsvag/index.html">Honningsvåg</a>"#))
        #expect(try project.read("Output/bergen/index.html").contains(#"<p class="itinerary-line">Day 1 of 1</p>"#))
        let home = try project.read("Output/index.html")
        #expect(home.contains("<li>North Cape: 2 stops"))
        #expect(home.contains(#"<a href="itineraries/north-cape/itinerary.gpx" type="application/gpx+xml" download>GPX</a>"#))
        #expect(!home.contains("itinerary-heading"), "a main trip of one stop has no table")
        #expect(try !project.read("Output/sitemap.xml").contains("itineraries/"))
    }

    /// A trip's title is its name as its first stop writes it; `trip` on a side trip is a warning
    /// at its line (the key is the 6th line of the file, its value at column 7).
    @Test func tripTitlesAndATripOnASideTrip() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        let page = ItineraryCommandTests.destination
        try project.write("Destinations/a/index.md", page("Ærøskøbing", 54.89, 10.41, "trip: \"Ærø – Ø\"\norder: 1\n"))
        try project.write("Destinations/b/index.md", page("Marstal", 54.85, 10.52, "trip: aero-o\norder: 2\n"))
        try project.write("Destinations/c/index.md", page("Odense", 55.40, 10.39, "trip: side\nitinerary: false\n"))
        let result = try project.build()
        #expect(result.status == 0)
        #expect(result.standardError.contains(
            "Destinations/c/index.md:5:7: warning: trip is left out: with itinerary: false the destination is a side trip, on no trip"),
            "\(result.standardError)")
        #expect(try project.read("Output/itineraries/aero-o/index.html").contains("<h1>Ærø – Ø</h1>"))
        #expect(!project.exists("Output/itineraries/side"))
    }
}
