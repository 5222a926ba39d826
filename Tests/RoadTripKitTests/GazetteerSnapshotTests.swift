import Foundation
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripGeo
@testable import RoadTripSite

/// The gazetteer's snapshot (`GazetteerSnapshot`, `.roadtrip-cache/gazetteer/cities.store`): a
/// gazetteer loaded from it answers exactly as libgeonames' own, and a snapshot whose arrays are not
/// a k-d tree over its cities, or a file that is damaged or from another libgeonames, is not used.
@Suite struct GazetteerSnapshotTests {
    /// The shared gazetteer (libgeonames'), or a clear failure when libgeonames has no data.
    func libgeonames() throws -> Gazetteer { try GazetteerTests().gazetteer() }

    /// Seven points on the equator at 0°, 10°, …, 60° E: unit vectors (cos λ, sin λ, 0), so the
    /// tree splits on x or y only.
    static let equator = (0..<7).map { Coordinate(latitude: 0, longitude: Double($0) * 10) }

    /// The index kept as its tree order and axes is rebuilt with the same answers; the answers are
    /// the nearest point by hand (a point at 31° E is nearest the one at 30°, one at 59° E nearest
    /// 60°).
    @Test func aKeptTreeIsTakenBack() throws {
        let built = PlacemarkIndex(coordinates: Self.equator)
        let kept = try #require(PlacemarkIndex(coordinates: Self.equator, treeOrder: built.treeOrder, splitAxes: built.splitAxes))
        #expect(kept.treeOrder == built.treeOrder && kept.splitAxes == built.splitAxes)
        #expect(kept.nearest(to: Coordinate(latitude: 0, longitude: 31))?.index == 3)
        #expect(kept.nearest(to: Coordinate(latitude: 1, longitude: 59))?.index == 6)
        #expect(kept.nearest(to: Coordinate(latitude: 0, longitude: -4))?.index == 0)
    }

    /// A tree order that is not a k-d tree over the points is refused: the first and last slots
    /// swapped (the smallest and largest on the root's axis, so the root's halves are wrong), an
    /// index twice, an index out of range, an axis 3, arrays of the wrong length, a point that is NaN.
    @Test func anOrderThatIsNotATreeIsRefused() throws {
        let built = PlacemarkIndex(coordinates: Self.equator)
        var swapped = built.treeOrder
        swapped.swapAt(0, swapped.count - 1)
        #expect(PlacemarkIndex(coordinates: Self.equator, treeOrder: swapped, splitAxes: built.splitAxes) == nil)
        var twice = built.treeOrder
        twice[1] = twice[0]
        #expect(PlacemarkIndex(coordinates: Self.equator, treeOrder: twice, splitAxes: built.splitAxes) == nil)
        var outside = built.treeOrder
        outside[2] = 7
        #expect(PlacemarkIndex(coordinates: Self.equator, treeOrder: outside, splitAxes: built.splitAxes) == nil)
        var axes = built.splitAxes
        axes[3] = 3
        #expect(PlacemarkIndex(coordinates: Self.equator, treeOrder: built.treeOrder, splitAxes: axes) == nil)
        #expect(PlacemarkIndex(coordinates: Self.equator, treeOrder: Array(built.treeOrder.dropLast()), splitAxes: built.splitAxes) == nil)
        var withNaN = Self.equator
        withNaN[3] = Coordinate(latitude: .nan, longitude: 30)
        #expect(PlacemarkIndex(coordinates: withNaN, treeOrder: built.treeOrder, splitAxes: built.splitAxes) == nil)
    }

    /// A gazetteer made from libgeonames' snapshot holds the same 24,361 cities and gives the same
    /// nearest city (and distance) as libgeonames' for 2,000 coordinates spread over the globe, and
    /// the same forward answers.
    @Test func aSnapshotAnswersAsLibgeonames() throws {
        let libgeonames = try libgeonames()
        let snapshot = libgeonames.snapshot
        #expect(snapshot.count == 24_361)
        let kept = try #require(Gazetteer(snapshot: snapshot))
        #expect(kept.snapshot == snapshot)
        #expect(kept.cities == libgeonames.cities)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let coordinate = Coordinate(
                latitude: Double.random(in: -90...90, using: &generator), longitude: Double.random(in: -180..<180, using: &generator))
            #expect(kept.reverse(coordinate) == libgeonames.reverse(coordinate), "\(coordinate)")
        }
        for query in ["Tromso", "Portland, Maine", "Portland", "Trondhjem"] {
            #expect(kept.forward(query) == libgeonames.forward(query), "\(query)")
        }
    }

    /// A snapshot whose offsets do not fit its text, or whose arrays differ in length, makes no gazetteer.
    @Test func inconsistentArraysMakeNoGazetteer() throws {
        let built = PlacemarkIndex(coordinates: Self.equator)
        let cities = Self.equator.enumerated().map { position, coordinate in
            Placemark(locality: "P\(position)", state: "", country: "Nowhere", countryCode: "NW", timeZone: "UTC",
                      coordinate: coordinate, population: position)
        }
        let snapshot = GazetteerSnapshot(cities: cities, index: built)
        let gazetteer = try #require(Gazetteer(snapshot: snapshot))
        #expect(gazetteer.reverse(Coordinate(latitude: 0, longitude: 41))?.locality == "P4")
        var shortText = snapshot
        shortText.text.removeLast()
        #expect(Gazetteer(snapshot: shortText) == nil)
        var fewerPopulations = snapshot
        fewerPopulations.populations.removeLast()
        #expect(Gazetteer(snapshot: fewerPopulations) == nil)
        var decreasing = snapshot
        decreasing.textOffsets.swapAt(1, 3)  // 0, 2, 2, 9 → 0, 9, 2, 2
        #expect(Gazetteer(snapshot: decreasing) == nil)
        // No city at all: what a missing libgeonames gives, never a kept copy.
        let empty = GazetteerSnapshot(cities: [], index: PlacemarkIndex(coordinates: []))
        #expect(empty.count == 0 && Gazetteer(snapshot: empty) == nil)
        // "P0" written as 0xFF 0x30: not UTF-8.
        var notText = snapshot
        notText.text[0] = 0xFF
        #expect(Gazetteer(snapshot: notText) == nil)
        // A field boundary inside a character: "Ø" (C3 98) split after its first byte.
        let split = Self.equator.map {
            Placemark(locality: "Ø", state: "", country: "", countryCode: "", timeZone: "", coordinate: $0, population: 1)
        }
        var inside = GazetteerSnapshot(cities: split, index: built)
        inside.textOffsets[1] = 1
        #expect(Gazetteer(snapshot: inside) == nil)
    }

    /// The file's bytes parse back to the same snapshot under the same libgeonames; under another,
    /// with one byte changed, or cut short, they are no snapshot.
    @Test func theFileIsCheckedWhole() throws {
        let cities = Self.equator.map {
            Placemark(locality: "Ø", state: "S", country: "C", countryCode: "CC", timeZone: "UTC", coordinate: $0, population: 1)
        }
        let snapshot = GazetteerSnapshot(cities: cities, index: PlacemarkIndex(coordinates: Self.equator))
        let data = GazetteerSnapshotFile.data(snapshot, identity: "/usr/lib/libgeonames.so.0:1")
        #expect(GazetteerSnapshotFile.snapshot(parsing: data, identity: "/usr/lib/libgeonames.so.0:1") == snapshot)
        #expect(GazetteerSnapshotFile.snapshot(parsing: data, identity: "/usr/lib/libgeonames.so.0:2") == nil)
        var flipped = data
        flipped[data.count / 2] ^= 1
        #expect(GazetteerSnapshotFile.snapshot(parsing: flipped, identity: "/usr/lib/libgeonames.so.0:1") == nil)
        #expect(GazetteerSnapshotFile.snapshot(parsing: data.dropLast(9), identity: "/usr/lib/libgeonames.so.0:1") == nil)
    }

    /// A project with one destination, built with the standard environment (libgeonames).
    static func project() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-gazetteer-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("Destinations/bergen")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("---\ntitle: Bergen\nlatitude: 60.39\nlongitude: 5.32\n---\n".utf8).write(to: folder.appendingPathComponent("index.md"))
        return root
    }

    static func build(_ root: URL, log: DiagnosticLog = DiagnosticLog()) -> Bool {
        var options = BuildOptions(projectRoot: root)
        options.outputDirectory = root.appendingPathComponent("Output")
        options.storesBuild = true
        let environment = BuildEnvironment(geocoder: BuildEnvironment.standard.geocoder, basemap: nil)
        return SiteBuilder(options: options, log: log, environment: environment) { _ in }.build().succeeded
    }

    /// A `gazetteer` that is a file: the build succeeds, with a warning saying why nothing is kept.
    /// What a build killed while keeping the file left (`.cities.store.<pid>.<random>` of a process
    /// that has ended) is removed when the file is kept; a running process's is not.
    @Test func whatCannotBeKeptIsSaidAndLeftoversAreRemoved() throws {
        _ = try libgeonames()
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = root.appendingPathComponent(".roadtrip-cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try Data("not a folder".utf8).write(to: cache.appendingPathComponent("gazetteer"))
        let log = DiagnosticLog()
        #expect(Self.build(root, log: log))
        #expect(log.diagnostics.map(\.description) == [
            ".roadtrip-cache/gazetteer: warning: cannot keep the gazetteer's cities for the next build: .roadtrip-cache/gazetteer "
                + "is a file, not a folder; move it away; the next build copies them out of libgeonames again"
        ])

        let other = try Self.project()
        defer { try? FileManager.default.removeItem(at: other) }
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let folder = GazetteerSnapshotFile.url(projectRoot: other).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let leftover = folder.appendingPathComponent(".cities.store.\(ended.processIdentifier).42")
        let running = folder.appendingPathComponent(".cities.store.\(getpid()).42")
        try Data("half".utf8).write(to: leftover)
        try Data("half".utf8).write(to: running)
        #expect(Self.build(other))
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(FileManager.default.fileExists(atPath: running.path))
        #expect(FileManager.default.fileExists(atPath: GazetteerSnapshotFile.url(projectRoot: other).path))
    }

    /// A build keeps libgeonames' snapshot in the project's cache (replacing a damaged file), and
    /// the page names Bergen, the nearest city; a cache folder that is a symbolic link is not
    /// written through.
    @Test func aBuildKeepsTheSnapshot() throws {
        let libgeonames = try libgeonames()
        let identity = try #require(Gazetteer.libraryIdentity)
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = GazetteerSnapshotFile.url(projectRoot: root)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("RTGAZET2\nnot a snapshot".utf8).write(to: file)
        #expect(Self.build(root))
        let kept = try #require(GazetteerSnapshotFile.snapshot(parsing: Data(contentsOf: file), identity: identity))
        #expect(kept == libgeonames.snapshot)
        let page = try String(contentsOf: root.appendingPathComponent("Output/bergen/index.html"), encoding: .utf8)
        #expect(page.contains("Near Bergen, Norway"))

        let linked = try Self.project()
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-gazetteer-elsewhere-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: linked); try? FileManager.default.removeItem(at: elsewhere) }
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: linked.appendingPathComponent(".roadtrip-cache"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: linked.appendingPathComponent(".roadtrip-cache/gazetteer"), withDestinationURL: elsewhere)
        let linkedLog = DiagnosticLog()
        #expect(Self.build(linked, log: linkedLog))
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        #expect(linkedLog.diagnostics.map(\.description).first?.contains("refusing to write roadtrip's cache through .roadtrip-cache/gazetteer: it is a symbolic link to ") == true,
                "\(linkedLog.diagnostics)")
    }
}
