import Foundation

/// One photo of a destination's `photos/` folder, as ``PhotoLibrary`` read it.
public struct Photo: Sendable, Hashable {
    /// How far, in seconds, a photo's time may be before a trip log's first fix, after its last, or
    /// into a gap between its segments, and still be placed, at the nearer end (`photos.maximumGap`
    /// in site.yaml, `PhotoGeotagger`'s `maximumGap`): 300 s by default. `exiftool -geotag` allows
    /// 1800 s (`GeoMaxExtSecs`, exiftool's Geotag documentation); on a road trip five minutes are
    /// already several kilometres, so roadtrip is stricter. (Between two fixes of one segment a
    /// photo is always placed: the track is continuous there.)
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
    /// Why a photo without GPS is not on the map, once `PhotoGeotagger` tried to place it.
    public var unplacedReason: UnplacedReason?

    /// Why a photo without a GPS position of its own could not be placed on the trip logs.
    public enum UnplacedReason: Error, Sendable, Hashable {
        /// The photo has no capture time.
        case noTime
        /// The destination has no trip log with timed fixes.
        case noTripLog
        /// Taken this many seconds (more than `maximumGap`) before the first fix.
        case beforeTripLog(seconds: Double)
        /// Taken this many seconds (more than `maximumGap`) after the last fix.
        case afterTripLog(seconds: Double)
        /// Taken in a gap between two segments, this many seconds from the nearer of them (more than
        /// `maximumGap`).
        case inGap(seconds: Double)

        /// The reason in words, after "not on the map: " ("taken 2 h 5 min after the trip log ends").
        public var text: String {
            switch self {
            case .noTime: return "no GPS position and no time it was taken"
            case .noTripLog: return "no GPS position, and no trip log with times"
            case .beforeTripLog(let seconds): return "taken \(Self.span(seconds)) before the trip log starts"
            case .afterTripLog(let seconds): return "taken \(Self.span(seconds)) after the trip log ends"
            case .inGap(let seconds): return "taken in a gap of the trip log, \(Self.span(seconds)) from its nearer end"
            }
        }

        /// "45 s", "12 min", "2 h 5 min", "3 days".
        static func span(_ seconds: Double) -> String {
            // Days from the Double: a camera clock offset of 10^19 s must not trap Int().
            guard seconds.isFinite, seconds < 2 * 86_400 else {
                guard seconds.isFinite, seconds < 1e15 else { return "more than 10,000 years" }
                return "\(CountText.grouped(Int(seconds / 86_400))) days"
            }
            let whole = Int(max(0, seconds).rounded())
            if whole < 60 { return "\(whole) s" }
            if whole < 3600 { return "\(whole / 60) min" }
            let minutes = whole % 3600 / 60
            return "\(whole / 3600) h" + (minutes > 0 ? " \(minutes) min" : "")
        }
    }

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
