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
        // Seven Norwegian stops, Taveuni, and the classic plist's two cities.
        for slug in ["bergen", "alesund", "geirangerfjord", "trondheim", "bodo", "lofoten", "tromso", "taveuni",
                     "new-york-city", "san-francisco"] {
            #expect(project.exists("Output/\(slug)/index.html"), "missing \(slug)")
            #expect(project.exists("Output/\(slug)/map.svg"), "missing \(slug) map")
            #expect(project.exists("Output/\(slug)/annotations.geojson"), "missing \(slug) GeoJSON")
        }
        let home = try project.read("Output/index.html")
        #expect(home.components(separatedBy: "<li class=\"card\">").count - 1 == 10)
        #expect(home.contains("Ålesund"))
        // Relative links: the site works from disk.
        #expect(home.contains("href=\"alesund/index.html\""))
        let sitemap = try project.read("Output/sitemap.xml")
        #expect(sitemap.components(separatedBy: "<loc>").count - 1 == 11)
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
        #expect(files.count == 11)
        for file in files {
            let text = try String(contentsOf: output.appendingPathComponent(file), encoding: .utf8)
            let collection = try Self.json(project, "Output/" + file)
            #expect(collection["type"] as? String == "FeatureCollection")
            for feature in try #require(collection["features"] as? [[String: Any]]) {
                #expect(feature["type"] as? String == "Feature")
                let geometry = try #require(feature["geometry"] as? [String: Any])
                #expect(geometry["type"] as? String == "Point")
                let position = try #require(geometry["coordinates"] as? [Double])
                #expect(position.count == 2 && abs(position[0]) <= 180 && abs(position[1]) <= 90)
            }
            // No number with more than 7 decimals anywhere.
            #expect(text.range(of: #"\.\d{8,}"#, options: .regularExpression) == nil, "\(file)")
        }
    }
}
