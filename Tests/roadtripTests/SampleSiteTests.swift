import Foundation
import Testing

/// Builds the repository's own sample site (Destinations/ + Themes/default) into a temporary output
/// and checks it as a reader and a validator would.
@Suite(.serialized) struct SampleSiteTests {
    /// A copy of the repository's project in a temporary folder, built with `arguments`.
    static func buildSample(_ arguments: [String] = []) throws -> (TemporaryProject, CommandRunner.Output) {
        let project = try TemporaryProject()
        try FileManager.default.removeItem(at: project.root.appendingPathComponent("Destinations"))
        try FileManager.default.copyItem(
            at: CommandRunner.packageRoot.appendingPathComponent("Destinations"),
            to: project.root.appendingPathComponent("Destinations"))
        return (project, try project.build(arguments))
    }

    static func json(_ project: TemporaryProject, _ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: project.root.appendingPathComponent(path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func buildsWithoutWarningsAndHasEveryPage() throws {
        let (project, result) = try Self.buildSample()
        defer { project.remove() }
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty, "stderr: \(result.standardError)")
        // Seven Norwegian stops, Taveuni, the classic plist's two cities, a side trip with a real
        // recording (Zürich) and the two stops of the Slovenian trip, one with a real recording.
        for slug in ["bergen", "alesund", "geirangerfjord", "trondheim", "bodo", "lofoten", "tromso", "taveuni",
                     "new-york-city", "san-francisco", "cerknica", "rakov-skocjan", "zurich"] {
            #expect(project.exists("Output/\(slug)/index.html"), "missing \(slug)")
            #expect(project.exists("Output/\(slug)/map.svg"), "missing \(slug) map")
            #expect(project.exists("Output/\(slug)/annotations.geojson"), "missing \(slug) GeoJSON")
        }
        let home = try project.read("Output/index.html")
        #expect(home.components(separatedBy: "<li class=\"card\">").count - 1 == 13)
        #expect(home.contains("Ålesund"))
        // Relative links: the site works from disk.
        #expect(home.contains("href=\"alesund/index.html\""))
        let sitemap = try project.read("Output/sitemap.xml")
        // The home page, 13 destination pages, 2 trip-log pages, the Slovenian trip's page, the
        // index of tags and a page for each of the sample's 19 tags (antimeridian, architecture,
        // arctic, city, ferry, fiji, finish, fjord, heritage, island, islands, karst, norway,
        // side-trip, slovenia, start, switzerland, unesco, viewpoint).
        #expect(sitemap.components(separatedBy: "<loc>").count - 1 == 17 + 1 + 19)
        #expect(project.exists("Output/tags/side-trip/index.html") && project.exists("Output/tags/index.html"))
        #expect(project.exists("Output/itineraries/slovenian-karst/index.html"))
    }

    /// The classic plist's New York City, with the Statue of Liberty at 40.689244, −74.044514
    /// (the app's own value), as GeoJSON [longitude, latitude] (RFC 7946 §3.1.1).
    @Test func classicPlistDestinationsArePublished() throws {
        let (project, result) = try Self.buildSample()
        defer { project.remove() }
        #expect(result.status == 0)
        let collection = try Self.json(project, "Output/new-york-city/annotations.geojson")
        #expect(collection["type"] as? String == "FeatureCollection")
        let features = try #require(collection["features"] as? [[String: Any]])
        let liberty = try #require(features.first {
            ($0["properties"] as? [String: Any])?["title"] as? String == "Statue of Liberty"
        })
        let coordinates = (liberty["geometry"] as? [String: Any])?["coordinates"] as? [Double]
        #expect(coordinates == [-74.044514, 40.689244])
        let first = try #require(features.first)
        #expect((first["properties"] as? [String: Any])?["kind"] as? String == "destination")
    }

    /// Taveuni's POIs lie on both sides of 180°: the bbox takes the short way round, so its west
    /// edge is east of its east edge (RFC 7946 §5.2), and the map is not stretched round the world.
    @Test func taveuniCrossesTheAntimeridian() throws {
        let (project, result) = try Self.buildSample()
        defer { project.remove() }
        #expect(result.status == 0)
        let collection = try Self.json(project, "Output/taveuni/annotations.geojson")
        let bbox = try #require(collection["bbox"] as? [Double])
        #expect(bbox.count == 4)
        #expect(bbox[0] > bbox[2], "bbox \(bbox)")
        #expect(bbox[0] > 179 && bbox[2] < -179)
        let page = try project.read("Output/taveuni/index.html")
        let region = try #require(page.range(of: "data-region=\"")).upperBound
        let values = page[region...].prefix { $0 != "\"" }.split(separator: ",").compactMap { Double($0) }
        #expect(values.count == 4)
        // A region of a few kilometres, not 360° of longitude.
        #expect(values[3] < 1, "longitudeDelta \(values[3])")
    }

    /// With a baseURL sub-path, every internal link starts with it exactly once.
    @Test func baseURLSubPathIsUsedExactlyOnce() throws {
        let (project, result) = try Self.buildSample(["--base-url", "https://example.org/trips/"])
        defer { project.remove() }
        #expect(result.status == 0)
        for page in ["Output/index.html", "Output/bergen/index.html", "Output/404.html"] {
            let html = try project.read(page)
            #expect(!html.contains("/trips/trips/"))
            let links = html.components(separatedBy: "href=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
            for link in links where !link.hasPrefix("http") && !link.hasPrefix("#") && !link.hasPrefix("mailto:") {
                #expect(link.hasPrefix("/trips/"), "\(page): \(link)")
            }
        }
        let sitemap = try project.read("Output/sitemap.xml")
        #expect(sitemap.contains("<loc>https://example.org/trips/bergen/</loc>"))
        #expect(try project.read("Output/bergen/index.html").contains(
            "<link rel=\"canonical\" href=\"https://example.org/trips/bergen/\">"))
    }

    /// Every GeoJSON file: FeatureCollection of Point features with [longitude, latitude] in range
    /// and at most 7 decimals (DESIGN §5).
    @Test func geoJSONFollowsRFC7946() throws {
        let (project, result) = try Self.buildSample()
        defer { project.remove() }
        #expect(result.status == 0)
        let output = project.output
        let files = try #require(FileManager.default.enumerator(atPath: output.path))
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".geojson") }
        // site + 13 destinations + 2 tracks + the two trips' itinerary.geojson
        #expect(files.count == 18)
        for file in files {
            let text = try String(contentsOf: output.appendingPathComponent(file), encoding: .utf8)
            let collection = try Self.json(project, "Output/" + file)
            #expect(collection["type"] as? String == "FeatureCollection")
            for feature in try #require(collection["features"] as? [[String: Any]]) {
                #expect(feature["type"] as? String == "Feature")
                let geometry = try #require(feature["geometry"] as? [String: Any])
                let positions: [[Double]]
                switch geometry["type"] as? String {
                case "Point": positions = [try #require(geometry["coordinates"] as? [Double])]
                case "MultiLineString":
                    #expect(file.hasSuffix("track.geojson") || file.hasSuffix("itinerary.geojson"))
                    positions = try #require(geometry["coordinates"] as? [[[Double]]]).flatMap { $0 }
                case "LineString":
                    #expect(file.hasSuffix("itinerary.geojson"))
                    positions = try #require(geometry["coordinates"] as? [[Double]])
                default:
                    Issue.record("unexpected geometry in \(file): \(geometry["type"] ?? "none")")
                    positions = []
                }
                for position in positions {
                    #expect(position.count == 2 && abs(position[0]) <= 180 && abs(position[1]) <= 90)
                }
            }
            // No number with more than 7 decimals anywhere.
            #expect(text.range(of: #"\.\d{8,}"#, options: .regularExpression) == nil, "\(file)")
        }
    }

    /// The two sample recordings get trip pages with statistics, the filter report in DESIGN §4.2's
    /// words, charts for the sensors they have, and the two downloads; the destination page lists
    /// them and draws their tracks.
    @Test func tripLogPages() throws {
        let (project, result) = try Self.buildSample()
        defer { project.remove() }
        #expect(result.status == 0)
        let zurich = try project.read("Output/zurich/trips/eth-hoenggerberg/index.html")
        #expect(zurich.contains("A walk on the Hönggerberg"))
        // The Sensor Logger recording has 1,091 fixes (Python's csv module counts 1,091 rows).
        #expect(zurich.contains("of 1,091 fixes kept"))
        #expect(zurich.contains("all 12,000 acceleration samples kept"))
        #expect(zurich.contains("data-statistic=\"distance\""))
        #expect(zurich.contains("Acceleration in g"))  // it has an accelerometer
        #expect(zurich.contains("Course rose"))  // but no compass
        let cerknica = try project.read("Output/cerknica/trips/lake-loop/index.html")
        // gpxpy 1.6.2: the file has 296 track points; it has no accelerometer.
        #expect(cerknica.contains("of 296 fixes kept"))
        #expect(!cerknica.contains("Acceleration in g"))
        let destination = try project.read("Output/cerknica/index.html")
        #expect(destination.contains("Recorded drives"))
        #expect(destination.contains("href=\"../cerknica/trips/lake-loop/index.html\""))
        #expect(destination.contains("class=\"track\""))
        // The GPX waypoints of the recording are points of interest of the destination.
        #expect(destination.contains("RAKV SKCJN"))
        for path in ["Output/cerknica/trips/lake-loop/track.gpx", "Output/zurich/trips/eth-hoenggerberg/track.gpx"] {
            #expect(try project.read(path).contains("<trkseg>"))
        }
    }
}
