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

/// Fixture photos are made by `Fixtures/photos/make-fixtures.sh` (README.md there): 64×48 JPEGs
/// tagged with exiftool 12.57, whose `-v3` dump shows the exact rationals quoted below. Expected
/// degrees are hand-computed as degrees + minutes/60 + seconds/3600.
@Suite("Photos")
struct PhotoTests {
    static let ljubljana = TimeZone(identifier: "Europe/Ljubljana")!

    func photoURL(_ name: String) -> URL { FixtureFiles.url("photos/" + name) }

    /// An instant from an ISO 8601 string, parsed by Foundation (independent of the EXIF code).
    func instant(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    /// A folder holding copies of the named fixtures.
    func folder(copying names: [String], extra: [String: String] = [:]) -> URL {
        let folder = TripLogTestFiles.folder(with: extra)
        for name in names {
            try! FileManager.default.copyItem(at: photoURL(name), to: folder.appendingPathComponent(name))
        }
        return folder
    }

    // MARK: EXIF

    @Test("N/E: 46/1 3/1 51/2 N, 14/1 30/1 81/4 E, altitude 591/2 above, direction 247/2 T, +02:00")
    func northEast() throws {
        let metadata = try ExifReader.read(jpegFile: photoURL("gps-north-east.jpg"))
        let coordinate = try #require(metadata.coordinate)
        #expect(abs(coordinate.latitude - 46.057_083_333_333) < 1e-9)  // 46 + 3/60 + 25.5/3600
        #expect(abs(coordinate.longitude - 14.505_625) < 1e-9)  // 14 + 30/60 + 20.25/3600
        #expect(metadata.altitude == 295.5)
        #expect(metadata.imageDirection == PhotoMetadata.ImageDirection(degrees: 123.5, reference: .trueNorth))
        #expect(metadata.cameraModel == "Test Camera X")
        #expect(metadata.orientation == 1)
        let time = try #require(metadata.captureTime)
        #expect(time.utcOffset == 7200)
        // 14:30 at +02:00 is 12:30Z whatever zone the destination is in.
        #expect(time.date(localTimeZone: TimeZone(identifier: "America/New_York")!) == instant("2024-06-01T12:30:00Z"))
    }

    @Test("S/W: 22°54'30\" S, 43°10'45\" W, 12 m below sea level, direction 270 M, no offset")
    func southWest() throws {
        let metadata = try ExifReader.read(jpegFile: photoURL("gps-south-west.jpg"))
        let coordinate = try #require(metadata.coordinate)
        #expect(abs(coordinate.latitude - -22.908_333_333_333) < 1e-9)  // 22 + 0.9 + 0.008333
        #expect(abs(coordinate.longitude - -43.179_166_666_667) < 1e-9)  // 43 + 0.166667 + 0.0125
        #expect(metadata.altitude == -12)
        #expect(metadata.imageDirection == PhotoMetadata.ImageDirection(degrees: 270, reference: .magneticNorth))
        let time = try #require(metadata.captureTime)
        #expect(time.utcOffset == nil)
        // 09:15:30 local: CEST (+2) in Ljubljana in June, −3 in São Paulo.
        #expect(time.date(localTimeZone: Self.ljubljana) == instant("2024-06-01T07:15:30Z"))
        #expect(time.date(localTimeZone: TimeZone(identifier: "America/Sao_Paulo")!) == instant("2024-06-01T12:15:30Z"))
    }

    @Test("N/W and S/E", arguments: [
        ("gps-north-west.jpg", 40.748_333_333_333, -73.985_833_333_333),  // 40+44/60+54/3600, 73+59/60+9/3600
        ("gps-south-east.jpg", -33.86, 151.21),  // 33+51/60+36/3600, 151+12/60+36/3600
    ])
    func otherHemispheres(name: String, latitude: Double, longitude: Double) throws {
        let coordinate = try #require(try ExifReader.read(jpegFile: photoURL(name)).coordinate)
        #expect(abs(coordinate.latitude - latitude) < 1e-9)
        #expect(abs(coordinate.longitude - longitude) < 1e-9)
    }

    @Test("no GPS: no coordinate; OffsetTimeOriginal −05:30 moves 10:00 to 15:30Z")
    func noGPS() throws {
        let metadata = try ExifReader.read(jpegFile: photoURL("no-gps.jpg"))
        #expect(metadata.coordinate == nil && metadata.altitude == nil && metadata.imageDirection == nil)
        #expect(metadata.captureTime?.utcOffset == -19_800)
        #expect(metadata.captureTime?.date(localTimeZone: Self.ljubljana) == instant("2024-06-01T15:30:00Z"))
    }

    @Test("impossible values give a reason, not a value", arguments: [
        (GPSBlock(latitude: [(91, 1), (0, 1), (0, 1)]), "GPSLatitude 91.0 is outside −90…90 degrees"),
        (GPSBlock(latitude: [(45, 1), (60, 1), (0, 1)]), "GPSLatitude minutes 60.0 are not below 60"),
        (GPSBlock(latitude: [(45, 1), (10, 0), (0, 1)]), "GPSLatitude has a zero denominator"),
        (GPSBlock(longitude: [(181, 1), (0, 1), (0, 1)]), "GPSLongitude 181.0 is outside −180…180 degrees"),
        (GPSBlock(latitudeRef: "X"), "GPSLatitudeRef \"X\" is neither N nor S"),
    ])
    func impossible(block: GPSBlock, reason: String) {
        #expect(throws: ExifReader.Failure(reason)) { try ExifReader.read(exifBlock: block.bytes) }
    }

    @Test("the hand-built block reader agrees with a valid block: 45°30' N 10°15' W")
    func handBuiltBlock() throws {
        let block = GPSBlock(latitude: [(45, 1), (30, 1), (0, 1)], longitude: [(10, 1), (15, 1), (0, 1)], longitudeRef: "W")
        let coordinate = try ExifReader.read(exifBlock: block.bytes).coordinate
        #expect(coordinate == Coordinate(latitude: 45.5, longitude: -10.25))
        #expect(try ExifReader.read(exifBlock: []) == PhotoMetadata())
        // exiftool writes 33.9° S as 33° 53′ 60″ (its own rounding): 33 + 53/60 + 60/3600 = 33.9.
        let rounded = GPSBlock(latitude: [(33, 1), (53, 1), (60, 1)], latitudeRef: "S")
        let south = try #require(try ExifReader.read(exifBlock: rounded.bytes).coordinate)
        #expect(abs(south.latitude + 33.9) < 1e-12)
    }

    // MARK: Loading

    @Test("bad files are skipped with a warning naming each; captions from captions.yaml")
    func loadSkipsBadFiles() throws {
        let captions = "gps-north-east.jpg: Above the lake\nmissing.jpg: Nowhere\n"
        let folder = folder(
            copying: ["corrupt.jpg", "png-renamed.jpg", "impossible-latitude.jpg", "gps-north-east.jpg", "orientation-6.jpg"],
            extra: ["captions.yaml": captions, "notes.txt": "x", "empty.jpg": ""])
        let log = DiagnosticLog()
        let photos = PhotoLibrary.load(folder: folder, displayPath: "Destinations/bled/photos", timeZone: Self.ljubljana, log: log)
        #expect(photos.map(\.fileName) == ["gps-north-east.jpg", "orientation-6.jpg"])
        #expect(photos[0].title == "Above the lake" && photos[1].title == "orientation-6.jpg")
        #expect(photos[0].coordinateSource == .exif && photos[1].coordinateSource == nil)
        #expect(photos[0].time == instant("2024-06-01T12:30:00Z"))
        #expect(log.errorCount == 0)
        let messages = log.diagnostics.map(\.description)
        #expect(messages.count == 6)
        let expectedPrefixes = [
            "Destinations/bled/photos/empty.jpg: warning: the file is empty: a photo is a JPEG or HEIC image; photo skipped",
            "Destinations/bled/photos/corrupt.jpg: warning: not a readable image",
            "Destinations/bled/photos/impossible-latitude.jpg: warning: impossible EXIF value: GPSLatitude 91.0 is outside −90…90 degrees; photo skipped",
            "Destinations/bled/photos/notes.txt: warning: not a JPEG or HEIC photo; photo skipped",
            "Destinations/bled/photos/png-renamed.jpg: warning: is a PNG image, not a JPEG as its name says; photo skipped",
            "Destinations/bled/photos/captions.yaml:2:1: warning: caption for \"missing.jpg\", which is not in the photos folder",
        ]
        for prefix in expectedPrefixes {
            #expect(messages.contains { $0.hasPrefix(prefix) }, "\(prefix) in \(messages)")
        }
    }

    @Test("orientations 6 and 8 swap width and height: 64×48 stored, 48×64 upright")
    func orientations() throws {
        let log = DiagnosticLog()
        let folder = folder(copying: ["orientation-6.jpg", "orientation-8.jpg"])
        let photos = PhotoLibrary.load(folder: folder, displayPath: "p", timeZone: Self.ljubljana, log: log)
        #expect(photos.map(\.metadata.orientation) == [6, 8])
        let maker = ThumbnailMaker(sourceFolder: TripLogTestFiles.folder())
        for photo in photos {
            #expect(try Vips.header(of: photo.url).width == 64)
            #expect((photo.pixelWidth, photo.pixelHeight) == (48, 64))
            let copies = try maker.copies(of: photo.url)
            let thumbnail = try Vips.header(of: copies.thumbnail)
            #expect((thumbnail.width, thumbnail.height) == (48, 64))  // never scaled up past 400
        }
        // A 20-pixel box: 64×48 turned is 48×64, scaled by 20/64 → 15×20.
        let small = ThumbnailMaker(sourceFolder: TripLogTestFiles.folder(), settings: .init(thumbnailEdge: 20))
        let header = try Vips.header(of: small.copies(of: photos[0].url).thumbnail)
        #expect((header.width, header.height) == (15, 20))
    }

    @Test("HEIC with GPS loads when libvips has heifload")
    func heic() throws {
        try #require(Vips.canLoadHEIF, "this libvips cannot decode HEIF")
        let log = DiagnosticLog()
        let photos = PhotoLibrary.load(
            folder: folder(copying: ["heic-gps.heic"]), displayPath: "p", timeZone: Self.ljubljana, log: log)
        let coordinate = try #require(photos.first?.coordinate)
        #expect(abs(coordinate.latitude - 46.057_083_333_333) < 1e-9)
        #expect(abs(coordinate.longitude - 14.505_625) < 1e-9)
        #expect(log.diagnostics.isEmpty)
    }

    @Test("images/: a warning for the JPEG with GPS only")
    func imagesWithLocation() {
        let log = DiagnosticLog()
        let folder = folder(copying: ["gps-south-east.jpg", "no-gps.jpg"])
        PhotoLibrary.warnAboutLocationMetadata(
            ofFiles: ["gps-south-east.jpg", "no-gps.jpg"], in: folder, displayPath: "Destinations/bled/images", log: log)
        #expect(log.diagnostics.count == 1)
        #expect(log.diagnostics.first?.description.hasPrefix(
            "Destinations/bled/images/gps-south-east.jpg: warning: carries a GPS position (-33.86, 151.21) in its EXIF") == true)
    }

    // MARK: Thumbnails

    /// `true` when `needle` occurs in `data`.
    func contains(_ data: Data, _ needle: String) -> Bool {
        let bytes = [UInt8](data)
        let pattern = [UInt8](needle.utf8)
        guard bytes.count >= pattern.count else { return false }
        return (0...(bytes.count - pattern.count)).contains { Array(bytes[$0..<($0 + pattern.count)]) == pattern }
    }

    @Test("published copies carry no EXIF at all; keepMetadata keeps GPS and model")
    func metadataStripped() throws {
        let source = photoURL("gps-north-east.jpg")
        #expect(contains(try Data(contentsOf: source), "Exif"))  // the check can fail
        let copies = try ThumbnailMaker(sourceFolder: TripLogTestFiles.folder()).copies(of: source)
        for copy in [copies.thumbnail, copies.web] {
            #expect(try ExifReader.read(jpegFile: copy) == PhotoMetadata())
            let bytes = try Data(contentsOf: copy)
            #expect(!contains(bytes, "Exif") && !contains(bytes, "GPS") && !contains(bytes, "Test Camera"))
            #expect(!contains(bytes, "http://ns.adobe.com/xap"))  // no XMP packet
        }
        let kept = try ThumbnailMaker(sourceFolder: TripLogTestFiles.folder(), settings: .init(keepMetadata: true))
            .copies(of: source)
        let metadata = try ExifReader.read(jpegFile: kept.thumbnail)
        #expect(metadata.coordinate == (try ExifReader.read(jpegFile: source)).coordinate)
        #expect(metadata.cameraModel == "Test Camera X")
    }

    @Test("the cache: a second run encodes nothing; new bytes or settings do")
    func cache() throws {
        let sourceFolder = TripLogTestFiles.folder()
        let photos = folder(copying: ["gps-north-east.jpg", "no-gps.jpg"])
        let photo = photos.appendingPathComponent("gps-north-east.jpg")
        let maker = ThumbnailMaker(sourceFolder: sourceFolder)
        #expect(maker.cacheFolder.path == sourceFolder.path + "/.roadtrip-cache/photos")
        let first = try maker.copies(of: photo)
        #expect(!first.wasCached)
        let modified = try FileManager.default.attributesOfItem(atPath: first.web.path)[.modificationDate] as? Date
        // The fixture is 64×48, smaller than both edges: never scaled up.
        #expect(first.thumbnailSize == PhotoCopies.PixelSize(width: 64, height: 48) && first.webSize == first.thumbnailSize)
        let second = try maker.copies(of: photo)
        #expect(second == PhotoCopies(
            thumbnail: first.thumbnail, web: first.web, thumbnailSize: first.thumbnailSize, webSize: first.webSize, wasCached: true))
        #expect(try FileManager.default.attributesOfItem(atPath: first.web.path)[.modificationDate] as? Date == modified)
        // Same bytes under another name: cached. Other bytes or other settings: encoded.
        let renamed = photos.appendingPathComponent("copy.jpg")
        try FileManager.default.copyItem(at: photo, to: renamed)
        #expect(try maker.copies(of: renamed).wasCached)
        #expect(try !maker.copies(of: photos.appendingPathComponent("no-gps.jpg")).wasCached)
        let other = try ThumbnailMaker(sourceFolder: sourceFolder, settings: .init(quality: 60)).copies(of: photo)
        #expect(!other.wasCached && other.web != first.web)
        // Six files per (bytes, settings): 3 encodings × (2 copies + their sizes, each with its
        // .stamp), no temporary left over.
        #expect(try FileManager.default.contentsOfDirectory(atPath: maker.cacheFolder.path).count == 18)
        // A copy written into in place (printf XXXX | dd … seek=2000 conv=notrunc), its
        // modification time put back: not trusted, encoded again into the same bytes.
        let whole = try Data(contentsOf: first.thumbnail)
        let handle = try FileHandle(forUpdating: first.thumbnail)
        try handle.seek(toOffset: UInt64(whole.count / 2))
        try handle.write(contentsOf: Data("XXXX".utf8))
        try handle.close()
        try FileManager.default.setAttributes([.modificationDate: modified as Any], ofItemAtPath: first.thumbnail.path)
        #expect(try !maker.copies(of: photo).wasCached)
        #expect(try Data(contentsOf: first.thumbnail) == whole)
        #expect(try maker.copies(of: photo).wasCached)
    }

    @Test("the cache keeps the copies' sizes; a changed sizes file makes the copies again")
    func cachedSizes() throws {
        let sourceFolder = TripLogTestFiles.folder()
        let photo = photoURL("orientation-6.jpg")  // 64×48 stored, orientation 6: 48×64 upright
        let maker = ThumbnailMaker(sourceFolder: sourceFolder)
        let first = try maker.copies(of: photo)
        #expect(first.thumbnailSize == PhotoCopies.PixelSize(width: 48, height: 64))
        let sizes = first.thumbnail.deletingLastPathComponent().appendingPathComponent(
            first.thumbnail.lastPathComponent.replacingOccurrences(of: "-thumbnail.jpg", with: "-sizes.txt"))
        #expect(try String(contentsOf: sizes, encoding: .utf8) == "thumbnail 48x64\nweb 48x64\n")
        #expect(try maker.copies(of: photo).wasCached)
        // A sizes file changed behind roadtrip's back, missing or damaged: its stamp is not the
        // recorded one, so the copies are made again and the true sizes recorded.
        for damaged in ["thumbnail 30x40\nweb 300x400\n", nil, "thumbnail 48\n"] {
            if let damaged { try Data(damaged.utf8).write(to: sizes) } else { try FileManager.default.removeItem(at: sizes) }
            let again = try maker.copies(of: photo)
            #expect(!again.wasCached && again.thumbnailSize == first.thumbnailSize && again.webSize == first.webSize)
            #expect(try String(contentsOf: sizes, encoding: .utf8) == "thumbnail 48x64\nweb 48x64\n")
        }
    }

    @Test("a truncated JPEG reads its header but fails to encode, naming libvips' reason")
    func truncated() throws {
        let url = photoURL("truncated.jpg")
        #expect(try Vips.header(of: url).width == 64)
        #expect(throws: Vips.Failure.self) {
            try ThumbnailMaker(sourceFolder: TripLogTestFiles.folder()).copies(of: url)
        }
    }

    @Test("SHA-256 of \"abc\" is FIPS 180-4's example digest")
    func sha256() {
        #expect(Vips.sha256(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    // MARK: Geotagging

    static let start = Date(timeIntervalSince1970: 1_717_200_000)

    func fix(_ seconds: Double, _ latitude: Double, _ longitude: Double, segment: Int = 0) -> LocationSample {
        LocationSample(
            timestamp: Self.start.addingTimeInterval(seconds), coordinate: Coordinate(latitude: latitude, longitude: longitude),
            segment: segment)
    }

    @Test("interpolation on a hand-made track, gaps, ends, maximum gap and clock offset")
    func handMadeTrack() {
        let track = [
            [fix(0, 46.0, 14.0), fix(10, 46.001, 14.0)],  // along a meridian
            [fix(100, 0, 10.0, segment: 1), fix(104, 0, 10.001, segment: 1), fix(1104, 0, 10.002, segment: 1)],  // equator
        ]
        let geotagger = PhotoGeotagger(segments: track)
        // 4 s of 10 along a 0.001° meridian arc: 46.0004 (the meridian radius of curvature changes by
        // ~1e-7 relative over 0.001°, so latitude is linear in arc length to ~1e-12°).
        let onMeridian = geotagger.coordinate(at: Self.start.addingTimeInterval(4))
        #expect(abs(onMeridian!.latitude - 46.0004) < 1e-9 && abs(onMeridian!.longitude - 14.0) < 1e-12)
        // The equator is a geodesic: 1 s of 4 → 10.00025 exactly in longitude.
        let onEquator = geotagger.coordinate(at: Self.start.addingTimeInterval(101))
        #expect(abs(onEquator!.longitude - 10.000_25) < 1e-10 && abs(onEquator!.latitude) < 1e-12)
        #expect(geotagger.coordinate(at: Self.start.addingTimeInterval(10)) == Coordinate(latitude: 46.001, longitude: 14.0))
        // Fixes 1000 s apart in one segment (a stop, or a sparse logger): always placed, interpolated.
        #expect(geotagger.coordinate(at: Self.start.addingTimeInterval(404)) != nil)
        let midway = geotagger.coordinate(at: Self.start.addingTimeInterval(604))
        #expect(abs(midway!.longitude - 10.0015) < 1e-10 && abs(midway!.latitude) < 1e-12)
        // Outside the track, within maximumGap (300 s) of an end: placed at that end. The gap 10…100 s
        // is 40 s from the first segment's end at 50 s.
        #expect(geotagger.coordinate(at: Self.start.addingTimeInterval(50)) == Coordinate(latitude: 46.001, longitude: 14.0))
        #expect(geotagger.coordinate(at: Self.start.addingTimeInterval(-1)) == Coordinate(latitude: 46.0, longitude: 14.0))
        #expect(geotagger.coordinate(at: Self.start.addingTimeInterval(1105)) == Coordinate(latitude: 0, longitude: 10.002))
        // Farther than maximumGap: unplaced, and why.
        #expect(geotagger.placement(at: Self.start.addingTimeInterval(-400)) == .failure(.beforeTripLog(seconds: 400)))
        #expect(geotagger.placement(at: Self.start.addingTimeInterval(1500)) == .failure(.afterTripLog(seconds: 396)))
        let strict = PhotoGeotagger(segments: track, maximumGap: 30)
        #expect(strict.placement(at: Self.start.addingTimeInterval(55)) == .failure(.inGap(seconds: 45)))
        #expect(PhotoGeotagger(segments: []).placement(at: Self.start) == .failure(.noTripLog))
        // A camera 2 s slow: its 2 s is the track's 4 s.
        let offset = PhotoGeotagger(segments: track, cameraClockOffset: 2).coordinate(at: Self.start.addingTimeInterval(2))
        #expect(offset == onMeridian)
    }

    /// A photo taken during a 10-minute stop is placed at the stop: a 1 Hz drive north at 20 m/s for
    /// 60 s, 600 s standing at the same place (the distance filter drops those fixes, so the kept
    /// fixes on either side are 601 s apart), then on. The stop is no gap (recorded fixes stay 1 s
    /// apart), so the photo at 300 s into the stop is interpolated between the last kept fix before
    /// it (the stop, 1,200 m north) and the first after it (20 m on): within 20 m of the stop.
    @Test("a photo taken during a stop is placed at the stop")
    func photoAtAStop() throws {
        var fixes: [LocationSample] = []
        func north(_ metres: Double) -> Coordinate {
            Geodesic.direct(from: Coordinate(latitude: 46, longitude: 14), azimuth: 0, distance: metres)
        }
        for second in 0...60 { fixes.append(LocationSample(timestamp: Self.start.addingTimeInterval(Double(second)), coordinate: north(20 * Double(second)))) }
        for second in 61...660 { fixes.append(LocationSample(timestamp: Self.start.addingTimeInterval(Double(second)), coordinate: north(1200))) }
        for second in 661...700 {
            fixes.append(LocationSample(timestamp: Self.start.addingTimeInterval(Double(second)), coordinate: north(1200 + 20 * Double(second - 660))))
        }
        let log = TripLog(slug: "stop", sourcePath: "stop.gpx", format: .gpx, locations: fixes)
        let processed = ProcessedTripLog(log: log, settings: .roadTrip)
        #expect(processed.segments.count == 1)
        let geotagger = PhotoGeotagger(tracks: [processed.track])
        let placed = try geotagger.placement(at: Self.start.addingTimeInterval(360)).get()
        #expect(Geodesic.inverse(from: placed, to: north(1200)).distance < 20)
    }

    @Test("geotag places only photos without GPS, and says so")
    func geotagPhotos() throws {
        let geotagger = PhotoGeotagger(segments: [[fix(0, 46.0, 14.0), fix(10, 46.001, 14.0)]])
        let time = Self.start.addingTimeInterval(5)
        let exifPlaced = Coordinate(latitude: 1, longitude: 2)
        let photos = [
            Photo(url: URL(fileURLWithPath: "/a.jpg"), metadata: PhotoMetadata(), pixelWidth: 1, pixelHeight: 1, time: time),
            Photo(url: URL(fileURLWithPath: "/b.jpg"), metadata: PhotoMetadata(coordinate: exifPlaced), pixelWidth: 1, pixelHeight: 1, time: time),
            Photo(url: URL(fileURLWithPath: "/c.jpg"), metadata: PhotoMetadata(), pixelWidth: 1, pixelHeight: 1),
        ]
        let placed = geotagger.geotag(photos)
        #expect(placed.map(\.coordinateSource) == [.trackLog, .exif, nil])
        #expect(placed.map(\.unplacedReason) == [nil, nil, .noTime])
        #expect(abs(try #require(placed[0].coordinate).latitude - 46.0005) < 1e-9)
        #expect(placed[1].coordinate == exifPlaced)
    }

    @Test("cerknicko-jezero.gpx: a photo at 16:42:33 CEST between the fixes of 14:42:28Z and 14:42:41Z")
    func realTrack() throws {
        let log = DiagnosticLog()
        let trip = try #require(
            GPXReader.read(
                FixtureFiles.url("triplogs/gpx/cerknicko-jezero.gpx"), displayPath: "t.gpx", slug: "t",
                timeZone: TimeZone(identifier: "UTC")!, log: log))
        let segments = Dictionary(grouping: trip.locations, by: \.segment).sorted { $0.key < $1.key }.map(\.value)
        // Lines 272 and 276 of the file, consecutive fixes of one trkseg 13 s apart:
        //   14:42:28Z 45.768643236 14.356583264 and 14:42:41Z 45.768552292 14.356551664.
        // 14:42:33Z is 5/13 of the way: lat 45.768643236 + 5/13 × (−0.000090944) = 45.7686082575,
        // lon 14.356583264 + 5/13 × (−0.000031600) = 14.3565711102 (linear; over this 10 m chord
        // the geodesic differs by far less than 1e-8°, about 1 mm).
        let captureTime = PhotoMetadata.CaptureTime(year: 2010, month: 8, day: 5, hour: 16, minute: 42, second: 33)
        let time = try #require(captureTime.date(localTimeZone: Self.ljubljana))
        let coordinate = try #require(PhotoGeotagger(segments: segments).coordinate(at: time))
        #expect(abs(coordinate.latitude - 45.768_608_257_5) < 1e-8)
        #expect(abs(coordinate.longitude - 14.356_571_110_2) < 1e-8)
    }
}

/// A minimal little-endian EXIF block ("Exif\0\0", TIFF header, IFD0 with a GPSInfo pointer, a GPS
/// IFD with latitude and longitude and their references), built by hand after TIFF 6.0 §2 and
/// Exif 2.32 §4.6.6 to feed values no camera tool writes.
struct GPSBlock: Sendable, CustomStringConvertible {
    var latitude: [(UInt32, UInt32)] = [(45, 1), (0, 1), (0, 1)]
    var longitude: [(UInt32, UInt32)] = [(10, 1), (0, 1), (0, 1)]
    var latitudeRef = "N"
    var longitudeRef = "E"

    var description: String { "\(latitudeRef) \(latitude) \(longitudeRef) \(longitude)" }

    var bytes: [UInt8] {
        func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        func u32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        func entry(_ tag: Int, _ type: Int, _ count: UInt32, _ value: [UInt8]) -> [UInt8] {
            u16(tag) + u16(type) + u32(count) + value + [UInt8](repeating: 0, count: 4 - value.count)
        }
        let gpsIFD: UInt32 = 8 + 2 + 12 + 4  // after the header and IFD0's one entry
        let data = gpsIFD + 2 + 4 * 12 + 4  // after the GPS IFD's four entries
        var tiff: [UInt8] = Array("II".utf8) + u16(42) + u32(8)
        tiff += u16(1) + entry(0x8825, 4, 1, u32(gpsIFD)) + u32(0)
        tiff += u16(4)
        tiff += entry(1, 2, 2, Array(latitudeRef.utf8) + [0])
        tiff += entry(2, 5, 3, u32(data))
        tiff += entry(3, 2, 2, Array(longitudeRef.utf8) + [0])
        tiff += entry(4, 5, 3, u32(data + 24)) + u32(0)
        for (numerator, denominator) in latitude + longitude { tiff += u32(numerator) + u32(denominator) }
        return Array("Exif".utf8) + [0, 0] + tiff
    }
}
