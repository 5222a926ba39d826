import Foundation
import Testing

/// Open Graph and Twitter card tags (issue 17, item 8): each page's title and description as its
/// `<title>` and `<meta name="description">` give them, its canonical URL as `og:url` under a
/// baseURL, and for each page with a map a PNG of that map as `og:image` (1200 × 630, rasterised
/// at build time, cached in `.roadtrip-cache/og/`) — only under a baseURL with a host.
@Suite struct SharingMetadataTests {
    @Test func eachPageSharesItsTitleDescriptionAndURL() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/site.yaml", "title: Norway\nbaseURL: https://example.org/trip/\n")
        try project.write("Destinations/bergen/index.md", ItineraryCommandTests.destination(
            "Bergen", 60.3913, 5.3221, "subtitle: Seven mountains & a wharf\n"))
        #expect(try project.build(["--quiet"]).status == 0)
        let page = try project.read("Output/bergen/index.html")
        #expect(page.contains("<title>Bergen · Norway</title>"))
        #expect(page.contains(#"<meta property="og:title" content="Bergen · Norway">"#))
        #expect(page.contains(#"<meta name="description" content="Bergen: Seven mountains &amp; a wharf">"#))
        #expect(page.contains(#"<meta property="og:description" content="Bergen: Seven mountains &amp; a wharf">"#))
        #expect(page.contains(#"<meta property="og:url" content="https://example.org/trip/bergen/">"#))
        #expect(page.contains(#"<meta property="og:site_name" content="Norway">"#))
        // The page has a map, so its card is the large-image one (the image: the next test).
        #expect(page.contains(#"<meta name="twitter:card" content="summary_large_image">"#))
    }

    /// Without a baseURL there is no absolute URL to share: no og:url, no og:image, the small
    /// card, and nothing rasterised (no PNG, no cache folder for them).
    @Test func withoutABaseURLNothingIsRasterised() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/bergen/index.md", ItineraryCommandTests.destination("Bergen", 60.3913, 5.3221, ""))
        let result = try project.build()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("draw-previews: none (no baseURL with a host) … "), "\(result.standardOutput)")
        for page in ["Output/index.html", "Output/bergen/index.html"] {
            let html = try project.read(page)
            #expect(!html.contains("og:url") && !html.contains("og:image") && !html.contains("twitter:image"), "\(page)")
            #expect(html.contains(#"<meta name="twitter:card" content="summary">"#), "\(page)")
            #expect(html.contains(#"<meta property="og:type" content="website">"#), "\(page)")
        }
        #expect(!project.exists("Output/og.png") && !project.exists("Output/bergen/og.png"))
        #expect(!project.exists(".roadtrip-cache/og"))
        // A baseURL that is only a path gives no absolute URL either.
        try project.write("Destinations/site.yaml", "baseURL: /trip/\n")
        #expect(try project.build(["--quiet"]).status == 0)
        let pathOnly = try project.read("Output/bergen/index.html")
        #expect(!pathOnly.contains("og:image"))
        // Its canonical link is root-relative, which Open Graph's og:url may not be (from a
        // fresh-clone tester: og:url was "/trip/bergen/").
        #expect(pathOnly.contains(#"<link rel="canonical" href="/trip/bergen/">"#) && !pathOnly.contains("og:url"))
        #expect(!project.exists("Output/bergen/og.png") && !project.exists(".roadtrip-cache/og"))
    }

    /// Under a baseURL with a host, every page with a map — home, destination, trip log, tag,
    /// named trip — names `<its folder>/og.png`, a 1200 × 630 PNG of its map, and the second build
    /// copies all of them from the cache.
    @Test func eachPageWithAMapSharesAPNGOfIt() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/site.yaml", "title: Deserts\nbaseURL: https://example.org/trip/\n")
        let page = ItineraryCommandTests.destination
        // Two places whose whole default-span map (0.05°) is land, or sea, at any GSHHG resolution
        // (Tests/Browser/test_basemap_pixels.py's "chad-sahara" and "south-pacific": about 1,000
        // and 1,700 km from the nearest coast), on a named trip; and a destination with a trip log.
        try project.write("Destinations/borkou/index.md", page("Borkou", 17.0, 19.0, "trip: far-away\norder: 1\ntags: [desert]\n"))
        try project.write("Destinations/south-pacific/index.md", page("South Pacific", -40.0, -130.0, "trip: far-away\norder: 2\n"))
        try project.write("Destinations/cerknica/index.md", page("Cerknica", 45.7947, 14.3622, ""))
        try project.copy(PhotosTests.track, to: "Destinations/cerknica/trips/lake.gpx")
        let first = try project.build()
        #expect(first.status == 0, "\(first.standardError)")
        let previews = [
            "og.png", "borkou/og.png", "south-pacific/og.png", "cerknica/og.png", "cerknica/trips/lake/og.png",
            "tags/desert/og.png", "itineraries/far-away/og.png",
        ]
        #expect(first.standardOutput.contains("draw-previews: 7 previews (7 rasterised, 0 from the cache) … "), "\(first.standardOutput)")
        for path in previews {
            // The IHDR chunk read here, byte by byte (PNG §5.2, §11.2.2): the 8-byte signature,
            // the chunk's length 13 and type "IHDR", then width and height, 4 bytes big-endian each.
            let bytes = try [UInt8](Data(contentsOf: project.output.appendingPathComponent(path)).prefix(24))
            #expect(bytes.count == 24, "\(path)")
            guard bytes.count == 24 else { continue }
            #expect(bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "\(path): PNG signature")
            #expect(Array(bytes[8..<16]) == [0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52], "\(path): IHDR first")
            let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(width == 1200 && height == 630, "\(path): \(width) × \(height)")
            let folder = path.dropLast("og.png".count)
            let html = try project.read("Output/\(folder)index.html")
            #expect(html.contains(#"<meta property="og:image" content="https://example.org/trip/\#(path)">"#), "\(path)")
            #expect(html.contains(#"<meta name="twitter:image" content="https://example.org/trip/\#(path)">"#), "\(path)")
        }
        // The meta tags in full on one page: the absolute URL is the baseURL and the PNG's path;
        // the alternative text is the map's <title> and <desc>.
        let borkou = try project.read("Output/borkou/index.html")
        for tag in [
            #"<meta property="og:image" content="https://example.org/trip/borkou/og.png">"#,
            #"<meta property="og:image:type" content="image/png">"#,
            #"<meta property="og:image:width" content="1200">"#,
            #"<meta property="og:image:height" content="630">"#,
            #"<meta property="og:image:alt" content="Borkou. Map centred on 17, 19 showing 1 place: Borkou.">"#,
            #"<meta name="twitter:card" content="summary_large_image">"#,
            #"<meta name="twitter:image:alt" content="Borkou. Map centred on 17, 19 showing 1 place: Borkou.">"#,
        ] {
            #expect(borkou.contains(tag), "\(tag)")
        }
        // The index of tags has no map, so no picture and the small card.
        let tagIndex = try project.read("Output/tags/index.html")
        #expect(!tagIndex.contains("og:image") && tagIndex.contains(#"<meta name="twitter:card" content="summary">"#))

        // Pixels, read back without libvips (Tests/Site/png_pixels.py, zlib only). The page map
        // is centred on the destination, and so is the preview: the pin's tip is the centre of
        // the 1200 × 630 picture, (600, 315). The destination pin is a teardrop whose head (radius
        // 12 CSS px) is centred 30 px above the tip, drawn 630 / 500 = 1.26 device pixels per CSS
        // pixel; (600, 300) is 12 CSS px above the tip, inside the teardrop's body (about ±5 px
        // wide there) and below its white star (from 22.8 px up): the pin's fill, #d32f2f.
        // (60, 60) is the top-left corner's land or sea, away from the pin, the scale bar
        // (bottom left) and the credits (bottom right): the basemap's light palette, land
        // #f3f1ea, sea #cfe0ea — or, without GSHHG, the plain background #e8eef1.
        let hasGSHHG = FileManager.default.fileExists(atPath: "/usr/share/gmt-gshhg/binned_GSHHS_c.nc")
        let land = hasGSHHG ? "#f3f1ea" : "#e8eef1", sea = hasGSHHG ? "#cfe0ea" : "#e8eef1"
        if !hasGSHHG { print("SharingMetadataTests: land and sea not told apart: no GSHHG in /usr/share/gmt-gshhg (./run installs it)") }
        #expect(try Self.pixels(project.output.appendingPathComponent("borkou/og.png"), ["600,300", "60,60"]) == ["#d32f2f", land])
        #expect(try Self.pixels(project.output.appendingPathComponent("south-pacific/og.png"), ["600,300", "60,60"]) == ["#d32f2f", sea])

        // A second build that renders every page again (--no-cache: the stored build would keep
        // them) rasterises nothing: the progress line says so, and the cache's files are the first
        // build's (same modification times).
        let cache = project.root.appendingPathComponent(".roadtrip-cache/og")
        let cached = try Self.modificationTimes(in: cache)  // 7 PNGs, each with its .png.stamp
        #expect(cached.count == 14, "\(cached.keys.sorted())")
        let second = try project.build(["--no-cache"])
        #expect(second.status == 0, "\(second.standardError)")
        #expect(second.standardOutput.contains("draw-previews: 7 previews (0 rasterised, 7 from the cache) … "), "\(second.standardOutput)")
        #expect(try Self.modificationTimes(in: cache) == cached)
        #expect(second.standardOutput.contains("(0 written, "), "\(second.standardOutput)")

        // roadtrip check reads og:image and twitter:image, absolute URLs under the baseURL, as the
        // site's own files: nothing broken; with a PNG gone, both tags of its page are.
        let check = try CommandRunner.run(["check", "--source", project.root.path])
        #expect(check.status == 0, "\(check.standardError)")
        try FileManager.default.removeItem(at: project.output.appendingPathComponent("borkou/og.png"))
        let broken = try CommandRunner.run(["check", "--source", project.root.path])
        #expect(broken.status == 1)
        let errors = broken.standardError.split(separator: "\n").filter { $0.contains("og.png") }
        #expect(errors.count == 2 && errors.allSatisfy { $0.hasPrefix("Output/borkou/index.html:") && $0.hasSuffix(
            ": error: broken reference 'https://example.org/trip/borkou/og.png': no file 'borkou/og.png' in the site") },
            "\(broken.standardError)")
    }

    /// A cached PNG that is not a whole PNG of the right size (cut short, a symbolic link) is
    /// rasterised again; a page whose map changed gets a new PNG.
    @Test func aDamagedOrOutdatedPreviewIsRasterisedAgain() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/site.yaml", "baseURL: https://example.org/\n")
        try project.write("Destinations/bergen/index.md", ItineraryCommandTests.destination("Bergen", 60.3913, 5.3221, ""))
        #expect(try project.build(["--quiet"]).status == 0)
        let cache = project.root.appendingPathComponent(".roadtrip-cache/og")
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".png") }.sorted()
        #expect(names.count == 2, "\(names)")  // the home page's and Bergen's (each with its .png.stamp)
        guard let first = names.first else { return }
        // Cut one short; the build rasterises it again and publishes a whole PNG.
        let file = cache.appendingPathComponent(first)
        let whole = try Data(contentsOf: file)
        try whole.prefix(100).write(to: file)
        // --no-cache: every page asks the cache for its preview (a stored build would keep the
        // published og.png of a page or site-wide group it did not render, without asking).
        let repaired = try project.build(["--no-cache"])
        #expect(repaired.standardOutput.contains("draw-previews: 2 previews (1 rasterised, 1 from the cache) … "), "\(repaired.standardOutput)")
        #expect(try Data(contentsOf: file) == whole)
        // A symbolic link where the PNG was is not followed: the PNG is rasterised again in its place.
        // (A build that reuses the stored build leaves the published og.png, its own inode, alone
        // without asking the cache: --no-cache renders every page and so asks it.)
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/etc/hostname")
        // site.yaml and the project's theme settled, so that this build records what it rendered
        // (nothing is stored while either could still change unseen) and the next keeps the overview.
        try IncrementalBuildTests.settle(
            project, ["Destinations/site.yaml"] + IncrementalBuildTests.files(below: "Themes", of: project))
        let relinked = try project.build(["--no-cache"])
        #expect(relinked.standardOutput.contains("draw-previews: 2 previews (1 rasterised, 1 from the cache) … "), "\(relinked.standardOutput)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: file.path)) == nil)
        #expect(try Data(contentsOf: file) == whole)
        // A POI changes Bergen's map, and so its preview: one new PNG beside the two. The overview
        // map shows destinations only: its site-wide group is kept with its published og.png,
        // which is then neither asked of the cache nor drawn.
        let overviewPreview = try Data(contentsOf: project.output.appendingPathComponent("og.png"))
        try project.write("Destinations/bergen/index.md", ItineraryCommandTests.destination(
            "Bergen", 60.3913, 5.3221, "pois:\n  - { title: Bryggen, latitude: 60.3975, longitude: 5.3241 }\n"))
        let changed = try project.build()
        #expect(changed.standardOutput.contains("draw-previews: 1 preview (1 rasterised, 0 from the cache) … "), "\(changed.standardOutput)")
        #expect(try Data(contentsOf: project.output.appendingPathComponent("og.png")) == overviewPreview)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".png") }.count == 3)
        #expect(try project.read("Output/bergen/index.html").contains("showing 2 places: Bergen; Bryggen."))
    }

    /// A cached PNG written into in place (`dd conv=notrunc`, its modification time put back) is
    /// not published: its stamp is not the one recorded when roadtrip wrote it, so it is rasterised
    /// again, and the output is byte for byte that of a build with an empty cache. An untouched
    /// cache is still used (nothing rasterised).
    @Test func aPreviewEditedInPlaceIsRasterisedAgain() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/site.yaml", "baseURL: https://example.org/\n")
        try project.write("Destinations/bodo/index.md", ItineraryCommandTests.destination("Bodø", 67.2804, 14.4049, ""))
        #expect(try project.build(["--quiet"]).status == 0)
        let reference = try FolderSnapshot(project.output)
        let untouched = try project.build(["--no-cache"])
        #expect(untouched.standardOutput.contains("draw-previews: 2 previews (0 rasterised, 2 from the cache) … "), "\(untouched.standardOutput)")
        let cache = project.root.appendingPathComponent(".roadtrip-cache/og")
        let published = try Data(contentsOf: project.output.appendingPathComponent("bodo/og.png"))
        guard let name = try FileManager.default.contentsOfDirectory(atPath: cache.path).first(where: {
            $0.hasSuffix(".png") && (try? Data(contentsOf: cache.appendingPathComponent($0))) == published
        }) else { Issue.record("no cached PNG holds Output/bodo/og.png"); return }
        let file = cache.appendingPathComponent(name)
        #expect(published.count > 5004)
        for build in [[], ["--no-cache"]] {
            // printf ZZZZ | dd of=<key>.png bs=1 seek=5000 conv=notrunc, then touch -r back.
            let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
            let handle = try FileHandle(forUpdating: file)
            try handle.seek(toOffset: 5000)
            try handle.write(contentsOf: Data("ZZZZ".utf8))
            try handle.close()
            try FileManager.default.setAttributes([.modificationDate: modified as Any], ofItemAtPath: file.path)
            try FileManager.default.removeItem(at: project.output.appendingPathComponent("bodo/og.png"))
            let repaired = try project.build(build)
            #expect(repaired.status == 0, "\(repaired.standardError)")
            // The incremental build renders only the page whose og.png went (the overview's group is
            // kept, with its preview); --no-cache renders both, the overview's from the cache.
            let previews = build.isEmpty ? "1 preview (1 rasterised, 0 from the cache)" : "2 previews (1 rasterised, 1 from the cache)"
            #expect(repaired.standardOutput.contains("draw-previews: \(previews) … "), "\(repaired.standardOutput)")
            #expect(try FolderSnapshot(project.output) == reference)
            #expect(try Data(contentsOf: file) == published)
        }
        // With an empty cache the output is the same.
        try FileManager.default.removeItem(at: project.root.appendingPathComponent(".roadtrip-cache"))
        try FileManager.default.removeItem(at: project.output)
        #expect(try project.build(["--quiet"]).status == 0)
        #expect(try FolderSnapshot(project.output) == reference)
    }

    /// A `.roadtrip-cache/og` that is a symbolic link out of the project is not written through:
    /// one warning, and the PNGs are rasterised and published all the same, on every build that
    /// renders the pages (here --no-cache, so that the second does too).
    @Test func aCacheFolderLinkedOutOfTheProjectIsNotUsed() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-og-elsewhere-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        try project.write("Destinations/site.yaml", "baseURL: https://example.org/\n")
        try project.write("Destinations/bergen/index.md", ItineraryCommandTests.destination("Bergen", 60.3913, 5.3221, ""))
        try FileManager.default.createDirectory(at: project.root.appendingPathComponent(".roadtrip-cache"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: project.root.appendingPathComponent(".roadtrip-cache/og"), withDestinationURL: elsewhere)
        for _ in 1...2 {
            let result = try project.build(["--no-cache"])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardError.contains(".roadtrip-cache: warning: cannot keep the share previews in .roadtrip-cache/og/: "), "\(result.standardError)")
            #expect(result.standardOutput.contains("draw-previews: 2 previews (2 rasterised, 0 from the cache) … "), "\(result.standardOutput)")
            #expect(project.exists("Output/og.png") && project.exists("Output/bergen/og.png"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    /// The colours (`#rrggbb`) of `points` (`"x,y"`) of the PNG at `url`, read by
    /// Tests/Site/png_pixels.py with Python's zlib.
    static func pixels(_ url: URL, _ points: [String]) throws -> [String] {
        let python = URL(fileURLWithPath: "/usr/bin/python3")
        let script = CommandRunner.packageRoot.appendingPathComponent("Tests/Site/png_pixels.py")
        let result = try CommandRunner.run(program: python, [script.path, url.path] + points)
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput.split(separator: "\n").map { String($0.split(separator: " ").last ?? "") }
    }

    /// Each file of `folder` with its modification time.
    static func modificationTimes(in folder: URL) throws -> [String: Date] {
        var times: [String: Date] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            times[name] = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.modificationDate] as? Date
        }
        return times
    }
}
