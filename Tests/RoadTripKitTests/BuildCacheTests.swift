import Foundation
import Synchronization
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

/// A throw-away project `<base>/project` with the repository's default theme and four small
/// destinations, built into `<base>/project/Output`. In home-page order (`order`, then the plist's
/// destination, which has none): alpha (1), beta (2, with a GPX trip log), gamma (3, with
/// `pois.json` and a date that is a warning), Plist Town (from `Destinations.plist`).
///
/// Files are dated an hour back after every change (``age()``), as sources are between edits:
/// the cache does not keep what was modified in the last moments (50 ms, or 2 s for whole-second times).
private struct CacheSandbox {
    /// The outcome of one build with what it logged and printed.
    struct Build {
        var result: BuildResult
        var diagnostics: [String]
        var progress: [String]

        /// The result's reuse counts, per stage.
        var reuse: Reuse {
            Reuse(
                reloaded: result.reloadedDestinations, reused: result.reusedDestinations,
                computations: result.reusedComputations, renderings: result.reusedRenderings)
        }
    }

    /// Destinations read again and reused (load-destinations), and those whose trip logs (filter-trips) and
    /// files (render-pages) were reused.
    struct Reuse: Equatable {
        var reloaded: Int
        var reused: Int
        var computations: Int
        var renderings: Int
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The warning gamma's front matter gives on every build.
    static let gammaWarning = "Destinations/gamma/index.md:6:7: warning: date 'someday' is not a calendar date "
        + "(YYYY-MM-DD, optionally with a time); shown as written"

    let base: URL
    var project: URL { base.appendingPathComponent("project") }
    var output: URL { project.appendingPathComponent("Output") }

    init() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("Themes"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.packageRoot.appendingPathComponent("Themes/default"),
            to: project.appendingPathComponent("Themes/default"))
        try write("Destinations/site.yaml", "title: \"Cache Test\"\ntimeZone: \"Europe/Oslo\"\n")
        try write("Destinations/alpha/index.md", Self.page(title: "Alpha", order: 1, body: "Alpha is *first*."))
        try write("Destinations/beta/index.md", Self.page(title: "Beta", order: 2, body: "Beta has a drive."))
        try write(
            "Destinations/beta/trips/drive.gpx",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Drive</name><trkseg>
            <trkpt lat="60.0" lon="5.0"><time>2025-06-01T10:00:00Z</time></trkpt>
            <trkpt lat="60.001" lon="5.001"><time>2025-06-01T10:01:00Z</time></trkpt>
            <trkpt lat="60.002" lon="5.002"><time>2025-06-01T10:02:00Z</time></trkpt>
            </trkseg></trk></gpx>

            """)
        try write("Destinations/gamma/index.md", Self.page(title: "Gamma", order: 3, body: "Gamma.", extra: "date: someday\n"))
        try write(
            "Destinations/gamma/pois.json",
            #"[{"title": "Lookout", "subtitle": "A view", "latitude": 60.5, "longitude": 5.5}]"#)
        try write(
            "Destinations/Destinations.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>DestinationData</key><array><dict>
            <key>DestinationName</key><string>Plist Town</string>
            <key>DestinationLocation</key><dict><key>Title</key><string>Plist Town</string>
            <key>Latitude</key><real>59.9</real><key>Longitude</key><real>10.7</real></dict>
            </dict></array></dict></plist>

            """)
        try age()
    }

    /// A destination's `index.md`; `extra` is more front matter, from line 6 on.
    static func page(title: String, order: Int, body: String, extra: String = "") -> String {
        "---\ntitle: \(title)\nlatitude: \(60 + Double(order) / 10)\nlongitude: 5.3\norder: \(order)\n\(extra)---\n\(body)\n"
    }

    func url(_ relative: String) -> URL { project.appendingPathComponent(relative) }

    func write(_ relative: String, _ text: String) throws {
        try FileManager.default.createDirectory(
            at: url(relative).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url(relative))
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOf: url(relative), encoding: .utf8)
    }

    /// Dates every file under `Destinations/` and `Themes/` that was modified in the last minute
    /// one hour further back (older files keep their date).
    func age() throws {
        let recent = Date().addingTimeInterval(-60)
        for folder in ["Destinations", "Themes"] {
            let enumerator = FileManager.default.enumerator(atPath: url(folder).path)
            while let relative = enumerator?.nextObject() as? String {
                let path = url(folder).appendingPathComponent(relative).path
                let attributes = try FileManager.default.attributesOfItem(atPath: path)
                guard attributes[.type] as? FileAttributeType == .typeRegular,
                    let modified = attributes[.modificationDate] as? Date, modified > recent
                else { continue }
                try FileManager.default.setAttributes(
                    [.modificationDate: modified.addingTimeInterval(-3600)], ofItemAtPath: path)
            }
        }
    }

    /// Builds the project into `output` (default `Output/`), with `cache` or without one.
    /// `now` is the build's clock (default the system's).
    func build(cache: BuildCache?, into output: URL? = nil, now: @escaping @Sendable () -> Date = { Date() }) -> Build {
        let log = DiagnosticLog()
        let lines = Mutex<[String]>([])
        let builder = SiteBuilder(
            options: BuildOptions(projectRoot: project, outputDirectory: output ?? self.output), log: log, cache: cache,
            environment: BuildEnvironment(geocoder: BuildEnvironment.standard.geocoder, now: now)
        ) { line in lines.withLock { $0.append(line) } }
        let result = builder.build()
        return Build(
            result: result, diagnostics: log.diagnostics.map(\.description).sorted(), progress: lines.withLock { $0 })
    }

    /// Every file below `folder` (dotfiles such as the writer's manifest too), with its bytes.
    func files(in folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let relative = enumerator?.nextObject() as? String {
            let url = folder.appendingPathComponent(relative)
            if try FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType == .typeRegular {
                files[relative] = try Data(contentsOf: url)
            }
        }
        return files
    }

    /// The files of a build without a cache of the project as it is now, into a fresh folder.
    func cleanBuild() throws -> (files: [String: Data], build: Build) {
        let folder = base.appendingPathComponent("clean-\(UUID().uuidString)")
        let build = build(cache: nil, into: folder)
        #expect(build.result.succeeded)
        return (try files(in: folder), build)
    }

    /// Expects `Output/` to hold exactly the files, byte for byte, of a clean build of the project.
    func expectOutputEqualsCleanBuild(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let clean = try cleanBuild().files
        let output = try files(in: self.output)
        #expect(output.keys.sorted() == clean.keys.sorted(), sourceLocation: sourceLocation)
        let different = clean.keys.filter { output[$0] != clean[$0] }.sorted()
        #expect(different.isEmpty, "files differing from a clean build: \(different)", sourceLocation: sourceLocation)
    }

    func remove() {
        try? FileManager.default.removeItem(at: base)
    }

    /// Writes `text` to `relative`, dates it back (``age()``) and builds with `cache`.
    func edit(_ relative: String, _ text: String, thenBuildWith cache: BuildCache) throws -> Build {
        try write(relative, text)
        try age()
        return build(cache: cache)
    }

    /// Runs `body` with a new sandbox, a cache, and the first build with that cache (which must
    /// succeed), then removes the sandbox.
    static func withBuiltProject(_ body: (CacheSandbox, BuildCache, Build) throws -> Void) throws {
        let sandbox = try CacheSandbox()
        defer { sandbox.remove() }
        let cache = BuildCache()
        let first = sandbox.build(cache: cache)
        #expect(first.result.succeeded)
        try body(sandbox, cache, first)
    }
}

@Suite("BuildCache: incremental rebuilds")
struct BuildCacheTests {
    @Test("the first build with a cache writes what a build without one writes, and a rebuild reuses everything")
    func firstBuildEqualsCleanBuild() throws {
        try CacheSandbox.withBuiltProject { sandbox, cache, first in
            #expect(first.result.destinationCount == 4)
            #expect(first.reuse == CacheSandbox.Reuse(reloaded: 4, reused: 0, computations: 0, renderings: 0))
            let clean = try sandbox.cleanBuild()
            #expect(try sandbox.files(in: sandbox.output) == clean.files)
            // 4 destinations: 4 × (index.html, map.svg, annotations.geojson), beta's trip page folder,
            // and the site-wide files — at least the 12 per-destination files.
            #expect(clean.files.count > 12)
            #expect(clean.files["beta/trips/drive/index.html"] != nil)
            #expect(clean.files["plist-town/index.html"] != nil)

            // Only a build with a cache mentions reuse in load-destinations, filter-trips, fit-maps and
            // render-pages.
            #expect(first.progress.filter { $0.contains("(0 reused") }.count == 4)
            #expect(first.progress.contains { $0.hasPrefix("[2/12] load-destinations: 4 destinations (0 reused) … ") })
            #expect(first.progress.contains { $0.hasPrefix("[10/12] render-pages: 4 destinations (0 reused, ") })
            #expect(!clean.build.progress.contains { $0.contains("reused") })

            let second = sandbox.build(cache: cache)
            #expect(second.result.succeeded)
            #expect(second.reuse == CacheSandbox.Reuse(reloaded: 0, reused: 4, computations: 4, renderings: 4))
            #expect(second.result.writeSummary?.written == [])
            // load-destinations, fit-maps and render-pages count destinations; filter-trips counts
            // trip logs (beta's one drive), reused or not.
            #expect(second.progress.filter { $0.contains("(4 reused") }.count == 3)
            #expect(second.progress.contains { $0.hasPrefix("[5/12] filter-trips: 1 trip log (1 reused) … ") }, "\(second.progress)")
            try sandbox.expectOutputEqualsCleanBuild()
        }
    }

    @Test("editing or touching one destination's Markdown reloads that destination only")
    func editOneDestination() throws {
        try CacheSandbox.withBuiltProject { sandbox, cache, _ in
            let edited = try sandbox.edit(
                "Destinations/beta/index.md",
                CacheSandbox.page(title: "Beta", order: 2, body: "Beta has a *longer* drive."), thenBuildWith: cache)
            #expect(edited.result.succeeded)
            // Beta's neighbours link to its slug and title only, which did not change.
            #expect(edited.reuse == CacheSandbox.Reuse(reloaded: 1, reused: 3, computations: 3, renderings: 3))
            #expect(try sandbox.read("Output/beta/index.html").contains("<em>longer</em>"))
            try sandbox.expectOutputEqualsCleanBuild()

            // A new modification time alone is a change too.
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(-600)],
                ofItemAtPath: sandbox.url("Destinations/gamma/index.md").path)
            let touched = sandbox.build(cache: cache)
            #expect(touched.result.reloadedDestinations == 1)
            #expect(touched.result.writeSummary?.written == [])

            // A new title changes the pager of the previous (alpha) and next (gamma) destinations:
            // only Plist Town's pages (neighbours gamma and none) stay as they were.
            let renamed = try sandbox.edit(
                "Destinations/beta/index.md",
                CacheSandbox.page(title: "Bravo", order: 2, body: "Renamed."), thenBuildWith: cache)
            #expect(renamed.result.reloadedDestinations == 1)
            #expect(renamed.result.reusedRenderings == 1)
            #expect(try sandbox.read("Output/alpha/index.html").contains("Bravo"))
            try sandbox.expectOutputEqualsCleanBuild()
        }
    }

    /// A site-wide input, an edit of it, and a page of the output that shows the edit.
    struct SiteWideEdit: Sendable, CustomTestStringConvertible {
        var file: String
        var replacing: String
        var with: String
        var page: String
        var testDescription: String { file }
    }

    @Test(
        "editing a theme layout or site.yaml rebuilds everything",
        arguments: [
            SiteWideEdit(
                file: "Themes/default/layouts/destination.mustache", replacing: #"<article class="destination">"#,
                with: #"<article class="destination" data-edited>"#, page: "Output/gamma/index.html"),
            SiteWideEdit(
                file: "Destinations/site.yaml", replacing: "Cache Test", with: "Renamed Site",
                page: "Output/beta/index.html"),
        ])
    func siteWideChange(_ change: SiteWideEdit) throws {
        try CacheSandbox.withBuiltProject { sandbox, cache, _ in
            let text = try sandbox.read(change.file)
            #expect(text.contains(change.replacing))
            let rebuilt = try sandbox.edit(
                change.file, text.replacingOccurrences(of: change.replacing, with: change.with), thenBuildWith: cache)
            #expect(rebuilt.result.succeeded)
            #expect(rebuilt.reuse == CacheSandbox.Reuse(reloaded: 4, reused: 0, computations: 0, renderings: 0))
            #expect(try sandbox.read(change.page).contains(change.with))
            try sandbox.expectOutputEqualsCleanBuild()
        }
    }

    /// With the built-in theme only (no `Themes/`), an override appearing, changing and going
    /// away is a change of the theme: everything is rendered again each time.
    @Test("an override of the built-in theme added, edited and removed rebuilds everything")
    func builtInThemeOverride() throws {
        let sandbox = try CacheSandbox()
        defer { sandbox.remove() }
        try FileManager.default.removeItem(at: sandbox.url("Themes"))
        let cache = BuildCache()
        #expect(sandbox.build(cache: cache).result.succeeded)
        let builtIn = try sandbox.read("Output/index.html")
        #expect(sandbox.build(cache: cache).reuse == CacheSandbox.Reuse(reloaded: 0, reused: 4, computations: 4, renderings: 4))

        let card = "Themes/default/layouts/partials/card.mustache"
        let added = try sandbox.edit(card, "<li class=\"mine\">{{title}}</li>\n", thenBuildWith: cache)
        #expect(added.result.succeeded)
        #expect(added.reuse == CacheSandbox.Reuse(reloaded: 4, reused: 0, computations: 0, renderings: 0))
        #expect(try sandbox.read("Output/index.html").contains("<li class=\"mine\">Alpha</li>"))
        try sandbox.expectOutputEqualsCleanBuild()

        let edited = try sandbox.edit(card, "<li class=\"edited\">{{title}}</li>\n", thenBuildWith: cache)
        #expect(edited.reuse.renderings == 0)
        #expect(try sandbox.read("Output/index.html").contains("<li class=\"edited\">Alpha</li>"))

        try FileManager.default.removeItem(at: sandbox.url("Themes"))
        let removed = sandbox.build(cache: cache)
        #expect(removed.result.succeeded)
        #expect(removed.reuse.renderings == 0)
        #expect(try sandbox.read("Output/index.html") == builtIn)
        try sandbox.expectOutputEqualsCleanBuild()
    }

    @Test("an added and a removed destination")
    func addAndRemove() throws {
        try CacheSandbox.withBuiltProject { sandbox, cache, _ in
            #expect(FileManager.default.fileExists(atPath: sandbox.url("Output/gamma/index.html").path))

            try FileManager.default.removeItem(at: sandbox.url("Destinations/gamma"))
            let rebuilt = try sandbox.edit(
                "Destinations/delta/index.md",
                CacheSandbox.page(title: "Delta", order: 4, body: "New."), thenBuildWith: cache)
            #expect(rebuilt.result.succeeded)
            #expect(rebuilt.result.destinationCount == 4)
            // Delta is new; alpha, beta and Plist Town are unchanged. Beta's next neighbour is now
            // Delta, and Plist Town's previous one: 1 of the 4 is rendered from the cache (alpha).
            #expect(rebuilt.reuse == CacheSandbox.Reuse(reloaded: 1, reused: 3, computations: 3, renderings: 1))
            #expect(!FileManager.default.fileExists(atPath: sandbox.url("Output/gamma").path))
            #expect(FileManager.default.fileExists(atPath: sandbox.url("Output/delta/index.html").path))
            try sandbox.expectOutputEqualsCleanBuild()
        }
    }

    @Test("a reused destination's warnings are reported on every rebuild")
    func warningsReplayed() throws {
        try CacheSandbox.withBuiltProject { sandbox, cache, first in
            #expect(first.diagnostics == [CacheSandbox.gammaWarning])

            let second = sandbox.build(cache: cache)
            #expect(second.result.reusedDestinations == 4)
            #expect(second.diagnostics == [CacheSandbox.gammaWarning])
            let clean = try sandbox.cleanBuild()
            #expect(clean.build.diagnostics == [CacheSandbox.gammaWarning])
        }
    }

    @Test("a broken destination fails the build and leaves Output/ alone; fixed, it builds again")
    func brokenThenFixed() throws {
        try CacheSandbox.withBuiltProject { sandbox, cache, _ in
            let before = try sandbox.files(in: sandbox.output)

            // A front-matter fence that opens and never closes is an error (DESIGN §2.2).
            let broken = try sandbox.edit(
                "Destinations/beta/index.md",
                "---\ntitle: Beta\nlatitude: 60.2\n", thenBuildWith: cache)
            #expect(!broken.result.succeeded)
            #expect(broken.diagnostics.contains { $0.hasPrefix("Destinations/beta/index.md") && $0.contains(": error: ") })
            #expect(try sandbox.files(in: sandbox.output) == before)

            // Still broken, unchanged: never kept, so read and reported again.
            let stillBroken = sandbox.build(cache: cache)
            #expect(!stillBroken.result.succeeded)
            #expect(stillBroken.diagnostics == broken.diagnostics)

            let fixed = try sandbox.edit(
                "Destinations/beta/index.md",
                CacheSandbox.page(title: "Beta", order: 2, body: "Fixed."), thenBuildWith: cache)
            #expect(fixed.result.succeeded)
            // Beta's title and slug are as before the break: its neighbours' files are reused.
            #expect(fixed.reuse == CacheSandbox.Reuse(reloaded: 1, reused: 3, computations: 3, renderings: 3))
            try sandbox.expectOutputEqualsCleanBuild()
        }
    }

    /// The builds' clock stands still at the moment of the save (a busy machine must not let
    /// 50 ms pass between the save and a build that should still find the file unsettled).
    @Test("a file modified in the last moments is read again until it settles")
    func recentlyModifiedSourceNotKept() throws {
        try CacheSandbox.withBuiltProject { sandbox, cache, _ in
            try sandbox.write("Destinations/alpha/index.md", CacheSandbox.page(title: "Alpha", order: 1, body: "Just saved."))
            let saved = Date()
            let justSaved: @Sendable () -> Date = { saved }
            #expect(sandbox.build(cache: cache, now: justSaved).result.reloadedDestinations == 1)
            // Unchanged since, but a second write within its modification time's tick would not show.
            #expect(sandbox.build(cache: cache, now: justSaved).result.reloadedDestinations == 1)
            // Three seconds later by the build's clock the file has settled: read once more, then kept.
            let later: @Sendable () -> Date = { saved.addingTimeInterval(3) }
            #expect(sandbox.build(cache: cache, now: later).result.reloadedDestinations == 1)
            #expect(sandbox.build(cache: cache, now: later).result.reloadedDestinations == 0)
            try sandbox.expectOutputEqualsCleanBuild()
        }
    }

    @Test("a fingerprint changes with the size, the modification and status-change times and the inode, not with dotfiles")
    func fingerprint() throws {
        let sandbox = try CacheSandbox()
        defer { sandbox.remove() }
        let folder = sandbox.url("Destinations/beta")
        let original = SourceFingerprint(of: folder)
        // beta/, index.md, trips/, trips/drive.gpx
        #expect(original.entries.map(\.path) == ["/", "index.md", "trips/", "trips/drive.gpx"])
        #expect(original.isSettled)

        try sandbox.write("Destinations/beta/.index.md.swp", "editor state")
        #expect(SourceFingerprint(of: folder) == original)

        let index = sandbox.url("Destinations/beta/index.md")
        let modified = try #require(try FileManager.default.attributesOfItem(atPath: index.path)[.modificationDate] as? Date)
        let text = try Data(contentsOf: index)
        // Same bytes and modification time, new inode (an editor's save by rename).
        try text.write(to: index, options: .atomic)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: index.path)
        let renamed = SourceFingerprint(of: folder)
        #expect(renamed != original)
        #expect(renamed.entries[1].size == original.entries[1].size)
        #expect(renamed.entries[1].inode != original.entries[1].inode)

        // Rewritten in place with other bytes of the same length, then its modification time set
        // back (as `cp -p` or `rsync -a` leave a file): only the status-change time tells.
        let handle = try FileHandle(forWritingTo: index)
        try handle.write(contentsOf: Data(String(repeating: "x", count: text.count).utf8))
        try handle.close()
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: index.path)
        let rewritten = SourceFingerprint(of: folder)
        #expect(rewritten != renamed)
        #expect(rewritten.entries[1].size == renamed.entries[1].size && rewritten.entries[1].inode == renamed.entries[1].inode)
        #expect(rewritten.entries[1].modificationSeconds == renamed.entries[1].modificationSeconds)

        #expect(SourceFingerprint(of: sandbox.url("Destinations/nowhere")).entries.isEmpty)
    }

    /// `digest(excluding:)` leaves one file out: an edit of `index.md` changes the digest and not
    /// the digest without it; an edit of another file (a trip log) changes both; a file added
    /// changes both. With nothing excluded it is the digest; an entry not settled besides the one
    /// excluded makes `isSettled(excluding:)` false.
    @Test func aFingerprintWithoutOneFile() throws {
        let sandbox = try CacheSandbox()
        defer { sandbox.remove() }
        let folder = sandbox.url("Destinations/beta")
        let before = SourceFingerprint(of: folder)
        #expect(before.digest(excluding: nil) == before.digest)
        #expect(before.digest(excluding: "index.md") != before.digest)
        #expect(before.isSettled(excluding: "index.md"))

        try sandbox.write("Destinations/beta/index.md", "---\ntitle: Beta again\nlatitude: 60\nlongitude: 5\n---\n")
        let indexEdited = SourceFingerprint(of: folder)
        #expect(indexEdited.digest != before.digest)
        #expect(indexEdited.digest(excluding: "index.md") == before.digest(excluding: "index.md"))
        // The index was just written: not settled, but everything else is.
        #expect(!indexEdited.isSettled && indexEdited.isSettled(excluding: "index.md"))

        try sandbox.write("Destinations/beta/trips/drive.gpx", "<gpx/>")
        let logEdited = SourceFingerprint(of: folder)
        #expect(logEdited.digest(excluding: "index.md") != indexEdited.digest(excluding: "index.md"))
        #expect(!logEdited.isSettled(excluding: "index.md"))

        try sandbox.write("Destinations/beta/pois.json", "[]")
        #expect(SourceFingerprint(of: folder).digest(excluding: "index.md") != logEdited.digest(excluding: "index.md"))
    }

    /// A folder of files only, whose own times have not moved since its stamp was taken, is
    /// fingerprinted from its files' names without listing it — the same fingerprint as a full
    /// one, an edit in place included; a file added moves the folder's times: no quick fingerprint.
    /// A folder holding a folder has no list of files, and a stamp taken right after a change is none.
    @Test func aFolderWhoseTimesDidNotMoveIsFingerprintedWithoutListingIt() throws {
        let sandbox = try CacheSandbox()
        defer { sandbox.remove() }
        try sandbox.write("Destinations/gamma/index.md", "---\ntitle: Gamma\nlatitude: 60\nlongitude: 5\n---\n")
        try sandbox.write("Destinations/gamma/pois.json", "[]")
        let folder = sandbox.url("Destinations/gamma")
        #expect(SourceFingerprint(of: folder).folderStamp == nil, "just changed: not settled")
        let later = Date().addingTimeInterval(5)
        let full = SourceFingerprint(of: folder, takenAt: later)
        let stamp = try #require(full.folderStamp)
        let names = try #require(full.fileNamesWithoutFolders)
        #expect(names == ["index.md", "pois.json"])
        #expect(SourceFingerprint(of: sandbox.url("Destinations/beta"), takenAt: later).fileNamesWithoutFolders == nil, "beta holds trips/")
        let parent = open(sandbox.url("Destinations").path, O_RDONLY | O_DIRECTORY)
        defer { close(parent) }
        let quick = try #require(SourceFingerprint(folderNamed: "gamma", in: parent, folderStamp: stamp, names: names, takenAt: later))
        #expect(quick == full && quick.digest == full.digest)

        let handle = try FileHandle(forWritingTo: folder.appendingPathComponent("index.md"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("More prose.\n".utf8))
        try handle.close()
        let edited = try #require(SourceFingerprint(folderNamed: "gamma", in: parent, folderStamp: stamp, names: names, takenAt: later))
        #expect(edited.digest == SourceFingerprint(of: folder, takenAt: later).digest && edited.digest != full.digest)

        try sandbox.write("Destinations/gamma/notes.txt", "new")
        #expect(SourceFingerprint(folderNamed: "gamma", in: parent, folderStamp: stamp, names: names, takenAt: later) == nil)
    }

    /// A modification time with a fraction of a second comes from a file system whose clock
    /// ticks every 1–10 ms: 50 ms after it, a later write would show. A whole-second time may come
    /// from one with 2 s timestamps (FAT): 2 s. The times are set exactly with `utimensat`.
    @Test("a fingerprint is settled 50 ms after a fine modification time, 2 s after a whole-second one")
    func settledness() throws {
        let sandbox = try CacheSandbox()
        defer { sandbox.remove() }
        let file = sandbox.url("Destinations/beta/index.md")
        func setModificationTime(seconds: Int, nanoseconds: Int) {
            var times = [timespec(tv_sec: seconds, tv_nsec: nanoseconds), timespec(tv_sec: seconds, tv_nsec: nanoseconds)]
            #expect(utimensat(AT_FDCWD, file.path, &times, 0) == 0)
        }
        func fingerprint(at seconds: Double) -> SourceFingerprint {
            SourceFingerprint(of: file, takenAt: Date(timeIntervalSince1970: seconds))
        }
        let second = 1_700_000_000
        setModificationTime(seconds: second, nanoseconds: 250_000_000)
        #expect(fingerprint(at: 0).entries.map(\.modificationNanoseconds) == [250_000_000])
        let fine = Double(second) + 0.25
        #expect(!fingerprint(at: fine + 0.03).isSettled)  // 30 ms < 50 ms
        #expect(fingerprint(at: fine + 0.06).isSettled)   // 60 ms > 50 ms
        setModificationTime(seconds: second, nanoseconds: 0)
        #expect(!fingerprint(at: Double(second) + 0.06).isSettled)
        #expect(!fingerprint(at: Double(second) + 1.9).isSettled)  // 1.9 s < 2 s
        #expect(fingerprint(at: Double(second) + 2.1).isSettled)
    }
}
