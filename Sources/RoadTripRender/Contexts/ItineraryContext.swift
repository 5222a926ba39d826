/// An itinerary as the home page and a trip's page show it: a table of its stops with the legs
/// between them, its totals and the links to its exports.
struct ItineraryContext: Sendable {
    /// One row of the table: a stop and the leg that arrives there.
    struct Stop: Sendable {
        var number: Int
        var title: String
        var url: String
        /// "1–3" (the trip's days at this stop), `nil` without dates.
        var days: String?
        var arrival: DateText
        /// "2", `nil` without dates.
        var nights: String?
        /// The planned leg that arrives here, "236 km", and its details ("236.11 km (146.71 mi),
        /// bearing 10°"); `nil` for the first stop.
        var leg: String?
        var legDetail: String?
        /// The recorded drive of that leg, "4.35 km (2.70 mi) in 0:32:12, arrived 5 August 2010,
        /// 18:23 CEST" (the last fix, on the stop's clock); `nil` when unrecorded.
        var driven: String?
        var country: String?
    }

    /// One figure of the totals (`key` for themes and tests: `stops`, `days`, `nights`,
    /// `plannedDistance`, `drivenDistance`, `drivingTime`, `countries`, `highestPoint`).
    struct Figure: Sendable {
        var key: String
        var label: String
        var value: String
        var url: String?
    }

    var title: String
    /// `ItineraryText.summary`: "7 stops · 16 days · 15 nights · 1,336 km planned".
    var summary: String
    var stops: [Stop]
    var totals: [Figure]
    /// Whether any leg was recorded (the table then has a "Driven" column).
    var hasRecordedLegs: Bool
    var links: ItineraryLinks
}

/// A trip's links from a page: `itinerary.ics` (`nil` when no stop has a date), `itinerary.gpx`,
/// `itinerary.geojson`, and the named trip's page (`nil` for the main trip).
struct ItineraryLinks: Sendable {
    var calendar: String?
    var gpx: String
    var geoJSON: String
    var page: String?
}

/// What the theme's `itinerary` template sees for a named trip's page
/// (`itineraries/<name>/index.html`): the common keys, the trip's map and its itinerary.
struct ItineraryPageContext: Sendable {
    var page: PageContext
    var map: MapContext
    var itinerary: ItineraryContext
}
