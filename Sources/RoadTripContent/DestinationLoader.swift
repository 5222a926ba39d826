import Foundation
import RoadTripCore
import RoadTripFormats
import RoadTripGeo

/// Reads one destination folder, `Destinations/<folder>/`: `index.md` (YAML front
/// matter + CommonMark), `pois.json` / `pois.plist`, and the `images/` to copy through.
///
/// Problems go to the log as `path:line:column: severity: message`, with the line and column in the `.md` file.
/// Returns `nil` when the destination cannot be used (an error was logged).
struct DestinationLoader {
    /// The project root; diagnostic paths are relative to it.
    let projectRoot: URL
    /// The site configuration (Markdown options).
    let config: SiteConfig
    /// Where diagnostics go.
    let log: DiagnosticLog
    /// Places `location:` names and contacts' towns.
    let geocoder: any Geocoder

    /// The front matter keys roadtrip interprets; any other key goes to `extraMetadata`.
    static let knownKeys: Set<String> = [
        "title", "subtitle", "latitude", "longitude", "location", "span", "region", "date", "draft",
        "weather", "events", "image", "order", "tags", "pois", "nights", "departure", "itinerary", "trip",
    ]

    /// The most `nights:` a stay may have: a year.
    static let longestStay = 366

    /// How front matter starts, for the errors about an empty `index.md` and one without front matter.
    static let frontMatterHowTo =
        "a line `---`, then the lines `title: …`, `latitude: …` and `longitude: …` (degrees), then `---`"

    func relativePath(_ url: URL) -> String {
        ProjectPath.relative(url, to: projectRoot)
    }

    /// Reads the destination folder `folder`. Every file of it is read even when an earlier one
    /// has an error (a bad location does not hide a bad `pois.json`, a bad trip log does not hide
    /// a bad `contacts.vcf`), so that one build reports every problem; the destination is `nil`
    /// when any of them was an error.
    func load(folder: URL) -> Destination? {
        let errorsBefore = log.errorCount
        let index = readIndex(of: folder)
        let entries = FolderEntryNames(of: folder)
        var pointsOfInterest = index?.fields.pointsOfInterest ?? []
        for name in ["pois.json", "pois.plist"] where entries.mayHold(name) {
            let url = folder.appendingPathComponent(name)
            if FileBytes.isPresent(url) {
                pointsOfInterest += PointOfInterestFile.read(url, displayPath: relativePath(url), log: log) ?? []
            }
        }
        for (name, holds) in Self.contentFolders where entries.mayHold(name) {
            let url = folder.appendingPathComponent(name)
            if let problem = FileBytes.folderProblem(url) {
                log.warning(
                    SourceLocation(path: relativePath(url)),
                    "\(problem): a destination's \(holds) go into the folder \(name)/; it is not read")
            }
        }
        let tripLogs = entries.mayHold("trips")
            ? TripLogLoader(projectRoot: projectRoot, config: config, log: log).load(folder: folder) : []
        // GPX waypoints recorded on the way are points of interest of the destination.
        pointsOfInterest += tripLogs.flatMap(\.log.waypoints)
        let (contacts, publicContacts) = entries.mayHold("contacts.vcf") ? contacts(in: folder) : ([], [])
        // The folders' URLs only where the listing may hold them: Foundation's
        // appendingPathComponent cost ~14,000 instructions a call (callgrind), more than the
        // rest of a destination without photos or images.
        var photos: [Photo] = []
        if entries.mayHold("photos") {
            let photosFolder = folder.appendingPathComponent("photos", isDirectory: true)
            if FileBytes.isPresent(photosFolder) {
                photos = PhotoLibrary.load(
                    folder: photosFolder, displayPath: relativePath(photosFolder),
                    timeZone: TimeZone(identifier: config.timeZone) ?? .gmt, log: log)
            }
        }
        var imageFiles: [String] = []
        if entries.mayHold("images") {
            let imagesFolder = folder.appendingPathComponent("images", isDirectory: true)
            imageFiles = publishedFiles(in: imagesFolder)
            PhotoLibrary.warnAboutLocationMetadata(ofFiles: imageFiles, in: imagesFolder, displayPath: relativePath(imagesFolder), log: log)
        }
        guard let index, log.errorCount == errorsBefore else { return nil }

        let fields = index.fields
        if !fields.isOnItinerary, let trip = fields.tripNode {
            ConfigReader(path: index.path, log: log).warn(
                trip, "trip is left out: with itinerary: false the destination is a side trip, on no trip")
        }
        let body = Markdown.html(from: index.body, smart: config.markdownSmart, unsafe: config.markdownUnsafe)
        var destination = Destination(
            slug: Slug.make(from: folder.lastPathComponent),
            title: fields.title ?? folder.lastPathComponent,
            subtitle: fields.subtitle ?? "",
            coordinate: index.coordinate,
            bodyHTML: body,
            pointsOfInterest: pointsOfInterest,
            events: fields.events,
            weatherURL: fields.weatherURL,
            regionRequest: fields.regionRequest,
            date: fields.date,
            isDraft: fields.isDraft,
            order: fields.order,
            tags: fields.tags,
            stay: fields.stay(reader: ConfigReader(path: index.path, log: log)),
            isOnItinerary: fields.isOnItinerary,
            tripName: fields.isOnItinerary ? fields.tripName : nil,
            tripTitle: fields.isOnItinerary ? fields.tripTitle : nil,
            image: fields.image,
            extraMetadata: fields.extraMetadata,
            sourcePath: index.path,
            assetFiles: imageFiles.map { "images/" + $0 },
            tripLogs: tripLogs)
        if fields.latitude == nil && fields.longitude == nil { destination.placeName = fields.placeName?.text }
        destination.contacts = contacts
        destination.publicContacts = publicContacts
        destination.photos = photos
        return destination
    }

    /// What `index.md` gives: its front matter's fields, the destination's coordinate and the
    /// Markdown body; `nil` (after logging the errors) when it cannot give a destination.
    private func readIndex(of folder: URL) -> (fields: FrontMatterFields, coordinate: Coordinate, body: String, path: String)? {
        // Made from the path with its kind given: `appendingPathComponent` cost ~14,000
        // instructions a call (~3,000 this way), and without the kind Foundation lstat(2)s the
        // path to find out.
        let indexURL = URL(filePath: folder.path + "/index.md", directoryHint: .notDirectory)
        let path = relativePath(indexURL)
        let text: String
        do {
            text = try TextFile.read(indexURL)
        } catch {
            log.error(error.location(in: path), error.message)
            return nil
        }
        guard !FileBytes.isBlank(Data(text.utf8)) else {
            log.error(
                SourceLocation(path: path, line: 1, column: 1),
                FileBytes.emptyFileMessage(
                    "a destination needs a location, given in the front matter its index.md starts with: "
                        + Self.frontMatterHowTo))
            return nil
        }
        let frontMatter: FrontMatter
        do {
            frontMatter = try FrontMatter.split(text, path: path)
        } catch {
            log.report(error)
            return nil
        }
        var reader = ConfigReader(path: path, log: log)
        reader.severity = .error
        var fields = FrontMatterFields()
        if let yaml = frontMatter.yaml {
            guard let pairs = reader.mapping(yaml, name: "front matter") else { return nil }
            fields = read(pairs, reader: reader)
        }
        guard let coordinate = fields.coordinate(path: path, hasFrontMatter: frontMatter.isPresent, geocoder: geocoder, log: log) else {
            return nil
        }
        return (fields, coordinate, frontMatter.body, path)
    }

    /// The folders of a destination folder that roadtrip reads, with what they hold, for the
    /// warning when one is a file or a link to nothing (``FileBytes/folderProblem(_:)``).
    static let contentFolders = [
        ("trips", "trip logs"), ("photos", "photos"), ("images", "images (copied as they are)"),
    ]

    /// The people of `<folder>/contacts.vcf`, when it exists: as read, and as the site
    /// may show them (`SiteConfig.contactPrivacy`), placed by GEO or by their address's town.
    /// A file that is not a vCard is an error; a bad card is a warning and skipped.
    func contacts(in folder: URL) -> (contacts: [Contact], publicContacts: [PublicContact]) {
        let url = folder.appendingPathComponent("contacts.vcf")
        guard FileBytes.isPresent(url),
            let contents = VCardReader.read(url, displayPath: relativePath(url), log: log)
        else { return ([], []) }
        let locator = ContactLocator.remembering(geocoder)
        let views = contents.contacts.map { contact in
            config.contactPrivacy.publicView(of: contact, position: locator.position(of: contact, log: log))
        }
        return (contents.contacts, views)
    }

    /// The files `images/` publishes: the regular files below `imagesFolder`, relative to it,
    /// sorted; dotfiles skipped. A symbolic link (the folder itself, or an entry) or a special file
    /// is a warning and skipped; a folder (the folder itself or one below it) that cannot be listed
    /// is an error (``ProjectFolderNames/reportListingFailure(of:displayPath:holding:log:)``):
    /// publishing the rest would remove its files from the site.
    func publishedFiles(in imagesFolder: URL) -> [String] {
        // A link to nothing (or to a file) is already a warning of its own (`contentFolders`).
        var isFolder: ObjCBool = false
        if (try? FileManager.default.attributesOfItem(atPath: imagesFolder.path))?[.type] as? FileAttributeType == .typeSymbolicLink,
            FileManager.default.fileExists(atPath: imagesFolder.path, isDirectory: &isFolder), isFolder.boolValue
        {
            log.warning(
                SourceLocation(path: relativePath(imagesFolder)),
                "is a symbolic link; images/ is read only as a real folder (copy the files into it): nothing in it is published")
            return []
        }
        let keys: [URLResourceKey] = [.isRegularFileKey, .isDirectoryKey]
        let log = log
        let enumerator = FileManager.default.enumerator(
            at: imagesFolder, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles]
        ) { [projectRoot] url, _ in
            ProjectFolderNames.reportListingFailure(
                of: url, displayPath: ProjectPath.relative(url, to: projectRoot), holding: "images", log: log)
            return true
        }
        guard let enumerator else {
            ProjectFolderNames.reportListingFailure(of: imagesFolder, displayPath: relativePath(imagesFolder), holding: "images", log: log)
            return []
        }
        var files: [String] = []
        var unsearchable = Set<String>()
        for case let url as URL in enumerator {
            let values = try? url.resourceValues(forKeys: Set(keys))
            if values?.isRegularFile == true {
                files.append(ProjectPath.relative(url, to: imagesFolder))
            } else if values?.isDirectory != true && FileBytes.isBehindUnsearchableFolder(url) {
                // A folder that may be listed but not searched (chmod 600): none of its files can
                // be opened, so it is a folder that cannot be read, reported once.
                let folder = url.deletingLastPathComponent()
                if unsearchable.insert(folder.path).inserted {
                    ProjectFolderNames.reportListingFailure(
                        of: folder, displayPath: relativePath(folder), holding: "images", log: log)
                }
            } else if values?.isDirectory != true {
                // A symbolic link (to a file, a folder or nothing), a FIFO, a socket or a device.
                log.warning(
                    SourceLocation(path: relativePath(url)),
                    "is not a regular file (a symbolic link or a special file): images/ publishes regular files only; skipped")
            }
        }
        return files.sorted()
    }

    private func read(_ pairs: [YAMLNode.Pair], reader: ConfigReader) -> FrontMatterFields {
        var fields = FrontMatterFields()
        for pair in pairs {
            let key = pair.key.stringValue ?? ""
            let value = pair.value
            switch key {
            case "title":
                reader.string(value, key) { title in
                    if title.trimmingWhitespacesAndNewlines.isEmpty {
                        reader.warn(value, "title is empty; the folder name is used")
                    } else {
                        fields.title = title
                    }
                }
            case "subtitle": reader.string(value, key) { fields.subtitle = $0 }
            case "latitude", "longitude":
                if fields.locationKey != nil {
                    reader.warn(pair.key, "both 'location' and '\(key)' are given; '\(key)' is used")
                }
                if key == "latitude" { fields.latitude = (value, pair.key) } else { fields.longitude = (value, pair.key) }
            case "location":
                fields.locationKey = pair.key
                if fields.latitude != nil || fields.longitude != nil {
                    reader.warn(pair.key, "both 'location' and 'latitude'/'longitude' are given; 'location' is ignored")
                    break
                }
                if value.isNull { break }  // `location:` with no value: as if absent
                if value.doubleValue != nil || value.boolValue != nil {
                    reader.fail(value, "location must be a place name (\"Tromsø\", \"Portland, Oregon\") or {latitude, longitude}, not \(ConfigReader.describe(value))")
                    break
                }
                if let name = value.stringValue {
                    if name.trimmingCharacters(in: .whitespaces).isEmpty || name.count > 200 {
                        reader.fail(value, name.count > 200 ? "location is \(name.count) characters long; a place name has at most 200"
                            : "location is empty; give a place name or latitude and longitude")
                    } else {
                        fields.placeName = (name, value)
                    }
                    break
                }
                reader.forEachKey(value, key, known: ["latitude", "longitude"]) { sub, subValue in
                    switch sub {
                    case "latitude": fields.latitude = (subValue, pair.key)
                    case "longitude": fields.longitude = (subValue, pair.key)
                    default: break
                    }
                }
            case "span":
                if let span = reader.span(value, key) { fields.regionRequest = .span(span) }
            case "region":
                if value.stringValue == "fit" {
                    fields.regionRequest = .fit
                } else {
                    reader.fail(value, "region must be 'fit' (or give span), not \(ConfigReader.describe(value))")
                }
            case "date":
                reader.string(value, key) { fields.date = checkedDate($0, at: value, reader: reader) }
                fields.dateNode = value
            case "nights":
                if case .integer(let nights) = value.metadataValue, (0...Self.longestStay).contains(nights) {
                    fields.nights = (nights, value)
                } else {
                    reader.fail(value, "nights must be a whole number from 0 to \(Self.longestStay), not \(ConfigReader.describe(value))")
                }
            case "departure":
                reader.string(value, key) { text in
                    if let departure = CalendarDate.parse(text) {
                        fields.departure = (departure, text, value)
                    } else {
                        reader.warn(value, "departure '\(text)' is not a calendar date (YYYY-MM-DD, optionally with a time); it is left out")
                    }
                }
            case "itinerary": reader.bool(value, key) { fields.isOnItinerary = $0 }
            case "trip":
                reader.string(value, key) { name in
                    if !name.contains(where: { $0.isLetter || $0.isNumber }) {
                        reader.warn(value, "trip '\(name)' has no letter or digit to name a trip with; the destination stays on the site's main trip")
                    } else {
                        fields.tripName = Slug.make(from: name)
                        fields.tripTitle = name.trimmingWhitespacesAndNewlines
                        fields.tripNode = value
                    }
                }
            case "draft": reader.bool(value, key) { fields.isDraft = $0 }
            case "weather":
                reader.string(value, key) { text in
                    if let link = WebLink.trimmedLink(text) { fields.weatherURL = link } else {
                        reader.warn(value, "weather '\(text)' is not an http(s) URL; it is left out")
                    }
                }
            case "events": fields.events = readEvents(value, reader: reader)
            case "image": reader.string(value, key) { fields.image = $0 }
            case "order":
                if case .integer(let order) = value.metadataValue { fields.order = order } else {
                    reader.fail(value, "order must be a whole number, not \(ConfigReader.describe(value))")
                }
            case "tags": reader.stringList(value, key) { fields.tags = $0 }
            case "pois": fields.pointsOfInterest = readInlinePOIs(value, reader: reader)
            default:
                // Kept for templates, as any key of the author's own; one that is plainly a known
                // key misspelt (`Title`, `lattitude`) is said so, since roadtrip does not read it.
                if let meant = KeySuggestion.suggestion(for: key, among: Self.knownKeys) {
                    fields.misspeltKeys[meant] = pair.key
                    let caseOnly = key.lowercased() == meant.lowercased()
                    reader.warn(
                        pair.key,
                        "unknown key '\(key)'; did you mean '\(meant)'? (" + (caseOnly ? "keys are case-sensitive; " : "")
                            + "'\(key)' only reaches templates, as destination.params.\(key))")
                }
                fields.extraMetadata[key] = value.metadataValue
            }
        }
        return fields
    }

    /// A date as written, with a warning when it is not a valid HTML date (`YYYY-MM-DD`, optionally
    /// with a time): it is still shown, as text, but not as a machine-readable `<time datetime>`.
    private func checkedDate(_ text: String, at node: YAMLNode, reader: ConfigReader) -> String {
        if !CalendarDate.isValid(text) {
            reader.warn(node, "date '\(text)' is not a calendar date (YYYY-MM-DD, optionally with a time); shown as written")
        }
        return text
    }

    private func readEvents(_ node: YAMLNode, reader: ConfigReader) -> [Event] {
        guard case .sequence(let items) = node.content else {
            if !node.isNull { reader.fail(node, "events must be a list of URLs or {title, url, date}") }
            return []
        }
        var events: [Event] = []
        for (index, item) in items.enumerated() {
            var url: String?
            // Where a rejected URL is reported: the item, or its `url:` value in a mapping.
            var urlNode = item
            var title: String?
            var date: String?
            switch item.content {
            case .scalar(let text, _): url = text
            case .mapping:
                reader.forEachKey(item, "events[\(index + 1)]", known: ["url", "title", "date"]) { key, value in
                    switch key {
                    case "url":
                        urlNode = value
                        reader.string(value, "event \(index + 1) url") { url = $0 }
                    case "title": reader.string(value, "event \(index + 1) title") { title = $0 }
                    case "date":
                        reader.string(value, "event \(index + 1) date") { date = checkedDate($0, at: value, reader: reader) }
                    default: break
                    }
                }
            case .sequence:
                reader.warn(item, "event \(index + 1) is a list; expected a URL or {title, url}; it is left out")
            }
            guard let written = url else { continue }
            guard let link = WebLink.trimmedLink(written) else {
                reader.warn(urlNode, "event \(index + 1): '\(written)' is not an http(s) URL; it is left out")
                continue
            }
            events.append(Event(title: title ?? WebLink.host(of: link) ?? link, url: link, date: date))
        }
        return events
    }

    private func readInlinePOIs(_ node: YAMLNode, reader: ConfigReader) -> [PointOfInterest] {
        guard case .sequence(let items) = node.content else {
            if !node.isNull { reader.fail(node, "pois must be a list of {title, subtitle, latitude, longitude}") }
            return []
        }
        // Positions field by field, as for pois.json: a bad latitude is reported at its value.
        return PointOfInterestDecoder.decode(
            items.map(\.metadataValue), path: reader.path, positions: node.position, log: log)
    }
}

/// The front matter values as read, before validation of the location.
private struct FrontMatterFields {
    var title: String?
    var subtitle: String?
    /// The value node and the key node it came from (for "missing" vs "bad value" positions).
    var latitude: (value: YAMLNode, key: YAMLNode)?
    var longitude: (value: YAMLNode, key: YAMLNode)?
    /// The `location` key, when given (to warn when latitude/longitude are given as well).
    var locationKey: YAMLNode?
    /// `location: "Tromsø"`: a place name to geocode, and its node (for positions).
    var placeName: (text: String, node: YAMLNode)?
    var regionRequest = Destination.RegionRequest.span(nil)
    var date: String?
    var isDraft = false
    var weatherURL: String?
    var events: [Event] = []
    var image: String?
    var order: Int?
    var tags: [String] = []
    /// The `date` value node (for the positions of the stay's warnings).
    var dateNode: YAMLNode?
    /// `nights:` as given, and its node.
    var nights: (value: Int, node: YAMLNode)?
    /// `departure:` parsed, as written, and its node.
    var departure: (date: CalendarDate, text: String, node: YAMLNode)?
    /// `itinerary: false` marks a side trip.
    var isOnItinerary = true
    /// `trip:` as a slug, as written, and its node.
    var tripName: String?
    var tripTitle: String?
    var tripNode: YAMLNode?
    var pointsOfInterest: [PointOfInterest] = []
    var extraMetadata: [String: MetadataValue] = [:]
    /// Keys of the author's that misspell a known key, by the known key (`latitude` → the node of
    /// `Latitude`).
    var misspeltKeys: [String: YAMLNode] = [:]

    /// The stay `date`, `nights` and `departure` give, or `nil` without a valid `date`. Warns, at
    /// the line of the key concerned: `nights` or `departure` without a `date` (left out); a
    /// departure before the arrival (left out, `nights` used when given); `nights` and `departure`
    /// that name different days (the departure is used; not checked for an arrival written with
    /// an offset, whose day depends on the stop's zone).
    func stay(reader: ConfigReader) -> Stay? {
        guard let text = date, let arrival = CalendarDate.parse(text) else {
            // With a date that is no calendar date, say so rather than ask for one.
            let need = date.map { "an arrival that is a calendar date (date '\($0)' is not one)" }
                ?? "the arrival as a date (`date: YYYY-MM-DD`)"
            if let nights {
                reader.warn(nights.node, "nights needs \(need) to place the stay; it is left out")
            }
            if let departure {
                reader.warn(departure.node, "departure needs \(need) to place the stay; it is left out")
            }
            return nil
        }
        let afterNights = nights.map { arrival.addingDays($0.value) }
        let arrivalLocation = dateNode.map(reader.location)
        guard let departure else {
            return Stay(arrival: arrival, departure: afterNights, arrivalLocation: arrivalLocation, nightsGiven: nights?.value)
        }
        let zone = TimeZone(secondsFromGMT: 0)!
        let isBeforeArrival = departure.date.dayNumber < arrival.dayNumber
            || (departure.date.dayNumber == arrival.dayNumber && arrival.time != nil && departure.date.time != nil
                && departure.date.instant(in: zone) < arrival.instant(in: zone))
        if isBeforeArrival {
            reader.warn(
                departure.node,
                "departure '\(departure.text)' is before the arrival ('\(text)', the date); it is left out"
                    + (afterNights == nil ? "" : " and the stay ends after its nights"))
            return Stay(arrival: arrival, departure: afterNights, arrivalLocation: arrivalLocation, nightsGiven: nights?.value)
        }
        // With an offset, the arrival's day is the stop's (known only to the itinerary), not the
        // written one: nights are not compared with the departure here.
        if let nights, let afterNights, arrival.utcOffset == nil, afterNights.dayNumber != departure.date.dayNumber {
            reader.warn(
                nights.node,
                "nights: \(nights.value) ends the stay on \(afterNights.dayText), departure on \(departure.date.dayText) "
                    + "(\(CountText.counted(departure.date.dayNumber - arrival.dayNumber, "night")) after \(arrival.dayText)); the departure is used")
        }
        return Stay(arrival: arrival, departure: departure.date, arrivalLocation: arrivalLocation)
    }

    /// The destination's coordinate, or `nil` after logging an error at the offending line:
    /// latitude and longitude must both be present, numeric, and within −90…90 / −180…180 degrees.
    /// Without front matter (`hasFrontMatter` false) the error says how to start it.
    func coordinate(path: String, hasFrontMatter: Bool, geocoder: any Geocoder, log: DiagnosticLog) -> Coordinate? {
        if latitude == nil && longitude == nil, let placeName {
            return PlaceNameLookup.coordinate(
                of: placeName.text, at: SourceLocation(path: path, line: placeName.node.line, column: placeName.node.column),
                geocoder: geocoder, log: log)
        }
        guard let latitude, let longitude else {
            let missing = [latitude == nil ? "latitude" : nil, longitude == nil ? "longitude" : nil]
                .compactMap { $0 }.joined(separator: " and ")
            // `Latitude:` or `lattitude:` written instead: say which key to rename, at the first.
            let misspelt = [latitude == nil ? "latitude" : nil, longitude == nil ? "longitude" : nil]
                .compactMap { $0 }.compactMap { name in misspeltKeys[name].map { (node: $0, meant: name) } }
            let found = misspelt.map { "'\($0.node.stringValue ?? "")'" }.joined(separator: " and ")
            let meant = misspelt.map { "'\($0.meant)'" }.joined(separator: " and ")
            let caseOnly = misspelt.contains { $0.node.stringValue?.lowercased() == $0.meant }
            let at = misspelt.first?.node
            let line = at?.line ?? (latitude ?? longitude)?.value.line ?? 1
            let how = !misspelt.isEmpty
                ? " (found \(found): write \(meant)" + (caseOnly ? "; keys are case-sensitive)" : ")")
                : hasFrontMatter ? " (give latitude and longitude in degrees)"
                : "; this file has no front matter: start it with " + DestinationLoader.frontMatterHowTo
            log.error(
                SourceLocation(path: path, line: line, column: at?.column ?? 1),
                "a destination needs a location: \(missing) missing" + how)
            return nil
        }
        let latitudeValue = Self.degrees(latitude.value, name: "latitude", axis: .latitude, path: path, log: log)
        let longitudeValue = Self.degrees(longitude.value, name: "longitude", axis: .longitude, path: path, log: log)
        guard let latitudeValue, let longitudeValue else { return nil }
        return Coordinate(latitude: latitudeValue, longitude: longitudeValue)
    }

    /// The destination's latitude or longitude by `DegreesValue`'s rule (the same as a POI's),
    /// or `nil` after an error at the value.
    private static func degrees(_ node: YAMLNode, name: String, axis: CoordinateAxis, path: String, log: DiagnosticLog)
        -> Double?
    {
        let location = SourceLocation(path: path, line: node.line, column: node.column)
        switch DegreesValue.read(node.metadataValue, name: name, axis: axis) {
        case .degrees(let value, let warning):
            if let warning { log.warning(location, warning) }
            return value
        case .problem(let problem):
            log.error(location, problem)
            return nil
        }
    }
}
