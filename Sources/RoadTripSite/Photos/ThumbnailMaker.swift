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
/// under a key that is the SHA-256 (`Vips.sha256`) of the input's bytes and the settings. An
/// unchanged photo with unchanged settings is not decoded again; a renamed or touched photo with
/// the same bytes is not either. Files are written under a
/// temporary name and renamed, so an interrupted build never leaves a half-written copy.
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
        let manager = FileManager.default
        if manager.fileExists(atPath: thumbnail.path) && manager.fileExists(atPath: web.path) {
            return PhotoCopies(thumbnail: thumbnail, web: web, wasCached: true)
        }
        do { try manager.createDirectory(at: cacheFolder, withIntermediateDirectories: true) } catch {
            throw Vips.Failure("cannot create \(cacheFolder.path): \(FileBytes.systemReason(error))")
        }
        try encode(url, to: thumbnail, maxEdge: settings.thumbnailEdge)
        try encode(url, to: web, maxEdge: settings.webEdge)
        return PhotoCopies(thumbnail: thumbnail, web: web, wasCached: false)
    }

    /// Encodes one copy under a temporary name next to `output`, then renames it into place.
    private func encode(_ input: URL, to output: URL, maxEdge: Int) throws(Vips.Failure) {
        let temporary = output.deletingLastPathComponent()
            .appendingPathComponent(".\(UUID().uuidString)-\(output.lastPathComponent)")
        do {
            try Vips.writeThumbnail(
                of: input, to: temporary, maxEdge: maxEdge, quality: settings.quality, keepMetadata: settings.keepMetadata)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        guard rename(temporary.path, output.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw Vips.Failure("cannot rename the copy into \(output.path)")
        }
    }
}
