import Foundation
import RoadTripFormats
import RoadTripCompute

/// Makes the published copies of a photo — a thumbnail and a web-sized JPEG — and says where they
/// are. A ``BuildEnvironment`` holds one: the command line's keeps the copies in the project's
/// cache folder (``LibvipsPhotoCopier``); a test can give copies it wrote itself.
public protocol PhotoCopier: Sendable {
    /// The copies of the photo at `url`, a file of the project at `projectRoot`, made with
    /// `settings` (edges in pixels, JPEG quality, whether metadata is kept).
    /// - Throws: `Vips.Failure` when a copy cannot be made (the reason is shown in a warning and the
    ///   photo is left out).
    func copies(of url: URL, projectRoot: URL, settings: ThumbnailMaker.Settings) throws(Vips.Failure) -> PhotoCopies
}

/// The copies made by libvips and kept in `<projectRoot>/.roadtrip-cache/photos/` (``ThumbnailMaker``).
public struct LibvipsPhotoCopier: PhotoCopier {
    /// The copier of `roadtrip build` and `serve`.
    public init() {}

    /// ``ThumbnailMaker/copies(of:)`` of a maker caching under `projectRoot`.
    public func copies(of url: URL, projectRoot: URL, settings: ThumbnailMaker.Settings) throws(Vips.Failure) -> PhotoCopies {
        try ThumbnailMaker(sourceFolder: projectRoot, settings: settings).copies(of: url)
    }
}
