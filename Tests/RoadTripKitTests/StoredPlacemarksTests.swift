import Foundation
import Synchronization
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripGeo
@testable import RoadTripSite

/// `StoredPlacemarks`: a rebuild answers the nearest towns from `.roadtrip-cache/build/placemarks.store`
/// and asks the gazetteer only about coordinates it has not answered, under the same data.
@Suite struct StoredPlacemarksTests {
    /// `TableGeocoder.testville` that counts its reverse lookups and names its data `identity`.
    final class CountingGeocoder: Geocoder {
        let identity: String
        let lookups = Mutex(0)
        let prepared = Mutex(0)
        init(identity: String) { self.identity = identity }
        var places: [Placemark] { TableGeocoder.testville.places }
        var dataIdentity: String? { identity }
        func reverse(_ coordinate: Coordinate) -> Placemark? {
            lookups.withLock { $0 += 1 }
            return TableGeocoder.testville.reverse(coordinate)
        }
        func forward(_ query: String) -> ForwardResult { TableGeocoder.testville.forward(query) }
        func prepareInBackground() { prepared.withLock { $0 += 1 } }
    }

    /// Two destinations near Testville (0.1° N, 0°).
    static func project() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-placemarks-\(UUID().uuidString)")
        for (slug, latitude) in [("north", 0.3), ("south", -0.2)] {
            let folder = root.appendingPathComponent("Destinations/\(slug)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("---\ntitle: \(slug.capitalized)\nlatitude: \(latitude)\nlongitude: 0.05\n---\n".utf8)
                .write(to: folder.appendingPathComponent("index.md"))
        }
        return root
    }

    /// Builds `root` as `roadtrip build` does (a stored build), without the offline basemap;
    /// the `index.html` of `north`.
    static func build(_ root: URL, geocoder: CountingGeocoder, noCache: Bool = false) throws -> String {
        var options = BuildOptions(projectRoot: root)
        options.outputDirectory = root.appendingPathComponent("Output")
        options.storesBuild = true
        options.ignoresBuildCaches = noCache
        let log = DiagnosticLog()
        let result = SiteBuilder(options: options, log: log, environment: BuildEnvironment(geocoder: geocoder, basemap: nil)) { _ in }.build()
        #expect(result.succeeded, "\(log.diagnostics)")
        return try String(contentsOf: root.appendingPathComponent("Output/north/index.html"), encoding: .utf8)
    }

    /// The first build asks about both destinations (and loads ahead); the second asks nothing
    /// and does not load ahead, with the same page (near Testville); a moved destination is asked
    /// about alone; another
    /// gazetteer (a new identity) or `--no-cache` asks about all again; a file edited at the same
    /// length is no answers at all.
    @Test func aRebuildAsksOnlyAboutNewCoordinates() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let first = CountingGeocoder(identity: "one")
        let page = try Self.build(root, geocoder: first)
        #expect(first.lookups.withLock { $0 } == 2)
        #expect(first.prepared.withLock { $0 } == 1)
        #expect(page.contains("Testville"))
        let file = root.appendingPathComponent(".roadtrip-cache/build/placemarks.store")
        #expect(FileManager.default.fileExists(atPath: file.path))

        let second = CountingGeocoder(identity: "one")
        #expect(try Self.build(root, geocoder: second) == page)
        #expect(second.lookups.withLock { $0 } == 0)
        #expect(second.prepared.withLock { $0 } == 0)

        try Data("---\ntitle: South\nlatitude: -0.25\nlongitude: 0.05\n---\n".utf8)
            .write(to: root.appendingPathComponent("Destinations/south/index.md"))
        let moved = CountingGeocoder(identity: "one")
        _ = try Self.build(root, geocoder: moved)
        #expect(moved.lookups.withLock { $0 } == 1)

        let other = CountingGeocoder(identity: "two")
        _ = try Self.build(root, geocoder: other)
        #expect(other.lookups.withLock { $0 } == 2)
        let uncached = CountingGeocoder(identity: "two")
        _ = try Self.build(root, geocoder: uncached, noCache: true)
        #expect(uncached.lookups.withLock { $0 } == 2)

        // Testville → Testvillf inside the file: the checksum no longer matches.
        let data = try Data(contentsOf: file)
        let edited = try #require(data.range(of: Data("Testville".utf8)))
        var changed = data
        changed[edited.upperBound - 1] = UInt8(ascii: "f")
        try changed.write(to: file)
        // A new name in Destinations/, so that the build runs its steps (one where nothing
        // changed skips them, asking nothing: BodyEditRebuild).
        try Data("not a destination".utf8).write(to: root.appendingPathComponent("Destinations/notes.txt"))
        let afterEdit = CountingGeocoder(identity: "two")
        #expect(try !Self.build(root, geocoder: afterEdit).contains("Testvillf"))
        #expect(afterEdit.lookups.withLock { $0 } == 2)
    }
}
