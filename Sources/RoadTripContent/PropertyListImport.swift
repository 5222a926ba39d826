import Foundation
import RoadTripCore
import RoadTripFormats

/// Imports the classic RoadTrip app's `Destinations.plist`, XML or binary.
///
/// The root is a dictionary whose `DestinationData` is an array of destination dictionaries with
/// `DestinationName`, `DestinationImage`, `DestinationLocation` (`Title`, `Subtitle`, `Latitude`,
/// `Longitude`), `Events` (URL strings), `POIs` (`Title`, `Subtitle`, `Latitude`, `Longitude`) and
/// `Weather` (a URL string).
///
/// What the original app showed correctly is accepted, with a warning for each oddity: numbers
/// written as `<string>` (it read them with `doubleValue`), a numeric `Subtitle`, a malformed event
/// or weather URL (dropped), an unknown key. What cannot mean a place is an error and the
/// destination is skipped: a missing, non-numeric or out-of-range `Latitude` or `Longitude` (the
/// original app silently showed 0, 0), a missing `DestinationLocation`, an entry that is not a
/// dictionary. A file that is empty, is not a property list, has no root dictionary, or whose
/// `DestinationData` is missing or not an array is an error and yields nothing.
///
/// Mapping to `Destination`:
/// - `slug` = `Slug.make(from: DestinationName)`; a second destination with the same slug is
///   skipped with a warning (both would be written to the same folder);
/// - `title` = `DestinationName` (the classic app's map title); when it is missing, the location's
///   `Title` (with a warning), else "Destination n";
/// - `subtitle` = the location's `Subtitle`; when that is missing or empty, the location's `Title`
///   if it differs from `DestinationName`; else empty;
/// - `coordinate` = `Latitude`, `Longitude` in degrees; `image` = `DestinationImage`;
/// - `events` = each valid http(s) URL of `Events`, titled with the URL's host;
/// - `weatherURL` = `Weather` when it is a valid http(s) URL;
/// - `bodyHTML` = "", `regionRequest` = `.span(nil)` (the site's default span), `sourcePath` =
///   `displayPath`.
///
/// Diagnostics name the destination by 1-based position and name
/// ("destination 2 'San Francisco': missing key Longitude") and, for XML property lists, the line
/// and column of the element concerned.
public enum PropertyListImport {
    /// The usable destinations of the property list at `url`, in file order; every problem goes to
    /// `log` at `displayPath` (see the type's rules). Returns `[]` when the file cannot be used.
    public static func destinations(from url: URL, displayPath: String, log: DiagnosticLog) -> [Destination] {
        guard let data = FileBytes.read(url, displayPath: displayPath, log: log) else { return [] }
        return destinations(from: data, displayPath: displayPath, log: log)
    }

    /// The usable destinations of `data`, a property list file's whole contents (XML or binary),
    /// read as the `URL` variant reads a file: the same rules,
    /// every problem to `log` at `displayPath`, `[]` when the file cannot be used.
    public static func destinations(from data: Data, displayPath: String, log: DiagnosticLog) -> [Destination] {
        let fileLocation = SourceLocation(path: displayPath)
        guard !FileBytes.isBlank(data) else {
            log.error(
                fileLocation,
                FileBytes.emptyFileMessage(
                    "the classic RoadTrip file is a property list whose root dictionary holds DestinationData "
                        + "(delete the file if you write destinations as folders)"))
            return []
        }
        let document: ParsedDocument
        do {
            document = try PropertyListDocument.parse(data)
        } catch {
            log.error(error.location(in: displayPath), error.message)
            return []
        }
        let rootLocation = document.positions?.location(in: displayPath) ?? fileLocation
        guard case .mapping = document.value else {
            log.error(rootLocation, "the root must be a dictionary with DestinationData, found \(RecordFields.kind(of: document.value))")
            return []
        }
        guard let destinationData = document.value["DestinationData"] else {
            log.error(rootLocation, "missing key DestinationData")
            return []
        }
        let dataPosition = document.positions?.child(forKey: "DestinationData")
        guard case .list(let entries) = destinationData else {
            log.error(
                dataPosition?.location(in: displayPath) ?? rootLocation,
                "DestinationData must be an array, found \(RecordFields.kind(of: destinationData))")
            return []
        }
        var destinations: [Destination] = []
        var slugOwners: [String: String] = [:]
        for (index, entry) in entries.enumerated() {
            let reader = DestinationReader(
                value: entry, number: index + 1, position: dataPosition?.child(at: index),
                path: displayPath, log: log)
            guard let destination = reader.destination() else { continue }
            if let owner = slugOwners[destination.slug] {
                log.warning(
                    reader.location,
                    "\(reader.label): slug '\(destination.slug)' is already used by \(owner); skipped")
                continue
            }
            slugOwners[destination.slug] = reader.label
            destinations.append(destination)
        }
        return destinations
    }
}

/// Reads one entry of `DestinationData` (the rules are on `PropertyListImport`).
private struct DestinationReader {
    let value: MetadataValue
    let number: Int
    let position: ParsedDocument.Position?
    let path: String
    let log: DiagnosticLog

    private static let destinationKeys: Set<String> = [
        "DestinationName", "DestinationImage", "DestinationLocation", "Events", "POIs", "Weather",
    ]
    private static let locationKeys: Set<String> = ["Title", "Subtitle", "Latitude", "Longitude"]

    /// Where the destination's dictionary starts, or the file.
    var location: SourceLocation { position?.location(in: path) ?? SourceLocation(path: path) }

    /// "destination n 'Name'" (or "destination n" when the name is missing).
    var label: String {
        if case .string(let name)? = value["DestinationName"] { return "destination \(number) '\(name)'" }
        return "destination \(number)"
    }

    /// The destination, or `nil` after reporting why it cannot be one.
    func destination() -> Destination? {
        guard case .mapping(let entries) = value else {
            log.error(location, "\(label): expected a dictionary, found \(RecordFields.kind(of: value))")
            return nil
        }
        let fields = RecordFields(
            entries: entries, label: label, location: location,
            fieldPositions: position, log: log)
        fields.warnAboutUnknownAndRepeatedKeys(known: Self.destinationKeys)

        guard let locationValue = fields.entry(["DestinationLocation"])?.value else {
            log.error(location, "\(label): missing key DestinationLocation")
            return nil
        }
        let locationPosition = position?.child(forKey: "DestinationLocation")
        guard case .mapping(let locationEntries) = locationValue else {
            log.error(
                fields.location(of: "DestinationLocation"),
                "\(label): DestinationLocation must be a dictionary, found \(RecordFields.kind(of: locationValue))")
            return nil
        }
        let locationFields = RecordFields(
            entries: locationEntries, label: label,
            location: locationPosition?.location(in: path) ?? location,
            fieldPositions: locationPosition, log: log)
        locationFields.warnAboutUnknownAndRepeatedKeys(known: Self.locationKeys)
        let coordinate = locationFields.coordinate(latitudeKeys: ["Latitude"], longitudeKeys: ["Longitude"])

        let name = fields.text(["DestinationName"])
        let locationTitle = locationFields.text(["Title"])
        let locationSubtitle = locationFields.text(["Subtitle"])
        let image = fields.text(["DestinationImage"])
        let events = self.events(fields)
        let weather = fields.httpURL(["Weather"])
        let pointsOfInterest = self.pointsOfInterest(fields)
        guard let coordinate else { return nil }

        if name == nil {
            log.warning(location, "\(label): missing key DestinationName")
        }
        let title = name ?? locationTitle ?? "Destination \(number)"
        var subtitle = locationSubtitle ?? ""
        if subtitle.isEmpty, let locationTitle, locationTitle != title { subtitle = locationTitle }
        // The classic format has no date and no order to place a destination in a trip: each is a
        // side trip, on no itinerary (a folder with front matter can be).
        return Destination(
            slug: Slug.make(from: title), title: title, subtitle: subtitle, coordinate: coordinate,
            bodyHTML: "", pointsOfInterest: pointsOfInterest, events: events, weatherURL: weather,
            regionRequest: .span(nil), isOnItinerary: false, image: image, sourcePath: path)
    }

    /// `Events`: each valid http(s) URL string becomes an event titled with its host.
    private func events(_ fields: RecordFields) -> [Event] {
        guard let entry = fields.entry(["Events"]) else { return [] }
        guard case .list(let values) = entry.value else {
            log.warning(fields.location(of: "Events"), "\(label): Events must be an array of URLs; ignored")
            return []
        }
        let eventsPosition = position?.child(forKey: "Events")
        var events: [Event] = []
        for (index, value) in values.enumerated() {
            let at = eventsPosition?.child(at: index)?.location(in: path) ?? fields.location(of: "Events")
            guard case .string(let text) = value else {
                log.warning(at, "\(label): event \(index + 1) must be a URL string, found \(RecordFields.kind(of: value)); ignored")
                continue
            }
            guard let urlText = fields.checkedHTTPURL(text, what: "event \(index + 1)", at: at) else { continue }
            events.append(Event(title: WebLink.host(of: urlText) ?? urlText, url: urlText))
        }
        return events
    }

    /// `POIs`, decoded by `PointOfInterestDecoder` with this destination's label.
    private func pointsOfInterest(_ fields: RecordFields) -> [PointOfInterest] {
        guard let entry = fields.entry(["POIs"]) else { return [] }
        guard case .list(let values) = entry.value else {
            log.error(fields.location(of: "POIs"), "\(label): POIs must be an array, found \(RecordFields.kind(of: entry.value))")
            return []
        }
        return PointOfInterestDecoder.decode(
            values, path: path, positions: position?.child(forKey: "POIs"), labelPrefix: "\(label): ",
            log: log)
    }
}
