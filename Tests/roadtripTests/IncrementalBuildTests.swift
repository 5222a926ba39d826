import Foundation
import Testing
import TestTools

/// `roadtrip build`'s stored build (`.roadtrip-cache/build/`): a rebuild reuses the pages of the
/// destinations nothing changed for, and its output is always byte for byte that of a full build
/// (`--no-cache` into a fresh folder) — after random edits, renames, deletions and additions,
/// after a change of `site.yaml` or of the theme, after the output was tampered with, and with a
/// corrupt stored file.
@Suite struct IncrementalBuildTests {
    /// One destination as the test writes it.
    struct Place {
        var title: String
        var order: Int
        var day: Int
        var tags: [String]
        var pointCount: Int
        var latitude: Double
        var longitude: Double
        var words: [String]
        /// A second paragraph of prose (the feed's summary is the first), none when empty.
        var moreWords: [String] = []
        var subtitle: String?
        /// The named trip (`trip:`) the destination is on, else the main one.
        var trip: String?

        var markdown: String {
            let pois = (0..<pointCount).map { index in
                "  - { title: Stop \(index), latitude: \(latitude + 0.01 * Double(index + 1)), longitude: \(longitude) }"
            }
            return """
                ---
                title: \(title)
                latitude: \(latitude)
                longitude: \(longitude)
                order: \(order)
                date: 2025-06-\(String(format: "%02d", day))
                tags: [\(tags.joined(separator: ", "))]
                \(pointCount > 0 ? "pois:\n" + pois.joined(separator: "\n") : "")
                \(subtitle.map { "subtitle: " + $0 } ?? "")
                \(trip.map { "trip: " + $0 } ?? "")
                ---

                \(words.joined(separator: " ")).
                \(moreWords.isEmpty ? "" : "\n" + moreWords.joined(separator: " ") + ".\n")
                """
        }
    }

    /// Sets the modification time of `paths` (relative to the project) a minute back, so that the
    /// build takes them as settled (`SourceFingerprint.isSettled`: a file modified within the last
    /// 50 ms, or 2 s for a whole-second time, is not trusted to stay as read, and what was made from it is not stored). Their
    /// status-change time still moves, so the build still sees them as changed.
    static func settle(_ project: TemporaryProject, _ paths: [String]) throws {
        let past = Date().addingTimeInterval(-60)
        for path in paths {
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: project.root.appendingPathComponent(path).path)
        }
    }

    /// Every file below `folder` of the project, relative to the project root.
    static func files(below folder: String, of project: TemporaryProject) -> [String] {
        let base = project.root.appendingPathComponent(folder)
        let names = (FileManager.default.enumerator(atPath: base.path)?.allObjects as? [String]) ?? []
        return names.filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: base.appendingPathComponent(name).path, isDirectory: &isFolder) && !isFolder.boolValue
        }.map { folder + "/" + $0 }
    }

    /// How many destinations render-pages reused, from its progress line.
    static func reused(_ output: CommandRunner.Output) -> Int? {
        guard let line = output.standardOutput.split(separator: "\n").first(where: { $0.contains("render-pages:") }),
              let match = line.firstMatch(of: /\((\d+) reused/)
        else { return nil }
        return Int(match.1)
    }

    /// The site-wide groups render-pages rendered (`SiteFileGroup`'s names, and `home`), sorted,
    /// from the line `--verbose` adds: `site-wide groups rendered: feed, other`.
    static func siteGroupsRendered(_ output: CommandRunner.Output) -> [String]? {
        guard let line = output.standardOutput.split(separator: "\n").first(where: { $0.contains("site-wide groups rendered: ") }),
              let list = line.split(separator: ": ", maxSplits: 1).last
        else { return nil }
        return list == "none" ? [] : list.split(separator: ", ").map(String.init)
    }

    /// Whether the build made the pages whose prose alone changed from their last files and
    /// skipped the other steps (`BodyEditRebuild`), from load-destinations' progress line.
    static func onlyProseChanged(_ output: CommandRunner.Output) -> Bool {
        output.standardOutput.contains("only prose changed since the last build: the steps up to write-output are skipped")
    }

    /// How many destinations load-destinations read back from the stored build instead of
    /// parsing them, from its progress line.
    static func loadsReused(_ output: CommandRunner.Output) -> Int? {
        guard let line = output.standardOutput.split(separator: "\n").first(where: { $0.contains("load-destinations:") }),
              let match = line.firstMatch(of: /\((\d+) reused\)/)
        else { return nil }
        return Int(match.1)
    }

    /// The diagnostics a build reported about the sources (the lines of its standard error that
    /// name a file of `Destinations/`), in order.
    static func sourceDiagnostics(_ output: CommandRunner.Output) -> [Substring] {
        output.standardError.split(separator: "\n").filter { $0.hasPrefix("Destinations/") }
    }

    /// Builds `project` into its `Output/` (reusing what it can), then with `--no-cache` into a
    /// fresh folder, and expects the two trees to be identical, and the diagnostics about the
    /// sources to be the same (those of a source read back are reported again); returns how many
    /// destinations the first build reused.
    @discardableResult
    static func buildAndCompare(_ project: TemporaryProject, _ comment: String) throws -> Int {
        try buildAndCompareLoads(project, comment).rendering
    }

    /// ``buildAndCompare(_:_:)``, also returning how many destinations the first build's
    /// load-destinations read back.
    static func buildAndCompareLoads(_ project: TemporaryProject, _ comment: String) throws -> (rendering: Int, loading: Int) {
        let incremental = try buildAndCompareOutput(project, comment)
        return (reused(incremental) ?? -1, loadsReused(incremental) ?? -1)
    }

    /// ``buildAndCompare(_:_:)`` with `--verbose`, and `arguments` for both builds, returning the
    /// incremental build's output.
    static func buildAndCompareOutput(
        _ project: TemporaryProject, _ comment: String, arguments: [String] = []
    ) throws -> CommandRunner.Output {
        let incremental = try project.build(["--verbose"] + arguments)
        #expect(incremental.status == 0, "\(comment): \(incremental.standardError)")
        let reference = project.root.appendingPathComponent("reference-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: reference) }
        let full = try project.build(["--no-cache", "--output", reference.path] + arguments)
        #expect(full.status == 0, "\(comment): \(full.standardError)")
        #expect(reused(full) == 0, "\(comment): --no-cache reused nothing")
        #expect(loadsReused(full) == 0, "\(comment): --no-cache read no source back")
        #expect(sourceDiagnostics(incremental) == sourceDiagnostics(full), "\(comment): \(incremental.standardError)")
        let built = try FolderSnapshot(project.output), expected = try FolderSnapshot(reference)
        #expect(built == expected, "\(comment): differs in \(built.differences(from: expected).prefix(8))")
        return incremental
    }

    /// Builds `project` expecting an error about `path`, incrementally and with `--no-cache`: both
    /// fail with the same diagnostics.
    static func buildExpectingFailure(_ project: TemporaryProject, about path: String, _ comment: String) throws {
        let incremental = try project.build()
        let reference = project.root.appendingPathComponent("reference-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: reference) }
        let full = try project.build(["--no-cache", "--output", reference.path])
        #expect(incremental.status == 1 && full.status == 1, "\(comment)")
        #expect(sourceDiagnostics(incremental).contains { $0.hasPrefix(path + ":") }, "\(comment): \(incremental.standardError)")
        #expect(sourceDiagnostics(incremental) == sourceDiagnostics(full), "\(comment): \(incremental.standardError)")
    }

    static let siteYAML = "title: Incremental\nmap:\n  offlineBasemap: false\n"

    /// 40 random steps on a site of 8 destinations (a third of them on the named trip "Coast
    /// Road"), each one of: new prose (first paragraph, which the feed shows, or second, which
    /// no site-wide file shows: the page is then made from its last file, every other step
    /// skipped), a new title, a new subtitle, a new
    /// order (the destination moves in the home page's order, changing its neighbours' pagers), a
    /// new date, new tags, a tag renamed, a point of interest more or fewer, new coordinates, the
    /// folder renamed (the slug changes), the destination deleted, one added, its `pois.json` written (a data file
    /// whose latitude is text: read with a warning, which a source read back reports again), or
    /// its latitude broken (the build fails, incrementally as in full, with the same error) and
    /// mended. After every step the incremental
    /// build equals a full one; and the steps do reuse pages (most steps touch one destination
    /// and its two neighbours, a tag change or an order change more), so the test cannot pass by
    /// rendering everything; only a step that changed the second paragraph skips the steps.
    @Test func randomEditsKeepTheOutputIdenticalToAFullBuild() throws {
        let project = try TemporaryProject(copyingTheme: false)
        defer { project.remove() }
        var random = SplitMix64(seed: 2025)
        let vocabulary = ["ferry", "ridge", "river", "harbour", "glacier", "bridge", "market", "lighthouse", "fjord", "valley"]
        func words() -> [String] { (0..<(20 + Int.random(in: 0..<20, using: &random))).map { _ in vocabulary.randomElement(using: &random)! } }
        func tags() -> [String] { Array(["coast", "city", "hike", "food"].shuffled(using: &random).prefix(Int.random(in: 0...2, using: &random))) }
        var places: [String: Place] = [:]
        var nextNumber = 0
        func newPlace() -> (String, Place) {
            nextNumber += 1
            let place = Place(
                title: "Place \(nextNumber)", order: Int.random(in: 1...50, using: &random), day: Int.random(in: 1...28, using: &random),
                tags: tags(), pointCount: Int.random(in: 0...3, using: &random),
                latitude: Double(Int.random(in: 55_000...65_000, using: &random)) / 1000,
                longitude: Double(Int.random(in: 4_000...12_000, using: &random)) / 1000, words: words(), moreWords: words(),
                trip: Int.random(in: 0..<3, using: &random) == 0 ? "Coast Road" : nil)
            return ("place-\(nextNumber)", place)
        }
        func write(_ slug: String) throws -> String {
            let path = "Destinations/\(slug)/index.md"
            try project.write(path, places[slug]!.markdown)
            return path
        }
        try project.write("Destinations/site.yaml", Self.siteYAML)
        var written = ["Destinations/site.yaml"]
        for _ in 0..<8 {
            let (slug, place) = newPlace()
            places[slug] = place
            written.append(try write(slug))
        }
        try Self.settle(project, written)
        #expect(try Self.buildAndCompare(project, "first build") == 0)

        var reusedTotal = 0, renderedTotal = 0, loadsReusedTotal = 0, proseOnlySteps = 0
        for step in 1...40 {
            let slug = places.keys.sorted().randomElement(using: &random)!
            let operation = Int.random(in: 0..<15, using: &random)
            var edited: [String] = []
            switch operation {
            case 0: places[slug]!.words = words()
            case 12: places[slug]!.moreWords = words()
            case 13: places[slug]!.subtitle = "Subtitle \(step)"
            case 14:
                // One of its tags renamed (or one added when it has none).
                let renamed = "tag\(step)"
                if places[slug]!.tags.isEmpty { places[slug]!.tags = [renamed] } else { places[slug]!.tags[0] = renamed }
            case 1: places[slug]!.title += " again"
            case 2: places[slug]!.order = Int.random(in: 1...50, using: &random)
            case 3: places[slug]!.day = Int.random(in: 1...28, using: &random)
            case 4: places[slug]!.tags = tags()
            case 5: places[slug]!.pointCount = (places[slug]!.pointCount + 1) % 4
            case 6: places[slug]!.latitude += 0.125
            case 7:
                let (renamed, _) = newPlace()
                try FileManager.default.moveItem(
                    at: project.root.appendingPathComponent("Destinations/\(slug)"),
                    to: project.root.appendingPathComponent("Destinations/\(renamed)"))
                places[renamed] = places.removeValue(forKey: slug)
            case 8 where places.count > 2:
                try FileManager.default.removeItem(at: project.root.appendingPathComponent("Destinations/\(slug)"))
                places[slug] = nil
            case 10:
                let path = "Destinations/\(slug)/pois.json"
                let latitude = places[slug]!.latitude + Double(step) / 1000
                try project.write(path, "[{\"title\": \"Dock \(step)\", \"latitude\": \"\(latitude)\", \"longitude\": \(places[slug]!.longitude)}]\n")
                edited.append(path)
            case 11:
                let path = try write(slug)
                try project.write(path, places[slug]!.markdown.replacingOccurrences(of: "latitude: \(places[slug]!.latitude)\n", with: "latitude: north\n"))
                try Self.settle(project, [path])
                try Self.buildExpectingFailure(project, about: path, "step \(step) (\(slug) broken)")
                edited.append(try write(slug))
            default:
                let (added, place) = newPlace()
                places[added] = place
                edited.append(try write(added))
            }
            if (0...6).contains(operation) || (12...14).contains(operation) { edited.append(try write(slug)) }
            try Self.settle(project, edited)
            let output = try Self.buildAndCompareOutput(project, "step \(step) (operation \(operation) on \(slug))")
            // An edit that changed nothing (a new day equal to the old one) skips the steps too.
            let skipped = Self.onlyProseChanged(output)
            let (reused, loadsReused) = (Self.reused(output) ?? -1, Self.loadsReused(output) ?? -1)
            if operation == 12 {
                // The second paragraph of the prose shows on the destination's page only: the
                // page is made from its last file with the new prose, every other step skipped.
                #expect(Self.onlyProseChanged(output), "step \(step): \(output.standardOutput)")
                proseOnlySteps += 1
            } else {
                #expect(!skipped || output.standardOutput.contains("(0 written, "), "step \(step): \(output.standardOutput)")
            }
            #expect(reused >= 0 && reused <= places.count)
            // Every source but the one edited, added or renamed (a new source path) is read back.
            let parsed = operation == 7 ? 1 : min(edited.count, 1)
            #expect(loadsReused == places.count - parsed, "step \(step) (operation \(operation))")
            reusedTotal += reused
            loadsReusedTotal += loadsReused
            renderedTotal += places.count
        }
        #expect(loadsReusedTotal * 2 > renderedTotal, "read back \(loadsReusedTotal) of \(renderedTotal)")
        #expect(proseOnlySteps > 0, "the sequence has a prose-only edit")
        // Most steps change one destination and its neighbours' pagers: well over half the
        // pages are reused over the sequence (a build that reused nothing would give 0).
        #expect(reusedTotal * 2 > renderedTotal, "reused \(reusedTotal) of \(renderedTotal)")
    }

    /// A folder destination's `image:` may name a dotfile (`images/.cover.svg`), which the
    /// folder's fingerprint leaves out (editors' swap files are dotfiles): an edit of it (same
    /// size, settled) still renders the page again and publishes the new bytes — also one whose
    /// modification time is then put back exactly (`touch -r`: only the status-change time tells;
    /// a tester's build kept publishing the old bytes, as the image's status-change time was left out).
    @Test func anEditedDotfileImageIsPublished() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        let svg = { (colour: String) in "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\"><rect width=\"4\" height=\"4\" fill=\"\(colour)\"/></svg>\n" }
        try project.write(
            "Destinations/bergen/index.md",
            "---\ntitle: Bergen\nlatitude: 60.3913\nlongitude: 5.3221\nimage: images/.cover.svg\n---\nRain.\n")
        try project.write("Destinations/bergen/images/.cover.svg", svg("red"))
        try Self.settle(project, ["Destinations/bergen/index.md", "Destinations/bergen/images/.cover.svg"])
        let first = try project.build()
        #expect(first.status == 0, "\(first.standardError)")
        let published = project.output.appendingPathComponent("bergen/images/.cover.svg")
        #expect(try String(contentsOf: published, encoding: .utf8) == svg("red"))
        try project.write("Destinations/bergen/images/.cover.svg", svg("tan"))  // the same size as "red"
        try Self.settle(project, ["Destinations/bergen/images/.cover.svg"])
        let edited = try project.build()
        #expect(edited.status == 0, "\(edited.standardError)")
        #expect(try String(contentsOf: published, encoding: .utf8) == svg("tan"))
        let cover = project.root.appendingPathComponent("Destinations/bergen/images/.cover.svg")
        let modified = try FileManager.default.attributesOfItem(atPath: cover.path)[.modificationDate] as! Date
        try project.write("Destinations/bergen/images/.cover.svg", svg("red"))
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: cover.path)
        let restored = try project.build()
        #expect(restored.status == 0, "\(restored.standardError)")
        #expect(try String(contentsOf: published, encoding: .utf8) == svg("red"))
        try Self.buildAndCompare(project, "the end")
    }

    /// A destination's output folder replaced by a symbolic link to where its files went (the same
    /// files, the same stamps) is not kept: the incremental build fails as a `--no-cache` build
    /// does, refusing to replace a link it did not make, and writes nothing through it.
    @Test func aSymbolicallyLinkedOutputFolderIsNotKept() throws {
        let project = try Self.builtSite()
        defer { project.remove() }
        let elsewhere = project.root.appendingPathComponent("bergen-elsewhere")
        try FileManager.default.moveItem(at: project.output.appendingPathComponent("bergen"), to: elsewhere)
        try FileManager.default.createSymbolicLink(at: project.output.appendingPathComponent("bergen"), withDestinationURL: elsewhere)
        let before = try FolderSnapshot(elsewhere)
        let incremental = try project.build()
        let full = try project.build(["--no-cache"])
        #expect(incremental.status == 1 && full.status == 1, "\(incremental.standardError)")
        #expect(incremental.standardError.contains("'bergen' is a file or symbolic link roadtrip did not write"), "\(incremental.standardError)")
        #expect(try FolderSnapshot(elsewhere) == before)
    }

    /// A destination folder renamed between Unicode spellings (`Ålesund` composed, then
    /// decomposed, as `convmv --nfd` renames it) is a new source: Swift compares the two paths
    /// as equal strings, and the folder's fingerprint is the same (its entries are relative to
    /// it), but its files are at other bytes on disk. The build reads it again — a tester's build
    /// read back the record of the old spelling and failed to copy its image from a path that no
    /// longer existed — and the output equals a full build's.
    @Test func aFolderRenamedToAnotherUnicodeSpellingIsReadAgain() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        let composed = "\u{C5}lesund", decomposed = "A\u{30A}lesund"
        try project.write(
            "Destinations/\(composed)/index.md",
            "---\ntitle: Ålesund\nlatitude: 62.4722\nlongitude: 6.1495\nimage: images/cover.svg\n---\nArt nouveau.\n")
        try project.write(
            "Destinations/\(composed)/images/cover.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\"><rect width=\"4\" height=\"4\"/></svg>\n")
        try Self.settle(project, ["Destinations/\(composed)/index.md", "Destinations/\(composed)/images/cover.svg"])
        #expect(try Self.buildAndCompare(project, "first build") == 0)
        let destinations = project.root.appendingPathComponent("Destinations")
        try FileManager.default.moveItem(
            atPath: destinations.path + "/" + composed, toPath: destinations.path + "/" + decomposed)
        #expect(try FileManager.default.contentsOfDirectory(atPath: destinations.path).map { Array($0.utf8) }
                    .contains(Array(decomposed.utf8)))
        let renamed = try Self.buildAndCompareLoads(project, "renamed to NFD")
        #expect(renamed.loading == 0)
    }

    /// The site-wide groups (`SiteFileGroup`: overview map, `destinations.geojson`, feed, book,
    /// each itinerary's files, each tag's page, the index of tags; and the home page) are rendered
    /// again only when what they show changed. Four destinations: Bergen (tags coast, food) and
    /// Ålesund (coast) on the named trip "Coast Road", Trondheim (city) and Tromsø on the main
    /// trip. After each edit, the output equals a full build's, and the groups rendered are
    /// exactly those whose files show what was edited (read from the renderers: the feed shows
    /// the first paragraph, no site-wide file the second; a tag page its members' titles,
    /// subtitles and coordinates; the book each destination's title, subtitle and place on its
    /// itinerary; …). `other` (404 page, sitemap) is rendered every time.
    @Test func siteWideFilesAreRenderedAgainOnlyWhenWhatTheyShowChanged() throws {
        let project = try TemporaryProject(copyingTheme: false)
        defer { project.remove() }
        try project.write("Destinations/site.yaml", Self.siteYAML)
        var places = [
            "bergen": Place(
                title: "Bergen", order: 1, day: 10, tags: ["coast", "food"], pointCount: 1, latitude: 60.39, longitude: 5.32,
                words: ["fish", "market"], moreWords: ["rain", "again"], trip: "Coast Road"),
            "alesund": Place(
                title: "Alesund", order: 2, day: 11, tags: ["coast"], pointCount: 0, latitude: 62.47, longitude: 6.15,
                words: ["art", "nouveau"], moreWords: ["ferry"], trip: "Coast Road"),
            "trondheim": Place(
                title: "Trondheim", order: 3, day: 12, tags: ["city"], pointCount: 2, latitude: 63.43, longitude: 10.39,
                words: ["cathedral"], moreWords: ["bridge"]),
            "tromso": Place(
                title: "Tromso", order: 4, day: 13, tags: [], pointCount: 0, latitude: 69.65, longitude: 18.96,
                words: ["midnight", "sun"], moreWords: ["cable", "car"]),
        ]
        func write(_ slug: String) throws {
            let path = "Destinations/\(slug)/index.md"
            if let place = places[slug] { try project.write(path, place.markdown) } else {
                try FileManager.default.removeItem(at: project.root.appendingPathComponent("Destinations/\(slug)"))
                return
            }
            try Self.settle(project, [path])
        }
        for slug in places.keys { try write(slug) }
        try Self.settle(project, ["Destinations/site.yaml"])
        let all = [
            "book", "destinations.geojson", "feed", "home", "itinerary/", "itinerary/coast-road", "other", "overview",
            "tag/city", "tag/coast", "tag/food", "tags",
        ]
        /// Applies `edit` to `slug`, builds, compares with a full build, and returns the groups rendered.
        func step(_ slug: String, _ comment: String, _ edit: (inout Place?) -> Void) throws -> [String] {
            edit(&places[slug])
            try write(slug)
            let output = try Self.buildAndCompareOutput(project, comment)
            // Nothing, or only the prose, changed: the steps up to write-output are skipped.
            if output.standardOutput.contains("the steps up to write-output are skipped") { return ["skipped"] }
            return Self.siteGroupsRendered(output) ?? ["no line in \(output.standardOutput)"]
        }
        #expect(try step("bergen", "first build") { _ in } == all)
        #expect(try step("bergen", "nothing changed") { _ in } == ["skipped"])
        // The second paragraph: the destination's own page only, made from its last file.
        #expect(try step("bergen", "second paragraph") { $0!.moreWords = ["sunshine"] } == ["skipped"])
        #expect(try project.read("Output/bergen/index.html").contains("sunshine"))
        // The first paragraph is the feed's summary of the entry.
        #expect(try step("bergen", "first paragraph") { $0!.words = ["fish", "soup"] } == ["feed", "other"])
        #expect(try project.read("Output/feed.xml").contains("fish soup"))

        // A title shows nearly everywhere, but not on the main trip's files nor the city tag's page.
        #expect(try step("bergen", "title") { $0!.title = "Bergen Harbour" } == [
            "book", "destinations.geojson", "feed", "home", "itinerary/coast-road", "other", "overview", "tag/coast",
            "tag/food", "tags",
        ])
        for path in [
            "index.html", "map.svg", "destinations.geojson", "feed.xml", "book/index.html", "tags/coast/index.html", "tags/coast/map.svg", "tags/food/index.html", "itineraries/coast-road/index.html",
            "itineraries/coast-road/itinerary.gpx",
        ] {
            #expect(try project.read("Output/" + path).contains("Bergen Harbour"), "\(path)")
        }
        #expect(try !project.read("Output/tags/city/index.html").contains("Bergen"))
        // (The default theme's index of tags shows names and counts, but its template value lists
        // each tag's destinations, which a project's own theme may show: its key holds them.)

        // A subtitle: pins, cards, the book, the tag pages' lists, the trip's map; not the feed,
        // whose summary is the first paragraph.
        #expect(try step("trondheim", "subtitle") { $0!.subtitle = "Nidaros" } == [
            "book", "destinations.geojson", "home", "itinerary/", "other", "overview", "tag/city", "tags",
        ])
        #expect(try project.read("Output/map.svg").contains("Nidaros"))
        #expect(try project.read("Output/tags/city/index.html").contains("Nidaros"))

        // A coordinate: the maps, the GeoJSON, the feed's point, the main trip's legs (and so the
        // book's "… km from Trondheim"); not the tag pages (Tromsø has no tag).
        #expect(try step("tromso", "coordinate") { $0!.latitude = 69.15 } == [
            "book", "destinations.geojson", "feed", "home", "itinerary/", "other", "overview",
        ])
        #expect(try project.read("Output/destinations.geojson").contains("69.15"))

        // A tag added: its page, the index, the feed's categories.
        #expect(try step("tromso", "tag added") { $0!.tags = ["city"] } == ["feed", "other", "tag/city", "tags"])
        #expect(try project.read("Output/tags/city/index.html").contains("Tromso"))
        // A tag renamed: the old page goes, the new one is rendered.
        #expect(try step("bergen", "tag renamed") { $0!.tags = ["coast", "fish"] } == [
            "feed", "other", "tag/fish", "tags",
        ])
        #expect(!FileManager.default.fileExists(atPath: project.output.appendingPathComponent("tags/food").path))
        #expect(try project.read("Output/tags/fish/index.html").contains("Bergen Harbour"))
        // A tag removed.
        #expect(try step("tromso", "tag removed") { $0!.tags = [] } == ["feed", "other", "tag/city", "tags"])
        #expect(try !project.read("Output/tags/city/index.html").contains("Tromso"))

        // An order and date that put Trondheim after Tromsø: the main trip's stops, legs and numbers
        // change (overview labels, the home page's table, the book's lines), and the order of the
        // lists (GeoJSON, feed); not the tag pages (Trondheim is the city tag's only destination).
        let before = try project.read("Output/itinerary.gpx")
        #expect(try step("trondheim", "order") { $0!.order = 5; $0!.day = 20 } == [
            "book", "destinations.geojson", "feed", "home", "itinerary/", "other", "overview",
        ])
        let after = try project.read("Output/itinerary.gpx")
        #expect(before.range(of: "Trondheim")!.lowerBound < before.range(of: "Tromso")!.lowerBound)
        #expect(after.range(of: "Tromso")!.lowerBound < after.range(of: "Trondheim")!.lowerBound)

        // A destination added, then deleted: every group that lists destinations.
        places["stavanger"] = Place(
            title: "Stavanger", order: 5, day: 25, tags: ["coast"], pointCount: 0, latitude: 58.97, longitude: 5.73,
            words: ["pulpit", "rock"])
        #expect(try step("stavanger", "added") { _ in } == [
            "book", "destinations.geojson", "feed", "home", "itinerary/", "other", "overview", "tag/coast", "tags",
        ])
        #expect(try step("stavanger", "deleted") { $0 = nil } == [
            "book", "destinations.geojson", "feed", "home", "itinerary/", "other", "overview", "tag/coast", "tags",
        ])
        #expect(try step("tromso", "nothing changed") { _ in } == ["skipped"])
    }

    /// With a `baseURL` that has a host, the overview map, the tag pages and the trip pages name
    /// share previews (`og.png`, drawn by draw-previews): a kept group's previews stay in the output
    /// (its kept paths), a rendered group's are drawn again, and the home page, whose head names
    /// the overview's preview, is right whether the overview group was kept or not.
    @Test func sharePreviewsOfKeptSiteWideGroupsStay() throws {
        let project = try Self.builtSite()
        defer { project.remove() }
        let baseURL = ["--base-url", "https://example.org/trip/"]
        var rendered = Self.siteGroupsRendered(try Self.buildAndCompareOutput(project, "with a base URL", arguments: baseURL))
        #expect(rendered?.contains("overview") == true)
        #expect(try project.read("Output/index.html").contains("https://example.org/trip/og.png"))
        #expect(FileManager.default.fileExists(atPath: project.output.appendingPathComponent("og.png").path))
        // render-pages counts the same files for the same output however much was kept, share
        // previews (og.png) included, as write-output does.
        func fileCounts(_ output: CommandRunner.Output) -> [String] {
            output.standardOutput.split(separator: "\n").compactMap { line in
                guard line.contains("render-pages:") || line.contains("write-output:") else { return nil }
                return line.firstMatch(of: /([\d,]+) files/).map { String($0.1) }
            }
        }
        let fresh = try project.build(["--no-cache", "--output", project.root.appendingPathComponent("fresh").path] + baseURL)
        let unchanged = try Self.buildAndCompareOutput(project, "nothing changed", arguments: baseURL)
        #expect(unchanged.standardOutput.contains("nothing changed since the last build: the steps up to write-output are skipped"))
        #expect(fileCounts(fresh).count == 2 && Set(fileCounts(fresh)).count == 1, "\(fresh.standardOutput)")
        #expect(fileCounts(unchanged).first == fileCounts(fresh).first, "\(unchanged.standardOutput)")
        // A point of interest more: its card's map changes (home), not the overview's pins.
        let path = "Destinations/tromso/index.md"
        try project.write(path, try project.read(path).replacingOccurrences(
            of: "pois:\n", with: "pois:\n  - { title: Harbour, latitude: 63.01, longitude: 8 }\n"))
        try Self.settle(project, [path])
        rendered = Self.siteGroupsRendered(try Self.buildAndCompareOutput(project, "a point of interest", arguments: baseURL))
        #expect(rendered?.contains("home") == true && rendered?.contains("overview") == false, "\(rendered ?? [])")
        #expect(try project.read("Output/index.html").contains("https://example.org/trip/og.png"))
    }

    /// A `Destinations.plist` destination's image lies outside its source (the plist): editing the
    /// image (same size, settled), or replacing it by a link to another file, renders the page
    /// again and publishes the new bytes. Plain builds between the edits: a reference build into a
    /// second folder would move the published image's status-change time (it is a hard link to
    /// the source) and so make the page render again for that reason alone.
    @Test func anEditedImageOfAPlistDestinationIsPublished() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>DestinationData</key><array><dict>
            <key>DestinationName</key><string>Oslo</string><key>DestinationImage</key><string>Oslo.svg</string>
            <key>DestinationLocation</key><dict><key>Title</key><string>Oslo</string><key>Subtitle</key><string>Capital</string>
            <key>Latitude</key><real>59.9139</real><key>Longitude</key><real>10.7522</real></dict>
            </dict></array></dict></plist>
            """
        let svg = { (colour: String) in "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\"><rect width=\"4\" height=\"4\" fill=\"\(colour)\"/></svg>\n" }
        try project.write("Destinations/Destinations.plist", plist)
        try project.write("Destinations/Oslo.svg", svg("red"))
        try project.write("Other.svg", svg("green"))
        try Self.settle(project, ["Destinations/Destinations.plist", "Destinations/Oslo.svg", "Other.svg"])
        func build(_ comment: String) throws -> Int {
            let built = try project.build()
            #expect(built.status == 0, "\(comment): \(built.standardError)")
            return Self.reused(built) ?? -1
        }
        #expect(try build("first build") == 0)
        // Whether the next builds reuse the page is not asserted: the published image is a hard
        // link to the source, and the writer's own links to it move its status-change time, which
        // the output file's stamp holds (a lost reuse, never a wrong one). What must hold is that
        // an edited image is published.
        _ = try build("nothing changed")
        let published = project.output.appendingPathComponent("oslo/Oslo.svg")
        try project.write("Destinations/Oslo.svg", svg("tan"))  // the same size as "red"
        #expect(try build("image edited, not settled: rendered, not stored") == 0)
        #expect(try String(contentsOf: published, encoding: .utf8) == svg("tan"))
        try project.write("Destinations/Oslo.svg", svg("sky"))
        try Self.settle(project, ["Destinations/Oslo.svg"])
        #expect(try build("image edited and settled") == 0)
        #expect(try String(contentsOf: published, encoding: .utf8) == svg("sky"))
        _ = try build("nothing changed again")
        let image = project.root.appendingPathComponent("Destinations/Oslo.svg")
        try FileManager.default.removeItem(at: image)
        try FileManager.default.createSymbolicLink(atPath: image.path, withDestinationPath: "../Other.svg")
        #expect(try build("image replaced by a link") == 0)
        #expect(try String(contentsOf: published, encoding: .utf8) == svg("green"))
        try Self.buildAndCompare(project, "the end")
    }

    /// A small settled site of four destinations, built once (nothing reused) and again (all reused).
    static func builtSite(copyingTheme: Bool = false) throws -> TemporaryProject {
        let project = try TemporaryProject(copyingTheme: copyingTheme)
        try project.write("Destinations/site.yaml", siteYAML)
        var written = ["Destinations/site.yaml"]
        for (index, name) in ["bergen", "alesund", "trondheim", "tromso"].enumerated() {
            let place = Place(
                title: name.capitalized, order: index + 1, day: index + 10, tags: [], pointCount: 1, latitude: 60 + Double(index),
                longitude: 5 + Double(index), words: ["road", "to", name])
            try project.write("Destinations/\(name)/index.md", place.markdown)
            written.append("Destinations/\(name)/index.md")
        }
        if copyingTheme { written += files(below: "Themes", of: project) }
        try settle(project, written)
        #expect(try buildAndCompare(project, "first build") == 0)
        #expect(try buildAndCompare(project, "nothing changed") == 4)
        return project
    }

    /// A build writing the paths the last one wrote trusts the output folder's manifest only while
    /// it carries the stamp that build left it with. Here a page of an older build is put back
    /// with its line in the manifest (same modification time: only the size and status-change time
    /// tell): the next build, though its paths are the last build's, reads the manifest and removes
    /// the page as stale, as a full build into a fresh folder never has it.
    @Test func aManifestChangedSinceTheLastBuildIsReadAgain() throws {
        let project = try Self.builtSite()
        defer { project.remove() }
        let manifest = project.output.appendingPathComponent(".roadtrip-manifest")
        let modified = try #require(try FileManager.default.attributesOfItem(atPath: manifest.path)[.modificationDate] as? Date)
        try project.write("Output/narvik/index.html", "<p>an older build's page</p>\n")
        try (try String(contentsOf: manifest, encoding: .utf8) + "narvik/index.html\n").write(to: manifest, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: manifest.path)
        #expect(try Self.buildAndCompare(project, "manifest widened behind the build's back") == 4)
        #expect(!FileManager.default.fileExists(atPath: project.output.appendingPathComponent("narvik/index.html").path))
        #expect(try !String(contentsOf: manifest, encoding: .utf8).contains("narvik"))
    }

    /// Found by the tester: a build that writes the last build's paths neither reads nor writes
    /// the manifest, and the manifest edited while it runs (here while it pauses before its apply
    /// phase) was then recorded as that build's, so no later build read it. The record is kept
    /// only while the manifest still has the stamp the build found: the next build reads the
    /// edited manifest and removes the page it names.
    @Test func aManifestChangedDuringABuildIsReadByTheNext() throws {
        let project = try Self.builtSite()
        defer { project.remove() }
        try project.write("Output/narvik/index.html", "<p>an older build's page</p>\n")
        let pause = ConcurrentBuildTests.PausePoint(in: project.root, name: "pause")
        let paused = try RunningCommand(["build", "--source", project.root.path], environment: pause.environment)
        _ = try #require(pause.waitUntilPaused(), "the build never paused: \(paused.errors)")
        let manifest = project.output.appendingPathComponent(".roadtrip-manifest")
        try (try String(contentsOf: manifest, encoding: .utf8) + "narvik/index.html\n").write(to: manifest, atomically: false, encoding: .utf8)
        pause.resume()
        #expect(paused.wait() == 0, "\(paused.errors)")
        #expect(try Self.buildAndCompare(project, "the manifest was changed during the last build") == 4)
        #expect(!FileManager.default.fileExists(atPath: project.output.appendingPathComponent("narvik/index.html").path))
    }

    @Test func aChangeOfSiteYAMLRendersEveryPage() throws {
        let project = try Self.builtSite()
        defer { project.remove() }
        try project.write("Destinations/site.yaml", Self.siteYAML.replacingOccurrences(of: "Incremental", with: "Renamed"))
        try Self.settle(project, ["Destinations/site.yaml"])
        // Loading reads site.yaml too: every source is parsed again.
        #expect(try Self.buildAndCompareLoads(project, "site.yaml changed") == (0, 0))
        #expect(try project.read("Output/bergen/index.html").contains("Bergen · Renamed"))
        #expect(try Self.buildAndCompare(project, "after site.yaml") == 4)
    }

    @Test func aChangeOfTheCommandLineRendersEveryPage() throws {
        let project = try Self.builtSite()
        defer { project.remove() }
        // --drafts is part of the stored build's key, as --base-url is.
        let drafts = try project.build(["--drafts"])
        #expect(drafts.status == 0, "\(drafts.standardError)")
        #expect(Self.reused(drafts) == 0)
        #expect(try Self.buildAndCompare(project, "without --drafts again") == 0)
    }

    /// Another roadtrip executable (here a copy of the same one: another file, so another
    /// identity) may render differently, and the built-in theme is part of it: nothing is reused.
    @Test func anotherExecutableRendersEveryPage() throws {
        let project = try Self.builtSite()
        defer { project.remove() }
        let copy = project.root.appendingPathComponent("roadtrip-copy")
        try FileManager.default.copyItem(at: CommandRunner.executable, to: copy)
        let other = try CommandRunner.run(program: copy, ["build", "--source", project.root.path])
        #expect(other.status == 0, "\(other.standardError)")
        #expect(Self.reused(other) == 0)
        #expect(try Self.buildAndCompare(project, "the first executable again") == 0)
    }

    @Test func aChangeOfAThemeFileRendersEveryPage() throws {
        let project = try Self.builtSite(copyingTheme: true)
        defer { project.remove() }
        let layout = "Themes/default/layouts/destination.mustache"
        try project.write(layout, try project.read(layout).replacingOccurrences(of: "<article class=\"destination\">", with: "<article class=\"destination\" data-edited>"))
        try Self.settle(project, [layout])
        #expect(try Self.buildAndCompare(project, "theme changed") == 0)
        #expect(try project.read("Output/tromso/index.html").contains("data-edited"))
    }

    /// An output file changed or deleted behind roadtrip's back is not trusted: its destination is
    /// rendered again and the file repaired. The tampered file keeps its size and modification time
    /// (as `cp -p` or `touch -r` would leave it); its status-change time gives it away.
    @Test func aTamperedOrDeletedOutputFileIsRepaired() throws {
        let project = try Self.builtSite()
        defer { project.remove() }
        let page = project.output.appendingPathComponent("bergen/index.html")
        let original = try Data(contentsOf: page)
        let modified = try FileManager.default.attributesOfItem(atPath: page.path)[.modificationDate] as! Date
        var tampered = original
        tampered[tampered.count - 2] = UInt8(ascii: "X")
        try tampered.write(to: page)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: page.path)
        try FileManager.default.removeItem(at: project.output.appendingPathComponent("tromso/map.svg"))
        #expect(try Self.buildAndCompare(project, "tampered") == 2)
        #expect(try Data(contentsOf: page) == original)
        #expect(try Self.buildAndCompare(project, "after repair") == 4)
    }

    /// A source modified within the last 50 ms (here: a minute in the future) could change again
    /// unseen within the same timestamp: it is parsed on every build and not kept until it settles.
    @Test func anUnsettledSourceIsParsedUntilItSettles() throws {
        let project = try Self.builtSite()
        defer { project.remove() }
        let path = "Destinations/bergen/index.md"
        try project.write(path, try project.read(path) + " Fish market.")
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: project.root.appendingPathComponent(path).path)
        #expect(try Self.buildAndCompareLoads(project, "unsettled").loading == 3)
        #expect(try Self.buildAndCompareLoads(project, "still unsettled").loading == 3)
        try Self.settle(project, [path])
        #expect(try Self.buildAndCompareLoads(project, "settled: parsed and kept").loading == 3)
        #expect(try Self.buildAndCompareLoads(project, "read back") == (4, 4))
    }

    /// A build that fails records nothing: the stored files are byte for byte as before it, and
    /// the next build that succeeds renders what changed since the last one that did.
    @Test func aFailedBuildRecordsNothing() throws {
        let project = try Self.builtSite()
        defer { project.remove() }
        let folder = project.root.appendingPathComponent(".roadtrip-cache/build")
        func stored() throws -> [String: Data] {
            var files: [String: Data] = [:]
            for name in Self.storedFiles(in: folder) {
                files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
            }
            return files
        }
        let before = try stored()
        let bergen = try project.read("Destinations/bergen/index.md")
        try project.write("Destinations/bergen/index.md", bergen.replacingOccurrences(of: "latitude: 60.0", with: "latitude: north"))
        try project.write("Destinations/tromso/index.md", try project.read("Destinations/tromso/index.md") + " Midnight sun.")
        try Self.settle(project, ["Destinations/bergen/index.md", "Destinations/tromso/index.md"])
        let failed = try project.build()
        #expect(failed.status == 1)
        #expect(failed.standardError.contains("Destinations/bergen/index.md:"), "\(failed.standardError)")
        #expect(try stored() == before)
        try project.write("Destinations/bergen/index.md", bergen)
        try Self.settle(project, ["Destinations/bergen/index.md"])
        // Bergen (written again) and Tromsø (edited) are rendered; Ålesund and Trondheim reused:
        // Bergen's title, which Ålesund's pager shows, is as before.
        #expect(try Self.buildAndCompare(project, "after the failed build") == 2)
    }

    /// A stored file that is truncated, garbage or not a file at all is ignored: a full build,
    /// no crash; one that cannot be written is a warning, and the build still succeeds.
    @Test func aCorruptOrUnwritableStoredBuildIsIgnored() throws {
        let project = try Self.builtSite()
        defer { project.remove() }
        let folder = project.root.appendingPathComponent(".roadtrip-cache/build")
        let stored = Self.storedFiles(in: folder)
        // Output's index, those of the two reference builds, and the four sources' shards.
        #expect(stored.filter { $0.hasSuffix(".index") }.count == 3, "\(stored)")
        #expect(Set(stored.filter { $0.hasPrefix("sources/") }) == Set(Self.sourcePaths.map(Self.sourceShardFile)), "\(stored)")
        for name in stored {
            let url = folder.appendingPathComponent(name)
            let data = try Data(contentsOf: url)
            try data.prefix(data.count / 2).write(to: url)
        }
        #expect(try Self.buildAndCompareLoads(project, "truncated") == (0, 0))
        #expect(try Self.buildAndCompareLoads(project, "rewritten") == (4, 4))
        for name in Self.storedFiles(in: folder) {
            try Data("not a stored build".utf8).write(to: folder.appendingPathComponent(name))
        }
        #expect(try Self.buildAndCompareLoads(project, "garbage") == (0, 0))

        try FileManager.default.removeItem(at: folder)
        try Data("a file where the folder goes".utf8).write(to: folder)
        let blocked = try project.build()
        #expect(blocked.status == 0, "\(blocked.standardError)")
        #expect(blocked.standardError.contains(".roadtrip-cache/build: warning: cannot keep what this build rendered"))
        #expect(blocked.standardError.contains("the next build reuses only what an earlier build kept, if anything, and renders the rest again"))
        #expect(Self.reused(blocked) == 0)
    }

    /// A stored file that cannot be replaced (here each shard of `sources/` is a folder; `chattr +i`
    /// or a read-only folder do the same) is a warning that says what the next build does: it reuses
    /// what was kept before — not "renders every page again", which it does not.
    /// An index that cannot be replaced does not keep `sources/` from being written (the
    /// third tester's finding): after an edit, the build warns naming the index, and the next
    /// build reads every source back, the edited one included.
    @Test func aBlockedIndexStillLetsTheSourcesBeKept() throws {
        let project = try Self.builtSite()
        defer { project.remove() }
        let folder = project.root.appendingPathComponent(".roadtrip-cache/build")
        let indexes = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".index") }
        for name in indexes {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name + "/inside"), withIntermediateDirectories: true)
        }
        try project.write("Destinations/bergen/index.md", try project.read("Destinations/bergen/index.md") + "\nOne more line.\n")
        try Self.settle(project, ["Destinations/bergen/index.md"])
        let warned = try project.build()
        #expect(warned.status == 0, "\(warned.standardError)")
        #expect(warned.standardError.contains(".index: "), "\(warned.standardError)")
        #expect(Self.loadsReused(warned) == 3)
        let next = try project.build()
        #expect(next.status == 0, "\(next.standardError)")
        #expect(Self.loadsReused(next) == 4, "\(next.standardOutput)")
    }

    @Test func aStoredFileThatCannotBeReplacedWarnsTruthfully() throws {
        let project = try Self.builtSite()
        defer { project.remove() }
        let folder = project.root.appendingPathComponent(".roadtrip-cache/build")
        for name in Self.sourcePaths.map(Self.sourceShardFile) {
            let shard = folder.appendingPathComponent(name)
            try FileManager.default.removeItem(at: shard)
            try FileManager.default.createDirectory(at: shard.appendingPathComponent("inside"), withIntermediateDirectories: true)
        }
        try Self.toggleStrayFile(project)
        let warned = try project.build()
        #expect(warned.status == 0, "\(warned.standardError)")
        // It names the file that could not be replaced (the second tester's note: it did not).
        #expect(warned.standardError.contains(".roadtrip-cache/build: warning: cannot keep what this build rendered: sources/"),
                "\(warned.standardError)")
        for shard in Self.sourcePaths.map(Self.sourceShardFile) {
            #expect(warned.standardError.contains(shard + ": "), "\(shard): \(warned.standardError)")
        }
        #expect(warned.standardError.contains(
            "; the next build reuses only what an earlier build kept, if anything, and renders the rest again"), "\(warned.standardError)")
        #expect(!warned.standardError.contains("renders every page again"))
        // The index was kept; only loading starts over.
        try Self.toggleStrayFile(project)
        #expect(try Self.buildAndCompareLoads(project, "after the warning") == (4, 0))
    }

    /// The checksum (`StoredChecksum`): a shard of `sources/` edited at the same length inside a
    /// record ("Bergen" → "Bergex", which every field still parses) is not read back — the
    /// sources it keeps are parsed again, and "Bergex" is published nowhere; the index with one
    /// byte flipped is ignored likewise (every page rendered, loading reused).
    @Test func aStoredFileEditedAtTheSameLengthIsNotReadBack() throws {
        let project = try Self.builtSite()
        defer { project.remove() }
        let folder = project.root.appendingPathComponent(".roadtrip-cache/build")
        // Bergen's own shard (its title), and Ålesund's (its pager names the previous stop).
        var editedShards = 0
        for name in Self.sourcePaths.map(Self.sourceShardFile) {
            let shard = folder.appendingPathComponent(name)
            let data = try Data(contentsOf: shard)
            let edited = Self.replacing(Data("Bergen".utf8), with: Data("Bergex".utf8), in: data)
            #expect(edited.count == data.count)
            if edited != data { editedShards += 1 }
            try edited.write(to: shard)
        }
        #expect(editedShards >= 1)
        // Each source has a shard of its own here: those edited are parsed, the others read back.
        try Self.toggleStrayFile(project)
        #expect(try Self.buildAndCompareLoads(project, "sources edited") == (4, 4 - editedShards))
        #expect(try !project.read("Output/alesund/index.html").contains("Bergex"))
        try Self.toggleStrayFile(project)
        #expect(try Self.buildAndCompareLoads(project, "sources rewritten") == (4, 4))

        let index = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".index") }
        for name in index {
            let url = folder.appendingPathComponent(name)
            var bytes = try Data(contentsOf: url)
            bytes[bytes.count / 2] ^= 0x01
            try bytes.write(to: url)
        }
        #expect(try Self.buildAndCompareLoads(project, "index flipped") == (0, 4))
    }

    /// The single `sources.store` an older roadtrip kept is removed by the first build that keeps
    /// the sources in `sources/`; `sources/` as a symbolic link is neither read nor written (a
    /// warning, every source parsed), and the folder it leads to is left as it was.
    @Test func theSourcesFolderIsAFolderOfRoadtripsOwn() throws {
        let project = try Self.builtSite()
        defer { project.remove() }
        let folder = project.root.appendingPathComponent(".roadtrip-cache/build")
        let single = folder.appendingPathComponent("sources.store")
        try Data("RTLOAD3\nwhat an older roadtrip kept".utf8).write(to: single)
        #expect(try Self.buildAndCompareLoads(project, "beside an older sources.store") == (4, 4))
        #expect(!FileManager.default.fileExists(atPath: single.path))

        let sources = folder.appendingPathComponent("sources")
        let elsewhere = project.root.appendingPathComponent("kept-elsewhere")
        try FileManager.default.moveItem(at: sources, to: elsewhere)
        try FileManager.default.createSymbolicLink(at: sources, withDestinationURL: elsewhere)
        let before = try FolderSnapshot(elsewhere)
        try Self.toggleStrayFile(project)
        let linked = try project.build()
        #expect(linked.status == 0, "\(linked.standardError)")
        #expect(linked.standardError.contains(
            ".roadtrip-cache/build: warning: cannot keep what this build rendered: refusing to use .roadtrip-cache/build/sources: it is a symbolic link"),
                "\(linked.standardError)")
        #expect(Self.loadsReused(linked) == 0)
        #expect(try FolderSnapshot(elsewhere) == before, "nothing written through the link")
    }

    /// Adds (or removes, when there) a file that no build reads to `Destinations/`: the names
    /// there change, so that the next build runs every step (`BodyEditRebuild` skips them only for
    /// the names of the last build) though no source changed.
    static func toggleStrayFile(_ project: TemporaryProject) throws {
        let stray = project.root.appendingPathComponent("Destinations/notes.txt")
        if FileManager.default.fileExists(atPath: stray.path) {
            try FileManager.default.removeItem(at: stray)
        } else {
            try project.write("Destinations/notes.txt", "not a destination")
        }
    }

    /// The sources of ``builtSite(copyingTheme:)``, relative to the project.
    static let sourcePaths = ["bergen", "alesund", "trondheim", "tromso"].map { "Destinations/\($0)/index.md" }

    /// The file of `.roadtrip-cache/build/` that keeps the source at `sourcePath`: `sources/<nn>.store`,
    /// nn the 32-bit FNV-1a hash (offset basis 0x811C9DC5, prime 0x01000193, as in the FNV
    /// reference, draft-eastlake-fnv) of the path's UTF-8 bytes modulo 32, in two digits.
    static func sourceShardFile(_ sourcePath: String) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in sourcePath.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        let shard = hash % 32
        return "sources/" + (shard < 10 ? "0" : "") + String(shard) + ".store"
    }

    /// The regular files below `folder`, relative to it ('/'-separated).
    static func storedFiles(in folder: URL) -> [String] {
        let names = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []
        return names.filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }

    /// `data` with every occurrence of `old` replaced by `new` (of the same length).
    static func replacing(_ old: Data, with new: Data, in data: Data) -> Data {
        var result = data
        var start = result.startIndex
        while let range = result.range(of: old, in: start..<result.endIndex) {
            result.replaceSubrange(range, with: new)
            start = range.upperBound
        }
        return result
    }

    /// `.roadtrip-cache/build` as a symbolic link — to a folder outside the project or to one
    /// inside it — is neither read nor written: the build reuses nothing, its output equals a
    /// `--no-cache` build's, it warns, and the folder the link leads to is left as it was.
    @Test func aSymbolicallyLinkedStoredBuildIsNeitherReadNorWritten() throws {
        let project = try Self.builtSite()
        defer { project.remove() }
        let folder = project.root.appendingPathComponent(".roadtrip-cache/build")
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("stored-build-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: outside) }
        let inside = project.root.appendingPathComponent(".roadtrip-cache/elsewhere")
        var stored = folder
        for target in [outside, inside] {
            try FileManager.default.moveItem(at: stored, to: target)
            stored = target
            try FileManager.default.createSymbolicLink(at: folder, withDestinationURL: target)
            let before = try FolderSnapshot(target)
            #expect(try Self.buildAndCompareLoads(project, "linked to \(target.path)") == (0, 0))
            let linked = try project.build()
            #expect(linked.status == 0, "\(linked.standardError)")
            #expect(linked.standardError.contains(".roadtrip-cache/build: warning: cannot keep what this build rendered"),
                    "\(linked.standardError)")
            #expect(Self.reused(linked) == 0 && Self.loadsReused(linked) == 0)
            #expect(try FolderSnapshot(target) == before, "nothing written through the link")
            try FileManager.default.removeItem(at: folder)
        }
    }

    /// `--no-cache` reads nothing stored but still records its build, as Hugo's `--ignoreCache` does.
    /// A rebuild where nothing changed leaves `.roadtrip-cache/build/`'s files as they are (the same
    /// inode and modification time: not replaced), since their records equal what it read; an edit
    /// of one destination replaces both (its source's record and its pages' stamps changed) — of
    /// the index files, only the output folder's (the others are the reference builds' folders').
    @Test func storedFilesAreRewrittenOnlyWhenTheirRecordsChange() throws {
        let project = try Self.builtSite()
        defer { project.remove() }
        let folder = project.root.appendingPathComponent(".roadtrip-cache/build")
        func identities() throws -> [String: String] {
            var result: [String: String] = [:]
            for name in Self.storedFiles(in: folder) {
                let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
                result[name] = "\(attributes[.systemFileNumber]!) \((attributes[.modificationDate] as! Date).timeIntervalSince1970)"
            }
            return result
        }
        let first = try project.build()
        #expect(first.status == 0, "\(first.standardError)")
        let before = try identities()
        #expect(before.keys.contains(Self.sourceShardFile("Destinations/bergen/index.md")) && before.keys.contains { $0.hasSuffix(".index") },
                "\(before)")
        let again = try project.build()
        #expect(again.status == 0 && Self.reused(again) == 4, "\(again.standardOutput)")
        #expect(try identities() == before)
        try project.write("Destinations/bergen/index.md", try project.read("Destinations/bergen/index.md") + "\nOne more line.\n")
        try Self.settle(project, ["Destinations/bergen/index.md"])
        let edited = try project.build()
        #expect(edited.status == 0 && Self.reused(edited) == 3, "\(edited.standardOutput)")
        let after = try identities()
        // Of the sources' shards, only Bergen's is written again.
        let bergen = Self.sourceShardFile("Destinations/bergen/index.md")
        #expect(after[bergen] != before[bergen])
        #expect(before.keys.filter { $0.hasPrefix("sources/") && $0 != bergen }.allSatisfy { after[$0] == before[$0] }, "\(before) \(after)")
        // The output folder's index, not those of the reference builds' folders.
        #expect(before.keys.filter { $0.hasSuffix(".index") && after[$0] != before[$0] }.count == 1, "\(before) \(after)")
        #expect(try Self.buildAndCompare(project, "after the edit") == 4)
    }

    @Test func noCacheRendersEverythingAndStillRecords() throws {
        let project = try Self.builtSite()
        defer { project.remove() }
        let forced = try project.build(["--no-cache"])
        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(Self.reused(forced) == 0)
        // Rendered again, the pages are the same bytes: nothing is written.
        #expect(forced.standardOutput.contains("(0 written, "), "\(forced.standardOutput)")
        #expect(try Self.buildAndCompare(project, "after --no-cache") == 4)
    }
}
