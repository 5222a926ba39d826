import Foundation
import RoadTripCore
import RoadTripFormats

/// Reads a destination's `photos/` folder into ``Photo`` values, and checks `images/` for photos
/// that would publish their GPS position.
///
/// **Formats.** JPEG (`.jpg`, `.jpeg`), with EXIF read by libexif. HEIC/HEIF (`.heic`, `.heif`)
/// when this libvips decodes it (``ThumbnailMaker/canLoadHEIF``: Debian 12's libvips 8.14 has
/// `heifload` through libheif and libde265), with the EXIF block taken from libvips; without
/// `heifload` such files are skipped with a warning. Any other file is skipped with a warning.
///
/// **A file that cannot be read** (no read permission) is an error naming it: the build stops
/// rather than publish the destination without the photo and remove its copies.
///
/// **Bad files** are skipped with a warning naming the file, and the build goes on: an empty file
/// ("the file is empty: …", as every reader says), a file whose
/// header no loader reads (a corrupt JPEG), a file whose content is not what its extension says
/// (a PNG renamed `.jpg`), and EXIF with impossible values (``ExifReader/Failure``: latitude beyond
/// 90°, a zero denominator, minutes ≥ 60, …). A JPEG whose header is intact but whose data is
/// truncated is caught when ``ThumbnailMaker`` decodes it.
public enum PhotoLibrary {
    /// The captions file inside the photos folder: a YAML map from file name to caption.
    public static let captionsFileName = "captions.yaml"

    /// The photos in `folder` (not its subfolders; dotfiles and ``captionsFileName`` ignored), in
    /// file-name order.
    ///
    /// - Parameters:
    ///   - folder: the `photos/` folder; a missing folder gives no photos.
    ///   - displayPath: the folder as diagnostics name it (`Destinations/bled/photos`).
    ///   - timeZone: the zone a capture time without `OffsetTimeOriginal` is read in (the
    ///     destination's).
    ///   - log: receives a warning per skipped file, and the captions file's problems (a YAML
    ///     error, a caption that is not text, a caption for a file that is not there).
    public static func load(folder: URL, displayPath: String, timeZone: TimeZone, log: DiagnosticLog) -> [Photo] {
        guard let names = ProjectFolderNames.names(in: folder, displayPath: displayPath, log: log) else {
            ProjectFolderNames.reportListingFailure(of: folder, displayPath: displayPath, holding: "photos", log: log)
            return []
        }
        let captions = readCaptions(folder: folder, displayPath: displayPath, log: log)
        var photos: [Photo] = []
        for name in names where !name.hasPrefix(".") && name != captionsFileName {
            let url = folder.appendingPathComponent(name)
            let location = SourceLocation(path: displayPath + "/" + name)
            if FileBytes.isLinkToUnreachable(url) {
                // A link through a folder that may not be searched: not left out unseen.
                log.error(location, FileBytes.reason(for: url, error: nil))
                continue
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            // A photo that cannot be read is an error, as a trip log is: skipping it would remove
            // its published copies (a corrupt one stays a warning, below).
            if !FileManager.default.isReadableFile(atPath: url.path) {
                log.error(location, FileBytes.reason(for: url, error: nil))
                continue
            }
            if (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int == 0 {
                log.warning(location, FileBytes.emptyFileMessage("a photo is a JPEG or HEIC image") + "; photo skipped")
                continue
            }
            switch readPhoto(url, caption: captions[name]?.text, timeZone: timeZone) {
            case .success(let photo): photos.append(photo)
            case .failure(let reason): log.warning(location, "\(reason); photo skipped")
            }
        }
        for (name, caption) in captions where !names.contains(name) {
            log.warning(
                SourceLocation(path: displayPath + "/" + captionsFileName, line: caption.line, column: caption.column),
                "caption for \"\(name)\", which is not in the photos folder")
        }
        return photos
    }

    /// Warns, once per file, about every JPEG or HEIC among `files` (paths relative to `folder`,
    /// the `images/` folder: the files it publishes) whose EXIF carries a GPS position: files in
    /// `images/` are copied through unprocessed, so the position would be published. `displayPath`
    /// is `folder` as diagnostics name it (`Destinations/bled/images`). PNG/WebP metadata is not inspected.
    public static func warnAboutLocationMetadata(ofFiles files: [String], in folder: URL, displayPath: String, log: DiagnosticLog) {
        for relativePath in files {
            let url = folder.appendingPathComponent(relativePath)
            guard let format = Format(extension: url.pathExtension) else { continue }
            let location = SourceLocation(path: displayPath + "/" + relativePath)
            do {
                guard let coordinate = try metadata(of: url, format: format).coordinate else { continue }
                log.warning(
                    location,
                    "carries a GPS position (\(DecimalText.string(coordinate.latitude, maximumFractionDigits: 6)), "
                        + "\(DecimalText.string(coordinate.longitude, maximumFractionDigits: 6))) in its EXIF and is published "
                        + "unchanged from images/; remove it (exiftool -gps:all= FILE) or move the photo to photos/")
            } catch {
                log.warning(
                    location,
                    "carries EXIF that cannot be checked for a GPS position (\(error)) and is published unchanged from images/")
            }
        }
    }

    /// The photo formats roadtrip reads, by file extension.
    private enum Format {
        case jpeg, heif
        init?(extension pathExtension: String) {
            switch pathExtension.lowercased() {
            case "jpg", "jpeg": self = .jpeg
            case "heic", "heif": self = .heif
            default: return nil
            }
        }
        /// The libvips loader a file of this format must be read by.
        var loader: String { self == .jpeg ? "jpegload" : "heifload" }
    }

    /// The EXIF metadata of a file known to be of `format`.
    private static func metadata(of url: URL, format: Format) throws -> PhotoMetadata {
        switch format {
        case .jpeg: return try ExifReader.read(jpegFile: url)
        case .heif: return try ExifReader.read(exifBlock: Vips.exifBlock(of: url))
        }
    }

    /// One photo, or why it is skipped.
    private static func readPhoto(_ url: URL, caption: String?, timeZone: TimeZone) -> Result<Photo, PhotoSkipReason> {
        guard let format = Format(extension: url.pathExtension) else {
            return .failure(PhotoSkipReason("not a JPEG or HEIC photo"))
        }
        if format == .heif && !Vips.canLoadHEIF {
            return .failure(PhotoSkipReason("HEIC/HEIF is not supported by this libvips (no heifload)"))
        }
        let header: Vips.ImageHeader
        do { header = try Vips.header(of: url) } catch {
            return .failure(PhotoSkipReason("not a readable image (\(error))"))
        }
        guard header.loader.hasPrefix(format.loader) else {
            let actual = header.loader.replacingOccurrences(of: "load", with: "").uppercased()
            return .failure(PhotoSkipReason("is a \(actual) image, not a \(format == .jpeg ? "JPEG" : "HEIF") as its name says"))
        }
        let metadata: PhotoMetadata
        do { metadata = try Self.metadata(of: url, format: format) } catch {
            return .failure(PhotoSkipReason("impossible EXIF value: \(error)"))
        }
        let swapped = metadata.swapsWidthAndHeight
        return .success(
            Photo(
                url: url, caption: caption, metadata: metadata,
                pixelWidth: swapped ? header.height : header.width, pixelHeight: swapped ? header.width : header.height,
                time: metadata.captureTime?.date(localTimeZone: timeZone)))
    }

    /// Why a file was skipped, as the warning says it.
    private struct PhotoSkipReason: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// A caption and where it is written.
    private struct Caption {
        var text: String
        var line: Int
        var column: Int
    }

    /// `captions.yaml` as file name → caption; problems are logged, bad entries left out.
    private static func readCaptions(folder: URL, displayPath: String, log: DiagnosticLog) -> [String: Caption] {
        let url = folder.appendingPathComponent(captionsFileName)
        guard FileBytes.isPresent(url) else { return [:] }
        let path = displayPath + "/" + captionsFileName
        guard case .success(let root) = YAMLFile.read(url, path: path, log: log), let root else { return [:] }
        guard case .mapping(let pairs) = root.content else {
            log.warning(SourceLocation(path: path, line: root.line, column: root.column), "expected a map from file name to caption")
            return [:]
        }
        var captions: [String: Caption] = [:]
        for pair in pairs {
            guard let name = pair.key.stringValue, case .scalar(let text, _) = pair.value.content else {
                log.warning(
                    SourceLocation(path: path, line: pair.value.line, column: pair.value.column),
                    "a caption must be text")
                continue
            }
            captions[name] = Caption(text: text, line: pair.key.line, column: pair.key.column)
        }
        return captions
    }
}
