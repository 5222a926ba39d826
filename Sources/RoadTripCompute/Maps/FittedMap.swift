import RoadTripCore
import RoadTripGeo
import RoadTripContent

/// One map as the build lays it out, before anything is drawn: the region it opens on, that
/// region fitted to the map's viewport, and the tracks it shows simplified for that view.
/// Made once per map in the compute stage (`DestinationMaps`, the overview); the renderers draw
/// it as it is.
public struct FittedMap: Sendable {
    /// The region asked for (degrees); the page script restores exactly this one.
    public let initialRegion: CoordinateRegion
    /// `initialRegion` fitted to the viewport (CSS pixels) at a zoom no deeper than the site's
    /// standard tile layer allows.
    public let view: MapView
    /// The tracks drawn on the map, one line per segment (degrees), simplified by Douglas–Peucker
    /// to half a pixel of this view (`TrackSimplification.toleranceForMap`), so that the drawing
    /// stays small however long the recording is.
    public let tracks: [[Coordinate]]
    /// The itineraries' routes drawn on the map (`RouteLine`s, simplified the same way), empty on
    /// every map but the overview and a trip's page (`withRoute(_:)`).
    public private(set) var route: [RouteLine] = []

    /// Fits `initialRegion` to a viewport of `width` × `height` CSS pixels (the site's
    /// `map.viewport` when left out) under `config`'s standard tile layer, without tracks.
    public init(
        initialRegion: CoordinateRegion, config: SiteConfig, width: Double? = nil, height: Double? = nil
    ) {
        self.init(initialRegion: initialRegion, config: config, width: width, height: height, tracks: [[Coordinate]]())
    }

    /// Fits `initialRegion` as above, and simplifies `tracks` (lines of coordinates in degrees,
    /// each drawn on its own, such as a `FilteredTrack.Segment`'s `coordinates`, read in place) for
    /// the fitted view.
    public init<Line: Collection>(
        initialRegion: CoordinateRegion, config: SiteConfig, width: Double? = nil, height: Double? = nil,
        tracks: [Line]
    ) where Line.Element == Coordinate {
        self.initialRegion = initialRegion
        view = MapView(
            region: initialRegion, width: width ?? config.viewportWidth, height: height ?? config.viewportHeight,
            maximumZoom: config.standardTileLayer.maxZoom)
        let tolerance = TrackSimplification.toleranceForMap(metresPerPixel: view.metresPerPixel)
        self.tracks = tracks.map { line in
            TrackSimplification.simplify(line, tolerance: tolerance).map { line[line.index(line.startIndex, offsetBy: $0)] }
        }
    }

    /// This map with `lines` as its route, each line simplified like the tracks to half a pixel of
    /// this view.
    public func withRoute(_ lines: [RouteLine]) -> FittedMap {
        let tolerance = TrackSimplification.toleranceForMap(metresPerPixel: view.metresPerPixel)
        var map = self
        map.route = lines.map { line in
            var simplified = line
            simplified.coordinates = TrackSimplification.simplify(line.coordinates, tolerance: tolerance).map { line.coordinates[$0] }
            return simplified
        }
        return map
    }

    /// The home page's overview of every destination: the smallest region holding `coordinates`
    /// (degrees) with `map.fitPadding` pixels to spare (`InitialRegion.overview`), in the site's
    /// viewport.
    public static func overview(of coordinates: [Coordinate], config: SiteConfig) -> FittedMap {
        FittedMap(initialRegion: InitialRegion.overview(of: coordinates, config: config), config: config)
    }
}
