import Foundation

/// What roadtrip reads from a photo's EXIF block (CIPA DC-008-2019, "Exif 2.32"): where, when, which
/// way up, with which camera and facing where. Every field is `nil` when the photo does not carry
/// it; ``ExifReader`` builds it and rejects impossible values instead of storing them.
public struct PhotoMetadata: Sendable, Hashable {
    /// Where the photo was taken, degrees (WGS 84 is what GPS receivers report; Exif §4.6.6
    /// `GPSMapDatum` is not consulted), from `GPSLatitude`/`GPSLongitude` with their N/S and E/W
    /// references; south and west are negative.
    public var coordinate: Coordinate?
    /// Altitude in metres from `GPSAltitude`; negative below sea level (`GPSAltitudeRef` = 1).
    public var altitude: Double?
    /// `DateTimeOriginal`, with `OffsetTimeOriginal` when the photo has it.
    public var captureTime: CaptureTime?
    /// `Orientation` (Exif/TIFF tag 0x0112), 1…8: 1 is upright, 6 needs a 90° clockwise turn,
    /// 8 a 90° counter-clockwise one, 3 a half turn; 2, 4, 5 and 7 are mirrored (TIFF 6.0 p. 36).
    public var orientation: Int?
    /// `Model` (tag 0x0110), e.g. "iPhone 15 Pro", trailing NULs and spaces removed.
    public var cameraModel: String?
    /// `GPSImgDirection` with its `GPSImgDirectionRef`: which way the camera faced.
    public var imageDirection: ImageDirection?

    /// Metadata with every field absent.
    public init(
        coordinate: Coordinate? = nil, altitude: Double? = nil, captureTime: CaptureTime? = nil,
        orientation: Int? = nil, cameraModel: String? = nil, imageDirection: ImageDirection? = nil
    ) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.captureTime = captureTime
        self.orientation = orientation
        self.cameraModel = cameraModel
        self.imageDirection = imageDirection
    }

    /// `true` for orientations 5–8, which turn the image a quarter: the upright picture's width is
    /// the stored height.
    public var swapsWidthAndHeight: Bool { (5...8).contains(orientation ?? 1) }

    /// The direction the camera faced (Exif §4.6.6, tags 0x0010 and 0x0011).
    public struct ImageDirection: Sendable, Hashable {
        /// The north `degrees` is measured from (`GPSImgDirectionRef`: "T" or "M").
        public enum Reference: String, Sendable, Hashable {
            /// "T": true (geographic) north.
            case trueNorth = "T"
            /// "M": magnetic north.
            case magneticNorth = "M"
        }
        /// Degrees clockwise from north, 0 ..< 360.
        public var degrees: Double
        /// True or magnetic north; `nil` when the photo gives no reference.
        public var reference: Reference?

        /// A direction in degrees clockwise from `reference`'s north.
        public init(degrees: Double, reference: Reference?) {
            self.degrees = degrees
            self.reference = reference
        }
    }

    /// `DateTimeOriginal` ("YYYY:MM:DD HH:MM:SS", the camera's clock, Exif §4.6.5) and, when present,
    /// `OffsetTimeOriginal` ("±HH:MM", Exif 2.31 and later): the offset from UTC of that clock.
    public struct CaptureTime: Sendable, Hashable {
        /// Calendar year, month (1–12), day, hour (0–23), minute and second (0–59) as the camera's
        /// clock showed them.
        public var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
        /// Seconds east of UTC from `OffsetTimeOriginal` (+02:00 → 7200), or `nil` without one.
        public var utcOffset: Int?

        /// A capture time; the fields are not validated here (``ExifReader`` does).
        public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, utcOffset: Int? = nil) {
            (self.year, self.month, self.day) = (year, month, day)
            (self.hour, self.minute, self.second) = (hour, minute, second)
            self.utcOffset = utcOffset
        }

        /// The instant: with ``utcOffset`` when the photo has one, else the clock time read in
        /// `localTimeZone` (the destination's zone; a time skipped or repeated by a daylight-saving
        /// change resolves as Foundation's `Calendar` resolves it). `nil` only for fields that name
        /// no real time, which ``ExifReader`` never returns.
        public func date(localTimeZone: TimeZone) -> Date? {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = utcOffset.flatMap { TimeZone(secondsFromGMT: $0) } ?? localTimeZone
            let components = DateComponents(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second)
            return calendar.date(from: components)
        }
    }
}
