import Foundation
import Synchronization
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripRender
@testable import RoadTripSite

/// A build draws the offline basemap (issue 15): the tiles of every map's pyramid under
/// `assets/basemap/`, kept in `.roadtrip-cache/basemap/` for the next build, the pages' tile
/// layers and `map.svg` using them, and none of it with `map.offlineBasemap: false`. Skipped,
/// saying so, where Debian's gmt-gshhg packages are not installed.
@Suite struct BasemapBuildTests {
    /// One destination in Bergen (60.3913° N, 5.3221° E) with a span of 0.05°.
    static func project() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-basemap-build-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("Destinations/bergen")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("---\ntitle: Bergen\nlatitude: 60.3913\nlongitude: 5.3221\n---\n".utf8).write(to: folder.appendingPathComponent("index.md"))
        return root
    }

    static func build(
        _ root: URL, output: String = "Output", basemap: Basemap? = Basemap(), strict: Bool = false
    ) -> (progress: [String], diagnostics: [String], succeeded: Bool) {
        let log = DiagnosticLog()
        let lines = Mutex<[String]>([])
        var options = BuildOptions(projectRoot: root)
        options.outputDirectory = root.appendingPathComponent(output)
        options.strict = strict
        let result = SiteBuilder(options: options, log: log, environment: BuildEnvironment(geocoder: TableGeocoder.testville, basemap: basemap)) { line in
            lines.withLock { $0.append(line) }
        }.build()
        return (lines.withLock { $0 }, log.diagnostics.map(\.description), result.succeeded)
    }

    /// Runs `body` with the root of ``project()`` built once, removed after; nothing (saying
    /// why) where GSHHG is not installed.
    static func withBuiltProject(_ body: (URL) throws -> Void) throws {
        guard gshhgIsInstalled() else { return }
        let root = try project()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(build(root).succeeded)
        try body(root)
    }

    /// Whether Debian's gmt-gshhg files are there; says why the test is skipped when not.
    static func gshhgIsInstalled() -> Bool {
        guard Basemap() == nil else { return true }
        print("BasemapBuildTests: skipped: no GSHHG files in /usr/share/gmt-gshhg (Debian's gmt-gshhg packages; ./run installs them)")
        return false
    }

    /// The device and inode numbers of the file at `url` (`stat`).
    static func fileIdentity(_ url: URL) throws -> [UInt64] {
        var status = stat()
        guard stat(url.path, &status) == 0 else { throw CocoaError(.fileNoSuchFile) }
        return [UInt64(status.st_dev), UInt64(status.st_ino)]
    }

    /// Whether `body` (a tile's `<g class="basemap-tile">`) draws nothing, or one land ring whose
    /// points are exactly the corners of the tile and its 2-pixel margin — read from the markup
    /// here, not by `BasemapSolidFill`, whose answer the tests check against it.
    static func isSolid(_ body: String, fill: BasemapSolidFill) -> Bool {
        let body = body.hasSuffix("\n") ? body.dropLast() : Substring(body)
        let opening = #"<g class="basemap-tile" data-gshhg-resolution=""#
        guard body.hasPrefix(opening) else { return false }
        let afterResolution = body.dropFirst(opening.count + 2)  // one letter and its quote
        if fill == .sea { return afterResolution == "/>" }
        let land = #"><path class="basemap-land" data-level="1" d=""#
        guard afterResolution.hasPrefix(land), afterResolution.hasSuffix("/></g>"),
              afterResolution.components(separatedBy: "<path").count == 2
        else { return false }
        let d = afterResolution.dropFirst(land.count).prefix { $0 != "\"" }
        guard d.first == "M", d.last == "Z" else { return false }
        let points = d.dropFirst().dropLast().split(separator: "L").map(String.init)
        return points.count == 4 && Set(points) == ["-2,-2", "-2,258", "258,258", "258,-2"]
    }

    /// The tiles of the build's pyramids by the cache's index of the project at `root`, and those
    /// of them that are solid.
    static func cachedIndex(_ root: URL) throws -> (folder: URL, index: BasemapTileIndex) {
        let cacheRoot = root.appendingPathComponent(".roadtrip-cache/basemap")
        let fingerprint = try #require(try FileManager.default.contentsOfDirectory(atPath: cacheRoot.path).first)
        let folder = cacheRoot.appendingPathComponent(fingerprint)
        return (folder, BasemapTileIndex(contentsOfFile: folder.appendingPathComponent("index").path))
    }

    /// `tile`'s file below the output's `assets/basemap/`: `{z}/{x}-{y}.svg`.
    static func outputName(_ tile: BasemapPyramid.Tile) -> String {
        "\(tile.zoom)/\(tile.x)-\(tile.y).svg"
    }

    /// The cache's path (`{z}/{x}/{y}.svg`) of the tile whose file below the output's
    /// `assets/basemap/` is `name` (`{z}/{x}-{y}.svg`).
    static func cachePath(ofOutput name: String) -> String {
        name.replacingOccurrences(of: "-", with: "/")
    }

    /// The output's tile files under `folder` (`assets/basemap/`), without the solid tiles' shared files.
    static func tileFiles(under folder: URL) -> [String: Data] {
        files(under: folder).filter { !BasemapSolidFill.allCases.map { $0.rawValue + ".svg" }.contains($0.key) }
    }

    static func files(under folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        for path in (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? [] {
            let url = folder.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = FileManager.default.contents(atPath: url.path)
            }
        }
        return files
    }

    /// A first build links the tiles into its staging folder while render-pages runs; one that
    /// stops after that (here draw-previews, under `--strict`, for plan-itinerary's warning about
    /// two stops whose order and dates disagree) removes the folder, which moves each tile's
    /// status-change time again, and stamps the tiles anew: the index still says what `lstat` says
    /// of every tile, so the next build links them without reading them (a tester's next build read
    /// all 6,402 tiles of a 250-destination site).
    @Test func aFirstBuildThatStopsAfterLinkingTilesKeepsTheIndexTrue() throws {
        try Self.withBuiltProject { root in
            let later = root.appendingPathComponent("Destinations/oslo")
            try FileManager.default.createDirectory(at: later, withIntermediateDirectories: true)
            try Data("---\ntitle: Oslo\nlatitude: 59.91\nlongitude: 10.75\ndate: 2025-06-01\norder: 2\n---\n".utf8)
                .write(to: later.appendingPathComponent("index.md"))
            try Data("---\ntitle: Bergen\nlatitude: 60.3913\nlongitude: 5.3221\ndate: 2025-06-02\norder: 1\n---\n".utf8)
                .write(to: root.appendingPathComponent("Destinations/bergen/index.md"))
            let stopped = Self.build(root, output: "Second", strict: true)
            #expect(!stopped.succeeded)
            #expect(stopped.progress.contains { $0.contains("render-pages: 2 destinations") }, "\(stopped.progress)")
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Second").path))

            let cacheRoot = root.appendingPathComponent(".roadtrip-cache/basemap")
            let fingerprint = try #require(try FileManager.default.contentsOfDirectory(atPath: cacheRoot.path).first)
            let cacheFolder = cacheRoot.appendingPathComponent(fingerprint)
            let index = BasemapTileIndex(contentsOfFile: cacheFolder.appendingPathComponent("index").path)
            #expect(!index.stamps.isEmpty)
            for (tile, stamp) in index.stamps {
                var status = stat()
                #expect(lstat(cacheFolder.appendingPathComponent(tile.path).path, &status) == 0)
                #expect(stamp == BasemapFileStamp(status), "\(tile.path) would be read again")
            }
        }    }

    @Test func tilesAreWrittenCachedAndReused() throws {
        guard Self.gshhgIsInstalled() else { return }
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let first = Self.build(root)
        #expect(first.succeeded, "\(first.diagnostics)")
        // Every tile the page map's pyramid holds is written (its view, as the build fits it),
        // but for the solid ones — all land or all sea, as their cached drawing shows — which
        // have no file of their own: the output's one land.svg or sea.svg stands for them.
        let config = SiteConfig()
        let region = CoordinateRegion(center: Coordinate(latitude: 60.3913, longitude: 5.3221), span: config.defaultSpan)
        let pageView = MapView(region: region, width: config.viewportWidth, height: config.viewportHeight, maximumZoom: 19)
        let tiles = Self.tileFiles(under: root.appendingPathComponent("Output/assets/basemap"))
        let (cacheFolder, index) = try Self.cachedIndex(root)
        let allTiles = index.stamps.count
        for tile in BasemapPyramid.tiles(for: pageView) {
            let body = try #require(BasemapTileSVG.body(
                ofDocument: Data(contentsOf: cacheFolder.appendingPathComponent(tile.path)), name: tile.documentName))
            if let fill = index.solidFills[tile] {
                #expect(tiles[Self.outputName(tile)] == nil, "\(tile.path) is solid: no file of its own")
                #expect(Self.isSolid(body, fill: fill), "\(tile.path): \(body)")
            } else {
                #expect(tiles[Self.outputName(tile)] != nil, "\(tile.path) is missing")
                #expect(!Self.isSolid(body, fill: .land) && !Self.isSolid(body, fill: .sea), "\(tile.path) is solid: \(body)")
            }
        }
        // Bergen's pyramid has both: fjords and open sea beside the mountains.
        #expect(Set(index.solidFills.values) == [.land, .sea])
        #expect(tiles.count + index.solidFills.count == allTiles)
        #expect(tiles.keys.allSatisfy { Int($0.split(separator: "/")[0])! <= BasemapPyramid.maximumZoom })
        // One folder a zoom level: {z}/{x}-{y}.svg.
        #expect(tiles.keys.allSatisfy { $0.split(separator: "/").count == 2 && $0.contains("-") }, "\(tiles.keys.sorted())")
        let drawn = try #require(first.progress.first { $0.contains("draw-basemap: ") })
        #expect(drawn.contains("(\(CountText.grouped(allTiles)) drawn, 0 from the cache)"), "\(drawn)")
        // The cache holds each tile's body; a second build into a new folder reads them all and
        // writes the same files.
        let cacheRoot = root.appendingPathComponent(".roadtrip-cache/basemap")
        let fingerprints = try FileManager.default.contentsOfDirectory(atPath: cacheRoot.path)
        #expect(fingerprints.count == 1 && fingerprints[0].count == 16)
        // … and the drawing of the overview's own view (one destination: narrower than the world),
        // which the second build's map.svg embeds from there.
        let cached = Self.files(under: cacheRoot.appendingPathComponent(fingerprints[0]))
        #expect(cached.keys.filter { !$0.hasPrefix("views/") && $0 != "index" }.count == allTiles)
        // The index names every tile's file with what lstat says of it now (size, mtime, ctime,
        // inode) — after the build linked it into Output/, which moved its ctime — so that a later
        // build links a tile no map embeds without reading it.
        #expect(cacheFolder == cacheRoot.appendingPathComponent(fingerprints[0]))
        for (tile, stamp) in index.stamps {
            var status = stat()
            #expect(lstat(cacheFolder.appendingPathComponent(tile.path).path, &status) == 0)
            let links = index.solidFills[tile] == nil ? 2 : 1
            #expect(status.st_nlink == links, "the cache's file and Output's link (none for a solid tile): \(tile.path)")
            #expect(stamp.size == Int64(status.st_size) && stamp.inode == UInt64(status.st_ino), "\(tile.path)")
            #expect(stamp.modified == Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec))
            #expect(stamp.changed == Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec), "\(tile.path)")
        }
        let overviewDrawing = try #require(cached.first { $0.key.hasPrefix("views/") })
        let overviewName = "view " + ((overviewDrawing.key as NSString).lastPathComponent as NSString).deletingPathExtension
        let overviewBody = try #require(BasemapTileSVG.body(ofDocument: overviewDrawing.value, name: overviewName))
        #expect(try String(contentsOf: root.appendingPathComponent("Output/map.svg"), encoding: .utf8).contains(overviewBody))
        // A later build takes that drawing from the cache (a marked one stands in for it here).
        let marked = #"<g class="basemap-tile" data-test="from-the-cache"/>"#
        let overviewFile = cacheRoot.appendingPathComponent(fingerprints[0]).appendingPathComponent(overviewDrawing.key)
        try Data(BasemapTileSVG.document(body: marked, name: overviewName).utf8).write(to: overviewFile)
        #expect(Self.build(root, output: "Marked").succeeded)
        #expect(try String(contentsOf: root.appendingPathComponent("Marked/map.svg"), encoding: .utf8).contains(marked))
        try overviewDrawing.value.write(to: overviewFile)
        let output = Self.files(under: root.appendingPathComponent("Output"))
        let second = Self.build(root, output: "Again")
        let again = try #require(second.progress.first { $0.contains("draw-basemap: ") })
        #expect(again.contains("(0 drawn, \(CountText.grouped(allTiles)) from the cache)"), "\(again)")
        #expect(Self.files(under: root.appendingPathComponent("Again")) == output)
        // The output's tiles are the cache's files, hard-linked (same device and inode).
        let sortedTiles = tiles.keys.sorted()
        let cut = cacheRoot.appendingPathComponent(fingerprints[0]).appendingPathComponent(Self.cachePath(ofOutput: sortedTiles[0]))
        let edited = cacheRoot.appendingPathComponent(fingerprints[0]).appendingPathComponent(Self.cachePath(ofOutput: sortedTiles[1]))
        for folder in ["Output", "Again"] {
            let published = root.appendingPathComponent(folder + "/assets/basemap/" + sortedTiles[0])
            #expect(try Self.fileIdentity(published) == Self.fileIdentity(cut))
        }
        // Cached tiles cut short or edited (a script in a well-formed group, the checksum line
        // kept) are drawn again, never embedded nor linked: the third build is the first's site.
        // (Written in place, they change the first two outputs' tiles too, until their next build.)
        let whole = try Data(contentsOf: cut), original = try String(contentsOf: edited, encoding: .utf8)
        try whole.prefix(whole.count / 2).write(to: cut)
        let checksumLine = try #require(original.split(separator: "\n").dropFirst().first)
        try Data((#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + checksumLine + "\n<svg><g class=\"basemap-tile\"><script>alert(1)</script></g>\n</svg>\n").utf8)
            .write(to: edited)
        // A symbolic link to a copy of the right tile outside the project is not followed either,
        // nor is a file larger than any tile.
        let linked = cacheRoot.appendingPathComponent(fingerprints[0]).appendingPathComponent(Self.cachePath(ofOutput: sortedTiles[2]))
        let outsideCopy = root.deletingLastPathComponent().appendingPathComponent("roadtrip-outside-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: outsideCopy) }
        try FileManager.default.copyItem(at: linked, to: outsideCopy)
        try FileManager.default.removeItem(at: linked)
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: outsideCopy)
        let oversized = cacheRoot.appendingPathComponent(fingerprints[0]).appendingPathComponent(Self.cachePath(ofOutput: sortedTiles[3]))
        let oversizedHandle = try FileHandle(forWritingTo: oversized)
        try oversizedHandle.truncate(atOffset: UInt64(BasemapTileCache.largestFile + 1))
        try oversizedHandle.close()
        // Another tile's file copied in a tile's place names the other tile: drawn again.
        let substituted = cacheRoot.appendingPathComponent(fingerprints[0]).appendingPathComponent(Self.cachePath(ofOutput: sortedTiles[4]))
        try FileManager.default.removeItem(at: substituted)
        try FileManager.default.copyItem(
            at: cacheRoot.appendingPathComponent(fingerprints[0]).appendingPathComponent(Self.cachePath(ofOutput: sortedTiles[5])), to: substituted)
        let third = Self.build(root, output: "Third")
        let redrawn = try #require(third.progress.first { $0.contains("draw-basemap: ") })
        #expect(redrawn.contains("(5 drawn, \(CountText.grouped(allTiles - 5)) from the cache)"), "\(redrawn)")
        #expect(try Self.fileIdentity(root.appendingPathComponent("Third/assets/basemap/" + sortedTiles[2])) != Self.fileIdentity(outsideCopy))
        #expect(Self.files(under: root.appendingPathComponent("Third")) == output)
        #expect(try Data(contentsOf: cut) == whole && String(contentsOf: edited, encoding: .utf8) == original)
        // A rebuild of the first output links the redrawn files in place of the edited ones.
        #expect(Self.files(under: root.appendingPathComponent("Output")) != output)
        let rebuilt = Self.build(root)
        #expect(rebuilt.progress.contains { $0.contains("(0 drawn, \(CountText.grouped(allTiles)) from the cache)") })
        #expect(Self.files(under: root.appendingPathComponent("Output")) == output)

        // The page's no-script tiles: the basemap's first, then the raster layer's; its script
        // configuration names the tiles' URL and the pyramid's levels; map.svg embeds them.
        let page = try String(contentsOf: root.appendingPathComponent("Output/bergen/index.html"), encoding: .utf8)
        let native = BasemapPyramid.nativeZoom(of: pageView)
        #expect(page.contains("map-tile map-tile-basemap\" style=") && page.contains("url('../assets/basemap/\(native)/"))
        let levels = BasemapPyramid.levels(of: pageView)
        #expect(page.contains(#""offlineBasemap":{"url":"../assets/basemap/{z}/{x}-{y}.svg","minZoom":\#(levels.lowerBound),"maxZoom":\#(levels.upperBound),"#))
        // The script learns which of the pyramid's tiles are solid, by fill, in tile order; the
        // no-script tiles show a solid one as its fill's file; land.svg and sea.svg are those drawings.
        #expect(page.contains(#""solidTiles":{"url":"../assets/basemap/{fill}.svg","#))
        for fill in BasemapSolidFill.allCases {
            let keys = BasemapPyramid.tiles(for: pageView).sorted().filter { index.solidFills[$0] == fill }
            #expect(!keys.isEmpty, "\(fill)")
            #expect(page.contains("\"\(fill.rawValue)\":[" + keys.map { "\"\($0.zoom)/\($0.x)/\($0.y)\"" }.joined(separator: ",") + "]"))
            let shared = try Data(contentsOf: root.appendingPathComponent("Output/assets/basemap/\(fill.rawValue).svg"))
            let body = try #require(BasemapTileSVG.body(ofDocument: shared, name: "solid \(fill.rawValue) tile"))
            #expect(Self.isSolid(body, fill: fill), "\(body)")
        }
        for tile in MapTile.covering(pageView, maximumZoom: Double(BasemapPyramid.maximumZoom)) {
            let fill = index.solidFills[BasemapPyramid.Tile(zoom: tile.zoom, x: tile.x, y: tile.y)]
            let url = fill.map { "../assets/basemap/\($0.rawValue).svg" } ?? "../assets/basemap/\(tile.zoom)/\(tile.x)-\(tile.y).svg"
            #expect(page.contains("background-image:url('\(url)')"), "\(tile)")
        }
        // map.svg: the basemap alone (no raster tile a browser offline would draw as a broken
        // image), GSHHG's credit on the bottom line, no tile attribution.
        let map = try String(contentsOf: root.appendingPathComponent("Output/bergen/map.svg"), encoding: .utf8)
        #expect(map.contains(#"<g class="basemap-vector">"#) && map.contains(#"clip-path="url(#roadtrip-basemap-tile-clip)""#))
        #expect(map.contains(#"<text class="basemap-credit" x="796" y="496""#))
        #expect(map.contains("Coastlines © GSHHG (Wessel &amp; Smith), LGPL"))
        #expect(!map.contains("<image") && !map.contains("OpenStreetMap"))
        // Its tiles are scaled (zoom above 12): the style sheet divides the line widths by the
        // scale, which librsvg draws too (it ignores vector-effect).
        #expect(map.contains(".basemap-vector .basemap-river,.basemap-vector .basemap-border{stroke-width:0."))
        #expect(!map.contains("vector-effect"))
        // The inline map keeps the tile attribution (the page draws the raster tiles behind it).
        #expect(page.contains("© OpenStreetMap contributors</text>"))
        // The home page's cards draw the basemap too.
        let home = try String(contentsOf: root.appendingPathComponent("Output/index.html"), encoding: .utf8)
        #expect(home.contains("url('assets/basemap/"))
        // Under a baseURL with a path, the tiles' links are absolute paths below it.
        try Data("baseURL: https://example.org/trips/\n".utf8).write(to: root.appendingPathComponent("Destinations/site.yaml"))
        #expect(Self.build(root, output: "Published").succeeded)
        let published = try String(contentsOf: root.appendingPathComponent("Published/bergen/index.html"), encoding: .utf8)
        #expect(published.contains("url('/trips/assets/basemap/\(native)/"))
        #expect(published.contains(#""offlineBasemap":{"url":"/trips/assets/basemap/{z}/{x}-{y}.svg""#))
    }

    /// A rebuild keeps the tiles the output already holds as the cache's files, unchanged (one
    /// `lstat` of the output's path: BasemapOutputTiles). With a zoom level's folder of the cache
    /// moved away (a folder's rename moves none of its files' status-change times; removing or
    /// renaming a tile's own file would, and the stamp would no longer match), the rebuild neither
    /// draws nor relinks those tiles — the output's links still hold the checked files — while a
    /// build into a new folder, which needs the cache's paths, draws them again. Tiles under an
    /// output folder that is a symbolic link are not kept: the writer is asked about them, and
    /// refuses to replace a link it did not make.
    @Test func aRebuildKeepsTheTilesTheOutputHolds() throws {
        try Self.withBuiltProject { root in
            let cacheRoot = root.appendingPathComponent(".roadtrip-cache/basemap")
            let cacheFolder = cacheRoot.appendingPathComponent(try FileManager.default.contentsOfDirectory(atPath: cacheRoot.path)[0])
            let output = root.appendingPathComponent("Output/assets/basemap")
            let tiles = Self.files(under: output).keys.sorted()
            let index = try Self.cachedIndex(root).index
            let zoom = try #require(tiles.first.map { String($0.split(separator: "/")[0]) })
            let zoomTiles = tiles.filter { $0.hasPrefix(zoom + "/") }
            // The level's solid tiles have no link in the output, and no file of theirs is looked
            // at while the index knows them (their bodies are their fills'): nothing is drawn,
            // and the cache's folder for that level is not made again.
            let solidAtZoom = index.solidFills.keys.filter { String($0.zoom) == zoom }.count
            #expect(solidAtZoom > 0)
            let identities = try zoomTiles.map { try Self.fileIdentity(output.appendingPathComponent($0)) }
            try FileManager.default.moveItem(at: cacheFolder.appendingPathComponent(zoom), to: root.appendingPathComponent("moved-away"))
            let rebuild = Self.build(root)
            #expect(rebuild.succeeded, "\(rebuild.diagnostics)")
            let drawn = try #require(rebuild.progress.first { $0.contains("draw-basemap: ") })
            #expect(drawn.contains("(0 drawn, \(CountText.grouped(index.stamps.count)) from the cache)"), "\(drawn)")
            let written = try #require(rebuild.progress.first { $0.contains("write-output: ") })
            #expect(written.contains("(0 written, "), "\(written)")
            #expect(try zoomTiles.map { try Self.fileIdentity(output.appendingPathComponent($0)) } == identities, "kept: the same files")
            #expect(!FileManager.default.fileExists(atPath: cacheFolder.appendingPathComponent(zoom).path))

            let elsewhere = Self.build(root, output: "Elsewhere")
            #expect(elsewhere.succeeded, "\(elsewhere.diagnostics)")
            let drawnElsewhere = try #require(elsewhere.progress.first { $0.contains("draw-basemap: ") })
            #expect(drawnElsewhere.contains("(\(zoomTiles.count) drawn, "), "\(drawnElsewhere)")
            #expect(Self.files(under: root.appendingPathComponent("Elsewhere/assets/basemap")).keys.sorted() == tiles)

            // The zoom level's output folder replaced by a symbolic link to a copy of it.
            let copy = root.appendingPathComponent("zoom-copy")
            try FileManager.default.moveItem(at: output.appendingPathComponent(zoom), to: copy)
            try FileManager.default.createSymbolicLink(at: output.appendingPathComponent(zoom), withDestinationURL: copy)
            let linked = Self.build(root)
            #expect(!linked.succeeded)
            #expect(linked.diagnostics.contains { $0.contains("'assets/basemap/\(zoom)' is a file or symbolic link roadtrip did not write") },
                    "\(linked.diagnostics)")
        }    }

    /// An overview wider than the world (destinations around it, zoom below 2) embeds the tiles,
    /// which repeat across the view, rather than one drawing of a single world.
    /// A tile rewritten in place with its size and modification time restored (what `cp -p` of
    /// another tile of the same size does, or an editor that keeps times) has a new status-change
    /// time, which no one can set back: the index no longer vouches for it, so it is read, found
    /// wrong and drawn again — every tile, not only those a map.svg embeds (a fresh-clone tester
    /// published five such tiles when the stamp had no status-change time).
    @Test func anEditThatKeepsSizeAndTimesIsCaught() throws {
        try Self.withBuiltProject { root in
            let cacheRoot = root.appendingPathComponent(".roadtrip-cache/basemap")
            let fingerprint = try #require(try FileManager.default.contentsOfDirectory(atPath: cacheRoot.path).first)
            let folder = cacheRoot.appendingPathComponent(fingerprint)
            // The index vouches for every tile (the build stamped the tiles again after linking them).
            // Tiles with a file in the output: a solid one's is the shared land.svg or sea.svg.
            let index = BasemapTileIndex(contentsOfFile: folder.appendingPathComponent("index").path)
            let tiles = index.stamps.keys.filter { index.solidFills[$0] == nil }.sorted()
            #expect(tiles.count >= 6)
            let original = Self.files(under: root.appendingPathComponent("Output/assets/basemap"))
            var edited: [String] = []
            for tile in tiles.prefix(6) {
                let path = folder.appendingPathComponent(tile.path).path
                var status = stat()
                #expect(lstat(path, &status) == 0)
                var bytes = try #require(FileManager.default.contents(atPath: path))
                // One byte of the body changed in place: same size, same inode.
                let index = bytes.count - 20
                bytes[index] = bytes[index] == UInt8(ascii: "1") ? UInt8(ascii: "2") : UInt8(ascii: "1")
                let handle = try #require(FileHandle(forWritingAtPath: path))
                try handle.write(contentsOf: bytes)
                try handle.close()
                var times = [status.st_atim, status.st_mtim]
                #expect(utimensat(AT_FDCWD, path, &times, AT_SYMLINK_NOFOLLOW) == 0)
                edited.append(Self.outputName(tile))
            }
            let third = Self.build(root, output: "Third")
            let line = try #require(third.progress.first { $0.contains("draw-basemap: ") })
            #expect(line.contains("(6 drawn,"), "\(line)")
            let published = Self.files(under: root.appendingPathComponent("Third/assets/basemap"))
            for path in edited { #expect(published[path] == original[path], "\(path)") }
        }    }

    @Test func anOverviewWiderThanTheWorldRepeatsIt() throws {
        guard Self.gshhgIsInstalled() else { return }
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        // Every 30° of longitude: the largest gap is 30°, so the fit spans 330° (with Bergen's 5.3°
        // E inside one gap): 720 px of the 800 (40 px padding each side) for 330° make a world of
        // 785 px, narrower than the map.
        for longitude in stride(from: -165.0, to: 180, by: 30) {
            let slug = "at\(Int(longitude + 180))"
            let folder = root.appendingPathComponent("Destinations/\(slug)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("---\ntitle: \(slug)\nlatitude: 0\nlongitude: \(longitude)\n---\n".utf8).write(to: folder.appendingPathComponent("index.md"))
        }
        let result = Self.build(root)
        #expect(result.succeeded, "\(result.diagnostics)")
        let map = try String(contentsOf: root.appendingPathComponent("Output/map.svg"), encoding: .utf8)
        let zoomMatch = try #require(map.firstMatch(of: #/data-zoom="([\d.]+)"/#))
        let zoom = try #require(Double(zoomMatch.1))
        // 800 px is wider than the world (256 · 2^zoom px) below zoom log2(800 / 256) ≈ 1.64.
        #expect(zoom < 1.64)
        let placed = map.matches(of: #/<(g|use) transform="translate\([-\d.]+,[-\d.]+\) scale/#).count
        #expect(placed > 1 << Int(zoom.rounded(.down)), "the level's tiles, some more than once")
        // A tile shown twice is written once, in <defs>, and each placement of it is a <use>
        // (the tester's world-wide site: 315 KB with every repeat written out, 207 KB now).
        let bodies = map.matches(of: #/<g class="basemap-tile"/#).count
        let uses = map.matches(of: #/<use transform="[^"]+" clip-path="[^"]+" href="#([a-z-]*basemap-tile-\d+)" xlink:href="#\1"\/>/#)
        #expect(!uses.isEmpty)
        #expect(bodies < placed, "\(bodies) bodies for \(placed) placements")
        for use in uses { #expect(map.contains("<g id=\"\(use.1)\">")) }
    }

    /// A GSHHG file cut short (here the crude one, alone in a folder) is one warning naming it; the
    /// tiles it could not give are counted as failed, the build goes on.
    @Test func anUnreadableGSHHGFileIsOneWarning() throws {
        let crude = URL(fileURLWithPath: "/usr/share/gmt-gshhg/binned_GSHHS_c.nc")
        guard let bytes = FileManager.default.contents(atPath: crude.path) else {
            print("BasemapBuildTests: skipped: no /usr/share/gmt-gshhg/binned_GSHHS_c.nc (./run installs it)")
            return
        }
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let gshhg = root.appendingPathComponent("gshhg")
        try FileManager.default.createDirectory(at: gshhg, withIntermediateDirectories: true)
        let cut = gshhg.appendingPathComponent("binned_GSHHS_c.nc")
        try bytes.prefix(4096).write(to: cut)
        let result = Self.build(root, basemap: Basemap(folder: gshhg))
        #expect(result.succeeded)
        let line = try #require(result.progress.first { $0.contains("draw-basemap: ") })
        let failed = try #require(line.firstMatch(of: #/\(0 drawn, 0 from the cache, ([\d,]+) failed\)/#)).1
        #expect(result.diagnostics.contains { diagnostic in
            diagnostic.hasPrefix(gshhg.path + ": warning: \(failed) offline basemap tile")
                && diagnostic.contains("could not be drawn: " + cut.path + ": ")
                && diagnostic.hasSuffix("(reinstall Debian's gmt-gshhg packages)")
        }, "\(result.diagnostics)")
    }

    /// A `.roadtrip-cache` that is a file is one warning, and the tiles are drawn without a cache.
    @Test func aCacheThatCannotBeWrittenIsAWarning() throws {
        guard Self.gshhgIsInstalled() else { return }
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data().write(to: root.appendingPathComponent(".roadtrip-cache"))
        let result = Self.build(root)
        #expect(result.succeeded)
        #expect(result.diagnostics == [
            ".roadtrip-cache: warning: cannot keep the offline basemap's tiles in .roadtrip-cache/basemap/: "
                + ".roadtrip-cache is a file, not a folder; move it away; drawing them without a cache"
        ])
        #expect(!Self.files(under: root.appendingPathComponent("Output/assets/basemap")).isEmpty)
    }

    /// A symbolic link inside the cache — its fingerprint folder, or a zoom folder below it — is
    /// never followed: nothing is written where it leads (a folder outside the project here), the
    /// tiles are drawn without it, and one warning names the link. A folder where a tile's file
    /// belongs is redrawn around, with the same one warning kind (found by a fresh-clone tester:
    /// 1,046 tiles were written into a system folder through such a link, and a read-only cache
    /// was redrawn on every build without a word).
    @Test func linksInsideTheCacheAreNotFollowed() throws {
        guard Self.gshhgIsInstalled() else { return }
        let root = try Self.project()
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-basemap-outside-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: outside)
        }
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        #expect(Self.build(root).succeeded)
        let basemapCache = root.appendingPathComponent(".roadtrip-cache/basemap")
        let fingerprint = try #require(try FileManager.default.contentsOfDirectory(atPath: basemapCache.path).first)
        let cache = basemapCache.appendingPathComponent(fingerprint)
        let drawnBefore = Self.files(under: root.appendingPathComponent("Output/assets/basemap"))

        // The fingerprint folder replaced by a link to a folder outside the project.
        try FileManager.default.moveItem(at: cache, to: root.appendingPathComponent("kept"))
        try FileManager.default.createSymbolicLink(at: cache, withDestinationURL: outside)
        let linked = Self.build(root, output: "Output2")
        #expect(linked.succeeded)
        #expect(linked.diagnostics == [
            ".roadtrip-cache/basemap: warning: cannot keep every offline basemap tile in the cache: "
                + ".roadtrip-cache/basemap/\(fingerprint) is a symbolic link (the cache's folders must be real folders); "
                + "the tiles it could not keep are drawn or read again on every build (remove that entry, or .roadtrip-cache/basemap/ itself)",
        ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        // The output is the same tiles, written rather than linked.
        #expect(Self.files(under: root.appendingPathComponent("Output2/assets/basemap")) == drawnBefore)

        // A zoom folder below a real fingerprint folder.
        try FileManager.default.removeItem(at: cache)
        try FileManager.default.moveItem(at: root.appendingPathComponent("kept"), to: cache)
        let zoom = try #require(try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { Int($0) != nil }.sorted().last)
        try FileManager.default.removeItem(at: cache.appendingPathComponent(zoom))
        try FileManager.default.createSymbolicLink(at: cache.appendingPathComponent(zoom), withDestinationURL: outside)
        let deeper = Self.build(root, output: "Output3")
        #expect(deeper.diagnostics.count == 1)
        #expect(deeper.diagnostics.first?.contains("/\(fingerprint)/\(zoom) is a symbolic link") == true, "\(deeper.diagnostics)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        #expect(Self.files(under: root.appendingPathComponent("Output3/assets/basemap")) == drawnBefore)
    }

    /// A named pipe where a cached tile was is no tile: the build draws it again rather than wait
    /// for a writer for ever (a tester's build hung in `open`). One where a solid tile's file was
    /// is not looked at while the index knows the tile: nothing of it is read or drawn, and the
    /// output is the same. The time limit fails a hang rather than wait for it; it is ten
    /// minutes, not one: alone the test takes ~0.4 s, but its two debug builds with the basemap,
    /// run beside the whole suite on CI's two cores, took 117 s once (and failed at one minute).
    @Test(.timeLimit(.minutes(10))) func aNamedPipeInTheCacheIsDrawnAgain() throws {
        try Self.withBuiltProject { root in
            let (folder, index) = try Self.cachedIndex(root)
            let solid = try #require(index.solidFills.keys.sorted().first)
            let other = try #require(index.stamps.keys.sorted().first { index.solidFills[$0] == nil })
            for tile in [solid, other] {
                let path = folder.appendingPathComponent(tile.path).path
                #expect(unlink(path) == 0)
                #expect(mkfifo(path, 0o644) == 0)
            }
            let output = Self.files(under: root.appendingPathComponent("Output"))
            let again = Self.build(root)
            #expect(again.succeeded, "\(again.diagnostics)")
            let line = try #require(again.progress.first { $0.contains("draw-basemap: ") })
            #expect(line.contains("(1 drawn, "), "\(line)")
            #expect(Self.files(under: root.appendingPathComponent("Output")) == output)
        }
    }

    /// A theme's own roadtrip.js from before solid tiles (it never reads solidTiles) would show the
    /// background where a tile is all land or all sea: one warning at the script. None for a
    /// script that reads it, nor without the offline basemap.
    @Test func aThemeScriptThatDoesNotKnowSolidTilesIsAWarning() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let scripts = root.appendingPathComponent("Themes/default/assets")
        try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
        let script = scripts.appendingPathComponent("roadtrip.js")
        try Data("/* a theme's script from before */\n".utf8).write(to: script)
        let old = Self.build(root, basemap: nil)
        #expect(old.succeeded)
        let warnings = old.diagnostics.filter { $0.contains("solidTiles") }
        #expect(warnings.count == 1, "\(old.diagnostics)")
        #expect(warnings.first?.hasPrefix("Themes/default/assets/roadtrip.js: warning: this script does not read") == true, "\(warnings)")
        try Data("var solid = basemap.solidTiles;\n".utf8).write(to: script)
        #expect(!Self.build(root, basemap: nil).diagnostics.contains { $0.contains("solidTiles") })
        try Data("/* a theme's script from before */\n".utf8).write(to: script)
        try Data("map:\n  offlineBasemap: false\n".utf8).write(to: root.appendingPathComponent("Destinations/site.yaml"))
        #expect(!Self.build(root, basemap: nil).diagnostics.contains { $0.contains("solidTiles") })
    }

    @Test func offlineBasemapFalseDrawsNone() throws {
        guard Self.gshhgIsInstalled() else { return }
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("map:\n  offlineBasemap: false\n".utf8).write(to: root.appendingPathComponent("Destinations/site.yaml"))
        let result = Self.build(root)
        #expect(result.succeeded, "\(result.diagnostics)")
        #expect(result.progress.contains { $0.contains("draw-basemap: off (map.offlineBasemap: false)") })
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Output/assets/basemap").path))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(".roadtrip-cache/basemap").path))
        let map = try String(contentsOf: root.appendingPathComponent("Output/bergen/map.svg"), encoding: .utf8)
        #expect(!map.contains("basemap-vector") && !map.contains("GSHHG"))
        let page = try String(contentsOf: root.appendingPathComponent("Output/bergen/index.html"), encoding: .utf8)
        #expect(!page.contains("offlineBasemap") && !page.contains("map-tile-basemap"))
    }
}
