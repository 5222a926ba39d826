import Foundation
import RoadTripKit

extension Harness {
    /// A photo's EXIF block (the TIFF structure, after an optional `Exif\0\0`), as a JPEG's APP1
    /// segment or libvips hands it over: `ExifReader.read(exifBlock:)` through libexif. What it
    /// accepts is within the Exif 2.32 ranges it checks.
    static let exif = Harness(name: "exif", summary: "a photo's EXIF block: ExifReader (libexif)") { data in
        let metadata: PhotoMetadata
        do throws(ExifReader.Failure) {
            metadata = try ExifReader.read(exifBlock: [UInt8](data))
        } catch {
            require(!error.reason.isEmpty, "a failure without a reason")
            return
        }
        if let coordinate = metadata.coordinate { require(coordinate.isValid, "GPS position \(coordinate)") }
        if let altitude = metadata.altitude { require(altitude.isFinite, "GPSAltitude \(altitude)") }
        if let orientation = metadata.orientation { require((1...8).contains(orientation), "Orientation \(orientation)") }
        if let direction = metadata.imageDirection {
            require(direction.degrees >= 0 && direction.degrees < 360, "GPSImgDirection \(direction.degrees)")
        }
        if let time = metadata.captureTime {
            require(
                (1...12).contains(time.month) && (1...31).contains(time.day) && (0...23).contains(time.hour)
                    && (0...59).contains(time.minute) && (0...60).contains(time.second),
                "capture time \(time)")
            if let offset = time.utcOffset { require(abs(offset) <= 18 * 3600, "OffsetTimeOriginal \(offset) s") }
            _ = time.date(localTimeZone: TripLogChecks.timeZone)
        }
    }
}
