import Foundation
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

@Suite struct SiteConfigTests {
    func load(_ yaml: String) throws -> (SiteConfig, [Diagnostic]) {
        let log = DiagnosticLog()
        let root = try YAMLParser.parse(yaml, path: "Destinations/site.yaml")
        return (SiteConfig.load(from: root, path: "Destinations/site.yaml", log: log), log.diagnostics)
    }

    /// An absent or empty site.yaml gives exactly the DESIGN §2.1 defaults.
    @Test func defaultsAreDesignDefaults() throws {
        let (config, diagnostics) = try load("")
        #expect(diagnostics.isEmpty)
        #expect(config.title == "Road Trip")
        #expect(config.baseURL == nil)
        #expect(config.language == "en")
        #expect(config.timeZone == "UTC")
        #expect(config.theme == "default")
        #expect(config.markdownUnsafe == false && config.markdownSmart == true)
        #expect(config.defaultSpan == CoordinateSpan(latitudeDelta: 0.05, longitudeDelta: 0.05))
        #expect(config.viewportWidth == 800 && config.viewportHeight == 500)
        #expect(config.fitPadding == 40)
        #expect(config.standardTileLayer.url == "https://tile.openstreetmap.org/{z}/{x}/{y}.png")
        #expect(config.standardTileLayer.attribution == "© OpenStreetMap contributors")
        #expect(config.tileLayers["hybrid"]?.overlay?.contains("World_Boundaries_and_Places") == true)
        #expect(config.tripsPreset == "default")
        #expect(config.photosKeepMetadata == false)
        #expect(config.shareEmail == true && config.shareLinks.isEmpty)
    }

    @Test func everyKeyIsRead() throws {
        let (config, diagnostics) = try load("""
            title: "Norway by road"
            baseURL: https://example.org/trips/
            language: nb
            timeZone: Europe/Oslo
            markdown: { unsafe: true, smart: false }
            map:
              defaultSpan: { latitudeDelta: 0.1, longitudeDelta: 0.2 }
              viewport: { width: 640, height: 480 }
              fitPadding: 16
              tileLayers:
                standard: { url: "https://tiles.example/{z}/{x}/{y}.png", attribution: "© Example", maxZoom: 17 }
            photos: { keepMetadata: true }
            share: { email: false, links: ["https://example.org/share?u={url}"] }
            """)
        #expect(diagnostics.isEmpty)
        #expect(config.title == "Norway by road")
        #expect(config.baseURL == "https://example.org/trips/")
        #expect(config.language == "nb" && config.timeZone == "Europe/Oslo")
        #expect(config.markdownUnsafe && !config.markdownSmart)
        #expect(config.defaultSpan == CoordinateSpan(latitudeDelta: 0.1, longitudeDelta: 0.2))
        #expect(config.viewportWidth == 640 && config.viewportHeight == 480 && config.fitPadding == 16)
        #expect(config.standardTileLayer.maxZoom == 17)
        #expect(config.standardTileLayer.attribution == "© Example")
        #expect(config.photosKeepMetadata && !config.shareEmail)
        #expect(config.shareLinks == [.init(name: "example.org", url: "https://example.org/share?u={url}")])
    }

    /// Unknown keys and wrong types are warnings at their own line and column; defaults are kept.
    @Test func unknownKeysAndWrongTypesWarnAtTheirLine() throws {
        let (config, diagnostics) = try load("""
            title: Trips
            colour: blue
            map:
              viewport: { width: wide, height: 480 }
              zoom: 3
            """)
        let lines = diagnostics.map(\.description)
        #expect(lines.contains("Destinations/site.yaml:2:1: warning: unknown key 'colour' is ignored"))
        // `width: wide` — the value starts at column 22 of line 4 ("  viewport: { width: " is 21 characters).
        #expect(lines.contains("Destinations/site.yaml:4:22: warning: map.viewport.width must be a number, not 'wide'"))
        #expect(lines.contains("Destinations/site.yaml:5:3: warning: unknown key 'map.zoom' is ignored"))
        #expect(config.viewportWidth == 800 && config.viewportHeight == 480)
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
    }

    /// The README's site.yaml block is documentation users copy: it must load without a single
    /// warning and give exactly the defaults.
    @Test func readmeDefaultsBlockIsTheDefaults() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "These are the defaults, except `baseURL`"))
        let fence = try #require(text.range(of: "```yaml\n", range: start.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "```", range: fence.upperBound..<text.endIndex))
        var (config, diagnostics) = try load(String(text[fence.upperBound..<end.lowerBound]))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        config.themeLocation = nil  // where `theme:` was written, kept for diagnostics only
        #expect(config == SiteConfig())
    }

    /// Values that would make invalid pages or broken links are warnings, and the default stays;
    /// a baseURL that cannot be used is an error (every link would be wrong).
    @Test func unsafeValuesAreRejected() throws {
        let (config, diagnostics) = try load("""
            baseURL: not a url
            language: 'en"><script>'
            theme: ../elsewhere
            map: { fitPadding: 1e9 }
            """)
        // Columns: line 1 "baseURL: " is 9 characters, so the value starts at 10; line 2
        // "language: " 10 → 11; line 3 "theme: " 7 → 8; line 4 "map: { fitPadding: " 19 → 20.
        #expect(config.baseURL == nil && config.language == "en" && config.theme == "default" && config.fitPadding == 40)
        let lines = diagnostics.map(\.description)
        #expect(lines.contains { $0.hasPrefix("Destinations/site.yaml:1:10: error: baseURL 'not a url' has white space") })
        #expect(lines.contains { $0.hasPrefix("Destinations/site.yaml:2:11: warning: language") })
        #expect(lines.contains { $0.hasPrefix("Destinations/site.yaml:3:8: warning: theme '../elsewhere'") })
        #expect(lines.contains { $0.hasPrefix("Destinations/site.yaml:4:20: warning: map.fitPadding") })
    }

    /// `//` in a baseURL's path is collapsed with a warning at the value (the scheme's `//` kept);
    /// see BaseURLTests for every rule.
    @Test func doubleSlashesInTheBaseURLPathCollapse() throws {
        // `baseURL: "https://example.org//trips//"`: the value starts at column 10 of line 2.
        let (config, diagnostics) = try load("title: T\nbaseURL: \"https://example.org//trips//\"\n")
        #expect(config.baseURL == "https://example.org/trips/")
        #expect(diagnostics.map(\.description) == [
            "Destinations/site.yaml:2:10: warning: baseURL 'https://example.org//trips//' has '//' in its path; "
                + "'https://example.org/trips/' is used (every link starts with the baseURL, and '//' there means "
                + "an empty folder)",
        ])
    }

    /// An unknown zone is an error at its value (not UTC with a warning), suggesting the IANA
    /// name when the author wrote it in another case or gave only the city. "timeZone: " is 10
    /// characters, so values start at column 11.
    @Test func unknownTimeZoneIsAnErrorAtItsLine() throws {
        let (_, diagnostics) = try load("title: T\ntimeZone: Mars/Olympus_Mons\n")
        #expect(diagnostics.map(\.description) == [
            "Destinations/site.yaml:2:11: error: timeZone 'Mars/Olympus_Mons' is not an IANA time zone name "
                + "(e.g. Europe/Oslo, America/Los_Angeles, UTC)",
        ])
        let (_, lowercase) = try load("timeZone: europe/oslo\n")
        #expect(lowercase.map(\.description) == [
            "Destinations/site.yaml:1:11: error: timeZone 'europe/oslo' is not an IANA time zone name; did you mean 'Europe/Oslo'?",
        ])
        let (_, city) = try load("timeZone: Los Angeles\n")
        #expect(city.first?.message.hasSuffix("did you mean 'America/Los_Angeles'?") == true)
    }

    /// A tile template that is neither http(s) nor a path from the site root is an error at its
    /// value's line and column, for `url` and `overlay`, and the layer keeps its default.
    /// Columns: line 3 "    standard: { url: " is 21 characters → 22; line 4
    /// "    hybrid: { overlay: " 23 → 24; line 5 "    satellite: { url: " 22 → 23.
    @Test func nonHTTPTileTemplatesAreErrors() throws {
        let (config, diagnostics) = try load("""
            map:
              tileLayers:
                standard: { url: "javascript:alert(1)//{z}/{x}/{y}" }
                hybrid: { overlay: "data:text/html,{z}{x}{y}" }
                satellite: { url: "tiles/{z}/{x}/{y}.png" }
            """)
        let usage = "must be an http(s) URL template such as \"https://tile.openstreetmap.org/{z}/{x}/{y}.png\" "
            + "or a path from the site root such as \"/tiles/{z}/{x}/{y}.png\""
        #expect(diagnostics.map(\.description) == [
            "Destinations/site.yaml:3:22: error: map.tileLayers.standard.url \(usage), not 'javascript:alert(1)//{z}/{x}/{y}'",
            "Destinations/site.yaml:4:24: error: map.tileLayers.hybrid.overlay \(usage), not 'data:text/html,{z}{x}{y}'",
            "Destinations/site.yaml:5:23: error: map.tileLayers.satellite.url \(usage), not 'tiles/{z}/{x}/{y}.png'",
        ])
        #expect(config.tileLayers == SiteConfig.defaultTileLayers)
        #expect(TileLayer.isHTTPTemplate("HTTPS://tiles.example/{z}/{x}/{y}.png"))
        #expect(TileLayer.isHTTPTemplate("http://127.0.0.1:8000/tiles/{z}/{x}/{y}.png"))
        #expect(!TileLayer.isHTTPTemplate("https:///{z}/{x}/{y}.png"))
        #expect(!TileLayer.isHTTPTemplate("https://tiles.example/{z}/{x}/{y}.png\n"))
        #expect(!TileLayer.isHTTPTemplate("//tiles.example/{z}/{x}/{y}.png"))
    }

    /// A url without `{y}` is a warning at the value, not at its key: line 3
    /// "    standard: { url: " is 21 characters → column 22; and block style, line 5
    /// "      url: " 11 → 12.
    @Test func tileTemplateWithoutPlaceholdersIsLocatedAtItsValue() throws {
        let (_, diagnostics) = try load("""
            map:
              tileLayers:
                standard: { url: "https://a.example/{z}/{x}.png" }
                hybrid:
                  url: "https://b.example/{z}/{y}.png"
            """)
        #expect(diagnostics.map(\.description) == [
            "Destinations/site.yaml:3:22: warning: map.tileLayers.standard.url must contain {z}, {x} and {y}: "
                + "'https://a.example/{z}/{x}.png'",
            "Destinations/site.yaml:5:12: warning: map.tileLayers.hybrid.url must contain {z}, {x} and {y}: "
                + "'https://b.example/{z}/{y}.png'",
        ])
    }

    /// An overlay needs {z}, {x} and {y} as the url does (it is drawn over every tile of the
    /// url): without them it is the same warning at its value, and the layer keeps its default.
    /// Line 3 "    hybrid: { url: \"https://h.example/{z}/{y}/{x}\", overlay: " is 61
    /// characters → column 62; block style, line 6 "      overlay: " 15 → 16; `{Z}/{X}/{Y}`
    /// (upper case) is missing the three as well, the same message as in a url.
    @Test func overlayWithoutPlaceholdersIsLocatedAtItsValue() throws {
        let (config, diagnostics) = try load("""
            map:
              tileLayers:
                hybrid: { url: "https://h.example/{z}/{y}/{x}", overlay: "https://t.example/static.png" }
                satellite:
                  url: "https://s.example/{z}/{y}/{x}"
                  overlay: "https://t.example/{Z}/{X}/{Y}"
            """)
        #expect(diagnostics.map(\.description) == [
            "Destinations/site.yaml:3:62: warning: map.tileLayers.hybrid.overlay must contain {z}, {x} and {y}: "
                + "'https://t.example/static.png'",
            "Destinations/site.yaml:6:16: warning: map.tileLayers.satellite.overlay must contain {z}, {x} and {y}: "
                + "'https://t.example/{Z}/{X}/{Y}'",
        ])
        #expect(config.tileLayers["hybrid"] == SiteConfig.defaultTileLayers["hybrid"])
        #expect(config.tileLayers["satellite"] == SiteConfig.defaultTileLayers["satellite"])
    }

    /// A size that is not positive is named as written (`-5`, `0.0`), not as Swift prints a
    /// Double (`-5.0`): line 3 "    width: " is 11 characters → column 12.
    @Test func nonPositiveSizeIsQuotedAsWritten() throws {
        let (_, diagnostics) = try load("map:\n  viewport:\n    width: -5\n    height: 0.0\n")
        #expect(diagnostics.map(\.description) == [
            "Destinations/site.yaml:3:12: warning: map.viewport.width must be greater than 0, not -5",
            "Destinations/site.yaml:4:13: warning: map.viewport.height must be greater than 0, not 0.0",
        ])
    }

    /// A side larger than 4096 pixels is a warning and the default is kept (a 200,000-pixel map
    /// took 24 s and a 1e7 one ran out of memory). Line 3 "    width: " → column 12; 1e308
    /// is quoted with its exponent, not in 309 digits.
    @Test func oversizedViewportKeepsTheDefault() throws {
        let (config, diagnostics) = try load("map:\n  viewport:\n    width: 200000\n    height: 1e308\n")
        #expect(config.viewportWidth == 800 && config.viewportHeight == 500)
        let why = "pixels (a map that large takes long to draw and makes a page of megabytes)"
        #expect(diagnostics.map(\.description) == [
            "Destinations/site.yaml:3:12: warning: map.viewport.width 200000 is more than 4096 \(why); using 800",
            "Destinations/site.yaml:4:13: warning: map.viewport.height 1e+308 is more than 4096 \(why); using 500",
        ])
        let (largest, none) = try load("map: { viewport: { width: 4096, height: 4096 } }\n")
        #expect(none.isEmpty && largest.viewportWidth == 4096 && largest.viewportHeight == 4096)
        // Below 64 pixels (a fresh-clone tester's 0.001 wrote a map 0 pixels wide): line 1
        // "map: { viewport: { width: " is 26 characters, so the value is at column 27.
        let (tiny, small) = try load("map: { viewport: { width: 0.001, height: 64 } }\n")
        #expect(tiny.viewportWidth == 800 && tiny.viewportHeight == 64)
        #expect(small.map(\.description) == [
            "Destinations/site.yaml:1:27: warning: map.viewport.width 0.001 is less than 64 pixels (no map can be read that "
                + "small); using 800"
        ])
    }

    /// `trips` takes a preset and any trip-log filter by name, as a sidecar does: the preset
    /// first, the filters on top, whatever their order. An unknown preset, a value out of range
    /// and a filter that is not a number are errors at their value (line 2 "  preset: " → column
    /// 11; "  headingFilter: " → 18; "  gapTime: " → 12).
    @Test func tripsTakesAPresetAndFilters() throws {
        let (config, diagnostics) = try load("trips:\n  distanceFilter: 25\n  preset: corelocation-sample\n  maximumSpeed: off\n")
        #expect(diagnostics.isEmpty)
        #expect(config.tripsPreset == "corelocation-sample")
        // corelocation-sample's 500 m distance filter, replaced by 25 m; its other values kept.
        var expected = FilterSettings.coreLocationSample
        expected.distanceFilter = 25
        #expect(config.tripsFilters == expected)
        let (_, off) = try load("trips: { maximumSpeed: off }\n")
        #expect(off.isEmpty)

        let (bad, errors) = try load("trips:\n  preset: fast\n  headingFilter: 1e308\n  gapTime: soon\n")
        #expect(bad.tripsPreset == "default" && bad.tripsFilters == .roadTrip)
        #expect(errors.map(\.description) == [
            "Destinations/site.yaml:2:11: error: unknown preset 'fast' (known: default, corelocation-sample)",
            "Destinations/site.yaml:4:12: error: gapTime must be a number or off, not 'soon'",
            "Destinations/site.yaml:3:18: error: filter setting 'headingFilter' must be between 0 and 180 (degrees), not 1e+308",
        ])
    }

    /// A placeholder the map script does not fill (`{s}`, Leaflet's subdomain; `{r}`) would reach
    /// the tile server as written: a warning at the value and the layer is not used. Line 3
    /// "    standard: { url: " → column 22; line 6 "      overlay: " (15 characters) → column 16.
    @Test func unknownTilePlaceholdersAreNamed() throws {
        let (config, diagnostics) = try load("""
            map:
              tileLayers:
                standard: { url: "https://{s}.tile.example/{z}/{x}/{y}.png" }
                hybrid:
                  url: "https://b.example/{z}/{x}/{y}.png"
                  overlay: "https://c.example/{z}/{x}/{y}{r}.png"
            """)
        #expect(diagnostics.map(\.description) == [
            "Destinations/site.yaml:3:22: warning: map.tileLayers.standard.url has the placeholder {s}, which roadtrip does "
                + "not fill (it fills {z}, {x} and {y}); write one of the server's subdomains instead (a, b or c for most): "
                + "'https://{s}.tile.example/{z}/{x}/{y}.png'",
            "Destinations/site.yaml:6:16: warning: map.tileLayers.hybrid.overlay has the placeholder {r}, which roadtrip "
                + "does not fill (it fills {z}, {x} and {y}): 'https://c.example/{z}/{x}/{y}{r}.png'",
        ])
        #expect(config.tileLayers["standard"]?.url == SiteConfig.defaultTileLayers["standard"]?.url)
    }

    /// A path from the site root is a usable template (a tile server published with the site);
    /// `//host/…` (another host), a backslash, white space and other schemes are not.
    @Test func sitePathTileTemplates() throws {
        #expect(TileLayer.isUsableTemplate("/tiles/{z}/{x}/{y}.png"))
        #expect(!TileLayer.isUsableTemplate("//tiles.example/{z}/{x}/{y}.png"))
        #expect(!TileLayer.isUsableTemplate("/tiles\\{z}/{x}/{y}.png"))
        #expect(!TileLayer.isUsableTemplate("/tiles/{z}/{x}/{y}.png "))
        #expect(!TileLayer.isUsableTemplate("ftp://tiles.example/{z}/{x}/{y}.png"))
        let (config, diagnostics) = try load("""
            map:
              tileLayers:
                standard: { url: "/tiles/{z}/{x}/{y}.png", attribution: "Own tiles" }
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(config.tileLayers["standard"]?.url == "/tiles/{z}/{x}/{y}.png")
    }
}
