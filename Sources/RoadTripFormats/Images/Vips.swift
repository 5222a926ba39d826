internal import CVips
import Foundation
import Synchronization

/// libvips (Debian's libvips-dev), through the small C target `CVips` (libvips' own API is
/// C-variadic, which Swift cannot call): reading an image's header and EXIF block without decoding
/// its pixels, writing a scaled-down JPEG copy, rasterising an SVG document to PNG, and SHA-256.
/// The only file that touches `CVips`.
///
/// libvips keeps one error buffer per process, not per thread, so every call on a photo is
/// serialised (each still decodes and resizes on libvips' own worker threads) and a failure's
/// message is the failing file's own. Rasterising SVG (``png(ofSVG:scale:width:height:)``) is
/// not: its input is roadtrip's own map, so a failure means libvips or the machine is in trouble
/// rather than a file, and the share previews of a site rasterise on every core.
public enum Vips {
    /// Why libvips could not read or write an image: libvips' own message.
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

    /// `nil` once libvips is loaded and started, else why it could not be (the first use loads it:
    /// see Sources/CVips, it is not linked); checked before every call into it.
    private static let startFailure: Failure? = {
        var message = [CChar](repeating: 0, count: 512)
        guard rt_vips_init("roadtrip", &message, message.count) != 0 else { return nil }
        let reason = text(message)
        return Failure("libvips could not start" + (reason.isEmpty ? "" : ": " + reason))
    }()

    /// Serialises the calls into libvips (see the type's description).
    private static let vipsLock = Mutex<Void>(())

    /// Runs `body` (a call into libvips) with ``vipsLock`` held, after starting libvips.
    private static func withVips<Result>(_ body: () -> Result) throws(Failure) -> Result {
        if let startFailure { throw startFailure }
        return vipsLock.withLock { _ in body() }
    }

    /// `true` when this libvips decodes HEIF/HEIC (it has the `heifload` operation, from libheif).
    public static var canLoadHEIF: Bool { (try? withVips { rt_vips_has_operation("heifload") }) == 1 }

    /// `true` when this libvips rasterises SVG (it has `svgload_buffer`, from librsvg; Debian's
    /// libvips 8.14 has).
    public static var canLoadSVG: Bool {
        guard startFailure == nil else { return false }
        return rt_vips_has_operation("svgload_buffer") == 1
    }

    /// The PNG of the SVG document `svg` (UTF-8) drawn by librsvg through libvips'
    /// `svgload_buffer` at `scale` device pixels per SVG user unit (CSS pixel), flattened onto white
    /// (RGB, 8 bits a channel, no alpha), set to exactly `width` × `height` pixels around its
    /// centre (a drawing whose scaled size rounds to a pixel more or less loses or repeats that
    /// edge row or column), zlib level 6, no metadata. Images the document names by URL are not
    /// loaded (a document from memory has no base URL).
    ///
    /// Runs without the lock the photo calls take, so several rasterise at once: when two fail
    /// together, each message may carry the other's as well (libvips' error buffer is the process's).
    /// - Throws: ``Failure`` with libvips' message when the document cannot be drawn or encoded.
    public static func png(ofSVG svg: String, scale: Double, width: Int, height: Int) throws(Failure) -> Data {
        if let startFailure { throw startFailure }
        var message = [CChar](repeating: 0, count: 512)
        var buffer: UnsafeMutableRawPointer? = nil
        var length = 0
        var document = svg
        let status = document.withUTF8 { bytes in
            rt_vips_svg_to_png(
                bytes.baseAddress, bytes.count, scale, Int32(width), Int32(height), &buffer, &length, &message, message.count)
        }
        defer { rt_vips_free(buffer) }
        guard status == 0, let buffer else {
            let reason = text(message)
            throw Failure(reason.isEmpty ? "libvips failed without a message" : reason)
        }
        return Data(bytes: buffer, count: length)
    }

    /// Writes to `output` a JPEG of the image at `input`, scaled down (never up) to fit a square
    /// of `maxEdge` pixels and turned upright by its EXIF orientation (`vips_thumbnail`
    /// auto-rotates), at JPEG quality `quality` (1–100), with every metadata block (EXIF with its
    /// GPS position, XMP, IPTC, ICC) stripped unless `keepMetadata` (libvips' `strip` save option).
    /// - Throws: ``Failure`` when libvips cannot decode the image (a truncated one fails instead
    ///   of being filled with grey) or cannot write `output`.
    public static func writeThumbnail(of input: URL, to output: URL, maxEdge: Int, quality: Int, keepMetadata: Bool)
        throws(Failure)
    {
        var message = [CChar](repeating: 0, count: 512)
        let status = try withVips {
            rt_vips_thumbnail(
                input.path, output.path, Int32(maxEdge), Int32(quality), keepMetadata ? 1 : 0, &message, message.count)
        }
        guard status == 0 else { throw Failure(text(message)) }
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

    /// SHA-256 (FIPS 180-4) of `bytes` as 64 lowercase hexadecimal digits, computed by GLib's
    /// `GChecksum`, which libvips already links (swift-crypto is not a dependency and Foundation
    /// has no SHA-256 on Linux).
    public static func sha256(_ bytes: Data) -> String {
        var hex = [CChar](repeating: 0, count: 65)
        bytes.withUnsafeBytes { buffer in rt_sha256_hex(buffer.baseAddress, buffer.count, &hex) }
        return text(hex)
    }

    /// A NUL-terminated C buffer as a String; libvips' error buffer as one line (one diagnostic per
    /// line): its lines trimmed, repeats left out (libvips often logs the same decoder message
    /// twice), joined with "; ".
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
