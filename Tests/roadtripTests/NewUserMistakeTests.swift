import Foundation
import Testing

/// Messages for what new users really get wrong (issue 11, item 8), each through the built
/// binary: the exit status and the diagnostic's exact position and words.
@Suite struct NewUserMistakeTests {
    /// A project whose only destination is `index` (the whole index.md), and `siteYAML` when given.
    func project(index: String, siteYAML: String? = nil) throws -> TemporaryProject {
        let project = try TemporaryProject()
        try project.write("Destinations/bergen/index.md", index)
        if let siteYAML { try project.write("Destinations/site.yaml", siteYAML) }
        return project
    }

    static let bergen = "---\ntitle: Bergen\nlatitude: 60.39\nlongitude: 5.32\n---\nBody.\n"

    /// `timeZone: Europe/Olso` (a typo) is an error at line 2, column 11, and nothing is built —
    /// not a warning followed by a site in UTC.
    @Test func unknownTimeZoneStopsTheBuild() throws {
        let project = try project(index: Self.bergen, siteYAML: "title: Trips\ntimeZone: Europe/Olso\n")
        defer { project.remove() }
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains(
            "Destinations/site.yaml:2:11: error: timeZone 'Europe/Olso' is not an IANA time zone name"))
        #expect(!result.standardError.contains("using UTC"))
        #expect(!project.exists("Output/index.html"))
    }

    /// Front matter the way Jekyll's and Hugo's users write it, each an error at its line:
    /// a blank line before `---` (the fence is on line 2), TOML between `+++`, JSON in braces.
    @Test(arguments: [
        ("\n---\ntitle: Bergen\nlatitude: 60.39\nlongitude: 5.32\n---\nBody.\n", "2:1", "delete the 1 blank line above it"),
        ("+++\ntitle = \"Bergen\"\nlatitude = 60.39\nlongitude = 5.32\n+++\nBody.\n", "1:1", "this is TOML between `+++` lines"),
        ("{\n  \"title\": \"Bergen\", \"latitude\": 60.39, \"longitude\": 5.32\n}\nBody.\n", "1:1", "this looks like JSON"),
    ])
    func frontMatterNotRecognised(index: String, position: String, hint: String) throws {
        let project = try project(index: index)
        defer { project.remove() }
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains(
            "Destinations/bergen/index.md:\(position): error: front matter not recognised: roadtrip reads YAML between `---` lines"),
            "\(result.standardError)")
        #expect(result.standardError.contains(hint))
        #expect(!result.standardError.contains("needs a location"))
    }

    /// A file with no front matter at all is all body; the error is the missing location, and it
    /// says how front matter starts.
    @Test func noFrontMatterSaysHowToStartIt() throws {
        let project = try project(index: "# Bergen\n\nA city on the west coast.\n")
        defer { project.remove() }
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains(
            "Destinations/bergen/index.md:1:1: error: a destination needs a location: latitude and longitude missing; "
                + "this file has no front matter: start it with a line `---`"))
    }

    /// `index.md`, `site.yaml`, `pois.json` or `Destinations.plist` made as a folder: "this is a
    /// directory, not a file", never Foundation's "NSCocoaErrorDomain error 256"; a folder
    /// called site.yaml is not also warned about as a destination without index.md.
    @Test(arguments: ["Destinations/bergen/index.md", "Destinations/site.yaml", "Destinations/bergen/pois.json",
                      "Destinations/Destinations.plist"])
    func aFolderWhereAFileBelongs(path: String) throws {
        let project = try project(index: Self.bergen)
        defer { project.remove() }
        let folder = project.root.appendingPathComponent(path)
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains("\(path): error: this is a directory, not a file"), "\(result.standardError)")
        #expect(!result.standardError.contains("NSCocoaErrorDomain"))
        #expect(!result.standardError.contains("folder has no index.md"))
    }

    /// The classic app's binary `Destinations.plist` (the 783-byte fixture) and a binary
    /// `pois.plist`, cut to 400 bytes as an interrupted copy leaves them: "truncated binary
    /// property list", not "Unexpected character b at line 1".
    @Test(arguments: ["Destinations/Destinations.plist", "Destinations/bergen/pois.plist"])
    func truncatedBinaryPlist(path: String) throws {
        let project = try project(index: Self.bergen)
        defer { project.remove() }
        let fixture = CommandRunner.packageRoot.appendingPathComponent(
            "Tests/RoadTripKitTests/Fixtures/content/Destinations-binary.plist")
        try Data(try Data(contentsOf: fixture).prefix(400)).write(to: project.root.appendingPathComponent(path))
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains("\(path): error: truncated or damaged binary property list: 400 bytes"), "\(result.standardError)")
        #expect(!result.standardError.contains("Unexpected character"))
    }

    /// An overridden card partial that includes itself on its last line names itself at that
    /// line and the tag's column (`<li>` before it: column 5); two partials that include each
    /// other are named with the chain.
    @Test func partialThatIncludesItself() throws {
        let project = try project(index: Self.bergen)
        defer { project.remove() }
        let card = "Themes/default/layouts/partials/card.mustache"
        let original = try project.read(card)
        try project.write(card, original + "<li>{{>partials/card}}\n")
        let line = original.split(separator: "\n", omittingEmptySubsequences: false).count
        let result = try project.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains(
            "\(card):\(line):5: error: partial 'partials/card' includes itself without end"), "\(result.standardError)")

        try project.write(card, original.replacingOccurrences(of: "<li class=\"card\">", with: "<li class=\"card\">{{>partials/pin}}"))
        try project.write("Themes/default/layouts/partials/pin.mustache", "<b>\n{{>partials/card}}</b>\n")
        let cycle = try project.build()
        #expect(cycle.status == 1)
        #expect(cycle.standardError.contains("partials include each other without end: partials/card → partials/pin → partials/card"),
                "\(cycle.standardError)")
    }

    /// "Ålesund" as NFC (Å = U+00C5) and as NFD (A + U+030A): two folders on Linux that print the
    /// same; the error says they differ only in normalisation and names both forms.
    @Test func foldersDifferingOnlyInNormalisation() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        let nfc = "\u{00C5}lesund", nfd = "A\u{030A}lesund"
        let text = "---\ntitle: Ålesund\nlatitude: 62.47\nlongitude: 6.15\n---\n"
        try project.write("Destinations/\(nfc)/index.md", text)
        let destinations = project.root.appendingPathComponent("Destinations")
        try FileManager.default.createDirectory(atPath: destinations.path + "/" + nfd, withIntermediateDirectories: true)
        guard try FileManager.default.contentsOfDirectory(atPath: destinations.path).count == 2 else {
            print("skipped: this file system stores NFC and NFD names as one folder")
            return
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: destinations.path + "/" + nfd + "/index.md"))
        let result = try project.build()
        #expect(result.status == 1)
        let error = result.standardError
        #expect(error.contains("have the same name in different Unicode normalisation forms"), "\(error)")
        #expect(error.contains("(NFC)") && error.contains("(NFD)"))
        #expect(error.contains("U+0041 U+030A") && error.contains("U+00C5"))
        #expect(error.contains("so both would be alesund/"))
        #expect(!project.exists("Output/index.html"))
    }

    /// `roadtrip new destination` with a 300-character name: the folder is the 75-byte slug cut
    /// at a word boundary (see SlugTests for the arithmetic), the title stays whole, and the
    /// project builds with it.
    @Test func veryLongNewDestinationName() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        let name = String(String(repeating: "Grand Canyon Village ", count: 15).prefix(300))
        #expect(name.count == 300)
        let created = try CommandRunner.run([
            "new", "destination", name, "--latitude", "36.0544", "--longitude", "-112.1401", "--source", project.root.path,
        ])
        #expect(created.status == 0, "\(created.standardError)")
        let slug = String(repeating: "grand-canyon-village-", count: 3) + "grand-canyon"
        #expect(created.standardOutput.contains("Destinations/\(slug)/index.md"))
        // The name ends "… Grand " (14 × 21 + 6 characters); the title is the name trimmed.
        #expect(try project.read("Destinations/\(slug)/index.md").contains("title: \"\(name.dropLast())\"\n"))
        let result = try project.build()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(project.exists("Output/\(slug)/index.html"))
    }

    /// A POI latitude written as text, "60.39", in front matter `pois:` and in `pois.json`: the
    /// same rule (read as the number, with a warning) and the same words, each at its value (its
    /// opening quote; columns from Python's `line.index('"60') + 1`): line 6, column 33 of
    /// index.md and line 2, column 38 of pois.json (ø counts as one). Non-numeric text is an error
    /// in both, with one wording (columns 33 and 29 by the same count). The destination's own
    /// latitude follows the same rule.
    @Test func latitudeAsTextIsOneRule() throws {
        let project = try project(index: """
            ---
            title: Bergen
            latitude: "60.39"
            longitude: 5.32
            pois:
              - { title: Bryggen, latitude: "60.39745", longitude: 5.32386 }
            ---
            Body.

            """)
        defer { project.remove() }
        try project.write("Destinations/bergen/pois.json", """
            [
              {"title": "Fløibanen", "latitude": "60.39621", "longitude": 5.32838}
            ]
            """)
        let result = try project.build()
        #expect(result.status == 0, "\(result.standardError)")
        let warnings = result.standardError.split(separator: "\n").map(String.init)
        #expect(warnings.contains("Destinations/bergen/index.md:3:11: warning: latitude is the text '60.39'; read as the number 60.39"))
        #expect(warnings.contains(
            "Destinations/bergen/index.md:6:33: warning: POI 1: latitude is the text '60.39745'; read as the number 60.39745"))
        #expect(warnings.contains(
            "Destinations/bergen/pois.json:2:38: warning: POI 1: latitude is the text '60.39621'; read as the number 60.39621"))
        let geojson = try project.read("Output/bergen/annotations.geojson")
        #expect(geojson.contains("[5.32386,60.39745]") && geojson.contains("[5.32838,60.39621]"))

        try project.write("Destinations/bergen/index.md", Self.bergen.replacingOccurrences(
            of: "longitude: 5.32\n", with: "longitude: 5.32\npois:\n  - { title: Bryggen, latitude: \"sixty\", longitude: 5.32386 }\n"))
        try project.write("Destinations/bergen/pois.json", "[{\"title\": \"B\", \"latitude\": \"sixty\", \"longitude\": 5.3}]")
        let bad = try project.build()
        #expect(bad.status == 1)
        #expect(bad.standardError.contains(
            "Destinations/bergen/index.md:6:33: error: POI 1: latitude must be a number of degrees, not 'sixty'"), "\(bad.standardError)")
        #expect(bad.standardError.contains(
            "Destinations/bergen/pois.json:1:29: error: POI 1: latitude must be a number of degrees, not 'sixty'"))
    }
}
