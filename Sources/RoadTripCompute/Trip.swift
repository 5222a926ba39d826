import RoadTripCore

/// The site's view of one destination, as the classic RoadTrip app's `Trip` class had it: what the
/// destination's map shows and what its page links to. (A recording is a `TripLog`, never a `Trip`.)
public struct Trip: Sendable {
    /// The destination this trip shows.
    public let destination: Destination
    /// Every map of the destination (page, home-page card, trip logs), laid out at build time.
    public let maps: DestinationMaps

    /// The destination's trip logs, filtered, with their statistics.
    public let recordings: [ProcessedTripLog]
    /// The nearest town to the destination (`Gazetteer.reverse`), or `nil` without a
    /// gazetteer.
    public let placemark: Placemark?
    /// The destination's photos, those without GPS placed on its trip logs by time
    /// (`PhotoGeotagger`); a photo that could not be placed has no coordinate. Only photos whose
    /// published copies were made are here.
    public let photos: [Photo]
    /// The published copies of each photo (thumbnail and web size, in the cache), by file name.
    public let photoCopies: [String: PhotoCopies]
    /// The nearest town to each photo on the map (`Gazetteer.reverse` of its coordinate), by file
    /// name; a photo without a coordinate or without a town has none.
    public let photoPlacemarks: [String: Placemark]

    /// Creates the trip for `destination`, whose maps are `maps` (their ``DestinationMaps/tripLogs``
    /// in the order of `recordings`).
    public init(
        destination: Destination, maps: DestinationMaps, recordings: [ProcessedTripLog] = [],
        placemark: Placemark? = nil, photos: [Photo]? = nil, photoCopies: [String: PhotoCopies] = [:],
        photoPlacemarks: [String: Placemark] = [:]
    ) {
        self.photoCopies = photoCopies
        self.photoPlacemarks = photoPlacemarks
        self.destination = destination
        self.maps = maps
        self.recordings = recordings
        self.placemark = placemark
        self.photos = photos ?? destination.photos
    }

    /// The region the destination's map opens with (degrees), computed at build time.
    public var initialRegion: CoordinateRegion { maps.page.initialRegion }

    /// The destination's name.
    public var destinationName: String { destination.title }
    /// The destination's coordinate (degrees).
    public var destinationCoordinate: Coordinate { destination.coordinate }
    /// The map's title: the destination's name, as in the classic app.
    public var mapTitle: String { destination.title }
    /// Event links.
    public var events: [Event] { destination.events }
    /// Weather link, if any.
    public var weatherURL: String? { destination.weatherURL }
}
