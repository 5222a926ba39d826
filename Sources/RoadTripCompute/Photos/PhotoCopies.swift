import Foundation

/// The published copies of one photo, as the build's photo step made them (`ThumbnailMaker`):
/// two JPEG files in the project's cache folder, which the write step copies into the output,
/// with their pixel sizes (which the gallery's `srcset`, `width` and `height` give).
public struct PhotoCopies: Sendable, Hashable {
    /// A copy's width and height in pixels, as stored in its JPEG (the copies are upright: their
    /// EXIF orientation was applied when they were made).
    public struct PixelSize: Sendable, Hashable {
        /// Pixels across.
        public var width: Int
        /// Pixels down.
        public var height: Int

        /// A size of `width` × `height` pixels.
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// The thumbnail JPEG in the cache folder.
    public var thumbnail: URL
    /// The web-sized JPEG in the cache folder.
    public var web: URL
    /// The thumbnail's size in pixels (at most 400 on its longer edge by default).
    public var thumbnailSize: PixelSize
    /// The web copy's size in pixels (at most 1600 on its longer edge by default).
    public var webSize: PixelSize
    /// `true` when both came from the cache and nothing was encoded.
    public var wasCached: Bool

    /// The copies at `thumbnail` and `web`, of `thumbnailSize` and `webSize` pixels; `wasCached`
    /// when nothing was encoded for them.
    public init(thumbnail: URL, web: URL, thumbnailSize: PixelSize, webSize: PixelSize, wasCached: Bool) {
        self.thumbnail = thumbnail
        self.web = web
        self.thumbnailSize = thumbnailSize
        self.webSize = webSize
        self.wasCached = wasCached
    }
}
