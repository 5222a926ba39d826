import Foundation
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

/// Destination folders load in parallel. Each loads with a log of its own, merged in folder order:
/// with one shared log, a loader that judged its own success by the log's error count (`errors
/// before == errors after`) failed when another folder's error landed in between, so a good
/// destination could vanish from the build, or lose its photos and contacts, depending on timing.
@Suite struct SiteLoaderTests {
    /// Writes `text` at `Destinations/<path>` below `root`, making its folders.
    static func write(_ path: String, _ text: String, in root: URL) throws {
        let url = root.appendingPathComponent("Destinations/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// A file or folder whose name is not UTF-8 (Latin-1 "Tromsø", byte F8) cannot be opened by a
    /// Swift path (Foundation shows it with U+FFFD): a warning names it instead of skipping it
    /// unseen — a trip log, a photo and a destination folder; so is a name with a line break, which
    /// no page path can hold (it failed the build only when the output was written).
    @Test func namesThatAreNotUTF8AreWarnings() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-latin1-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.write("d/index.md", "---\ntitle: D\nlatitude: 46\nlongitude: 14\n---\n", in: root)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Destinations/d/trips"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Destinations/d/photos"), withIntermediateDirectories: true)
        func create(_ folder: String, _ bytes: [UInt8], asFolder: Bool = false) {
            let path = Array(root.appendingPathComponent(folder).path.utf8) + [UInt8(ascii: "/")] + bytes + [0]
            path.withUnsafeBufferPointer { raw in
                raw.withMemoryRebound(to: CChar.self) { name in
                    if asFolder { _ = mkdir(name.baseAddress!, 0o755) } else { close(creat(name.baseAddress!, 0o644)) }
                }
            }
        }
        create("Destinations/d/trips", Array("Troms".utf8) + [0xF8] + Array(".gpx".utf8))
        create("Destinations/d/photos", Array("Troms".utf8) + [0xF8] + Array(".jpg".utf8))
        create("Destinations", [0x62, 0xE9, 0x72, 0x6E], asFolder: true)
        create("Destinations/d/trips", Array("new\nline.gpx".utf8))
        create("Destinations/d/trips", Array("n\u{85}el.gpx".utf8))  // NEL, a C1 control
        create("Destinations/d/photos", Array("a\u{9F}b.jpg".utf8))
        let log = DiagnosticLog()
        _ = SiteLoader(projectRoot: root, log: log).load(config: SiteConfig(), geocoder: TableGeocoder.testville)
        let message = "warning: this name is not UTF-8 text (shown with � for the bytes that are not), so roadtrip cannot "
            + "open it; rename it (for example with `convmv -f latin1 -t utf8`); skipped"
        #expect(Set(log.diagnostics.map(\.description)) == [
            "Destinations/b\u{FFFD}rn: " + message, "Destinations/d/trips/Troms\u{FFFD}.gpx: " + message,
            "Destinations/d/photos/Troms\u{FFFD}.jpg: " + message,
            "Destinations/d/trips/new?line.gpx: warning: this name holds a line break or another control character "
                + "(shown as ?); rename it; skipped",
            "Destinations/d/trips/n?el.gpx: warning: this name holds a line break or another control character "
                + "(shown as ?); rename it; skipped",
            "Destinations/d/photos/a?b.jpg: warning: this name holds a line break or another control character "
                + "(shown as ?); rename it; skipped",
        ])
    }

    /// One build reports every problem of a destination: a latitude out of range does not hide a
    /// bad `pois.json`, a trip log's sidecar error does not hide the log's own, and none of them
    /// hides a `contacts.vcf` that is no vCard — five errors in file order, from one load.
    @Test func everyFileOfABrokenDestinationIsRead() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-loader-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.write("d/index.md", "---\ntitle: D\nlatitude: 95\nlongitude: 10\n---\n", in: root)
        try Self.write("d/pois.json", #"[{"title": "x", "latitude": "abc", "longitude": 1}]"#, in: root)
        try Self.write("d/trips/a.yaml", "preset: bogus\n", in: root)
        try Self.write("d/trips/a.gpx", "not xml\n", in: root)
        try Self.write("d/contacts.vcf", "garbage\n", in: root)
        let log = DiagnosticLog()
        let content = try #require(SiteLoader(projectRoot: root, log: log).load(config: SiteConfig(), geocoder: TableGeocoder.testville))
        #expect(content.destinations.isEmpty)
        #expect(log.diagnostics.map(\.location.path) == [
            "Destinations/d/index.md", "Destinations/d/pois.json", "Destinations/d/trips/a.yaml",
            "Destinations/d/trips/a.gpx", "Destinations/d/contacts.vcf",
        ])
        #expect(log.errorCount == 5)
    }

    /// A sidecar with no trip log of its name beside it (a log renamed, a typo) is a warning: its
    /// title and filters apply to nothing. One beside its log, or beside a recording folder, is not.
    @Test func aSidecarWithoutItsLogIsAWarning() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-loader-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.write("f/index.md", "---\ntitle: F\nlatitude: 45\nlongitude: 10\n---\n", in: root)
        try Self.write("f/trips/day.gpx", #"<gpx version="1.1"><trk><trkseg><trkpt lat="45" lon="10"/></trkseg></trk></gpx>"#, in: root)
        try Self.write("f/trips/day.yaml", "title: Day\n", in: root)
        try Self.write("f/trips/dya.yaml", "title: Typo\n", in: root)
        let log = DiagnosticLog()
        _ = try #require(SiteLoader(projectRoot: root, log: log).load(config: SiteConfig(), geocoder: TableGeocoder.testville))
        #expect(log.diagnostics.map(\.description) == [
            "Destinations/f/trips/dya.yaml: warning: a trip sidecar with no trip log beside it (trips/dya.gpx, "
                + "a recording folder trips/dya/, …): its settings apply to nothing; ignored",
        ])
    }

    /// An event's URL that is not an http(s) link is left out with a warning at the URL itself —
    /// in a flow mapping `{title, url}` too, where it was reported at the `{` (tester, stop 43) —
    /// as are one with a control character (the message shows it as `\u{1}`) or a port beyond
    /// 65,535 (both were published); spaces around a URL are trimmed, as around a POI's.
    /// Columns by hand: `  - { title: T2, url: "javascript:alert(1)" }` puts the value's quote at
    /// column 23; `  - url: "https://example.org:99999/"` puts it at column 10.
    @Test func aBadEventURLIsWarnedAtItsValue() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-loader-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.write("e/index.md", """
            ---
            title: E
            latitude: 45
            longitude: 10
            events:
              - https://example.org/ok
              - { title: T2, url: "javascript:alert(1)" }
              - url: "https://example.org:99999/"
              - "https://example.org/\\u0001"
              - " https://example.org/padded\\n"
            weather: "https://example.org/weather "
            ---

            """, in: root)
        let log = DiagnosticLog()
        let content = try #require(SiteLoader(projectRoot: root, log: log).load(config: SiteConfig(), geocoder: TableGeocoder.testville))
        // Spaces and line breaks around a URL are trimmed, as around a POI's url.
        #expect(content.destinations.first?.events.map(\.url) == ["https://example.org/ok", "https://example.org/padded"])
        #expect(content.destinations.first?.weatherURL == "https://example.org/weather")
        #expect(log.diagnostics.map(\.description) == [
            "Destinations/e/index.md:7:23: warning: event 2: 'javascript:alert(1)' is not an http(s) URL; it is left out",
            "Destinations/e/index.md:8:10: warning: event 3: 'https://example.org:99999/' is not an http(s) URL; it is left out",
            "Destinations/e/index.md:9:5: warning: event 4: 'https://example.org/\\u{1}' is not an http(s) URL; it is left out",
        ])
    }

    /// A symbolic link in `images/` is not published, and says so (it was dropped without a word);
    /// the regular file beside it is published.
    @Test func aSymbolicLinkInImagesIsAWarning() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-loader-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.write("e/index.md", "---\ntitle: E\nlatitude: 45\nlongitude: 10\n---\n", in: root)
        try Self.write("e/images/real.txt", "a file\n", in: root)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("Destinations/e/images/link.txt").path, withDestinationPath: "real.txt")
        let log = DiagnosticLog()
        let content = try #require(SiteLoader(projectRoot: root, log: log).load(config: SiteConfig(), geocoder: TableGeocoder.testville))
        #expect(content.destinations.first?.assetFiles == ["images/real.txt"])
        #expect(log.diagnostics.map(\.description) == [
            "Destinations/e/images/link.txt: warning: is not a regular file (a symbolic link or a special file): "
                + "images/ publishes regular files only; skipped",
        ])
    }

    /// 2 broken destinations (`a-broken`: a front matter value of the wrong type; `m-broken`: a
    /// `pois.json` that is not JSON) among 12 good ones, each with a POI file and a GPX trip log,
    /// loaded 50 times: every time the 12 good ones load, each with its POI and its log, and the
    /// diagnostics are the same two errors in folder order (the folder names sort `a-broken`,
    /// `good-01` … `good-06`, `m-broken`, `n-good-07` … `n-good-12`).
    @Test func oneFoldersErrorsNeverEndAnothersLoad() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-loader-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        func write(_ path: String, _ text: String) throws { try Self.write(path, text, in: root) }
        let good = (1...12).map { String(format: $0 <= 6 ? "good-%02d" : "n-good-%02d", $0) }
        for (index, name) in good.enumerated() {
            let latitude = 40 + Double(index) / 10
            try write("\(name)/index.md", "---\ntitle: \(name)\nlatitude: \(latitude)\nlongitude: 10\n---\nText.\n")
            try write("\(name)/pois.json", #"[{"title": "Stop", "latitude": \#(latitude + 0.01), "longitude": 10.01}]"#)
            let points = (0..<200).map { step in
                #"<trkpt lat="\#(latitude + Double(step) / 10_000)" lon="10"><time>2024-05-01T10:\#(String(format: "%02d", step / 60)):\#(String(format: "%02d", step % 60))Z</time></trkpt>"#
            }.joined()
            try write("\(name)/trips/day.gpx", #"<gpx version="1.1"><trk><trkseg>\#(points)</trkseg></trk></gpx>"#)
        }
        try write("a-broken/index.md", "---\ntitle: [a, list]\nlatitude: 1\nlongitude: 2\n---\n")
        try write("m-broken/index.md", "---\ntitle: M\nlatitude: 1\nlongitude: 2\n---\n")
        try write("m-broken/pois.json", "{not json")

        var first: [String]?
        for run in 1...50 {
            let log = DiagnosticLog()
            let content = try #require(SiteLoader(projectRoot: root, log: log).load(config: SiteConfig(), geocoder: TableGeocoder.testville))
            let loaded = content.destinations.map(\.slug).sorted()
            #expect(loaded == good.sorted(), "run \(run)")
            #expect(content.destinations.allSatisfy { $0.pointsOfInterest.count == 1 && $0.tripLogs.count == 1 }, "run \(run)")
            let diagnostics = log.diagnostics.map(\.description)
            #expect(diagnostics.count == 2 && diagnostics[0].hasPrefix("Destinations/a-broken/index.md:2:")
                && diagnostics[1].hasPrefix("Destinations/m-broken/pois.json:1:"), "run \(run): \(diagnostics)")
            if let first { #expect(diagnostics == first, "run \(run)") } else { first = diagnostics }
        }
    }

    /// The loader places `location:` names and contacts' towns with the geocoder it is given, and
    /// reads no gazetteer of its own: with a table of one town, `location: Testville` is that
    /// town's coordinate, a contact in Testville gets it too, and a place the table lacks is an
    /// error naming it (GeoNames has no Testville, so only the table can answer).
    @Test func placesComeFromTheGivenGeocoder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-geocoder-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        func write(_ path: String, _ text: String) throws { try Self.write(path, text, in: root) }
        try write("home/index.md", "---\ntitle: Home\nlocation: Testville\n---\n")
        try write("home/contacts.vcf", "BEGIN:VCARD\nVERSION:4.0\nFN:Ann\nADR:;;;Testville;;;Testland\nEND:VCARD\n")
        try write("nowhere/index.md", "---\ntitle: Nowhere\nlocation: Atlantis\n---\n")
        let log = DiagnosticLog()
        let content = try #require(SiteLoader(projectRoot: root, log: log).load(config: SiteConfig(), geocoder: TableGeocoder.testville))
        let home = try #require(content.destinations.first { $0.slug == "home" })
        #expect(home.coordinate == Coordinate(latitude: 0.1, longitude: 0))
        #expect(home.publicContacts.first?.coordinate == Coordinate(latitude: 0.1, longitude: 0))
        #expect(!content.destinations.contains { $0.slug == "nowhere" })
        #expect(log.diagnostics.map(\.description).contains {
            $0.hasPrefix("Destinations/nowhere/index.md:3:11: error: no place named \"Atlantis\" in the gazetteer")
        }, "\(log.diagnostics)")
    }
}
