import Foundation
import RoadTripCore
import RoadTripFormats

/// Reads a destination's `pois.json` or `pois.plist`: a JSON array or property list
/// array of POI mappings, decoded by `PointOfInterestDecoder`.
public enum PointOfInterestFile {
    /// The points of interest in the file at `url` (chosen by extension: `.json` is read as strict
    /// RFC 8259 JSON, `.plist` as an XML, binary or OpenStep property list).
    ///
    /// Returns `nil` after an error at `displayPath` when the file cannot be used: it cannot be
    /// read, is empty (only white space), has another extension, is not valid JSON (the error names the line and column where
    /// parsing stopped, e.g. a trailing comma) or not a valid property list (with the line when the
    /// XML parser gives one), or its root is not an array. Otherwise returns the usable POIs;
    /// problems with single POIs are reported as `PointOfInterestDecoder` describes.
    public static func read(_ url: URL, displayPath: String, log: DiagnosticLog) -> [PointOfInterest]? {
        guard let data = FileBytes.read(url, displayPath: displayPath, log: log) else { return nil }
        return read(data, pathExtension: url.pathExtension, displayPath: displayPath, log: log)
    }

    /// The points of interest in `data`, a file's whole contents, read as ``read(_:displayPath:log:)``
    /// reads the file: `pathExtension` (`json` or `plist`, case-insensitive) chooses the format,
    /// `displayPath` names the file in diagnostics, and the same problems give the same errors
    /// and warnings, with the same `nil` when the file cannot be used.
    public static func read(
        _ data: Data, pathExtension: String, displayPath: String, log: DiagnosticLog
    ) -> [PointOfInterest]? {
        let fileLocation = SourceLocation(path: displayPath)
        guard !FileBytes.isBlank(data) else {
            let format = pathExtension.lowercased() == "plist" ? "a property list array" : "a JSON array"
            log.error(
                fileLocation,
                FileBytes.emptyFileMessage(
                    "points of interest are \(format) of {title, latitude, longitude} "
                        + "(delete the file if the destination has none)"))
            return nil
        }
        let document: ParsedDocument
        do {
            switch pathExtension.lowercased() {
            case "json":
                document = try JSONDocument.parse(data)
            case "plist":
                document = try PropertyListDocument.parse(data)
            default:
                log.error(fileLocation, "points of interest must be in a .json or .plist file")
                return nil
            }
        } catch {
            log.error(error.location(in: displayPath), error.message)
            return nil
        }
        guard case .list(let values) = document.value else {
            log.error(
                document.positions?.location(in: displayPath) ?? fileLocation,
                "the root must be an array of points of interest, found \(RecordFields.kind(of: document.value))")
            return nil
        }
        return PointOfInterestDecoder.decode(
            values, path: displayPath, positions: document.positions, log: log)
    }
}
