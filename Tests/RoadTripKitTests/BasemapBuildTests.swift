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

    static func build(_ root: URL, output: String = "Output") -> (progress: [String], diagnostics: [String], succeeded: Bool) {
        let log = DiagnosticLog()
        let lines = Mutex<[String]>([])
        var options = BuildOptions(projectRoot: root)
        options.outputDirectory = root.appendingPathComponent(output)
        let result = SiteBuilder(options: options, log: log, environment: BuildEnvironment(geocoder: TableGeocoder.testville, basemap: Basemap())) { line in
            lines.withLock { $0.append(line) }
        }.build()
        return (lines.withLock { $0 }, log.diagnostics.map(\.description), result.succeeded)
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

    @Test func tilesAreWrittenCachedAndReused() throws {
        guard Basemap() != nil else {
            print("BasemapBuildTests: skipped: no GSHHG files in /usr/share/gmt-gshhg (Debian's gmt-gshhg packages; ./run installs them)")
            return
        }
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let first = Self.build(root)
        #expect(first.succeeded, "\(first.diagnostics)")
        // Every tile the page map's pyramid holds is written (its view, as the build fits it).
        let config = SiteConfig()
        let region = CoordinateRegion(center: Coordinate(latitude: 60.3913, longitude: 5.3221), span: config.defaultSpan)
        let pageView = MapView(region: region, width: config.viewportWidth, height: config.viewportHeight, maximumZoom: 19)
        let tiles = Self.files(under: root.appendingPathComponent("Output/assets/basemap"))
        for tile in BasemapPyramid.tiles(for: pageView) {
            #expect(tiles[tile.path] != nil, "\(tile.path) is missing")
        }
        #expect(tiles.keys.allSatisfy { Int($0.split(separator: "/")[0])! <= BasemapPyramid.maximumZoom })
        let drawn = try #require(first.progress.first { $0.contains("draw-basemap: ") })
        #expect(drawn.contains("(\(tiles.count) drawn, 0 from the cache)"), "\(drawn)")
        // The cache holds each tile's body; a second build into a new folder reads them all and
        // writes the same files.
        let cacheRoot = root.appendingPathComponent(".roadtrip-cache/basemap")
        let fingerprints = try FileManager.default.contentsOfDirectory(atPath: cacheRoot.path)
        #expect(fingerprints.count == 1 && fingerprints[0].count == 16)
        #expect(Self.files(under: cacheRoot.appendingPathComponent(fingerprints[0])).count == tiles.count)
        let second = Self.build(root, output: "Again")
        let again = try #require(second.progress.first { $0.contains("draw-basemap: ") })
        #expect(again.contains("(0 drawn, \(tiles.count) from the cache)"), "\(again)")
        #expect(Self.files(under: root.appendingPathComponent("Again")) == Self.files(under: root.appendingPathComponent("Output")))
        // A cached tile cut short is drawn again, never embedded: the third build is the same site.
        let cached = cacheRoot.appendingPathComponent(fingerprints[0]).appendingPathComponent(try #require(tiles.keys.sorted().first))
        let whole = try Data(contentsOf: cached)
        try whole.prefix(whole.count / 2).write(to: cached)
        let third = Self.build(root, output: "Third")
        let redrawn = try #require(third.progress.first { $0.contains("draw-basemap: ") })
        #expect(redrawn.contains("(1 drawn, \(tiles.count - 1) from the cache)"), "\(redrawn)")
        #expect(Self.files(under: root.appendingPathComponent("Third")) == Self.files(under: root.appendingPathComponent("Output")))
        #expect(try Data(contentsOf: cached) == whole)

        // The page's no-script tiles: the basemap's first, then the raster layer's; its script
        // configuration names the tiles' URL and the pyramid's levels; map.svg embeds them.
        let page = try String(contentsOf: root.appendingPathComponent("Output/bergen/index.html"), encoding: .utf8)
        let native = BasemapPyramid.nativeZoom(of: pageView)
        #expect(page.contains("map-tile map-tile-basemap\" style=") && page.contains("url('../assets/basemap/\(native)/"))
        let levels = BasemapPyramid.levels(of: pageView)
        #expect(page.contains(#""offlineBasemap":{"url":"../assets/basemap/{z}/{x}/{y}.svg","minZoom":\#(levels.lowerBound),"maxZoom":\#(levels.upperBound),"#))
        let map = try String(contentsOf: root.appendingPathComponent("Output/bergen/map.svg"), encoding: .utf8)
        #expect(map.contains(#"<g class="basemap-vector">"#) && map.contains(#"clip-path="url(#roadtrip-basemap-tile-clip)""#))
        #expect(map.contains("Coastlines © GSHHG (Wessel &amp; Smith), LGPL"))
        // The home page's cards draw the basemap too.
        let home = try String(contentsOf: root.appendingPathComponent("Output/index.html"), encoding: .utf8)
        #expect(home.contains("url('assets/basemap/"))
    }

    /// A `.roadtrip-cache` that is a file is one warning, and the tiles are drawn without a cache.
    @Test func aCacheThatCannotBeWrittenIsAWarning() throws {
        guard Basemap() != nil else {
            print("BasemapBuildTests: skipped: no GSHHG files in /usr/share/gmt-gshhg (./run installs them)")
            return
        }
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

    @Test func offlineBasemapFalseDrawsNone() throws {
        guard Basemap() != nil else {
            print("BasemapBuildTests: skipped: no GSHHG files in /usr/share/gmt-gshhg (./run installs them)")
            return
        }
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
