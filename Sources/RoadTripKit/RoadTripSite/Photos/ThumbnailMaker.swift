import CVips
import Foundation
import Synchronization

/// Makes the published copies of photos with libvips (Debian's libvips-dev) through the small C
/// target `CVips` (libvips' own API is C-variadic). The only file that touches `CVips`.
///
/// Each photo gets a thumbnail and a web-sized JPEG, scaled down (never up) to fit a square of
/// ``Settings/thumbnailEdge`` / ``Settings/webEdge`` pixels, turned upright by the EXIF orientation
/// (`vips_thumbnail` auto-rotates), and by default with every metadata block stripped (EXIF with
/// its GPS position and serial numbers, XMP, IPTC, ICC; libvips' `strip` save option).
///
/// **Cache.** Outputs are kept in ``cacheFolder`` (`<source>/.roadtrip-cache/photos/`, git-ignored)
/// under a key that is the SHA-256 (FIPS 180-4, computed by GLib's `GChecksum`, which libvips
/// already links — swift-crypto is not a dependency and Foundation has no SHA-256 on Linux) of the
/// input's bytes and the settings. An unchanged photo with unchanged settings is not decoded again;
/// a renamed or touched photo with the same bytes is not either. Files are written under a
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

        /// Settings; the defaults are issue 7's.
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

    /// The copies of one photo.
    public struct Copies: Sendable, Hashable {
        /// The thumbnail JPEG in the cache folder.
        public var thumbnail: URL
        /// The web-sized JPEG in the cache folder.
        public var web: URL
        /// `true` when both came from the cache and nothing was encoded.
        public var wasCached: Bool
    }

    /// Why libvips could not read or write an image: the file and libvips' own message.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The reason, e.g. "VipsJpeg: Premature end of input file".
        public var reason: String
        /// A failure with `reason`.
        public init(_ reason: String) { self.reason = reason }
        /// The reason.
        public var description: String { reason }
    }

    /// What an image's header says, without decoding its pixels.
    public struct ImageHeader: Sendable, Hashable {
        /// Stored width and height in pixels (before EXIF orientation).
        public var width: Int, height: Int
        /// The libvips loader that accepted the file: "jpegload", "pngload", "heifload", …
        public var loader: String
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

    /// `true` once libvips started; checked before every call into it.
    private static let isStarted: Bool = rt_vips_init("roadtrip") == 0

    /// libvips keeps one error buffer per process, not per thread: calls are serialised so that a
    /// failure's message is the failing file's own. (Each call still decodes and resizes on
    /// libvips' own worker threads.)
    private static let vipsLock = Mutex<Void>(())

    /// Runs `body` (a call into libvips) with ``vipsLock`` held, after starting libvips.
    private static func withVips<Result>(_ body: () -> Result) throws(Failure) -> Result {
        guard isStarted else { throw Failure("libvips could not start") }
        return vipsLock.withLock { _ in body() }
    }

    /// `true` when this libvips decodes HEIF/HEIC (it has the `heifload` operation, from libheif).
    public static var canLoadHEIF: Bool { (try? withVips { rt_vips_has_operation("heifload") }) == 1 }

    /// The thumbnail and web copies of the image at `url`, from the cache when its bytes and the
    /// settings are unchanged, else encoded now.
    /// - Throws: ``Failure`` when the file cannot be read, libvips cannot decode it (a corrupt or
    ///   truncated image: decoding fails on truncation instead of filling with grey) or a copy
    ///   cannot be written.
    public func copies(of url: URL) throws(Failure) -> Copies {
        let bytes: Data
        do { bytes = try FileBytes.read(url) } catch { throw Failure(error.message) }
        let key = Self.sha256(Data(Self.sha256(bytes).utf8) + Data(settings.keyText.utf8))
        let thumbnail = cacheFolder.appendingPathComponent("\(key)-thumbnail.jpg")
        let web = cacheFolder.appendingPathComponent("\(key)-web.jpg")
        let manager = FileManager.default
        if manager.fileExists(atPath: thumbnail.path) && manager.fileExists(atPath: web.path) {
            return Copies(thumbnail: thumbnail, web: web, wasCached: true)
        }
        do { try manager.createDirectory(at: cacheFolder, withIntermediateDirectories: true) } catch {
            throw Failure("cannot create \(cacheFolder.path): \(FileBytes.systemReason(error))")
        }
        try encode(url, to: thumbnail, maxEdge: settings.thumbnailEdge)
        try encode(url, to: web, maxEdge: settings.webEdge)
        return Copies(thumbnail: thumbnail, web: web, wasCached: false)
    }

    /// Encodes one copy under a temporary name next to `output`, then renames it into place.
    private func encode(_ input: URL, to output: URL, maxEdge: Int) throws(Failure) {
        let temporary = output.deletingLastPathComponent()
            .appendingPathComponent(".\(UUID().uuidString)-\(output.lastPathComponent)")
        var message = [CChar](repeating: 0, count: 512)
        let status = try Self.withVips {
            rt_vips_thumbnail(
                input.path, temporary.path, Int32(maxEdge), Int32(settings.quality),
                settings.keepMetadata ? 1 : 0, &message, message.count)
        }
        guard status == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw Failure(Self.text(message))
        }
        guard rename(temporary.path, output.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw Failure("cannot rename the copy into \(output.path)")
        }
    }

    /// The header of the image at `url` (no pixels decoded).
    /// - Throws: ``Failure`` when no libvips loader accepts the file or its header is unreadable.
    public static func header(of url: URL) throws(Failure) -> ImageHeader {
        var width: Int32 = 0
        var height: Int32 = 0
        var loader = [CChar](repeating: 0, count: 64)
        var message = [CChar](repeating: 0, count: 512)
        let status = try withVips {
            rt_vips_probe(url.path, &width, &height, &loader, loader.count, &message, message.count)
        }
        guard status == 0 else {
            throw Failure(text(message))
        }
        return ImageHeader(width: Int(width), height: Int(height), loader: text(loader))
    }

    /// The raw EXIF block libvips read with the image at `url` (starting "Exif\0\0"; empty when the
    /// image has none), for formats libexif cannot open itself, such as HEIF.
    /// - Throws: ``Failure`` when libvips cannot open the file.
    public static func exifBlock(of url: URL) throws(Failure) -> [UInt8] {
        var data: UnsafeMutablePointer<UInt8>? = nil
        var length = 0
        var message = [CChar](repeating: 0, count: 512)
        let status = try withVips { rt_vips_exif_block(url.path, &data, &length, &message, message.count) }
        guard status == 0 else {
            throw Failure(text(message))
        }
        defer { free(data) }
        guard let data else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: length))
    }

    /// SHA-256 of `bytes` as 64 lowercase hexadecimal digits (GLib's `GChecksum`).
    static func sha256(_ bytes: Data) -> String {
        var hex = [CChar](repeating: 0, count: 65)
        bytes.withUnsafeBytes { buffer in rt_sha256_hex(buffer.baseAddress, buffer.count, &hex) }
        return text(hex)
    }

    /// A NUL-terminated C buffer as a String.
    /// libvips' error buffer as one line (DESIGN §7: one diagnostic per line): its lines trimmed,
    /// repeats left out (libvips often logs the same decoder message twice), joined with "; ".
    private static func text(_ buffer: [CChar]) -> String {
        let raw = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var lines: [String] = []
        for line in raw.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty && !lines.contains(trimmed) { lines.append(trimmed) }
        }
        return lines.joined(separator: "; ")
    }
}
