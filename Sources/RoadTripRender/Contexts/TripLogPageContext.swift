/// What the theme's `trip` template sees: the common keys, the track's map, the share actions, a
/// link back to the destination and the trip log's statistics, reports and charts.
struct TripLogPageContext: Sendable {
    /// One chart: its inline SVG and caption, and for the speed and elevation chart the track's
    /// `TrackCursorJSON`, which links it to the map.
    struct Chart: Sendable {
        var svg: String
        var caption: String
        var profileJSON: String? = nil
    }

    var page: PageContext
    var map: MapContext
    var destinationTitle: String
    var destinationURL: String
    var share: ShareActions
    var title: String
    var fromTo: String?
    var statistics: [TripStatisticsText.Row]
    /// The filters' reports in sentences.
    var reports: [String]
    var charts: [Chart]
    /// Links to the log's `track.geojson` and `track.gpx`.
    var geoJSONLink: String
    var gpxLink: String
}
