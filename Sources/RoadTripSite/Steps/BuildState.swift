import RoadTripCore
import RoadTripContent
import RoadTripCompute
import RoadTripRender

/// What the steps of one build have made so far, each field filled by the step named in its
/// comment and read by the steps after it. Plain values, but for the staging folder that
/// render-pages fills (`staging`).
struct BuildState: Sendable {
    /// `site.yaml` with the command line's overrides (load-config).
    var config = SiteConfig()
    /// What the last build into the output folder rendered, and what this one renders, when the
    /// build stores it (``BuildOptions/storesBuild``) (load-config).
    var storedBuild: StoredBuild?
    /// The paths of the files render-pages did not render because the output folder still holds
    /// them as the last build wrote them (``StoredBuild/keptFiles(of:key:)``), sorted (render-pages);
    /// every path but the pages made again, in no particular order, after a ``BodyEditRebuild``.
    var keptFiles: [String] = []
    /// The published destinations in home-page order, `nil` when loading stopped (load-destinations).
    var content: SiteContent?
    /// The theme, `nil` when it could not be loaded (load-theme).
    var theme: Theme?
    /// Each destination's maps (page, card, trip logs), in `destinations` order (fit-maps).
    var maps: [DestinationMaps] = []
    /// The home page's overview map of every destination (fit-maps).
    var overviewMap: FittedMap?
    /// The site's tags, by slug (fit-maps).
    var tags: [SiteTag] = []
    /// Each tag's page map, fitted to its destinations, in the order of `tags` (fit-maps).
    var tagMaps: [FittedMap] = []
    /// The offline basemap's tiles every map needs, `nil` without a basemap (draw-basemap).
    var basemapTiles: BasemapTileSet?
    /// The offline basemap of the overview map's own view, as a tile's body (draw-basemap).
    var overviewBasemap: String?
    /// What the basemap's tiles were drawn from (`BasemapTileCache.fingerprint`), `nil` without
    /// them: rendered maps embed the tiles, so a cached rendering is kept only under the same one
    /// (draw-basemap).
    var basemapFingerprint: String?
    /// The basemap's cache and the index of it draw-basemap wrote, `nil` without a cache:
    /// write-output stamps the tiles it linked or unlinked again (`BasemapTileCache.restamped`)
    /// (draw-basemap).
    var basemapCache: (cache: BasemapTileCache, index: BasemapTileIndex)?
    /// Each destination's nearest town from the gazetteer (fit-maps).
    var placemarks: [Placemark?] = []
    /// Each destination's trip logs, filtered, with their statistics (filter-trips).
    var recordings: [[ProcessedTripLog]] = []
    /// The site's itineraries (plan-itinerary).
    var itineraries: [Itinerary] = []
    /// The map of each named itinerary's page, fitted to its stops and legs with its route, in the
    /// order of `itineraries` (`nil` for the main trip, whose route the overview map draws)
    /// (plan-itinerary).
    var itineraryMaps: [FittedMap?] = []
    /// How many destinations' filtered trip logs the cache gave (filter-trips).
    var reusedRecordings = 0
    /// Each destination's published photos and their copies (place-photos).
    var placedPhotos: [PlacedPhotos] = []
    /// Every file of the site, sorted by path (render-pages); the pages already written into
    /// `staging` are `.staged`.
    var files: [OutputFile] = []
    /// The staging folder render-pages wrote the pages into as it rendered them, for write-output;
    /// `nil` when it kept them in `files` (a build with a ``BuildCache``, which keeps them for the
    /// next build, or one whose staging folder could not be made) (render-pages).
    var staging: OutputStaging?
    /// The share previews (`og:image`) the pages name, still to rasterise (render-pages); their
    /// PNGs join `files` in draw-previews.
    var sharePreviews: [SharePreview] = []
    /// How many destinations' rendered files the cache gave (render-pages).
    var reusedRenderings = 0
    /// What the writer did (write-output).
    var writeSummary: OutputWriteSummary?
    /// Whether a failed write had already replaced part of the output folder (write-output).
    var outputChanged = false

    /// A destination's photos that are published, placed on its trip logs, their copies and the
    /// nearest towns to those on the map, by file name.
    struct PlacedPhotos: Sendable {
        var photos: [Photo] = []
        var copies: [String: PhotoCopies] = [:]
        var placemarks: [String: Placemark] = [:]
        /// How many photos were left out because their copies could not be made (a problem of
        /// the cache or the disk, which a later build may not have).
        var failedCopies = 0
    }

    /// The published destinations (empty before load-destinations, or when it stopped).
    var destinations: [Destination] { content?.destinations ?? [] }

    /// Every destination as a `Trip` for the renderers, from what fit-maps, filter-trips and
    /// place-photos made.
    var trips: [Trip] {
        destinations.indices.map { index in
            Trip(
                destination: destinations[index], maps: maps[index], recordings: recordings[index],
                placemark: placemarks[index], photos: placedPhotos[index].photos, photoCopies: placedPhotos[index].copies,
                photoPlacemarks: placedPhotos[index].placemarks)
        }
    }
}
