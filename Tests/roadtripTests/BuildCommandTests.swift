import Foundation
import Testing

@Suite(.serialized) struct BuildCommandTests {
    static let bergen = """
        ---
        title: Bergen
        subtitle: Gateway to the fjords
        latitude: 60.39299
        longitude: 5.32415
        pois:
          - { title: Bryggen, subtitle: "Hanseatic wharf & <museum>", latitude: 60.39745, longitude: 5.32386 }
          - { title: Fløyen, subtitle: Mountain, latitude: 60.39394, longitude: 5.34284 }
        ---

        Bergen is "wet" -- and lovely.
        """

    @Test func buildsAProjectIntoOutput() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/bergen/index.md", Self.bergen)
        let result = try project.build()
        #expect(result.status == 0, "stderr: \(result.standardError)")
        for path in [
            "index.html", "map.svg", "destinations.geojson", "sitemap.xml", "404.html", "assets/roadtrip.css",
            "bergen/index.html", "bergen/map.svg", "bergen/annotations.geojson",
        ] {
            #expect(project.exists("Output/" + path), "missing Output/\(path)")
        }
        let page = try project.read("Output/bergen/index.html")
        // The subtitle is escaped exactly once for HTML text.
        #expect(page.contains("Hanseatic wharf &amp; &lt;museum&gt;"))
        #expect(!page.contains("&amp;amp;"))
        // Smart punctuation: "wet" -> “wet”, -- -> en dash (U+2013).
        #expect(page.contains("“wet” – and lovely"))
        // The page contract (DESIGN §5.1).
        #expect(page.contains("data-roadtrip-map"))
        #expect(page.contains("class=\"roadtrip-map-config\""))
        #expect(page.contains("data-action=\"locate\""))
        #expect(page.contains("data-map-type=\"satellite\""))
        #expect(page.contains("data-annotation-id=\"poi-2\""))
        // One progress line per named step, in pipeline order: "[i/12] name: what it did … time".
        let steps = result.standardOutput.split(separator: "\n").compactMap { line in
            line.wholeMatch(of: #/\[(\d+)/12\] ([a-z-]+): .+ … \d+(\.\d)? ms/#).map { (Int($0.1)!, String($0.2)) }
        }
        #expect(steps.map(\.0) == Array(1...12))
        #expect(steps.map(\.1) == [
            "load-config", "load-destinations", "load-theme", "check-sources", "filter-trips", "fit-maps", "plan-itinerary", "draw-basemap",
            "place-photos", "render-pages", "draw-previews", "write-output",
        ])
        #expect(result.standardOutput.contains("[2/12] load-destinations: 1 destination (0 reused) … "))
        #expect(result.standardOutput.contains("[12/12] write-output: "))
    }

    /// A failed build names the steps whose problems failed it, and stops at the first
    /// checkpoint after them: a template that does not parse is an error of load-theme, and the
    /// build stops at check-sources, before anything is computed.
    @Test func aFailedBuildNamesItsSteps() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/bergen/index.md", Self.bergen)
        try project.write("Themes/default/layouts/destination.mustache", "{{#open}}never closed\n")
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("[3/12] load-theme: default: stopped by errors (1 error) … "))
        #expect(result.standardOutput.contains("[4/12] check-sources: "))
        #expect(!result.standardOutput.contains("[5/12]"))
        #expect(result.standardError.hasSuffix(
            "roadtrip: build failed in load-theme: 1 error, 0 warnings; nothing was written\n"), "\(result.standardError)")
    }

    /// Under --strict the steps whose warnings failed the build are named too: a warning of
    /// site.yaml (load-config) and an error of a destination (load-destinations); without
    /// --strict, only the error's step (a second fresh-clone tester saw load-config left out).
    @Test func strictFailuresNameTheStepsOfTheirWarnings() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/site.yaml", "titel: Typo\n")
        try project.write("Destinations/bergen/index.md", "---\ntitle: Bergen\nlatitude: 91.5\nlongitude: 5.3\n---\n")
        let strict = try project.build(["--strict"])
        #expect(strict.status == 1)
        #expect(strict.standardError.contains("roadtrip: build failed in load-config, load-destinations: 1 error, 1 warning"),
            "\(strict.standardError)")
        let plain = try project.build()
        #expect(plain.standardError.contains("roadtrip: build failed in load-destinations: 1 error, 1 warning"),
            "\(plain.standardError)")
    }

    /// render-pages stages each page as it renders it (OutputStaging); a build that stops after
    /// it — here draw-previews, under --strict, for plan-itinerary's warning about two stops whose
    /// order and dates disagree — removes that staging folder and writes nothing.
    @Test func aBuildStoppedAfterRenderingLeavesNoStagingFolder() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/a/index.md", "---\ntitle: A\nlatitude: 60.39\nlongitude: 5.32\ndate: 2025-06-02\norder: 1\n---\nHi.\n")
        try project.write("Destinations/b/index.md", "---\ntitle: B\nlatitude: 59.9\nlongitude: 10.7\ndate: 2025-06-01\norder: 2\n---\nHo.\n")
        let result = try project.build(["--strict"])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("[10/12] render-pages: 2 destinations"), "\(result.standardOutput)")
        #expect(result.standardError.contains("nothing was written"), "\(result.standardError)")
        let left = try FileManager.default.contentsOfDirectory(atPath: project.root.path).filter { $0.hasPrefix(".roadtrip-staging") }
        #expect(left.isEmpty, "\(left)")
        #expect(!project.exists("Output"))
    }

    /// Output paths that cannot both be written are errors that say which kind of collision
    /// each is: two spellings of a name that differ only in case, and a file standing where
    /// another path needs a folder (a tester saw the latter called a case difference).
    @Test func collidingOutputPathsAreNamedForWhatTheyAre() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/bergen/index.md", Self.bergen)
        try project.write("Themes/default/assets/extra.css", "a {}\n")
        try project.write("Themes/default/assets/Extra.css", "b {}\n")
        try project.write("Themes/default/assets/fonts", "not a folder\n")
        try project.write("Themes/default/assets/Fonts/a.woff2", "font\n")
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains(
            "Output: error: output paths 'assets/Extra.css' and 'assets/extra.css' differ only in case"), "\(result.standardError)")
        #expect(result.standardError.contains(
            "Output: error: the output path 'assets/fonts' is a file, but 'assets/Fonts/a.woff2' needs a folder there"),
            "\(result.standardError)")
        #expect(!project.exists("Output"))
    }

    @Test func aFailedBuildLeavesOutputAsItWas() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/bergen/index.md", Self.bergen)
        #expect(try project.build().status == 0)
        let before = try project.read("Output/bergen/index.html")
        try project.write("Output/CNAME", "trips.example.org\n")

        // Latitude 91.5 on file line 3 (line 1 is the opening fence, line 2 the title).
        try project.write("Destinations/bergen/index.md", "---\ntitle: Bergen\nlatitude: 91.5\nlongitude: 5.3\n---\n")
        try project.write("Destinations/oslo/index.md", "---\ntitle: Oslo\nlatitude: 59.9\nlongitude: east\n---\n")
        let result = try project.build()
        #expect(result.status == 1)
        // Both errors are reported before the build stops.
        #expect(result.standardError.contains("Destinations/bergen/index.md:3:11: error: latitude 91.5 is outside"))
        #expect(result.standardError.contains("Destinations/oslo/index.md:4:12: error: longitude must be a number"))
        #expect(try project.read("Output/bergen/index.html") == before)
        #expect(try project.read("Output/CNAME") == "trips.example.org\n")
    }

    @Test func usageErrorsExitWithStatus2() throws {
        let unknownCommand = try CommandRunner.run(["deploy"])
        #expect(unknownCommand.status == 2)
        #expect(unknownCommand.standardError.contains("unknown command 'deploy'"))
        let unknownFlag = try CommandRunner.run(["build", "--colour"])
        #expect(unknownFlag.status == 2)
        #expect(unknownFlag.standardError.contains("unknown option '--colour'"))
        let help = try CommandRunner.run(["--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("new destination NAME --latitude L --longitude L"))
        let version = try CommandRunner.run(["--version"])
        #expect(version.status == 0)
        #expect(version.standardOutput.hasPrefix("roadtrip 0."))
    }

    @Test func strictTurnsWarningsIntoErrors() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/bergen/index.md", Self.bergen)
        try project.write("Destinations/site.yaml", "title: Trips\ncolour: blue\n")
        let lenient = try project.build()
        #expect(lenient.status == 0)
        #expect(lenient.standardError.contains("Destinations/site.yaml:2:1: warning: unknown key 'colour'"))
        try FileManager.default.removeItem(at: project.output)
        let strict = try project.build(["--strict"])
        #expect(strict.status == 1)
        #expect(!project.exists("Output/index.html"))
    }

    @Test func newDestinationWritesATemplateAndRefusesToOverwrite() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        let created = try CommandRunner.run(
            ["new", "destination", "Tromsø", "--latitude", "69.6492", "--longitude", "18.9553", "--source", project.root.path])
        #expect(created.status == 0, "stderr: \(created.standardError)")
        let text = try project.read("Destinations/tromso/index.md")
        #expect(text.contains("title: \"Tromsø\""))
        #expect(text.contains("latitude: 69.6492"))
        let again = try CommandRunner.run(
            ["new", "destination", "Tromsø", "--latitude", "1", "--longitude", "2", "--source", project.root.path])
        #expect(again.status == 1)
        #expect(try project.read("Destinations/tromso/index.md") == text)
        // The new destination builds.
        #expect(try project.build().status == 0)
    }

    /// `images/` is copied through unchanged, and `image:` shows on the page when it names a file
    /// there; an image that does not exist is a warning and is left out.
    @Test func imagesAreCopiedAndShown() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\"/>\n"
        try project.write("Destinations/bergen/images/harbour view.svg", svg)
        try project.write("Destinations/bergen/index.md", Self.bergen.replacingOccurrences(
            of: "title: Bergen\n", with: "title: Bergen\nimage: images/harbour view.svg\n"))
        try project.write("Destinations/oslo/index.md", "---\ntitle: Oslo\nimage: missing.jpg\nlatitude: 59.9\nlongitude: 10.7\n---\n")
        let result = try project.build()
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(try project.read("Output/bergen/images/harbour view.svg") == svg)
        // The space is percent-encoded in the link (RFC 3986 §2.1).
        #expect(try project.read("Output/bergen/index.html").contains("src=\"../bergen/images/harbour%20view.svg\""))
        #expect(result.standardError.contains("Destinations/oslo/index.md: warning: Oslo: image 'missing.jpg'"))
        #expect(!(try project.read("Output/oslo/index.html")).contains("class=\"hero\""))
    }
}
