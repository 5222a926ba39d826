import RoadTripCore
import RoadTripGeo
import RoadTripContent

/// Every map of one destination, laid out once in the compute stage: its page's map, the small map
/// of its home-page card, and one map per trip log.
public struct DestinationMaps: Sendable {
    /// Width and height in CSS pixels of a home-page card's map.
    public static let cardSize = (width: 320.0, height: 200.0)

    /// The destination page's map: the initial region in the site's viewport, with every kept
    /// segment of every trip log.
    public let page: FittedMap
    /// The home-page card's map: the same initial region fitted to ``cardSize``, without tracks.
    public let card: FittedMap
    /// Each trip log's page map, in the order of the recordings: the track's extent and the
    /// destination (``tripLogRegion(of:destination:config:)``) with the log's kept segments.
    public let tripLogs: [FittedMap]

    /// The maps of `destination`, whose map opens on `initialRegion` (degrees), with its filtered
    /// `recordings`, under `config` (viewport, padding, default span, standard tile layer).
    public init(
        destination: Destination, initialRegion: CoordinateRegion, recordings: [ProcessedTripLog], config: SiteConfig
    ) {
        let segments = recordings.map { $0.segments.map(\.coordinates) }
        page = FittedMap(initialRegion: initialRegion, config: config, tracks: segments.flatMap { $0 })
        card = FittedMap(
            initialRegion: initialRegion, config: config, width: Self.cardSize.width, height: Self.cardSize.height)
        tripLogs = zip(recordings, segments).map { recording, lines in
            FittedMap(
                initialRegion: Self.tripLogRegion(of: recording, destination: destination.coordinate, config: config),
                config: config, tracks: lines)
        }
    }

    /// The region a trip log's map opens on (degrees): the corners of the kept track's extent and
    /// the `destination` coordinate, fitted with `map.fitPadding` pixels to spare
    /// (`InitialRegion.overview`); the destination alone when the log kept no fix.
    public static func tripLogRegion(
        of recording: ProcessedTripLog, destination: Coordinate, config: SiteConfig
    ) -> CoordinateRegion {
        var corners = [destination]
        if let extent = recording.statistics.region {
            let half = (extent.span.latitudeDelta / 2, extent.span.longitudeDelta / 2)
            corners.append(Coordinate(latitude: extent.center.latitude + half.0, longitude: extent.center.longitude - half.1))
            corners.append(Coordinate(latitude: extent.center.latitude - half.0, longitude: extent.center.longitude + half.1))
        }
        return InitialRegion.overview(
            of: corners.map { Coordinate(latitude: $0.latitude, longitude: Longitude.wrapped($0.longitude)) },
            config: config)
    }
}
