import Foundation
import RoadTripCore
import RoadTripFormats
import RoadTripCompute

/// Makes the published copies of photos with libvips (`Vips`).
///
/// Each photo gets a thumbnail and a web-sized JPEG, scaled down (never up) to fit a square of
/// ``Settings/thumbnailEdge`` / ``Settings/webEdge`` pixels, turned upright by the EXIF orientation
/// (`vips_thumbnail` auto-rotates), and by default with every metadata block stripped (EXIF with
/// its GPS position and serial numbers, XMP, IPTC, ICC; libvips' `strip` save option).
///
/// **Cache.** Outputs are kept in ``cacheFolder`` (`<source>/.roadtrip-cache/photos/`, git-ignored)
/// under a key that is the SHA-256 (`Vips.sha256`) of the input's bytes and the settings:
/// `<key>-thumbnail.jpg`, `<key>-web.jpg` and `<key>-sizes.txt`, the copies' pixel sizes as read
/// from their headers when they were made (``SizesFile``), so that the gallery's `srcset`,
/// `width` and `height` cost a cached build nothing. An unchanged photo with unchanged settings is
/// not decoded again; a renamed or touched photo with the same bytes is not either. The three
/// files are used only while each one's `lstat` stamp is the one recorded beside it
/// (`<name>.stamp`, ``CacheFileStamp``) when roadtrip wrote it, as the basemap's tiles: a copy
/// written into in place (even with its modification time put back), replaced or missing makes
/// all three again. The output copies them (never hard-links them), so building into another
/// output folder moves no stamp. Files are written under a temporary name and renamed, so an
/// interrupted build never leaves a half-written copy.
public struct ThumbnailMaker: Sendable {
    /// How the copies are made; every field is part of the cache key.
    public struct Settings: Sendable, Hashable {
        /// The thumbnail's longer edge at most, pixels (default 400).
        public var thumbnailEdge: Int
        /// The web copy's longer edge at most, pixels (default 1600).
        public var webEdge: Int
        /// JPEG quality 1–100 of both (default 85; libvips' own default is 75).
        public var quality: Int
        /// `true` keeps EXIF/XMP/IPTC/ICC in the copies (site config `photos.keepMetadata: true`).
        public var keepMetadata: Bool

        /// Settings; the defaults are those of `site.yaml`'s `photos` keys.
        public init(thumbnailEdge: Int = 400, webEdge: Int = 1600, quality: Int = 85, keepMetadata: Bool = false) {
            self.thumbnailEdge = thumbnailEdge
            self.webEdge = webEdge
            self.quality = quality
            self.keepMetadata = keepMetadata
        }

        /// The settings as text for the cache key (a version prefix invalidates old entries if the
        /// encoding ever changes).
        var keyText: String { "v1 t\(thumbnailEdge) w\(webEdge) q\(quality) k\(keepMetadata ? 1 : 0)" }
    }

    /// The settings every copy is made with.
    public let settings: Settings
    /// Where the copies are kept: `<source>/.roadtrip-cache/photos/`.
    public let cacheFolder: URL

    /// A maker caching under `sourceFolder/.roadtrip-cache/photos/` (created when needed).
    public init(sourceFolder: URL, settings: Settings = Settings()) {
        self.settings = settings
        self.cacheFolder = ProjectCacheFolder.photos(projectRoot: sourceFolder)
    }

    /// The thumbnail and web copies of the image at `url`, from the cache when its bytes and the
    /// settings are unchanged, else encoded now.
    /// - Throws: `Vips.Failure` when the file cannot be read, libvips cannot decode it (a corrupt or
    ///   truncated image: decoding fails on truncation instead of filling with grey) or a copy
    ///   cannot be written.
    public func copies(of url: URL) throws(Vips.Failure) -> PhotoCopies {
        let bytes: Data
        do { bytes = try FileBytes.read(url) } catch { throw Vips.Failure(error.message) }
        let key = Vips.sha256(Data(Vips.sha256(bytes).utf8) + Data(settings.keyText.utf8))
        let thumbnail = cacheFolder.appendingPathComponent("\(key)-thumbnail.jpg")
        let web = cacheFolder.appendingPathComponent("\(key)-web.jpg")
        let sizesFile = SizesFile(url: cacheFolder.appendingPathComponent("\(key)-sizes.txt"))
        let manager = FileManager.default
        let files = [thumbnail, web, sizesFile.url]
        if files.allSatisfy({ CacheFileStamp.isUnchanged($0.path) }), let sizes = sizesFile.read() {
            return PhotoCopies(thumbnail: thumbnail, web: web, thumbnailSize: sizes.thumbnail, webSize: sizes.web, wasCached: true)
        }
        do { try manager.createDirectory(at: cacheFolder, withIntermediateDirectories: true) } catch {
            throw Vips.Failure("cannot create \(cacheFolder.path): \(FileBytes.systemReason(error))")
        }
        try encode(url, to: thumbnail, maxEdge: settings.thumbnailEdge)
        try encode(url, to: web, maxEdge: settings.webEdge)
        let sizes = try sizesFile.write(thumbnail: Self.size(of: thumbnail), web: Self.size(of: web))
        for file in files { CacheFileStamp.record(file.path) }  // one not recorded is made again next time
        return PhotoCopies(thumbnail: thumbnail, web: web, thumbnailSize: sizes.thumbnail, webSize: sizes.web, wasCached: false)
    }

    /// The pixel size of the copy at `url`, from its JPEG header (`Vips.header`: no pixels are
    /// decoded). The copies are upright (`vips_thumbnail` applied and removed the EXIF
    /// orientation), so the stored size is the shown size.
    private static func size(of url: URL) throws(Vips.Failure) -> PhotoCopies.PixelSize {
        let header = try Vips.header(of: url)
        return PhotoCopies.PixelSize(width: header.width, height: header.height)
    }

    /// `<key>-sizes.txt` in the cache: the two copies' pixel sizes, as two lines
    /// `thumbnail 300x400` and `web 1201x1600` (width × height in pixels).
    struct SizesFile {
        /// Where the file is.
        let url: URL

        /// The sizes the file records; `nil` when it is missing or not in the format above (the
        /// copies are then made again).
        func read() -> (thumbnail: PhotoCopies.PixelSize, web: PhotoCopies.PixelSize)? {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
            var sizes: [String: PhotoCopies.PixelSize] = [:]
            for line in text.split(separator: "\n") {
                let fields = line.split(separator: " ")
                let numbers = fields.count == 2 ? fields[1].split(separator: "x").compactMap { Int($0) } : []
                guard numbers.count == 2, numbers.allSatisfy({ $0 > 0 }) else { return nil }
                sizes[String(fields[0])] = PhotoCopies.PixelSize(width: numbers[0], height: numbers[1])
            }
            guard let thumbnail = sizes["thumbnail"], let web = sizes["web"] else { return nil }
            return (thumbnail, web)
        }

        /// Records `thumbnail` and `web` (under a temporary name, then renamed) and returns them.
        /// - Throws: `Vips.Failure` when the file cannot be written.
        func write(thumbnail: PhotoCopies.PixelSize, web: PhotoCopies.PixelSize) throws(Vips.Failure)
            -> (thumbnail: PhotoCopies.PixelSize, web: PhotoCopies.PixelSize)
        {
            let text = "thumbnail \(thumbnail.width)x\(thumbnail.height)\nweb \(web.width)x\(web.height)\n"
            try ThumbnailMaker.writeInPlace(url) { temporary throws(Vips.Failure) in
                do { try Data(text.utf8).write(to: temporary) } catch {
                    throw Vips.Failure("cannot write \(url.path): \(FileBytes.systemReason(error))")
                }
            }
            return (thumbnail, web)
        }
    }

    /// Encodes one copy under a temporary name next to `output`, then renames it into place.
    private func encode(_ input: URL, to output: URL, maxEdge: Int) throws(Vips.Failure) {
        try Self.writeInPlace(output) { temporary throws(Vips.Failure) in
            try Vips.writeThumbnail(
                of: input, to: temporary, maxEdge: maxEdge, quality: settings.quality, keepMetadata: settings.keepMetadata)
        }
    }

    /// Runs `write` on a temporary name next to `output`, then renames that file into place; the
    /// temporary file is removed when either fails.
    /// - Throws: `Vips.Failure`: `write`'s, or "cannot rename … into <output>".
    static func writeInPlace(_ output: URL, _ write: (URL) throws(Vips.Failure) -> Void) throws(Vips.Failure) {
        let temporary = output.deletingLastPathComponent()
            .appendingPathComponent(".\(UUID().uuidString)-\(output.lastPathComponent)")
        do {
            try write(temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        guard rename(temporary.path, output.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw Vips.Failure("cannot rename \(temporary.lastPathComponent) into \(output.path)")
        }
    }
}
