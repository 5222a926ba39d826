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

/// Photo copies that a test wrote itself: the same two small files for every photo, with sizes the
/// test makes up (320×240 and 1280×960: the files are not images), and a list of the photos asked
/// for. Nothing is decoded and the project's cache folder is never created.
private final class FixedPhotoCopier: PhotoCopier {
    let thumbnail: URL
    let web: URL
    let requests = Mutex<[String]>([])

    init(thumbnail: URL, web: URL) {
        self.thumbnail = thumbnail
        self.web = web
    }

    func copies(of url: URL, projectRoot: URL, settings: ThumbnailMaker.Settings) throws(Vips.Failure) -> PhotoCopies {
        requests.withLock { $0.append(url.lastPathComponent) }
        return PhotoCopies(
            thumbnail: thumbnail, web: web, thumbnailSize: .init(width: 320, height: 240), webSize: .init(width: 1280, height: 960),
            wasCached: false)
    }
}

/// The test town table, counting the builds that asked it to load in the background.
private final class CountingGeocoder: Geocoder {
    let preparations = Atomic(0)

    var places: [Placemark] { TableGeocoder.testville.places }
    func reverse(_ coordinate: Coordinate) -> Placemark? { TableGeocoder.testville.reverse(coordinate) }
    func forward(_ query: String) -> ForwardResult { TableGeocoder.testville.forward(query) }
    func prepareInBackground() { preparations.add(1, ordering: .relaxed) }
}

/// A whole build given its environment: a table of places for the gazetteer and photo copies made
/// by the test, so that it runs without GeoNames data and without libvips writing a cache.
@Suite struct BuildEnvironmentTests {
    @Test func aBuildUsesTheGeocoderAndPhotoCopierItIsGiven() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-environment-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("Destinations/harbour")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("photos"), withIntermediateDirectories: true)
        // 0.1° N, 0.01° E: Testville (0.1° N, 0°) is 0.01° of longitude away, 1.113 km at that
        // latitude (111.32 km per degree on the equator × cos 0.1°).
        try Data("---\ntitle: Harbour\nlatitude: 0.1\nlongitude: 0.01\n---\nA quay.\n".utf8)
            .write(to: folder.appendingPathComponent("index.md"))
        try FileManager.default.copyItem(
            at: FixtureFiles.url("photos/gps-north-east.jpg"), to: folder.appendingPathComponent("photos/quay.jpg"))
        let copies = root.appendingPathComponent("copies")
        try FileManager.default.createDirectory(at: copies, withIntermediateDirectories: true)
        try Data("thumbnail bytes".utf8).write(to: copies.appendingPathComponent("t.jpg"))
        try Data("web bytes".utf8).write(to: copies.appendingPathComponent("w.jpg"))
        let copier = FixedPhotoCopier(thumbnail: copies.appendingPathComponent("t.jpg"), web: copies.appendingPathComponent("w.jpg"))

        let log = DiagnosticLog()
        let environment = BuildEnvironment(geocoder: TableGeocoder.testville, photoCopier: copier)
        let result = SiteBuilder(options: BuildOptions(projectRoot: root), log: log, environment: environment) { _ in }.build()
        #expect(result.succeeded, "\(log.diagnostics)")
        #expect(copier.requests.withLock { $0 } == ["quay.jpg"])
        let output = root.appendingPathComponent("Output/harbour")
        #expect(try Data(contentsOf: output.appendingPathComponent("photos/quay.jpg")) == Data("web bytes".utf8))
        #expect(try Data(contentsOf: output.appendingPathComponent("photos/quay-thumb.jpg")) == Data("thumbnail bytes".utf8))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(".roadtrip-cache").path))
        // The table's town, 1.1 km away, is the destination's placemark.
        let page = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("Near Testville, Testland"))
        // The gallery gives the copier's sizes, and the photo's place is the geocoder's too: the
        // photo (46.06° N, 14.51° E) is more than 1,500 km from Testville, so its time is in the
        // site's zone (UTC): 14:30 +02:00 is 12:30 UTC.
        #expect(page.contains("srcset=\"photos/quay-thumb.jpg 320w, photos/quay.jpg 1280w\""))
        #expect(page.contains("width=\"320\" height=\"240\""))
        #expect(page.contains("km from the nearest town (Testville, Testland)</span>"))
        #expect(page.contains(">1 June 2024, 12:30 UTC</time>"))
    }

    /// The environment's basemap is drawn into each `map.svg` (land at Paris), and a basemap
    /// without GSHHG's full resolution is one warning naming its folder, the build going on at the
    /// finest installed (here only crude, copied into a folder of its own).
    @Test func theBasemapIsDrawnAndAMissingResolutionIsOneWarning() throws {
        let crude = URL(fileURLWithPath: "/usr/share/gmt-gshhg/binned_GSHHS_c.nc")
        guard FileManager.default.fileExists(atPath: crude.path) else {
            print("BuildEnvironmentTests: skipped: no GSHHG files (Debian's gmt-gshhg packages; ./run installs them)")
            return
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-basemap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let gshhg = root.appendingPathComponent("gshhg")
        try FileManager.default.createDirectory(at: gshhg, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: crude, to: gshhg.appendingPathComponent("binned_GSHHS_c.nc"))
        let folder = root.appendingPathComponent("Destinations/paris")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("---\ntitle: Paris\nlatitude: 48.8566\nlongitude: 2.3522\n---\n".utf8).write(to: folder.appendingPathComponent("index.md"))
        let log = DiagnosticLog()
        let environment = BuildEnvironment(
            geocoder: TableGeocoder.testville, photoCopier: FixedPhotoCopier(thumbnail: crude, web: crude), basemap: Basemap(folder: gshhg))
        let result = SiteBuilder(options: BuildOptions(projectRoot: root), log: log, environment: environment) { _ in }.build()
        #expect(result.succeeded, "\(log.diagnostics)")
        #expect(log.diagnostics.map(\.description) == [
            gshhg.path + ": warning: the offline basemap's full resolution is not installed (Debian's gmt-gshhg-full; "
                + "./run installs it): city maps are drawn at the crude resolution"
        ])
        let map = try String(contentsOf: root.appendingPathComponent("Output/paris/map.svg"), encoding: .utf8)
        #expect(map.contains(#"data-gshhg-resolution="c""#) && map.contains(#"class="basemap-land""#))
        #expect(map.contains("Coastlines © GSHHG (Wessel &amp; Smith), LGPL"))
    }

    /// A project whose `Destinations/` holds only `site.yaml` (and a dotfile) has nothing to place:
    /// its build does not load the gazetteer; once a destination folder is there, the build does.
    @Test func theGeocoderLoadsInTheBackgroundOnlyWhenTheProjectHasSomethingToPlace() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-geocoder-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let destinations = root.appendingPathComponent("Destinations")
        try FileManager.default.createDirectory(at: destinations, withIntermediateDirectories: true)
        try Data("title: Nothing yet\n".utf8).write(to: destinations.appendingPathComponent("site.yaml"))
        try Data("".utf8).write(to: destinations.appendingPathComponent(".DS_Store"))
        let geocoder = CountingGeocoder()
        let environment = BuildEnvironment(geocoder: geocoder)
        let log = DiagnosticLog()
        #expect(SiteBuilder(options: BuildOptions(projectRoot: root), log: log, environment: environment) { _ in }.build().succeeded,
                "\(log.diagnostics)")
        #expect(geocoder.preparations.load(ordering: .relaxed) == 0)

        let harbour = destinations.appendingPathComponent("harbour")
        try FileManager.default.createDirectory(at: harbour, withIntermediateDirectories: true)
        try Data("---\ntitle: Harbour\nlatitude: 0.1\nlongitude: 0.01\n---\n".utf8).write(to: harbour.appendingPathComponent("index.md"))
        #expect(SiteBuilder(options: BuildOptions(projectRoot: root), log: log, environment: environment) { _ in }.build().succeeded,
                "\(log.diagnostics)")
        #expect(geocoder.preparations.load(ordering: .relaxed) == 1)
        // A folder that cannot be listed (here: none) leaves the decision to the loader's message.
        #expect(SiteBuilder.mayAskGeocoder(projectRoot: root.appendingPathComponent("missing")))
    }
}
