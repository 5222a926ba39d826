internal import CExif
import Foundation
import RoadTripCore

/// Reads ``PhotoMetadata`` from EXIF with libexif (Debian's libexif-dev). The only file that touches
/// `CExif`; no C pointer leaves it.
///
/// The block is parsed with libexif's `FOLLOW_SPECIFICATION` and `IGNORE_UNKNOWN_TAGS` options off,
/// so libexif neither invents mandatory tags nor drops ones it does not know, and every value is
/// checked against the Exif 2.32 definitions (CIPA DC-008-2019 §4.6.5–4.6.6). An impossible value
/// throws ``Failure`` with the reason; a photo without EXIF, or without one of the tags, gives
/// `nil` fields.
public enum ExifReader {
    /// Why a photo's EXIF cannot be trusted, in words for a warning ("GPSLatitude 91° is beyond 90°").
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The reason, naming the tag and the value.
        public var reason: String
        /// A failure with `reason`.
        public init(_ reason: String) { self.reason = reason }
        /// The reason.
        public var description: String { reason }
    }

    /// Reads the EXIF (APP1) block of the JPEG file at `url` with libexif's `ExifLoader`.
    /// A file that is not a JPEG or has no EXIF gives empty metadata (telling a JPEG from a
    /// PNG is the image loader's job).
    public static func read(jpegFile url: URL) throws(Failure) -> PhotoMetadata {
        guard let loader = exif_loader_new() else { throw Failure("libexif could not allocate a loader") }
        defer { exif_loader_unref(loader) }
        exif_loader_write_file(loader, url.path)
        var buffer: UnsafePointer<UInt8>? = nil
        var size: UInt32 = 0
        exif_loader_get_buf(loader, &buffer, &size)
        guard let buffer, size > 0 else { return PhotoMetadata() }
        return try read(exifBlock: UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    /// Reads an EXIF block: the TIFF structure, optionally preceded by "Exif\0\0" (as a JPEG APP1
    /// segment and libvips' `exif-data` field carry it). Empty bytes give empty metadata.
    public static func read(exifBlock bytes: [UInt8]) throws(Failure) -> PhotoMetadata {
        do {
            return try bytes.withUnsafeBufferPointer { buffer throws(Failure) in try read(exifBlock: buffer) }
        }
    }

    private static func read(exifBlock buffer: UnsafeBufferPointer<UInt8>) throws(Failure) -> PhotoMetadata {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return PhotoMetadata() }
        guard let data = exif_data_new() else { throw Failure("libexif could not allocate EXIF data") }
        defer { exif_data_unref(data) }
        exif_data_unset_option(data, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS)
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_load_data(data, base, UInt32(buffer.count))
        let block = Block(data: data)

        var metadata = PhotoMetadata()
        metadata.coordinate = try coordinate(block)
        if let altitude = try block.rationals(.gps, Tag.gpsAltitude, name: "GPSAltitude", count: 1)?[0] {
            let below = block.bytes(.gps, Tag.gpsAltitudeRef)?.first == 1
            metadata.altitude = below ? -altitude : altitude
        }
        metadata.captureTime = try captureTime(block)
        if let orientation = block.short(.ifd0, Tag.orientation) {
            guard (1...8).contains(orientation) else { throw Failure("Orientation \(orientation) is not 1…8") }
            metadata.orientation = orientation
        }
        if let model = block.text(.ifd0, Tag.model), !model.isEmpty { metadata.cameraModel = model }
        if let degrees = try block.rationals(.gps, Tag.gpsImgDirection, name: "GPSImgDirection", count: 1)?[0] {
            guard degrees >= 0 && degrees < 360 else { throw Failure("GPSImgDirection \(degrees)° is not 0…359.99") }
            let referenceText = block.text(.gps, Tag.gpsImgDirectionRef)
            let reference = referenceText.flatMap(PhotoMetadata.ImageDirection.Reference.init(rawValue:))
            if let referenceText, reference == nil {
                throw Failure("GPSImgDirectionRef \"\(referenceText)\" is neither T nor M")
            }
            metadata.imageDirection = PhotoMetadata.ImageDirection(degrees: degrees, reference: reference)
        }
        return metadata
    }

    /// Tag numbers (Exif 2.32 Table 4 for IFD0, §4.6.5 for the Exif IFD, §4.6.6 for the GPS IFD).
    private enum Tag {
        static let gpsLatitudeRef: UInt32 = 0x0001, gpsLatitude: UInt32 = 0x0002
        static let gpsLongitudeRef: UInt32 = 0x0003, gpsLongitude: UInt32 = 0x0004
        static let gpsAltitudeRef: UInt32 = 0x0005, gpsAltitude: UInt32 = 0x0006
        static let gpsImgDirectionRef: UInt32 = 0x0010, gpsImgDirection: UInt32 = 0x0011
        static let model: UInt32 = 0x0110, orientation: UInt32 = 0x0112
        static let dateTimeOriginal: UInt32 = 0x9003, offsetTimeOriginal: UInt32 = 0x9011
    }

    /// `GPSLatitude`/`GPSLongitude` (three rationals: degrees, minutes, seconds) with their references.
    private static func coordinate(_ block: Block) throws(Failure) -> Coordinate? {
        let latitudeDMS = try block.rationals(.gps, Tag.gpsLatitude, name: "GPSLatitude", count: 3)
        let longitudeDMS = try block.rationals(.gps, Tag.gpsLongitude, name: "GPSLongitude", count: 3)
        guard latitudeDMS != nil || longitudeDMS != nil else { return nil }
        guard let latitudeDMS, let longitudeDMS else {
            throw Failure(latitudeDMS == nil ? "GPSLongitude without GPSLatitude" : "GPSLatitude without GPSLongitude")
        }
        let latitude = try degrees(latitudeDMS, name: "GPSLatitude", axis: .latitude)
        let longitude = try degrees(longitudeDMS, name: "GPSLongitude", axis: .longitude)
        let latitudeSign = try sign(block.text(.gps, Tag.gpsLatitudeRef), name: "GPSLatitudeRef", positive: "N", negative: "S")
        let longitudeSign = try sign(block.text(.gps, Tag.gpsLongitudeRef), name: "GPSLongitudeRef", positive: "E", negative: "W")
        return Coordinate(latitude: latitudeSign * latitude, longitude: longitudeSign * longitude)
    }

    /// Degrees + minutes / 60 + seconds / 3600, with minutes below 60, seconds at most 60 (exiftool
    /// writes 33.9° as 33° 53′ 60″, a rounding artefact that it reads back itself), and the total
    /// within `axis`'s range (at most 90 for a latitude, 180 for a longitude: the sign is the
    /// hemisphere reference's).
    private static func degrees(_ dms: [Double], name: String, axis: CoordinateAxis) throws(Failure) -> Double {
        guard dms[1] < 60 else { throw Failure("\(name) minutes \(dms[1]) are not below 60") }
        guard dms[2] <= 60 else { throw Failure("\(name) seconds \(dms[2]) are above 60") }
        let value = dms[0] + dms[1] / 60 + dms[2] / 3600
        if let problem = axis.rangeProblem(value, what: name) { throw Failure(problem) }
        return value
    }

    /// +1 or −1 from a hemisphere reference; a missing or unknown one is a failure (the hemisphere
    /// cannot be guessed).
    private static func sign(_ reference: String?, name: String, positive: String, negative: String) throws(Failure) -> Double {
        switch reference?.uppercased() {
        case positive: return 1
        case negative: return -1
        case nil: throw Failure("\(name) is missing")
        case let other?: throw Failure("\(name) \"\(other)\" is neither \(positive) nor \(negative)")
        }
    }

    /// `DateTimeOriginal` ("YYYY:MM:DD HH:MM:SS"; all blanks or zeros means unknown, Exif §4.6.5)
    /// with `OffsetTimeOriginal` ("±HH:MM").
    private static func captureTime(_ block: Block) throws(Failure) -> PhotoMetadata.CaptureTime? {
        guard let text = block.text(.exif, Tag.dateTimeOriginal) else { return nil }
        let digits = text.filter(\.isNumber)
        if digits.isEmpty || digits.allSatisfy({ $0 == "0" }) { return nil }
        let fields = text.split(whereSeparator: { $0 == ":" || $0 == " " }).map { Int($0) }
        guard text.count == 19, fields.count == 6, let year = fields[0], let month = fields[1], let day = fields[2],
            let hour = fields[3], let minute = fields[4], let second = fields[5],
            year >= 1, (1...12).contains(month), (1...ISO8601Time.daysInMonth(year: year, month: month)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { throw Failure("DateTimeOriginal \"\(text)\" is not a real YYYY:MM:DD HH:MM:SS time") }
        var time = PhotoMetadata.CaptureTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        if let offset = block.text(.exif, Tag.offsetTimeOriginal), !offset.trimmingCharacters(in: .whitespaces).isEmpty {
            let bytes = Array(offset.utf8)
            guard bytes.count == 6, bytes[0] == 0x2B || bytes[0] == 0x2D, bytes[3] == 0x3A,
                let hours = Int(offset.dropFirst().prefix(2)), let minutes = Int(offset.suffix(2)),
                hours <= 14, minutes < 60
            else { throw Failure("OffsetTimeOriginal \"\(offset)\" is not ±HH:MM") }
            time.utcOffset = (bytes[0] == 0x2D ? -1 : 1) * (hours * 3600 + minutes * 60)
        }
        return time
    }

    /// Typed access to the entries of one loaded EXIF block.
    private struct Block {
        /// The image file directories roadtrip reads (libexif's `ExifIfd` values; 1 is the thumbnail's).
        enum Directory: Int { case ifd0 = 0, exif = 2, gps = 3 }

        let data: UnsafeMutablePointer<ExifData>

        private func entry(_ directory: Directory, _ tag: UInt32) -> UnsafeMutablePointer<ExifEntry>? {
            let content: UnsafeMutablePointer<ExifContent>? =
                switch directory {
                case .ifd0: data.pointee.ifd.0
                case .exif: data.pointee.ifd.2
                case .gps: data.pointee.ifd.3
                }
            guard let content, let entry = exif_content_get_entry(content, ExifTag(rawValue: tag)),
                entry.pointee.data != nil
            else { return nil }
            return entry
        }

        /// The entry's raw bytes.
        func bytes(_ directory: Directory, _ tag: UInt32) -> [UInt8]? {
            guard let entry = entry(directory, tag) else { return nil }
            return Array(UnsafeBufferPointer(start: entry.pointee.data, count: Int(entry.pointee.size)))
        }

        /// An ASCII entry up to its first NUL, surrounding spaces removed.
        func text(_ directory: Directory, _ tag: UInt32) -> String? {
            guard let bytes = bytes(directory, tag) else { return nil }
            let content = bytes.prefix { $0 != 0 }
            return String(decoding: content, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        }

        /// A SHORT (or BYTE) entry's first value.
        func short(_ directory: Directory, _ tag: UInt32) -> Int? {
            guard let entry = entry(directory, tag), entry.pointee.components >= 1 else { return nil }
            switch entry.pointee.format {
            case EXIF_FORMAT_SHORT where entry.pointee.size >= 2:
                return Int(exif_get_short(entry.pointee.data, exif_data_get_byte_order(data)))
            case EXIF_FORMAT_BYTE: return Int(entry.pointee.data[0])
            default: return nil
            }
        }

        /// `count` unsigned RATIONAL values of the entry, each numerator / denominator; a zero
        /// denominator or another format is a failure naming the tag.
        func rationals(_ directory: Directory, _ tag: UInt32, name: String, count: Int) throws(Failure) -> [Double]? {
            guard let entry = entry(directory, tag) else { return nil }
            guard entry.pointee.format == EXIF_FORMAT_RATIONAL, Int(entry.pointee.components) >= count,
                Int(entry.pointee.size) >= 8 * count
            else { throw Failure("\(name) is not " + CountText.counted(count, "rational number")) }
            let order = exif_data_get_byte_order(data)
            var values: [Double] = []
            for index in 0..<count {
                let rational = exif_get_rational(entry.pointee.data + 8 * index, order)
                guard rational.denominator != 0 else { throw Failure("\(name) has a zero denominator") }
                values.append(Double(rational.numerator) / Double(rational.denominator))
            }
            return values
        }
    }
}
