import Foundation
import Testing

/// What a reader sees is finished (issue 11, item 7), checked on pages built by the real binary:
/// singular and plural, dates in the site's language and zone, the home-page order, `baseURL`
/// with `//`, and tile URLs that are not http(s).
@Suite struct ReaderTextTests {
    /// A destination file with front matter `lines` (YAML) and a one-line body.
    static func destination(_ lines: String) -> String {
        "---\n" + lines + "\n---\nBody.\n"
    }

    /// One destination with one POI, one with two: the home page says "2 destinations", and each
    /// card "1 point of interest" or "2 points of interest"; the build's last line "2 destinations".
    /// With one destination the home page says "1 destination".
    @Test func countsAreSingularOrPlural() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/one/index.md", Self.destination("""
            title: One
            latitude: 60.39
            longitude: 5.32
            pois:
              - { title: A, latitude: 60.4, longitude: 5.33 }
            """))
        try project.write("Destinations/two/index.md", Self.destination("""
            title: Two
            latitude: 61.39
            longitude: 5.32
            pois:
              - { title: A, latitude: 61.4, longitude: 5.33 }
              - { title: B, latitude: 61.41, longitude: 5.34 }
            """))
        let result = try project.build()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Built 2 destinations into"))
        let home = try project.read("Output/index.html")
        #expect(home.contains("<p class=\"card-meta\">1 point of interest</p>"))
        #expect(home.contains("<p class=\"card-meta\">2 points of interest</p>"))
        #expect(home.contains("2 destinations. Pick one"))
        #expect(home.contains("content=\"Road Trip: 2 destinations on one map\""))

        try FileManager.default.removeItem(at: project.root.appendingPathComponent("Destinations/two"))
        let single = try project.build()
        #expect(single.status == 0, "\(single.standardError)")
        #expect(single.standardOutput.contains("Built 1 destination into"))
        #expect(single.standardOutput.contains("[2/12] load-destinations: 1 destination "))
        let singleHome = try project.read("Output/index.html")
        #expect(singleHome.contains("1 destination. Pick one"))
        #expect(!singleHome.contains("1 destinations"))
        #expect(!singleHome.contains("1 points"))
    }

    /// The process's zone and locale must not matter: the same dates in the site's `de` and
    /// `Europe/Oslo` whatever `TZ` and `LANG` say. By hand: 2025-05-11T23:30-05:00 is 04:30 UTC on
    /// 12 May, 06:30 in Oslo (CEST, UTC+2); the event's day is shown as that day; the photo-less,
    /// zone-less event time as written. The raw ISO text stays in `datetime` only.
    @Test(arguments: [["TZ": "Pacific/Kiritimati", "LANG": "fr_FR.UTF-8", "LC_ALL": "fr_FR.UTF-8"],
                      ["TZ": "America/Los_Angeles", "LANG": "C", "LC_ALL": "C"]])
    func datesInTheSiteLanguageAndZone(environment: [String: String]) throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/site.yaml", "language: de\ntimeZone: Europe/Oslo\n")
        try project.write("Destinations/bergen/index.md", Self.destination("""
            title: Bergen
            latitude: 60.39
            longitude: 5.32
            date: 2025-05-11T23:30:00-05:00
            events:
              - { title: Fischmarkt, url: "https://example.org/fish", date: 2026-06-02 }
              - { title: Konzert, url: "https://example.org/concert", date: "2026-06-02 21:05" }
            """))
        let result = try project.build(environment: environment)
        #expect(result.status == 0, "\(result.standardError)")
        let page = try project.read("Output/bergen/index.html")
        #expect(page.contains("<time datetime=\"2025-05-11T23:30:00-05:00\">12. Mai 2025, 06:30</time>"))
        #expect(page.contains("<time datetime=\"2026-06-02\">2. Juni 2026</time>"))
        #expect(page.contains("<time datetime=\"2026-06-02 21:05\">2. Juni 2026, 21:05</time>"))
        #expect(!page.contains(">2025-05-11") && !page.contains(">2026-06-02"))
    }

    /// Three destinations whose folder names run against their dates (a-… is the last stop, c-…
    /// the first), one with an `order` that puts it first: every list of destinations follows
    /// `order`, then `date`: the home cards, destinations.geojson, the pager and the sitemap.
    @Test func destinationsFollowOrderThenDate() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/a-last/index.md", Self.destination("title: Last\nlatitude: 1\nlongitude: 1\ndate: 2026-06-03"))
        try project.write("Destinations/b-middle/index.md", Self.destination("title: Middle\nlatitude: 2\nlongitude: 2\ndate: 2026-06-02"))
        try project.write("Destinations/c-first/index.md", Self.destination("title: First\nlatitude: 3\nlongitude: 3\ndate: 2026-06-01"))
        try project.write("Destinations/d-start/index.md", Self.destination("title: Start\nlatitude: 4\nlongitude: 4\norder: 1"))
        let result = try project.build(["--base-url", "https://example.org/"])
        #expect(result.status == 0, "\(result.standardError)")
        let expected = ["d-start", "c-first", "b-middle", "a-last"]

        func positions(of needles: [String], in text: String) -> [String.Index?] {
            needles.map { text.range(of: $0)?.lowerBound }
        }
        func isInOrder(_ indices: [String.Index?]) -> Bool {
            let found = indices.compactMap { $0 }
            return found.count == indices.count && found == found.sorted()
        }
        let home = try project.read("Output/index.html")
        #expect(isInOrder(positions(of: expected.map { "<a class=\"card-link\" href=\"/\($0)/\"" }, in: home)))
        let geojson = try project.read("Output/destinations.geojson")
        #expect(isInOrder(positions(of: expected.map { "\"id\":\"\($0)/destination\"" }, in: geojson)))
        let sitemap = try project.read("Output/sitemap.xml")
        #expect(isInOrder(positions(of: expected.map { "<loc>https://example.org/\($0)/</loc>" }, in: sitemap)))
        let middle = try project.read("Output/b-middle/index.html")
        #expect(middle.contains("<a rel=\"prev\" href=\"/c-first/\">← First</a>"))
        #expect(middle.contains("<a rel=\"next\" href=\"/a-last/\">Last →</a>"))
    }

    /// `baseURL` (site.yaml) and `--base-url` with `//` in their paths: a warning naming where it
    /// came from, and links with single slashes. Before, the path-only `//trips//` made links
    /// like `//trips//x/`, which a browser reads as the host `trips`.
    @Test func doubleSlashesInTheBaseURLAreCollapsedWithAWarning() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        // Line 1, "baseURL: " is 9 characters: the value starts at column 10.
        try project.write("Destinations/site.yaml", "baseURL: \"https://example.org//trips//\"\n")
        try project.write("Destinations/bergen/index.md", Self.destination("title: Bergen\nlatitude: 60.39\nlongitude: 5.32"))
        let result = try project.build()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains(
            "Destinations/site.yaml:1:10: warning: baseURL 'https://example.org//trips//' has '//' in its path; 'https://example.org/trips/' is used"))
        let page = try project.read("Output/bergen/index.html")
        #expect(page.contains("<link rel=\"canonical\" href=\"https://example.org/trips/bergen/\">"))
        #expect(page.contains("href=\"/trips/assets/roadtrip.css\""))
        #expect(!page.contains("//trips"))

        let fromCommandLine = try project.build(["--base-url", "/trips//"])
        #expect(fromCommandLine.status == 0, "\(fromCommandLine.standardError)")
        #expect(fromCommandLine.standardError.contains("--base-url: warning: --base-url '/trips//' has '//' in its path; '/trips/' is used"))
        #expect(try project.read("Output/bergen/index.html").contains("href=\"/trips/assets/roadtrip.css\""))
        #expect(!(try project.read("Output/bergen/index.html")).contains("\"//trips"))

        // A leading `//` is another host (protocol-relative), not a path: bad usage on the
        // command line, as any unusable --base-url.
        let protocolRelative = try project.build(["--base-url", "//trips/"])
        #expect(protocolRelative.status == 2, "\(protocolRelative.standardError)")
    }

    /// A site with no destinations yet says so on its home page, with how to add one — not
    /// "0 destinations. Pick one on the map or in the list." over an empty list.
    @Test func emptySiteSaysHowToAddADestination() throws {
        let project = try TemporaryProject(copyingTheme: false)
        defer { project.remove() }
        try project.write("Destinations/site.yaml", "title: Trips\n")
        let result = try project.build()
        #expect(result.status == 0, "\(result.standardError)")
        let home = try project.read("Output/index.html")
        #expect(home.contains("<p class=\"lede\">No destinations yet: add one with <code>roadtrip new destination"))
        #expect(!home.contains("Pick one on the map"))
        #expect(!home.contains("class=\"card-list\""))
    }

    /// A `javascript:` tile URL is an error at its site.yaml line and column (exit 1, nothing
    /// written), not a page whose map loads a script URL. "    standard: { url: " is 21
    /// characters, so the value starts at column 22 of line 3.
    @Test func javascriptTileURLIsAnError() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/site.yaml", """
            map:
              tileLayers:
                standard: { url: "javascript:alert(1)//{z}/{x}/{y}" }
            """)
        try project.write("Destinations/bergen/index.md", Self.destination("title: Bergen\nlatitude: 60.39\nlongitude: 5.32"))
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains(
            "Destinations/site.yaml:3:22: error: map.tileLayers.standard.url must be an http(s) URL template"))
        #expect(!project.exists("Output/bergen/index.html"))
    }
}
