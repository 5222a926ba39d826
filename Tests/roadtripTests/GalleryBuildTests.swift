import Foundation
import Testing

/// Issue 17, item 4, through the built binary: the destination page's gallery — each photo a
/// `<figure>` whose thumbnail has a `srcset` of both copies with their real pixel widths (read
/// here from the JPEGs' frame headers, not from roadtrip), `width`/`height`, lazy loading, and a
/// caption with the local time and place it was taken; a photo on the map is tied to its pin.
/// Fixtures: `Tests/RoadTripKitTests/Fixtures/photos/` (see its README).
@Suite(.serialized) struct GalleryBuildTests {
    static let fixtures = PhotosTests.fixtures

    /// A Slovenian site (`Europe/Ljubljana`) with three photos: the hilltop near Ljubljana (64×48,
    /// GPS), the portrait from New York (1701×1277 stored with EXIF orientation 6: 1277×1701
    /// upright) and `orientation-6.jpg` (48×64 upright, no GPS and no time).
    func project() throws -> TemporaryProject {
        let project = try TemporaryProject()
        try project.write("Destinations/site.yaml", "title: T\ntimeZone: Europe/Ljubljana\n")
        try project.write("Destinations/ljubljana/index.md", "---\ntitle: Ljubljana\nlatitude: 46.05\nlongitude: 14.49\n---\n")
        for name in ["gps-north-east.jpg", "portrait-new-york.jpg", "orientation-6.jpg"] {
            try project.copy(Self.fixtures.appendingPathComponent(name), to: "Destinations/ljubljana/photos/" + name)
        }
        try project.write(
            "Destinations/ljubljana/photos/captions.yaml", "gps-north-east.jpg: \"Hilltop at dusk\"\nportrait-new-york.jpg: Fifth Avenue\n")
        return project
    }

    /// The `<figure>…</figure>` of `page` that links `web` (the web copy's path).
    func figure(_ page: String, linking web: String) throws -> String {
        let link = try #require(page.range(of: "href=\"\(web)\""))
        let start = try #require(page.range(of: "<figure", options: .backwards, range: page.startIndex..<link.lowerBound))
        let end = try #require(page.range(of: "</figure>", range: link.upperBound..<page.endIndex))
        return String(page[start.lowerBound..<end.upperBound])
    }

    /// The attributes of the first `<img …>` in `html`, by name.
    func imageAttributes(_ html: String) throws -> [String: String] {
        let start = try #require(html.range(of: "<img "))
        let end = try #require(html.range(of: ">", range: start.upperBound..<html.endIndex))
        var attributes: [String: String] = [:]
        for match in html[start.upperBound..<end.lowerBound].matches(of: /([a-z-]+)="([^"]*)"/) {
            attributes[String(match.output.1)] = String(match.output.2)
        }
        return attributes
    }

    @Test func galleryMarkupSourceSetsAndLocalTimes() throws {
        let project = try project()
        defer { project.remove() }
        let result = try project.build()
        #expect(result.status == 0, "\(result.standardError)")
        let page = try project.read("Output/ljubljana/index.html")
        #expect(page.contains("<ul class=\"gallery\">"))

        // The portrait: its copies' sizes as their JPEG frame headers give them. By hand: the
        // upright picture is 1277×1701, so the thumbnail fits 400 px tall, 1277 × 400 / 1701 =
        // 300.3 → 300 wide, and the web copy 1600 tall, 1277 × 1600 / 1701 = 1201.2 → 1201 wide.
        let thumbnail = try #require(JPEGFrame.size(of: try Data(contentsOf: project.root.appendingPathComponent(
            "Output/ljubljana/photos/portrait-new-york-thumb.jpg"))))
        let web = try #require(JPEGFrame.size(of: try Data(contentsOf: project.root.appendingPathComponent(
            "Output/ljubljana/photos/portrait-new-york.jpg"))))
        #expect(thumbnail.width == 300 && thumbnail.height == 400)
        #expect(web.width == 1201 && web.height == 1600)
        let portrait = try figure(page, linking: "photos/portrait-new-york.jpg")
        let image = try imageAttributes(portrait)
        #expect(image["src"] == "photos/portrait-new-york-thumb.jpg")
        #expect(image["srcset"] == "photos/portrait-new-york-thumb.jpg \(thumbnail.width)w, photos/portrait-new-york.jpg \(web.width)w")
        #expect(image["width"] == "\(thumbnail.width)" && image["height"] == "\(thumbnail.height)")
        #expect(image["sizes"] == "(min-width: 40rem) 16.25rem, calc(50vw - 1.375rem)")
        #expect(image["alt"] == "Fifth Avenue")
        #expect(portrait.contains("data-width=\"\(web.width)\" data-height=\"\(web.height)\""))
        // Taken at 12:00 −04:00 = 16:00Z (EXIF OffsetTimeOriginal) in Manhattan: shown in New
        // York's zone, daylight time in July (UTC−4, EDT), not in the site's (it would be 18:00
        // CEST). GeoNames' nearest town of 15,000 is Hoboken (40.74399, −74.03236), 3.9 km west
        // of 40.74833, −73.98583; New York City's point (40.71427, −74.00597) is 4.1 km away.
        #expect(portrait.contains("<time datetime=\"2024-07-04T16:00:00Z\">4 July 2024, 12:00 EDT</time>"))
        #expect(portrait.contains("<span class=\"photo-place\">Near Hoboken, United States of America</span>"))
        // Third in file-name order (gps-north-east, orientation-6, portrait-new-york): pin photo-3.
        #expect(portrait.contains("<figure data-annotation-id=\"photo-3\">"))

        // The hilltop photo is smaller than a thumbnail: both copies are 64×48, and the srcset
        // names the thumbnail alone (two candidates of one width would be invalid HTML). Taken at
        // 14:30 +02:00 near Ljubljana: 12:30Z, 14:30 CEST.
        let hilltop = try figure(page, linking: "photos/gps-north-east.jpg")
        let small = try imageAttributes(hilltop)
        #expect(small["srcset"] == "photos/gps-north-east-thumb.jpg 64w")
        #expect(small["width"] == "64" && small["height"] == "48")
        #expect(hilltop.contains("<time datetime=\"2024-06-01T12:30:00Z\">1 June 2024, 14:30 CEST</time>"))
        #expect(hilltop.contains("<span class=\"photo-place\">Near Ljubljana, Slovenia</span>"))
        #expect(hilltop.contains("<span class=\"photo-title\">Hilltop at dusk</span>"))
        // Photos are in file-name order, as their pins' ids: the hilltop's pin is photo-1.
        #expect(hilltop.contains("<figure data-annotation-id=\"photo-1\">"))
        #expect(page.contains("class=\"pin pin-photo\" data-annotation-id=\"photo-1\""))

        // Not on the map: no pin to tie to, no place, no time, and the reason; the alt names it.
        let unplaced = try figure(page, linking: "photos/orientation-6.jpg")
        #expect(unplaced.hasPrefix("<figure>"))
        #expect(unplaced.contains("<span class=\"photo-note\">Not on the map: no GPS position and no time it was taken</span>"))
        #expect(!unplaced.contains("<time") && !unplaced.contains("photo-place"))
        let upright = try imageAttributes(unplaced)
        #expect(upright["width"] == "48" && upright["height"] == "64")
        #expect(upright["alt"] == "Photo 2 of Ljubljana")

        // Every thumbnail loads lazily and decodes off the main thread.
        for attributes in [image, small, upright] {
            #expect(attributes["loading"] == "lazy" && attributes["decoding"] == "async")
        }
    }

    /// A second build takes the copies' sizes from the cache and writes the same page.
    @Test func cachedBuildGivesTheSamePage() throws {
        let project = try project()
        defer { project.remove() }
        #expect(try project.build().status == 0)
        let first = try project.read("Output/ljubljana/index.html")
        let sizes = try FileManager.default.contentsOfDirectory(
            atPath: project.root.appendingPathComponent(".roadtrip-cache/photos").path).filter { $0.hasSuffix("-sizes.txt") }
        #expect(sizes.count == 3)
        #expect(try project.build().status == 0)
        #expect(try project.read("Output/ljubljana/index.html") == first)
    }
}

/// A JPEG's pixel size from its frame header, read without any image library (ITU-T T.81 §B.2.2):
/// markers follow the start of image (FFD8), each FFxx with a 16-bit big-endian length that counts
/// itself; a start of frame SOFn (FFC0–FFCF except FFC4 DHT, FFC8 JPG, FFCC DAC) holds, after its
/// length, the sample precision (1 byte), then the number of lines (height) and of samples per line
/// (width), 16 bits each.
enum JPEGFrame {
    static func size(of data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data)
        guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
        var index = 2
        while index + 8 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }  // a fill byte before a marker
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (Int(bytes[index + 7]) << 8 | Int(bytes[index + 8]), Int(bytes[index + 5]) << 8 | Int(bytes[index + 6]))
            }
            index += 2 + length
        }
        return nil
    }
}
