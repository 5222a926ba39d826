import Foundation

/// The published copies of one photo, as the build's photo step made them (`ThumbnailMaker`):
/// two JPEG files in the project's cache folder, which the write step copies into the output.
public struct PhotoCopies: Sendable, Hashable {
    /// The thumbnail JPEG in the cache folder.
    public var thumbnail: URL
    /// The web-sized JPEG in the cache folder.
    public var web: URL
    /// `true` when both came from the cache and nothing was encoded.
    public var wasCached: Bool

    /// The copies at `thumbnail` and `web`; `wasCached` when nothing was encoded for them.
    public init(thumbnail: URL, web: URL, wasCached: Bool) {
        self.thumbnail = thumbnail
        self.web = web
        self.wasCached = wasCached
    }
}
