/// What the theme's `home` template sees: the common keys, the overview map and a card per
/// destination.
struct HomePageContext: Sendable {
    /// One destination's card.
    struct Card: Sendable {
        /// The card's small map; `nil` when its destination's page failed to render.
        var map: CardMapContext?
        var title: String
        var subtitle: String?
        var url: String
        var poiCount: Int
        var poiCountText: String
    }

    var page: PageContext
    var map: MapContext
    /// "9 destinations".
    var destinationCountText: String
    var cards: [Card]
    /// The main trip's itinerary, `nil` when it has fewer than two stops.
    var itinerary: ItineraryContext?
    /// The named trips, each linking to its page.
    var trips: [TripLink]

    /// A named trip on the home page: its title, page (`nil` when the theme has no `itinerary`
    /// layout), summary and exports.
    struct TripLink: Sendable {
        var title: String
        var url: String?
        var summary: String
        var links: ItineraryLinks
    }
}
