import RoadTripCore

/// The site's view of one destination, as the classic RoadTrip app's `Trip` class had it: what the
/// destination's map shows and what its page links to. (A recording is a `TripLog`, never a `Trip`.)
public struct Trip: Sendable {
    /// The destination this trip shows.
    public var destination: Destination { storage.destination }
    /// Every map of the destination (page, home-page card, trip logs), laid out at build time.
    public var maps: DestinationMaps { storage.maps }

    /// The destination's trip logs, filtered, with their statistics.
    public var recordings: [ProcessedTripLog] { storage.recordings }
    /// The nearest town to the destination (`Gazetteer.reverse`), or `nil` without a
    /// gazetteer.
    public var placemark: Placemark? { storage.placemark }
    /// The destination's photos, those without GPS placed on its trip logs by time
    /// (`PhotoGeotagger`); a photo that could not be placed has no coordinate. Only photos whose
    /// published copies were made are here.
    public var photos: [Photo] { storage.photos }
    /// The published copies of each photo (thumbnail and web size, in the cache), by file name.
    public var photoCopies: [String: PhotoCopies] { storage.photoCopies }
    /// The nearest town to each photo on the map (`Gazetteer.reverse` of its coordinate), by file
    /// name; a photo without a coordinate or without a town has none.
    public var photoPlacemarks: [String: Placemark] { storage.photoPlacemarks }

    /// The values, in one immutable box: a copy of a trip is one retain, where copying its
    /// destination, maps, placemark and lists retained each of their texts and lists — and the
    /// renderers copy every trip in each loop over the site's trips.
    private let storage: Storage

    private final class Storage: Sendable {
        let destination: Destination
        let maps: DestinationMaps
        let recordings: [ProcessedTripLog]
        let placemark: Placemark?
        let photos: [Photo]
        let photoCopies: [String: PhotoCopies]
        let photoPlacemarks: [String: Placemark]

        init(
            destination: Destination, maps: DestinationMaps, recordings: [ProcessedTripLog], placemark: Placemark?,
            photos: [Photo], photoCopies: [String: PhotoCopies], photoPlacemarks: [String: Placemark]
        ) {
            self.destination = destination
            self.maps = maps
            self.recordings = recordings
            self.placemark = placemark
            self.photos = photos
            self.photoCopies = photoCopies
            self.photoPlacemarks = photoPlacemarks
        }
    }

    /// Creates the trip for `destination`, whose maps are `maps` (their ``DestinationMaps/tripLogs``
    /// in the order of `recordings`).
    public init(
        destination: Destination, maps: DestinationMaps, recordings: [ProcessedTripLog] = [],
        placemark: Placemark? = nil, photos: [Photo]? = nil, photoCopies: [String: PhotoCopies] = [:],
        photoPlacemarks: [String: Placemark] = [:]
    ) {
        storage = Storage(
            destination: destination, maps: maps, recordings: recordings, placemark: placemark,
            photos: photos ?? destination.photos, photoCopies: photoCopies, photoPlacemarks: photoPlacemarks)
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
