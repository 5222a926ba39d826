import Foundation

/// One photo of a destination's `photos/` folder, as ``PhotoLibrary`` read it.
public struct Photo: Sendable, Hashable {
    /// How far, in seconds, a photo's time may be from the nearer of the two trip-log fixes
    /// around it and still be placed (`photos.maximumGap` in site.yaml, `PhotoGeotagger`'s
    /// `maximumGap`): 300 s by default. `exiftool -geotag` allows 1800 s (`GeoMaxIntSecs`,
    /// exiftool's Geotag documentation); on a road trip five minutes are already several
    /// kilometres, so roadtrip is stricter.
    public static let defaultMaximumGap: Double = 300

    /// Where a photo's ``coordinate`` came from.
    public enum CoordinateSource: String, Sendable, Hashable {
        /// The photo's own EXIF GPS tags.
        case exif
        /// Interpolated on the destination's trip logs at the photo's time (``PhotoGeotagger``);
        /// the page says so.
        case trackLog
    }

    /// The file.
    public var url: URL
    /// The file's name (`IMG_0042.jpg`), the key in `photos/captions.yaml`.
    public var fileName: String
    /// The caption from `photos/captions.yaml`, or `nil`.
    public var caption: String?
    /// What the EXIF block said.
    public var metadata: PhotoMetadata
    /// Width and height in pixels of the upright picture (stored size, swapped for EXIF
    /// orientations 5–8).
    public var pixelWidth: Int, pixelHeight: Int
    /// When the photo was taken: `DateTimeOriginal` with `OffsetTimeOriginal`, else read in the
    /// destination's time zone; `nil` without a capture time.
    public var time: Date?
    /// Where the photo was taken, degrees, or `nil` while unplaced.
    public var coordinate: Coordinate?
    /// Where ``coordinate`` came from; `nil` while unplaced.
    public var coordinateSource: CoordinateSource?

    /// A photo; ``coordinate`` and ``coordinateSource`` start from the EXIF position.
    public init(
        url: URL, caption: String? = nil, metadata: PhotoMetadata, pixelWidth: Int, pixelHeight: Int, time: Date? = nil
    ) {
        self.url = url
        self.fileName = url.lastPathComponent
        self.caption = caption
        self.metadata = metadata
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.time = time
        self.coordinate = metadata.coordinate
        self.coordinateSource = metadata.coordinate == nil ? nil : .exif
    }

    /// The title a map pin and the gallery show: the caption, else the file name.
    public var title: String { caption ?? fileName }
}
