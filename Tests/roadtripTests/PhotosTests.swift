import Foundation
import Testing

/// Issue 7's photos through the built binary, with the fixture photos of
/// `Tests/RoadTripKitTests/Fixtures/photos/` (see its README for their EXIF).
@Suite(.serialized) struct PhotosTests {
    static let fixtures = CommandRunner.packageRoot.appendingPathComponent("Tests/RoadTripKitTests/Fixtures/photos")
    static let track = CommandRunner.packageRoot.appendingPathComponent("Tests/RoadTripKitTests/Fixtures/triplogs/gpx/cerknicko-jezero.gpx")

    /// `no-gps.jpg` was taken at 2024-06-01 10:00:00 −05:30 = 15:30:00Z. A camera-clock offset of
    /// −436,236,600 s (2010-08-05T14:40:00Z − 2024-06-01T15:30:00Z, `date -u -d … +%s`) puts it at
    /// 14:40:00Z on the day of the Cerknica track, whose fixes run through 14:30–14:49Z.
    func project(keepMetadata: Bool = false) throws -> TemporaryProject {
        let project = try TemporaryProject()
        try project.write("Destinations/site.yaml", "title: T\nphotos:\n  cameraClockOffset: -436236600\n  keepMetadata: \(keepMetadata)\n")
        try project.write("Destinations/cerknica/index.md", "---\ntitle: Cerknica\nlatitude: 45.75\nlongitude: 14.38\n---\n")
        try project.copy(Self.track, to: "Destinations/cerknica/trips/lake.gpx")
        for name in ["gps-north-east.jpg", "no-gps.jpg", "corrupt.jpg", "png-renamed.jpg"] {
            try project.copy(Self.fixtures.appendingPathComponent(name), to: "Destinations/cerknica/photos/" + name)
        }
        try project.write("Destinations/cerknica/photos/captions.yaml", "gps-north-east.jpg: \"Hilltop at dusk\"\n")
        try project.copy(Self.fixtures.appendingPathComponent("gps-north-west.jpg"), to: "Destinations/cerknica/images/street.jpg")
        return project
    }

    func bytes(_ project: TemporaryProject, _ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: project.root.appendingPathComponent(path)))
    }

    func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard haystack.count >= pattern.count else { return false }
        return (0...(haystack.count - pattern.count)).contains { Array(haystack[$0..<$0 + pattern.count]) == pattern }
    }

    /// A project of one destination `slug` (its front matter's lines `frontMatter`) holding the
    /// fixture `gps-north-east.jpg` as `photos/<photo>`.
    static func onePhotoProject(slug: String, frontMatter: String, photo: String, prose: String = "") throws -> TemporaryProject {
        let project = try TemporaryProject()
        try project.write("Destinations/site.yaml", "title: T\n")
        try project.write("Destinations/\(slug)/index.md", "---\n\(frontMatter)\n---\n\(prose)")
        try project.copy(fixtures.appendingPathComponent("gps-north-east.jpg"), to: "Destinations/\(slug)/photos/" + photo)
        return project
    }

    @Test func galleryMapGeotaggingAndStrippedCopies() throws {
        let project = try project()
        defer { project.remove() }
        let result = try project.build()
        #expect(result.status == 0, "\(result.standardError)")
        // Bad files are warnings naming them, and skipped; images/ with GPS is a warning.
        #expect(result.standardError.contains("Destinations/cerknica/photos/corrupt.jpg"))
        #expect(result.standardError.contains("Destinations/cerknica/photos/png-renamed.jpg"))
        #expect(result.standardError.contains("Destinations/cerknica/images"))
        #expect(!project.exists("Output/cerknica/photos/corrupt.jpg"))
        // One diagnostic per line (DESIGN §7), even when libvips' message had several lines.
        for line in result.standardError.split(separator: "\n") {
            #expect(line.hasPrefix("Destinations/") && line.contains(": warning: "), "\(line)")
        }
        let page = try project.read("Output/cerknica/index.html")
        #expect(page.contains("<img src=\"photos/gps-north-east-thumb.jpg\" srcset=\"photos/gps-north-east-thumb.jpg 64w\""))
        #expect(page.contains("alt=\"Hilltop at dusk\""))
        #expect(page.contains("<span class=\"photo-title\">no-gps.jpg</span>"))
        #expect(page.contains("<span class=\"photo-note\">Placed on the map from the trip log by its time</span>"))
        let geojson = try project.read("Output/cerknica/annotations.geojson")
        #expect(geojson.contains("\"title\":\"Hilltop at dusk\""))
        #expect(geojson.contains("\"thumbnail\":\"photos/gps-north-east-thumb.jpg\""))
        #expect(geojson.contains("\"time\":\"2024-06-01T12:30:00Z\""))  // 14:30 at +02:00
        // The site-wide collection lives at the root: its thumbnail paths name the destination.
        #expect(try project.read("Output/destinations.geojson").contains("\"thumbnail\":\"cerknica/photos/gps-north-east-thumb.jpg\""))
        // The map's photo pin is the thumbnail itself.
        #expect(page.contains("<image class=\"pin-mark pin-thumbnail\"") && page.contains("href=\"photos/gps-north-east-thumb.jpg\""))
        // The published copies carry no EXIF at all (so no GPS, no camera model).
        for name in ["gps-north-east.jpg", "gps-north-east-thumb.jpg", "no-gps.jpg", "no-gps-thumb.jpg"] {
            let copy = try bytes(project, "Output/cerknica/photos/" + name)
            #expect(copy.starts(with: [0xFF, 0xD8]), "\(name) is a JPEG")
            #expect(!contains(copy, "Exif") && !contains(copy, "Test Camera X"), "\(name) keeps metadata")
        }
        // The copies are cached under the project; a second build reuses them.
        #expect(project.exists(".roadtrip-cache"))
        let again = try project.build()
        #expect(again.status == 0)
    }

    /// `IMG 1.jpg` and `img-1.jpg` both slug to `img-1`: the second (in file-name order) is a
    /// warning naming both, and skipped; the build succeeds.
    @Test func photosWhoseNamesClash() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/x/index.md", "---\ntitle: X\nlatitude: 46\nlongitude: 14.5\n---\n")
        for name in ["IMG 1.jpg", "img-1.jpg"] {
            try project.copy(Self.fixtures.appendingPathComponent("gps-north-east.jpg"), to: "Destinations/x/photos/" + name)
        }
        let result = try project.build()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("Destinations/x/photos/img-1.jpg: warning: publishes as photos/img-1.jpg, as IMG 1.jpg already does"))
        #expect(project.exists("Output/x/photos/img-1.jpg"))
    }

    @Test func keepMetadataOptsOut() throws {
        let project = try project(keepMetadata: true)
        defer { project.remove() }
        #expect(try project.build().status == 0)
        let copy = try bytes(project, "Output/cerknica/photos/gps-north-east.jpg")
        #expect(contains(copy, "Exif"))
    }

    /// A cached web copy written into in place (`printf XXXX | dd … conv=notrunc`, its
    /// modification time put back) is not published: its stamp is not the one recorded when
    /// roadtrip wrote it, so the copies are made again, by a build after an edit of the
    /// destination and by `--no-cache`, and the output is byte for byte that of a build with an
    /// empty cache. An untouched cache is still used: nothing is encoded (the files keep their
    /// modification times).
    @Test func aCopyEditedInPlaceIsMadeAgain() throws {
        let project = try project()
        defer { project.remove() }
        #expect(try project.build(["--quiet"]).status == 0)
        let cache = project.root.appendingPathComponent(".roadtrip-cache/photos")
        let published = try Data(contentsOf: project.output.appendingPathComponent("cerknica/photos/gps-north-east.jpg"))
        guard let name = try FileManager.default.contentsOfDirectory(atPath: cache.path).first(where: {
            $0.hasSuffix("-web.jpg") && (try? Data(contentsOf: cache.appendingPathComponent($0))) == published
        }) else { Issue.record("no cached web copy holds the published gps-north-east.jpg"); return }
        let file = cache.appendingPathComponent(name)
        func modificationTimes() throws -> [String: Date] {
            var times: [String: Date] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: cache.path) {
                times[name] = try FileManager.default.attributesOfItem(atPath: cache.appendingPathComponent(name).path)[.modificationDate] as? Date
            }
            return times
        }
        func damage() throws {
            let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
            let handle = try FileHandle(forUpdating: file)
            try handle.seek(toOffset: UInt64(min(2000, published.count / 2)))
            try handle.write(contentsOf: Data("XXXX".utf8))
            try handle.close()
            try FileManager.default.setAttributes([.modificationDate: modified as Any], ofItemAtPath: file.path)
            #expect(try Data(contentsOf: file) != published)
        }
        try damage()
        try project.write("Destinations/cerknica/index.md", "---\ntitle: Cerknica lake\nlatitude: 45.75\nlongitude: 14.38\n---\n")
        #expect(try project.build(["--quiet"]).status == 0)
        let repaired = try FolderSnapshot(project.output)
        #expect(try Data(contentsOf: file) == published)
        // Untouched: a full render reuses every cached file.
        let untouched = try modificationTimes()
        #expect(try project.build(["--quiet", "--no-cache"]).status == 0)
        #expect(try modificationTimes() == untouched)
        try damage()
        #expect(try project.build(["--quiet", "--no-cache"]).status == 0)
        #expect(try FolderSnapshot(project.output) == repaired)
        #expect(try Data(contentsOf: file) == published)
        // With an empty cache the output is the same.
        try FileManager.default.removeItem(at: project.root.appendingPathComponent(".roadtrip-cache"))
        try FileManager.default.removeItem(at: project.output)
        #expect(try project.build(["--quiet"]).status == 0)
        #expect(try FolderSnapshot(project.output) == repaired)
    }

    /// A photo whose copies cannot be made (here a folder put where the cache's thumbnail goes) is
    /// a warning and left out; once the cause is gone, the next build — a cached one, nothing else
    /// changed — makes the copies and shows the photo, rather than reusing the page without it and
    /// repeating the warning until a `--no-cache` build (found by a tester).
    @Test func aPhotoSkippedForItsCopiesIsTriedAgainByTheNextBuild() throws {
        let project = try Self.onePhotoProject(slug: "quay", frontMatter: "title: Quay\nlatitude: 45.75\nlongitude: 14.38", photo: "quay.jpg")
        defer { project.remove() }
        let sources = ["Destinations/site.yaml", "Destinations/quay/index.md", "Destinations/quay/photos/quay.jpg"]
        let past = Date().addingTimeInterval(-60)
        for path in sources {
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: project.root.appendingPathComponent(path).path)
        }
        let first = try project.build()
        #expect(first.status == 0, "\(first.standardError)")
        #expect(project.exists("Output/quay/photos/quay-thumb.jpg"))
        let cache = project.root.appendingPathComponent(".roadtrip-cache/photos")
        guard let thumbnail = try FileManager.default.contentsOfDirectory(atPath: cache.path).first(where: { $0.hasSuffix("-thumbnail.jpg") })
        else { Issue.record("no cached thumbnail"); return }
        let blocked = cache.appendingPathComponent(thumbnail)
        try FileManager.default.removeItem(at: blocked)
        try FileManager.default.createDirectory(at: blocked, withIntermediateDirectories: false)
        let skipped = try project.build(["--no-cache"])
        #expect(skipped.status == 0 && skipped.standardError.contains("photo skipped"), "\(skipped.standardError)")
        #expect(!project.exists("Output/quay/photos/quay-thumb.jpg"))

        try FileManager.default.removeItem(at: blocked)
        let again = try project.build()
        #expect(again.status == 0 && !again.standardError.contains("photo skipped"), "\(again.standardError)")
        #expect(project.exists("Output/quay/photos/quay-thumb.jpg"))
        #expect(try project.read("Output/quay/index.html").contains("photos/quay-thumb.jpg"))
    }
}
