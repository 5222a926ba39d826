import Foundation
import Testing

/// Settings a new user gets nearly right — a key in the wrong case, a tab for indentation, a
/// baseURL or tile URL that cannot be used — each said at its line and column through the
/// built binary, with what to write instead.
@Suite struct SettingMistakeTests {
    static let bergen = NewUserMistakeTests.bergen

    func project(siteYAML: String? = nil) throws -> TemporaryProject {
        let project = try TemporaryProject(copyingTheme: false)
        try project.write("Destinations/bergen/index.md", Self.bergen)
        if let siteYAML { try project.write("Destinations/site.yaml", siteYAML) }
        return project
    }

    /// Misspelt site.yaml keys are warnings naming the key meant, at the key's own position (a
    /// nested key's column is its indentation + 1: "  defaultspan" → 3).
    @Test func misspeltSiteKeysSuggestTheKnownOne() throws {
        let project = try project(siteYAML: """
            timezone: Europe/Oslo
            baseUrl: https://example.org/
            Title: Trips
            map:
              defaultspan: { latitudeDelta: 1, longitudeDelta: 1 }
            """)
        defer { project.remove() }
        let result = try project.build()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").map(String.init) == [
            "Destinations/site.yaml:1:1: warning: unknown key 'timezone' is ignored; did you mean 'timeZone'?",
            "Destinations/site.yaml:2:1: warning: unknown key 'baseUrl' is ignored; did you mean 'baseURL'?",
            "Destinations/site.yaml:3:1: warning: unknown key 'Title' is ignored; did you mean 'title'?",
            "Destinations/site.yaml:5:3: warning: unknown key 'map.defaultspan' is ignored; did you mean 'defaultSpan'?",
        ])
    }

    /// Front matter with the classic plist's capitals: each key is a warning saying which key was
    /// meant, and the missing location names the keys to rename, at the first of them (line 3).
    @Test func capitalisedFrontMatterKeys() throws {
        let project = try project()
        defer { project.remove() }
        try project.write("Destinations/bergen/index.md", "---\nTitle: Bergen\nLatitude: 60.39\nLongitude: 5.32\n---\nBody.\n")
        let result = try project.build()
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.contains(
            "Destinations/bergen/index.md:2:1: warning: unknown key 'Title'; did you mean 'title'? (keys are case-sensitive; "
                + "'Title' only reaches templates, as destination.params.Title)"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("Destinations/bergen/index.md:3:1: warning: unknown key 'Latitude'; did you mean 'latitude'?") })
        #expect(lines.contains(
            "Destinations/bergen/index.md:3:1: error: a destination needs a location: latitude and longitude missing "
                + "(found 'Latitude' and 'Longitude': write 'latitude' and 'longitude'; keys are case-sensitive)"), "\(lines)")
    }

    /// A misspelling that is not a case difference is named the same way, without the word
    /// about case: "lattitude" is one letter off "latitude".
    @Test func misspeltFrontMatterKey() throws {
        let project = try project()
        defer { project.remove() }
        try project.write("Destinations/bergen/index.md", "---\ntitle: Bergen\nlattitude: 60.39\nlongitude: 5.32\n---\n")
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains(
            "Destinations/bergen/index.md:3:1: warning: unknown key 'lattitude'; did you mean 'latitude'? "
                + "('lattitude' only reaches templates, as destination.params.lattitude)"), "\(result.standardError)")
        #expect(result.standardError.contains(
            "Destinations/bergen/index.md:3:1: error: a destination needs a location: latitude missing "
                + "(found 'lattitude': write 'latitude')"))
    }

    /// A key of the author's own that is no near miss stays silent (it is for templates).
    @Test func ownFrontMatterKeysStaySilent() throws {
        let project = try project()
        defer { project.remove() }
        try project.write("Destinations/bergen/index.md", "---\ntitle: Bergen\nlatitude: 60.39\nlongitude: 5.32\ntime: 10:00\nrating: 5\n---\n")
        let result = try project.build()
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty, "\(result.standardError)")
    }

    /// The same helper serves POIs (`colour` → `color`) and trip-log sidecars
    /// (`distancefilter` → `distanceFilter`). Columns: `[{"title": "A", ` is 16 characters, so
    /// `"colour"`'s value starts at 27 (after `"colour": `); the sidecar's key at 1:1.
    @Test func misspeltPOIAndSidecarKeys() throws {
        let project = try project()
        defer { project.remove() }
        try project.write(
            "Destinations/bergen/pois.json", ##"[{"title": "A", "colour": "#ff0000", "latitude": 60.4, "longitude": 5.33}]"##)
        try project.copy(
            CommandRunner.packageRoot.appendingPathComponent("Tests/RoadTripKitTests/Fixtures/triplogs/gpx/track_with_speed.gpx"),
            to: "Destinations/bergen/trips/day1.gpx")
        try project.write("Destinations/bergen/trips/day1.yaml", "distancefilter: 5\n")
        let result = try project.build()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains(
            "Destinations/bergen/pois.json:1:27: warning: POI 1: unknown key colour ignored; did you mean 'color'?"),
            "\(result.standardError)")
        #expect(result.standardError.contains(
            "Destinations/bergen/trips/day1.yaml:1:1: warning: unknown key 'distancefilter' is ignored; did you mean 'distanceFilter'?"))
    }

    /// A tab used for indentation in site.yaml is an error at the tab, in words: not libyaml's
    /// "found character that cannot start any token".
    @Test func tabIndentation() throws {
        let project = try project(siteYAML: "title: Trips\nmap:\n\tfitPadding: 10\n")
        defer { project.remove() }
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains(
            "Destinations/site.yaml:3:1: error: YAML does not allow tabs for indentation; use spaces"), "\(result.standardError)")
        #expect(!result.standardError.contains("cannot start any token"))
    }

    /// An unusable baseURL in site.yaml is an error at its value (exit 1, nothing built), as an
    /// unusable --base-url is bad usage (exit 2): protocol-relative, another scheme, a port that
    /// cannot be. "baseURL: " is 9 characters, so values start at column 10.
    @Test(arguments: [
        ("\"//example.org/\"", "baseURL '//example.org/' is protocol-relative (a host with no scheme); write 'https://example.org/'"),
        ("ftp://example.org/", "baseURL 'ftp://example.org/' must be an http(s) URL"),
        ("\"javascript:alert(1)\"", "baseURL 'javascript:alert(1)' must be an http(s) URL"),
        ("https://example.org:99999/", "baseURL 'https://example.org:99999/' has the port 99999, outside 1…65535"),
    ])
    func unusableBaseURLIsAnError(value: String, message: String) throws {
        let project = try project(siteYAML: "baseURL: \(value)\n")
        defer { project.remove() }
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains("Destinations/site.yaml:1:10: error: \(message)"), "\(result.standardError)")
        #expect(!project.exists("Output/index.html"))
        let commandLine = try CommandRunner.run(["build", "--source", project.root.path, "--base-url", "ftp://example.org/"])
        #expect(commandLine.status == 2)
    }

    /// An international host goes into sitemap.xml and canonical links in its IDNA form
    /// ("bücher" → "xn--bcher-kva", as Python's `"bücher".encode("idna")` gives), the port kept;
    /// a query is dropped with a warning.
    @Test func internationalHostAndDroppedQuery() throws {
        let project = try project(siteYAML: "baseURL: \"https://bücher.de:8443/reisen/?q=1\"\n")
        defer { project.remove() }
        let result = try project.build()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains(
            "Destinations/site.yaml:1:10: warning: baseURL 'https://bücher.de:8443/reisen/?q=1' has the query '?q=1'; it is dropped"))
        let sitemap = try project.read("Output/sitemap.xml")
        #expect(sitemap.contains("<loc>https://xn--bcher-kva.de:8443/reisen/bergen/</loc>"), "\(sitemap)")
        #expect(!sitemap.contains("bücher"))
        #expect(try project.read("Output/bergen/index.html").contains(
            "<link rel=\"canonical\" href=\"https://xn--bcher-kva.de:8443/reisen/bergen/\">"))
    }

    /// A tile server published with the site (`/tiles/{z}/{x}/{y}.png`, a path from the site
    /// root) is loaded under the baseURL's path like every internal link, and relative to each
    /// page without a baseURL: from the home page `tiles/…`, from bergen/ `../tiles/…`, in the
    /// card maps, the page's script configuration and map.svg alike. (Without the offline basemap,
    /// with which map.svg draws no raster tiles; the basemap's own tiles follow the baseURL too.)
    @Test func sitePathTileTemplate() throws {
        let tiles = "map:\n  offlineBasemap: false\n  tileLayers:\n    standard: { url: \"/tiles/{z}/{x}/{y}.png\", attribution: \"Own tiles\" }\n"
        let project = try project(siteYAML: "baseURL: /trips/\n" + tiles)
        defer { project.remove() }
        let result = try project.build()
        #expect(result.status == 0, "\(result.standardError)")
        let page = try project.read("Output/bergen/index.html")
        #expect(page.contains("\"url\":\"/trips/tiles/{z}/{x}/{y}.png\""), "the map configuration")
        #expect(page.contains("url('/trips/tiles/"), "the tiles behind the inline SVG")
        #expect(try project.read("Output/bergen/map.svg").contains("href=\"/trips/tiles/"))
        #expect(try project.read("Output/index.html").contains("url('/trips/tiles/"))

        try project.write("Destinations/site.yaml", tiles)
        let relative = try project.build()
        #expect(relative.status == 0, "\(relative.standardError)")
        #expect(try project.read("Output/bergen/index.html").contains("\"url\":\"../tiles/{z}/{x}/{y}.png\""))
        #expect(try project.read("Output/bergen/map.svg").contains("href=\"../tiles/"))
        let home = try project.read("Output/index.html")
        #expect(home.contains("\"url\":\"tiles/{z}/{x}/{y}.png\"") && home.contains("url('tiles/"))
    }
}
