import Foundation
import Testing
import TestTools

/// `roadtrip build` after an edit of prose alone (`BodyEditRebuild`): the page is made from the
/// one the last build wrote, every step between load-destinations and write-output is skipped,
/// and the output and the diagnostics are those of a full build (`--no-cache` into a fresh
/// folder). Every other change runs the steps, and `--verbose` says why.
@Suite struct BodyEditRebuildTests {
    typealias Place = IncrementalBuildTests.Place

    /// `line` of `--verbose`'s "every step runs: …", or `nil` when the steps were skipped.
    static func reasonEveryStepRuns(_ output: CommandRunner.Output) -> String? {
        output.standardOutput.split(separator: "\n").first { $0.contains("every step runs: ") }.map(String.init)
    }

    /// Appends a paragraph to `slug`'s prose (its second: the feed shows only the first), settled.
    static func appendProse(_ project: TemporaryProject, _ slug: String, _ text: String) throws {
        let path = "Destinations/\(slug)/index.md"
        try project.write(path, try project.read(path) + "\n" + text + "\n")
        try IncrementalBuildTests.settle(project, [path])
    }

    /// A prose edit writes one page, reports the skipped steps, and equals a full build; so do
    /// two at once, and a build where nothing changed (nothing written). An edit that is not
    /// settled yet (written a moment ago) is read, and read again by the next build.
    @Test func aProseEditWritesOnlyItsPage() throws {
        let project = try IncrementalBuildTests.builtSite()
        defer { project.remove() }
        try Self.appendProse(project, "bergen", "Fish market at dawn.")
        let output = try IncrementalBuildTests.buildAndCompareOutput(project, "prose of bergen")
        #expect(IncrementalBuildTests.onlyProseChanged(output), "\(output.standardOutput)")
        #expect(output.standardOutput.contains("(1 written, "), "\(output.standardOutput)")
        #expect(output.standardOutput.contains("render-pages: 4 destinations (3 reused), 1 made from the last build's page"))
        #expect(output.standardOutput.contains("[6/12] fit-maps: skipped: as the last build"))
        #expect(try project.read("Output/bergen/index.html").contains("Fish market at dawn."))

        try Self.appendProse(project, "tromso", "Northern lights.")
        try Self.appendProse(project, "alesund", "Art nouveau.")
        let two = try IncrementalBuildTests.buildAndCompareOutput(project, "prose of two")
        #expect(IncrementalBuildTests.onlyProseChanged(two) && two.standardOutput.contains("(2 written, "), "\(two.standardOutput)")

        let nothing = try IncrementalBuildTests.buildAndCompareOutput(project, "nothing changed")
        #expect(nothing.standardOutput.contains("nothing changed since the last build: the steps up to write-output are skipped"))
        #expect(nothing.standardOutput.contains("(0 written, "), "\(nothing.standardOutput)")

        // Written just now: not settled. Read now, and again by the next build, which sees it
        // settled; the one after reads nothing (the --no-cache builds the comparison makes write
        // the shared sources too: plain builds here).
        let path = "Destinations/trondheim/index.md"
        try project.write(path, try project.read(path) + "\nCathedral.\n")
        let fresh = try project.build()
        #expect(IncrementalBuildTests.onlyProseChanged(fresh), "\(fresh.standardOutput)")
        try IncrementalBuildTests.settle(project, [path])
        let again = try project.build()
        #expect(again.standardOutput.contains("(3 reused) — only prose changed"), "\(again.standardOutput)")
        let settled = try IncrementalBuildTests.buildAndCompareOutput(project, "settled")
        #expect(settled.standardOutput.contains("(4 reused) — nothing changed"), "\(settled.standardOutput)")
    }

    /// Each of these runs every step (and `--verbose` says why), and the output still equals a
    /// full build: a new title; a new first paragraph (the feed shows it); a file added beside
    /// `index.md`; `site.yaml` touched; a folder added to `Destinations/`; an output file changed by hand (repaired);
    /// `--strict` when the last build had warnings.
    @Test func everyOtherChangeRunsTheSteps() throws {
        let project = try IncrementalBuildTests.builtSite()
        defer { project.remove() }
        func expectSteps(_ comment: String, because reason: String, arguments: [String] = []) throws {
            let output = try IncrementalBuildTests.buildAndCompareOutput(project, comment, arguments: arguments)
            #expect(!IncrementalBuildTests.onlyProseChanged(output), "\(comment): \(output.standardOutput)")
            #expect(Self.reasonEveryStepRuns(output)?.contains(reason) == true, "\(comment): \(output.standardOutput)")
        }
        let path = "Destinations/bergen/index.md"
        try project.write(path, try project.read(path).replacingOccurrences(of: "title: Bergen", with: "title: Bergen Harbour"))
        try IncrementalBuildTests.settle(project, [path])
        try expectSteps("a new title", because: "changed beyond its prose")

        try project.write(path, try project.read(path).replacingOccurrences(of: "road to bergen", with: "sea to bergen"))
        try IncrementalBuildTests.settle(project, [path])
        try expectSteps("a new first paragraph", because: "its first paragraph")

        try project.write("Destinations/bergen/notes.txt", "not read")
        try Self.appendProse(project, "bergen", "More.")
        try IncrementalBuildTests.settle(project, ["Destinations/bergen/notes.txt"])
        try expectSteps("a file beside index.md", because: "changed beyond its index.md")

        // site.yaml touched (its fingerprint, in the site key, changed): nothing kept applies.
        try IncrementalBuildTests.settle(project, ["Destinations/site.yaml"])
        try Self.appendProse(project, "bergen", "Touched.")
        try expectSteps("site.yaml touched", because: "nothing the last build kept applies")

        let oslo = Place(title: "Oslo", order: 9, day: 20, tags: [], pointCount: 0, latitude: 59.9, longitude: 10.7, words: ["capital"])
        try project.write("Destinations/oslo/index.md", oslo.markdown)
        try IncrementalBuildTests.settle(project, ["Destinations/oslo/index.md"])
        try expectSteps("a new destination", because: "Destinations/ has other names")

        let map = project.output.appendingPathComponent("tromso/map.svg")
        try (try Data(contentsOf: map) + Data("<!-- edited -->".utf8)).write(to: map)
        try Self.appendProse(project, "bergen", "Even more.")
        try expectSteps("an output file edited", because: "not as the last build left it")

        try Self.appendProse(project, "bergen", "Warned.")
        try project.write("Destinations/bergen/pois.json", "[{\"title\": \"Dock\", \"latitude\": \"60.5\", \"longitude\": 5}]")
        try IncrementalBuildTests.settle(project, ["Destinations/bergen/pois.json"])
        _ = try IncrementalBuildTests.buildAndCompareOutput(project, "a warning")
        try Self.appendProse(project, "bergen", "Strict.")
        let strict = try project.build(["--verbose", "--strict"])
        #expect(strict.status == 1)
        #expect(Self.reasonEveryStepRuns(strict)?.contains("--strict") == true, "\(strict.standardOutput)")
    }

    /// The three a tester found, each now running every step, the output a full build's: a title
    /// spelled again in another Unicode form (NFC "Café" → NFD "Cafe\u{301}", equal to Swift's `==`,
    /// not to the pages' bytes), a folder without `index.md` gaining one (it becomes a
    /// destination; the names in `Destinations/` are the same), and a theme that shows no prose
    /// (the old prose's HTML, found once elsewhere in the page, must not be replaced).
    @Test func whatATesterFoundRunsEveryStep() throws {
        let project = try IncrementalBuildTests.builtSite()
        defer { project.remove() }
        let path = "Destinations/bergen/index.md"
        try project.write(path, try project.read(path).replacingOccurrences(of: "title: Bergen", with: "title: Caf\u{E9}"))
        try IncrementalBuildTests.settle(project, [path])
        _ = try IncrementalBuildTests.buildAndCompareOutput(project, "NFC title")
        try project.write(path, try project.read(path).replacingOccurrences(of: "title: Caf\u{E9}", with: "title: Cafe\u{301}") + "\nMore.\n")
        try IncrementalBuildTests.settle(project, [path])
        let nfd = try IncrementalBuildTests.buildAndCompareOutput(project, "NFD title")
        #expect(Self.reasonEveryStepRuns(nfd)?.contains("changed beyond its prose") == true, "\(nfd.standardOutput)")

        try FileManager.default.createDirectory(at: project.root.appendingPathComponent("Destinations/later"), withIntermediateDirectories: true)
        try Self.appendProse(project, "tromso", "Whales.")
        _ = try IncrementalBuildTests.buildAndCompareOutput(project, "a folder without index.md")
        let later = Place(title: "Later", order: 8, day: 21, tags: [], pointCount: 0, latitude: 64, longitude: 9, words: ["later"])
        try project.write("Destinations/later/index.md", later.markdown)
        try IncrementalBuildTests.settle(project, ["Destinations/later/index.md"])
        let gained = try IncrementalBuildTests.buildAndCompareOutput(project, "the folder gains index.md")
        // Why depends on timing: the folder made a moment before the last build was not settled
        // (that build left no snapshot), else its stamp changed.
        #expect(!IncrementalBuildTests.onlyProseChanged(gained), "\(gained.standardOutput)")
        #expect(Self.reasonEveryStepRuns(gained).map {
            $0.contains("Destinations/later changed") || $0.contains("the last build left no record")
        } == true, "\(gained.standardOutput)")
        #expect(FileManager.default.fileExists(atPath: project.output.appendingPathComponent("later/index.html").path))
    }

    /// A theme whose destination page shows no prose: the old prose's HTML (`<h1>Alpha</h1>`) is
    /// also the page's heading, found once; a rebuild must not replace it there.
    @Test func aThemeWithoutProseRunsEveryStep() throws {
        let project = try TemporaryProject(copyingTheme: true)
        defer { project.remove() }
        try project.write("Destinations/site.yaml", IncrementalBuildTests.siteYAML)
        try project.write("Destinations/alpha/index.md", "---\ntitle: Alpha\nlatitude: 60\nlongitude: 5\n---\n\n# Alpha\n")
        let layout = "Themes/default/layouts/destination.mustache"
        try project.write(layout, try project.read(layout).replacingOccurrences(of: "{{{destination.bodyHTML}}}", with: ""))
        try IncrementalBuildTests.settle(project, ["Destinations/site.yaml", "Destinations/alpha/index.md"] + IncrementalBuildTests.files(below: "Themes", of: project))
        _ = try IncrementalBuildTests.buildAndCompareOutput(project, "first build")
        _ = try IncrementalBuildTests.buildAndCompareOutput(project, "again")
        try project.write("Destinations/alpha/index.md", "---\ntitle: Alpha\nlatitude: 60\nlongitude: 5\n---\n\n# Alpha edited\n")
        try IncrementalBuildTests.settle(project, ["Destinations/alpha/index.md"])
        let edited = try IncrementalBuildTests.buildAndCompareOutput(project, "prose edited")
        #expect(!IncrementalBuildTests.onlyProseChanged(edited), "\(edited.standardOutput)")
        #expect(try !project.read("Output/alpha/index.html").contains("Alpha edited"))
    }

    /// Warnings of the skipped steps are reported again, in the same order as a full build's: a
    /// stop arriving before the previous one (plan-itinerary) and a data file with a text latitude
    /// (load-destinations, from the stored record).
    @Test func warningsOfSkippedStepsAreReportedAgain() throws {
        let project = try TemporaryProject(copyingTheme: false)
        defer { project.remove() }
        try project.write("Destinations/site.yaml", IncrementalBuildTests.siteYAML)
        var written = ["Destinations/site.yaml"]
        for (index, name) in ["bergen", "alesund", "trondheim"].enumerated() {
            let place = Place(
                title: name.capitalized, order: index + 1, day: 20 - 5 * index, tags: [], pointCount: 0,
                latitude: 60 + Double(index), longitude: 5, words: ["road", "to", name])
            try project.write("Destinations/\(name)/index.md", place.markdown)
            written.append("Destinations/\(name)/index.md")
        }
        try project.write("Destinations/alesund/pois.json", "[{\"title\": \"Dock\", \"latitude\": \"61.5\", \"longitude\": 5}]")
        written.append("Destinations/alesund/pois.json")
        try IncrementalBuildTests.settle(project, written)
        let first = try IncrementalBuildTests.buildAndCompareOutput(project, "first build")
        let warnings = first.standardError.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(warnings.contains { $0.contains("before the previous stop") }, "\(first.standardError)")
        #expect(warnings.contains { $0.hasPrefix("Destinations/alesund/pois.json") }, "\(first.standardError)")
        try Self.appendProse(project, "trondheim", "Cathedral.")
        let edited = try IncrementalBuildTests.buildAndCompareOutput(project, "prose edit")
        #expect(IncrementalBuildTests.onlyProseChanged(edited), "\(edited.standardOutput)")
        #expect(edited.standardError.split(separator: "\n").filter { $0.contains(": warning: ") } == warnings)
    }

    /// A theme that shows the prose escaped as well (a meta description of it) cannot have the
    /// prose replaced in its page: every step runs, and the output equals a full build.
    @Test func aThemeThatEscapesTheProseRunsTheSteps() throws {
        let project = try IncrementalBuildTests.builtSite(copyingTheme: true)
        defer { project.remove() }
        let layout = "Themes/default/layouts/destination.mustache"
        try project.write(layout, "<!-- {{destination.bodyHTML}} -->\n" + (try project.read(layout)))
        try IncrementalBuildTests.settle(project, [layout])
        _ = try IncrementalBuildTests.buildAndCompareOutput(project, "theme changed")
        try Self.appendProse(project, "bergen", "Fish market.")
        let output = try IncrementalBuildTests.buildAndCompareOutput(project, "prose edit")
        #expect(!IncrementalBuildTests.onlyProseChanged(output), "\(output.standardOutput)")
    }
}
