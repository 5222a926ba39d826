/// One destination of the site: where it is, what the author wrote about it, and its
/// points of interest, events and weather link. Built by the content loaders, read by the renderers.
public struct Destination: Sendable, Hashable {
    /// How the author asked the initial region to be chosen (front matter `span` or `region: fit`).
    public enum RegionRequest: Sendable, Hashable {
        /// `center ± span / 2` around the destination (degrees); `nil` takes `map.defaultSpan`.
        case span(CoordinateSpan?)
        /// The smallest region holding the destination and every POI, with `map.fitPadding` pixels.
        case fit
    }

    /// URL path segment and output folder name (the folder name, or a slugified
    /// `DestinationName` for plist destinations). Never empty.
    public var slug: String {
        get { storage.fields.slug }
        set { uniqueStorage().fields.slug = newValue }
    }

    /// The destination's name; also the map title.
    public var title: String {
        get { storage.fields.title }
        set { uniqueStorage().fields.title = newValue }
    }

    /// A short line under the title; empty when there is none.
    public var subtitle: String {
        get { storage.fields.subtitle }
        set { uniqueStorage().fields.subtitle = newValue }
    }

    /// Where the destination pin goes (degrees, WGS 84).
    public var coordinate: Coordinate {
        get { storage.fields.coordinate }
        set { uniqueStorage().fields.coordinate = newValue }
    }

    /// The prose, already rendered from CommonMark to HTML.
    public var bodyHTML: String {
        get { storage.fields.bodyHTML }
        set { uniqueStorage().fields.bodyHTML = newValue }
    }

    /// Points of interest in source order.
    public var pointsOfInterest: [PointOfInterest] {
        get { storage.fields.pointsOfInterest }
        set { uniqueStorage().fields.pointsOfInterest = newValue }
    }

    /// Event links in source order.
    public var events: [Event] {
        get { storage.fields.events }
        set { uniqueStorage().fields.events = newValue }
    }

    /// Weather link (absolute http(s) URL) or `nil`.
    public var weatherURL: String? {
        get { storage.fields.weatherURL }
        set { uniqueStorage().fields.weatherURL = newValue }
    }

    /// How the initial region is chosen.
    public var regionRequest: RegionRequest {
        get { storage.fields.regionRequest }
        set { uniqueStorage().fields.regionRequest = newValue }
    }

    /// Optional date as written (front matter `date`).
    public var date: String? {
        get { storage.fields.date }
        set { uniqueStorage().fields.date = newValue }
    }

    /// Drafts are built only with `--drafts`.
    public var isDraft: Bool {
        get { storage.fields.isDraft }
        set { uniqueStorage().fields.isDraft = newValue }
    }

    /// Sort key on the home page (ascending, then title); `nil` sorts after every number.
    public var order: Int? {
        get { storage.fields.order }
        set { uniqueStorage().fields.order = newValue }
    }

    /// Tags in source order.
    public var tags: [String] {
        get { storage.fields.tags }
        set { uniqueStorage().fields.tags = newValue }
    }

    /// When the trip arrives and leaves (front matter `date` with `nights` or `departure`), or
    /// `nil` without a valid `date`.
    public var stay: Stay? {
        get { storage.fields.stay }
        set { uniqueStorage().fields.stay = newValue }
    }

    /// `false` for a side trip (front matter `itinerary: false`): a page of its own, but no stop
    /// of an itinerary, no leg, no day.
    public var isOnItinerary: Bool {
        get { storage.fields.isOnItinerary }
        set { uniqueStorage().fields.isOnItinerary = newValue }
    }

    /// The named trip the destination belongs to (front matter `trip: north-cape`, as a slug), or
    /// `nil` for the site's main trip.
    public var tripName: String? {
        get { storage.fields.tripName }
        set { uniqueStorage().fields.tripName = newValue }
    }

    /// The trip's name as this destination writes it (`North Cape`), trimmed; `nil` without `trip`.
    public var tripTitle: String? {
        get { storage.fields.tripTitle }
        set { uniqueStorage().fields.tripTitle = newValue }
    }

    /// Optional image path or URL (front matter `image`, plist `DestinationImage`).
    public var image: String? {
        get { storage.fields.image }
        set { uniqueStorage().fields.image = newValue }
    }

    /// Front matter keys roadtrip does not interpret, passed to templates as `params`.
    public var extraMetadata: [String: MetadataValue] {
        get { storage.fields.extraMetadata }
        set { uniqueStorage().fields.extraMetadata = newValue }
    }

    /// The file the destination came from, relative to the project root (for diagnostics).
    public var sourcePath: String {
        get { storage.fields.sourcePath }
        set { uniqueStorage().fields.sourcePath = newValue }
    }

    /// Files under `images/` to copy through, relative to the destination folder.
    public var assetFiles: [String] {
        get { storage.fields.assetFiles }
        set { uniqueStorage().fields.assetFiles = newValue }
    }

    /// The recordings of the drive there (`trips/`), in file-name order.
    public var tripLogs: [LoadedTripLog] {
        get { storage.fields.tripLogs }
        set { uniqueStorage().fields.tripLogs = newValue }
    }

    /// The photos of `photos/`, with their EXIF; those without GPS are placed from the
    /// trip logs in the compute stage (`Trip.photos`).
    public var photos: [Photo] {
        get { storage.fields.photos }
        set { uniqueStorage().fields.photos = newValue }
    }

    /// The people of `contacts.vcf`, as read: kept for the build's one warning about
    /// published personal fields; pages only ever see `publicContacts`.
    public var contacts: [Contact] {
        get { storage.fields.contacts }
        set { uniqueStorage().fields.contacts = newValue }
    }

    /// What the site may show of each contact (`ContactPrivacy`): first name and town by default.
    public var publicContacts: [PublicContact] {
        get { storage.fields.publicContacts }
        set { uniqueStorage().fields.publicContacts = newValue }
    }

    /// The place name the coordinate was geocoded from (front matter `location: "Tromsø"`), or
    /// `nil` when the author gave latitude and longitude.
    public var placeName: String? {
        get { storage.fields.placeName }
        set { uniqueStorage().fields.placeName = newValue }
    }

    /// The fields, in a box that copies share until one of them is changed (copy on write): a
    /// copy of a destination is one retain, where copying ~20 texts and lists retained each — and a
    /// build copies every destination many times (each loop over the trips, each page context), a
    /// tenth of the CPU time of a one-edit rebuild of 4,000 destinations.
    private var storage: Storage

    /// A destination's stored values.
    private struct Fields: Sendable, Hashable {
        var slug: String
        var title: String
        var subtitle: String
        var coordinate: Coordinate
        var bodyHTML: String
        var pointsOfInterest: [PointOfInterest]
        var events: [Event]
        var weatherURL: String?
        var regionRequest: RegionRequest
        var date: String?
        var isDraft: Bool
        var order: Int?
        var tags: [String]
        var stay: Stay?
        var isOnItinerary: Bool
        var tripName: String?
        var tripTitle: String?
        var image: String?
        var extraMetadata: [String: MetadataValue]
        var sourcePath: String
        var assetFiles: [String]
        var tripLogs: [LoadedTripLog]
        var photos: [Photo]
        var contacts: [Contact]
        var publicContacts: [PublicContact]
        var placeName: String?
    }

    /// The box of ``Fields``. Changed only through ``uniqueStorage()``, when no other destination
    /// holds it, so a box shared between threads is never written: hence `@unchecked Sendable`,
    /// and no run-time exclusivity check on each read of a field.
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    /// The box, copied first when another destination shares it.
    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        return storage
    }

    public static func == (left: Destination, right: Destination) -> Bool {
        left.storage === right.storage || left.storage.fields == right.storage.fields
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage.fields) }

    /// Creates a destination; every collection defaults to empty.
    public init(
        slug: String, title: String, subtitle: String = "", coordinate: Coordinate,
        bodyHTML: String = "", pointsOfInterest: [PointOfInterest] = [], events: [Event] = [],
        weatherURL: String? = nil, regionRequest: RegionRequest = .span(nil), date: String? = nil,
        isDraft: Bool = false, order: Int? = nil, tags: [String] = [], stay: Stay? = nil, isOnItinerary: Bool = true,
        tripName: String? = nil, tripTitle: String? = nil, image: String? = nil,
        extraMetadata: [String: MetadataValue] = [:], sourcePath: String, assetFiles: [String] = [],
        tripLogs: [LoadedTripLog] = []
    ) {
        storage = Storage(Fields(
            slug: slug, title: title, subtitle: subtitle, coordinate: coordinate, bodyHTML: bodyHTML,
            pointsOfInterest: pointsOfInterest, events: events, weatherURL: weatherURL, regionRequest: regionRequest,
            date: date, isDraft: isDraft, order: order, tags: tags, stay: stay, isOnItinerary: isOnItinerary,
            tripName: tripName, tripTitle: tripTitle, image: image, extraMetadata: extraMetadata, sourcePath: sourcePath,
            assetFiles: assetFiles, tripLogs: tripLogs, photos: [], contacts: [], publicContacts: [], placeName: nil))
    }
}
