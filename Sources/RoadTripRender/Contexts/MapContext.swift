/// What the theme's `partials/map` and `partials/poi-list` see of one map (`map`): the inline
/// SVG, the script's configuration, the tiles behind the SVG and the list of annotations beside it.
package struct MapContext: Sendable {
    /// One raster tile behind the inline SVG: its box in percent of the viewport ("12.5%") and
    /// its URL, safe inside a CSS `url('…')`.
    struct Tile: Sendable {
        var left: String
        var top: String
        var width: String
        var height: String
        var url: String
        /// `true` for a tile of the offline basemap (drawn first, under the raster tiles).
        var isOfflineBasemap = false
    }

    /// One line of the annotation list.
    struct Item: Sendable {
        var id: String
        /// `Annotation.Kind`'s raw value (`destination`, `poi`, …), and the kind in words.
        var kind: String
        var kindLabel: String
        var title: String
        var subtitle: String?
        var url: String?
        var markerColor: String
        /// "★" for the destination, the POI's 1-based number, "•" for other kinds.
        var marker: String
    }

    var svg: String
    /// The `roadtrip-map-config` JSON, safe inside `<script>`.
    var configJSON: String
    /// `"lat,lon,latitudeDelta,longitudeDelta"` (degrees, 7 decimals) for `data-region`.
    var dataRegion: String
    /// The zoom with 3 decimals.
    var zoom: String
    /// The map's text alternative: "Map of Bergen: 3 pins, zoom 12.4".
    var caption: String
    /// The annotation list's accessible name.
    var listLabel: String
    var tiles: [Tile]
    /// The viewport's CSS `aspect-ratio` ("800 / 500").
    var aspectRatio: String
    var annotations: [Item]
}

/// What a home-page card's small map is in its template (`map` of each card): the tiles and one
/// HTML marker per pin, placed in percent of the card.
package struct CardMapContext: Sendable {
    /// One pin's tip in percent of the card ("41.5%") and its kind's raw value.
    struct Pin: Sendable {
        var left: String
        var top: String
        var kind: String
    }

    var tiles: [MapContext.Tile]
    var pins: [Pin]
    /// The card's CSS `aspect-ratio` ("320 / 200").
    var aspectRatio: String
}
