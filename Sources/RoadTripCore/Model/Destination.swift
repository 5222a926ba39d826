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
    public var slug: String
    /// The destination's name; also the map title.
    public var title: String
    /// A short line under the title; empty when there is none.
    public var subtitle: String
    /// Where the destination pin goes (degrees, WGS 84).
    public var coordinate: Coordinate
    /// The prose, already rendered from CommonMark to HTML.
    public var bodyHTML: String
    /// Points of interest in source order.
    public var pointsOfInterest: [PointOfInterest]
    /// Event links in source order.
    public var events: [Event]
    /// Weather link (absolute http(s) URL) or `nil`.
    public var weatherURL: String?
    /// How the initial region is chosen.
    public var regionRequest: RegionRequest
    /// Optional date as written (front matter `date`).
    public var date: String?
    /// Drafts are built only with `--drafts`.
    public var isDraft: Bool
    /// Sort key on the home page (ascending, then title); `nil` sorts after every number.
    public var order: Int?
    /// Tags in source order.
    public var tags: [String]
    /// When the trip arrives and leaves (front matter `date` with `nights` or `departure`), or
    /// `nil` without a valid `date`.
    public var stay: Stay?
    /// `false` for a side trip (front matter `itinerary: false`): a page of its own, but no stop
    /// of an itinerary, no leg, no day.
    public var isOnItinerary: Bool
    /// The named trip the destination belongs to (front matter `trip: north-cape`, as a slug), or
    /// `nil` for the site's main trip.
    public var tripName: String?
    /// The trip's name as this destination writes it (`North Cape`), trimmed; `nil` without `trip`.
    public var tripTitle: String?
    /// Optional image path or URL (front matter `image`, plist `DestinationImage`).
    public var image: String?
    /// Front matter keys roadtrip does not interpret, passed to templates as `params`.
    public var extraMetadata: [String: MetadataValue]
    /// The file the destination came from, relative to the project root (for diagnostics).
    public var sourcePath: String
    /// Files under `images/` to copy through, relative to the destination folder.
    public var assetFiles: [String]
    /// The recordings of the drive there (`trips/`), in file-name order.
    public var tripLogs: [LoadedTripLog]
    /// The photos of `photos/`, with their EXIF; those without GPS are placed from the
    /// trip logs in the compute stage (`Trip.photos`).
    public var photos: [Photo] = []
    /// The people of `contacts.vcf`, as read: kept for the build's one warning about
    /// published personal fields; pages only ever see `publicContacts`.
    public var contacts: [Contact] = []
    /// What the site may show of each contact (`ContactPrivacy`): first name and town by default.
    public var publicContacts: [PublicContact] = []
    /// The place name the coordinate was geocoded from (front matter `location: "Tromsø"`), or
    /// `nil` when the author gave latitude and longitude.
    public var placeName: String?

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
        self.tripLogs = tripLogs
        self.slug = slug
        self.title = title
        self.subtitle = subtitle
        self.coordinate = coordinate
        self.bodyHTML = bodyHTML
        self.pointsOfInterest = pointsOfInterest
        self.events = events
        self.weatherURL = weatherURL
        self.regionRequest = regionRequest
        self.date = date
        self.isDraft = isDraft
        self.order = order
        self.tags = tags
        self.stay = stay
        self.isOnItinerary = isOnItinerary
        self.tripName = tripName
        self.tripTitle = tripTitle
        self.image = image
        self.extraMetadata = extraMetadata
        self.sourcePath = sourcePath
        self.assetFiles = assetFiles
    }
}
