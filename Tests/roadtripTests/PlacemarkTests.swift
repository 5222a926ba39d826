import Foundation
import Testing

/// Issue 6 through the built binary: destinations named by place, the placemark line, trips
/// between time zones, and the nearby-places extract. City data: libgeonames 0.3 (GeoNames
/// cities15000), read independently with a C program when the gazetteer was written.
@Suite(.serialized) struct PlacemarkTests {
    @Test func destinationsNamedByPlace() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        // "Tromso" without the ø: Tromsø, 69.6489, 18.95508.
        try project.write("Destinations/tromso/index.md", "---\ntitle: Tromsø\nlocation: \"Tromso\"\n---\n")
        // Several Portlands: the most populous (Oregon) wins with a warning naming Maine's.
        try project.write("Destinations/portland/index.md", "---\ntitle: Portland\nlocation: \"Portland\"\n---\n")
        // Qualified: Maine's.
        try project.write("Destinations/maine/index.md", "---\ntitle: Portland ME\nlocation: \"Portland, Maine\"\n---\n")
        // Explicit coordinates win over a name.
        try project.write(
            "Destinations/explicit/index.md", "---\ntitle: Explicit\nlatitude: 60.39\nlongitude: 5.32\nlocation: \"Tromso\"\n---\n")
        let result = try project.build(["--verbose"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("tromso: at 69.6489, 18.95508 (geocoded from location \"Tromso\"); near Tromsø, Norway"))
        #expect(result.standardError.contains("Destinations/portland/index.md:3:11: warning: \"Portland\" matches"))
        #expect(result.standardError.contains("Portland, Maine") || result.standardError.contains("Portland, State of Maine"))
        #expect(result.standardOutput.contains("maine: at 43.6"))
        #expect(result.standardError.contains("Destinations/explicit/index.md:5:1: warning: both 'location' and 'latitude'/'longitude' are given"))
        #expect(result.standardOutput.contains("explicit: at 60.39, 5.32;"))
        #expect(try project.read("Output/tromso/index.html").contains("<p class=\"subtitle placemark\">Near Tromsø, Norway</p>"))
    }

    @Test func unknownPlaceIsAnErrorWithSuggestions() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/x/index.md", "---\ntitle: X\nlocation: \"Tromsoe, Norway\"\n---\n")
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains(
            "Destinations/x/index.md:3:11: error: no place named \"Tromsoe, Norway\" in the gazetteer"))
        #expect(result.standardError.contains("nearest names: Tromsø, Troms"))
    }

    /// `near:` replaces the placemark line; `near: false` hides it. Mid-Pacific (0°, −140°) is
    /// more than 1,500 km from any town: "Open water, … km from the nearest town (…)".
    @Test func placemarkLineOverridesAndOpenWater() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/a/index.md", "---\ntitle: A\nlatitude: 59.91\nlongitude: 10.75\nnear: \"Right in Oslo\"\n---\n")
        try project.write("Destinations/b/index.md", "---\ntitle: B\nlatitude: 59.91\nlongitude: 10.75\nnear: false\n---\n")
        try project.write("Destinations/c/index.md", "---\ntitle: C\nlatitude: 0\nlongitude: -140\n---\n")
        #expect(try project.build().status == 0)
        #expect(try project.read("Output/a/index.html").contains("<p class=\"subtitle placemark\">Right in Oslo</p>"))
        #expect(!(try project.read("Output/b/index.html")).contains("placemark"))
        let pacific = try project.read("Output/c/index.html")
        #expect(pacific.contains("<p class=\"subtitle placemark\">Open water, "))
        #expect(pacific.contains("km from the nearest town ("))
    }

    /// A January drive from Kingman, Arizona (America/Phoenix, UTC−7, no daylight saving) to
    /// Barstow, California (America/Los_Angeles, UTC−8 in winter): 17:00Z starts at 10:00 MST and
    /// 20:00Z ends at 12:00 PST, each end in the zone where it was recorded.
    @Test func tripTimesInTheZoneWhereTheyWereRecorded() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/barstow/index.md", "---\ntitle: Barstow\nlatitude: 34.8958\nlongitude: -117.0173\n---\n")
        // 13 fixes on the straight line between the two towns, 15 minutes apart.
        let start = (latitude: 35.1894, longitude: -114.0530), end = (latitude: 34.8958, longitude: -117.0173)
        var points = ""
        for step in 0...12 {
            let f = Double(step) / 12
            let minutes = step * 15
            points += "<trkpt lat=\"\(start.latitude + (end.latitude - start.latitude) * f)\" lon=\"\(start.longitude + (end.longitude - start.longitude) * f)\">"
                + "<time>2024-01-15T\(17 + minutes / 60):\(String(format: "%02d", minutes % 60)):00Z</time></trkpt>\n"
        }
        try project.write(
            "Destinations/barstow/trips/i40.gpx",
            "<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n\(points)</trkseg></trk></gpx>\n")
        let result = try project.build()
        #expect(result.status == 0, "\(result.standardError)")
        let page = try project.read("Output/barstow/trips/i40/index.html")
        #expect(page.contains("<p class=\"subtitle\">From Kingman to Barstow</p>"))
        #expect(page.contains("<dt>Start</dt><dd><time datetime=\"2024-01-15T17:00:00Z\">15 January 2024, 10:00 MST</time></dd>"))
        #expect(page.contains("<dt>End</dt><dd><time datetime=\"2024-01-15T20:00:00Z\">15 January 2024, 12:00 PST</time></dd>"))
        #expect(try project.read("Output/barstow/index.html").contains("i40</a> (From Kingman to Barstow)"))
    }

    /// A drive in the mid-Pacific (0°, −150° to 0.2°, −150.2°) is about 1,940 km from Papeete: no
    /// "Around Papeete", no "I'm currently in Papeete!", and times in the site's zone (UTC here),
    /// since no town's zone applies there.
    @Test func tripsFarFromAnyTownNameNoTown() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/sea/index.md", "---\ntitle: Sea\nlatitude: 0\nlongitude: -150\n---\n")
        try project.write(
            "Destinations/sea/trips/drift.gpx",
            "<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>"
                + "<trkpt lat=\"0\" lon=\"-150\"><time>2024-01-15T17:00:00Z</time></trkpt>"
                + "<trkpt lat=\"0.2\" lon=\"-150.2\"><time>2024-01-15T18:00:00Z</time></trkpt></trkseg></trk></gpx>\n")
        #expect(try project.build().status == 0)
        let page = try project.read("Output/sea/trips/drift/index.html")
        #expect(!page.contains("Around Papeete") && !page.contains("in Papeete!"))
        #expect(page.contains("currently in Sea!"))
        #expect(page.contains("<dt>Start</dt><dd><time datetime=\"2024-01-15T17:00:00Z\">15 January 2024, 17:00 UTC</time></dd>"))
        #expect(page.contains("open water, 1,9"))
    }

    /// `location:` must be text or a mapping: a number or a boolean is an error at its position;
    /// an empty value counts as absent.
    @Test func locationOfTheWrongType() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/n/index.md", "---\ntitle: N\nlocation: 42\n---\n")
        try project.write("Destinations/b/index.md", "---\ntitle: B\nlocation: true\n---\n")
        try project.write("Destinations/e/index.md", "---\ntitle: E\nlocation: \"  \"\n---\n")
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains("Destinations/n/index.md:3:11: error: location must be a place name"))
        #expect(result.standardError.contains("Destinations/b/index.md:3:11: error: location must be a place name"))
        #expect(result.standardError.contains("Destinations/e/index.md:3:11: error: location is empty"))
    }

    /// `share.nearbyPlaces: true` writes the extract (most populous first, within 200,000 bytes)
    /// and loads nearby.js; without it neither appears.
    @Test func nearbyPlacesExtract() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/a/index.md", "---\ntitle: A\nlatitude: 59.91\nlongitude: 10.75\n---\n")
        #expect(try project.build().status == 0)
        #expect(!project.exists("Output/assets/places.json"))
        #expect(!(try project.read("Output/a/index.html")).contains("nearby.js"))
        try project.write("Destinations/site.yaml", "title: T\nshare:\n  nearbyPlaces: true\n")
        #expect(try project.build().status == 0)
        let data = try Data(contentsOf: project.root.appendingPathComponent("Output/assets/places.json"))
        #expect(data.count <= 200_000 && data.count > 150_000)
        let places = try #require(try JSONSerialization.jsonObject(with: data) as? [[Any]])
        #expect(places.count > 5_000)
        #expect(places.allSatisfy { $0.count == 4 && $0[0] is String && ($0[1] as? String)?.count == 2 })
        #expect(places.contains { ($0[0] as? String) == "Oslo" && ($0[1] as? String) == "NO" })
        #expect(try project.read("Output/a/index.html").contains(
            "<script src=\"../assets/nearby.js\" data-places=\"../assets/places.json\" defer></script>"))
    }
}
