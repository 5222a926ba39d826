import Foundation
import Testing

/// Inputs found by trying to break a fresh clone: each must give a precise message, never a crash,
/// and pages that still validate.
@Suite(.serialized) struct RobustnessTests {
    /// One-letter folder names give one-letter slugs; staging their folders once crashed the writer.
    @Test func oneLetterSlugsBuild() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        for name in ["a", "Z", "東"] {
            try project.write("Destinations/\(name)/index.md", "---\ntitle: \(name)\nlatitude: 1\nlongitude: 2\n---\n")
        }
        let result = try project.build()
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(project.exists("Output/a/index.html") && project.exists("Output/z/index.html"))
        #expect(project.exists("Output/東/index.html"))
        // No staging folder is left beside the output.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: project.root.path)
            .filter { $0.hasPrefix(".roadtrip-staging") }
        #expect(leftovers.isEmpty)
    }

    /// A build that stops at load-destinations exits with status 1 every time, never with a
    /// signal: it once returned while another thread was still opening libproj (`dlopen`, started
    /// for fit-maps) and the process crashed in its exit handlers, about one build in forty
    /// (SIGSEGV, status 139 from a shell). 40 builds of a front matter with a repeated key.
    @Test func aBuildThatStopsEarlyExitsWithStatusOneEveryTime() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/bad/index.md", "---\ntitle: A\ntitle: B\nlatitude: 1\nlongitude: 2\n---\n")
        var statuses: [Int32] = []
        for _ in 0..<40 { statuses.append(try project.build(["--quiet"]).status) }
        #expect(statuses.allSatisfy { $0 == 1 }, "\(statuses)")
    }

    /// 40,000 nested lists once overflowed the stack; now it is an error at its position. `deep:` is
    /// file line 5; the front matter's mapping is level 1, so the 512th '[' would open level 513,
    /// and it stands at column 6 ("deep: ") + 512 = 518.
    @Test func deeplyNestedFrontMatterIsAnError() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        let deep = String(repeating: "[", count: 40_000) + String(repeating: "]", count: 40_000)
        try project.write("Destinations/a/index.md", "---\ntitle: A\nlatitude: 1\nlongitude: 2\ndeep: \(deep)\n---\n")
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains("Destinations/a/index.md:5:518: error: nesting deeper than 512 levels"),
                "stderr: \(result.standardError)")
    }

    /// Invalid UTF-8: the byte 0xFF follows "title: A" (8 bytes) on line 2, so column 9.
    @Test func invalidUTF8IsAnErrorAtItsPosition() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        let url = project.root.appendingPathComponent("Destinations/a/index.md")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("---\ntitle: A".utf8 + [0xFF] + Data("\nlatitude: 1\nlongitude: 2\n---\n".utf8)).write(to: url)
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains("Destinations/a/index.md:2:9: error: this is not valid UTF-8 text"))
    }

    /// Control characters (from YAML escapes) and impossible dates must not reach the HTML as
    /// they are: the validator rejects both. The date is a warning at its line and shown as text.
    @Test func controlCharactersAndBadDatesStayOutOfTheHTML() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/a/index.md",
            "---\ntitle: \"Ctl \\e \\x01 end\"\ndate: 2026-13-45\nlatitude: 1\nlongitude: 2\n---\nBody \u{1}.\n")
        let result = try project.build()
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardError.contains("Destinations/a/index.md:3:7: warning: date '2026-13-45' is not a calendar date"))
        let page = try project.read("Output/a/index.html")
        #expect(!page.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" })
        #expect(page.contains("Ctl \u{FFFD} \u{FFFD} end"))
        #expect(!page.contains("datetime=\"2026-13-45\""))
        #expect(page.contains("<p class=\"date\">2026-13-45</p>"))
    }

    /// `new destination`: a reserved name, an out-of-range latitude (bad usage: exit 2) and a
    /// project folder that does not exist are refused; nothing is written.
    @Test func newDestinationRefusesWhatCannotBuild() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        let reserved = try CommandRunner.run(
            ["new", "destination", "Assets", "--latitude", "1", "--longitude", "2", "--source", project.root.path])
        #expect(reserved.status == 1)
        #expect(reserved.standardError.contains("'assets' is reserved"))
        let outOfRange = try CommandRunner.run(
            ["new", "destination", "North", "--latitude", "91", "--longitude", "2", "--source", project.root.path])
        #expect(outOfRange.status == 2)
        #expect(outOfRange.standardError.contains("--latitude must be within -90…90, not 91"))
        let missing = project.root.appendingPathComponent("nowhere").path
        let noProject = try CommandRunner.run(
            ["new", "destination", "North", "--latitude", "1", "--longitude", "2", "--source", missing])
        #expect(noProject.status == 1)
        #expect(!FileManager.default.fileExists(atPath: missing))
        #expect(!project.exists("Destinations/north"))
    }

    /// Bare `roadtrip` is bad usage: usage on standard error, exit 2; a missing project folder is
    /// an error before any stage runs.
    @Test func usageAndMissingProject() throws {
        let bare = try CommandRunner.run([])
        #expect(bare.status == 2 && bare.standardOutput.isEmpty && bare.standardError.contains("usage: roadtrip"))
        let empty = try CommandRunner.run(["build", "--output", ""])
        #expect(empty.status == 2 && empty.standardError.contains("--output needs a non-empty value"))
        let missing = try CommandRunner.run(["build", "--source", "/nonexistent/roadtrip-project"])
        #expect(missing.status == 1 && missing.standardOutput.isEmpty)
        #expect(missing.standardError.contains("the project folder /nonexistent/roadtrip-project does not exist"))
    }

    /// 50,000 nested sections in a theme's partial once overflowed the stack (exit 139), even in
    /// a partial no page uses. One template nests at most 512: the 513th `{{#a}}` on line 1 starts
    /// at column 512 × 6 + 1 = 3,073.
    @Test func deeplyNestedTemplateSectionsAreAnError() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/a/index.md", "---\ntitle: A\nlatitude: 1\nlongitude: 2\n---\n")
        let path = "Themes/default/layouts/partials/deep.mustache"
        try project.write(path, String(repeating: "{{#a}}", count: 50_000) + String(repeating: "{{/a}}", count: 50_000))
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains(
            "\(path):1:3073: error: section 'a' nests deeper than 512 levels of sections, parents and blocks"),
            "stderr: \(result.standardError)")
    }

    /// A plist holding a byte that is not UTF-8 once trapped inside Foundation's `XMLParser`
    /// (exit 132) — in a comment, here: `<plist><!--` is 11 characters, so 0xFF is column 12 of
    /// line 1. Now it is an error there, exit 1, in `Destinations.plist` and in `pois.plist`.
    @Test(arguments: ["Destinations/Destinations.plist", "Destinations/a/pois.plist"])
    func plistByteThatIsNotUTF8IsAnError(path: String) throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/a/index.md", "---\ntitle: A\nlatitude: 1\nlongitude: 2\n---\n")
        try project.write(path, bytes: Array("<plist><!--".utf8) + [0xFF] + Array("--><array/></plist>".utf8))
        let result = try project.build()
        #expect(result.status == 1, "stderr: \(result.standardError)")
        #expect(result.standardError.contains(
            "\(path):1:12: error: not a valid property list: this is not valid UTF-8 text (byte 0xFF)"),
            "stderr: \(result.standardError)")
    }

    /// Bytes that are not valid in the encoding an XML declaration names (0x81 0xFF in Shift_JIS,
    /// found by the gpx fuzz campaign) made libxml2 print "encoding error : input conversion
    /// failed…", "I/O error : encoder error" and "xmlParseChunk: encoder error" on standard error
    /// beside the diagnostic, which only said "not well-formed XML". Now standard error holds only
    /// roadtrip's diagnostics, each at its file's first bad byte, and the build's summary: line 2 is `<gpx version="1.1"><trk><name>`
    /// (30 bytes) then 0x81, so column 31; the plist's line 2 is `<plist><array><string>` (22
    /// bytes) then 0x81, column 23. The same with the log read on the build's worker threads.
    @Test func bytesNotValidInTheDeclaredEncodingAreOneDiagnostic() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/a/index.md", "---\ntitle: A\nlatitude: 1\nlongitude: 2\n---\n")
        let declaration = Array("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n".utf8)
        try project.write("Destinations/a/trips/day.gpx", bytes: declaration
            + Array("<gpx version=\"1.1\"><trk><name>".utf8) + [0x81, 0xFF, 0xFF] + Array("</name></trk></gpx>\n".utf8))
        try project.write("Destinations/a/pois.plist", bytes: declaration
            + Array("<plist><array><string>".utf8) + [0x81, 0xFF] + Array("</string></array></plist>\n".utf8))
        let result = try project.build(["--quiet"])
        #expect(result.status == 1)
        let reason = "these bytes are not valid in the encoding the XML declaration names"
        let lines = result.standardError.split(separator: "\n").map(String.init).sorted()
        #expect(lines == [
            "Destinations/a/pois.plist:2:23: error: not a valid property list: \(reason)",
            "Destinations/a/trips/day.gpx:2:31: error: not well-formed XML: \(reason)",
            "roadtrip: build failed in load-destinations: 2 errors, 0 warnings; nothing was written",
        ], "stderr: \(result.standardError)")
        let stats = try CommandRunner.run(["trip", "stats", project.root.appendingPathComponent("Destinations/a/trips/day.gpx").path])
        #expect(stats.status == 1)
        #expect(stats.standardError.hasSuffix("day.gpx:2:31: error: not well-formed XML: \(reason)\n"),
            "stderr: \(stats.standardError)")
        #expect(stats.standardError.split(separator: "\n").count == 1, "stderr: \(stats.standardError)")
    }

    /// `<?a?>`, a processing instruction without data, once crashed the build (exit 139) even in
    /// a valid plist. Before the root, inside a dict and after the root it is ignored: the build
    /// succeeds and the destination's page lists the POI.
    @Test func plistProcessingInstructionWithoutDataBuilds() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/a/index.md", "---\ntitle: A\nlatitude: 40.7\nlongitude: -74\n---\n")
        try project.write("Destinations/a/pois.plist",
            "<?xml version=\"1.0\"?>\n<?a?>\n<plist version=\"1.0\"><array><dict><?a?><key>Title</key>"
                + "<string>Empire State Building</string><key>Latitude</key><real>40.748433</real>"
                + "<key>Longitude</key><real>-73.985656</real></dict></array></plist>\n<?a?>\n")
        let result = try project.build()
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(try project.read("Output/a/index.html").contains("Empire State Building"))
    }
}

/// Found by a last fresh-clone walkthrough of the README.
@Suite(.serialized) struct CommandLineFollowUpTests {
    /// --base-url is checked like site.yaml's baseURL, but on the command line it is bad usage.
    @Test func badBaseURLIsUsage() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/oslo/index.md", "---\ntitle: Oslo\nlatitude: 59.9\nlongitude: 10.7\n---\n")
        let bad = try project.build(["--base-url", "not a url"])
        #expect(bad.status == 2)
        #expect(bad.standardError == "roadtrip: --base-url 'not a url' has white space or a control character in it; try 'roadtrip build --help'\n")
        #expect(!project.exists("Output/index.html"))
        // An option given twice takes its last value: a bad last value is bad usage; a good one is used.
        let badLast = try project.build(["--base-url", "/trips/", "--base-url", "ftp://x.org/"])
        #expect(badLast.status == 2)
        let goodLast = try project.build(["--base-url", "/a/", "--base-url", "/trips/"])
        #expect(goodLast.status == 0)
        let home = try project.read("Output/index.html")
        #expect(home.contains("href=\"/trips/oslo/\"") && !home.contains("/a/"))
    }

    /// An empty NAME is bad usage (exit 2), like a missing one.
    @Test func emptyDestinationNameIsUsage() throws {
        let result = try CommandRunner.run(["new", "destination", " ", "--latitude", "1", "--longitude", "1"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("new destination needs a NAME"))
    }

    /// `{{title` left open in a layout: the error says the tag is not closed, at the tag's position
    /// (line 2, column 5), without dumping the rest of the template.
    @Test func unclosedTagIsNamed() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/oslo/index.md", "---\ntitle: Oslo\nlatitude: 59.9\nlongitude: 10.7\n---\n")
        try project.write("Themes/default/layouts/404.mustache", "<p>\n<b>{{title\n</b>\n<i>{{site.title}}</i>\n")
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains(
            "Themes/default/layouts/404.mustache:2:4: error: tag 'title' is not closed on its line (a '}}' is missing)"),
            "stderr: \(result.standardError)")
    }
}
