import RoadTripCompute

/// Where a destination is on its itinerary, as its page says it: "Days 3–5 of 16 · 236 km from
/// Bergen · next: Geiranger, 68 km", the neighbours linked. A plain value, so that the render cache
/// can tell when a page's line changed (`PageInputs`).
public struct ItineraryStopLine: Sendable, Hashable {
    /// A neighbouring stop: its title, slug (its page is `<slug>/`) and the leg's length as text.
    public struct Neighbour: Sendable, Hashable {
        public var title: String
        public var slug: String
        public var distance: String
    }

    /// "Days 3–5 of 16", or "Stop 3 of 7" without dates (`ItineraryText.dayLabel`).
    public var days: String
    /// The stop before and after this one, with the legs' lengths.
    public var previous: Neighbour?
    public var next: Neighbour?
    /// The trip's name (`nil`: the main trip) and title (`ItineraryText.title`).
    public var tripName: String?
    public var tripTitle: String
    /// Whether the trip has a table to link to: the home page's (a main trip of two stops or more)
    /// or its own page (a named trip, when the theme has the `itinerary` layout).
    public var hasTripTable: Bool

    /// The line of the stop at `index` of `itinerary` (`siteTitle`: the main trip's title;
    /// `hasTripPages`: whether named trips get pages).
    public init(_ itinerary: Itinerary, stopAt index: Int, siteTitle: String, hasTripPages: Bool = true) {
        days = ItineraryText.dayLabel(itinerary, stopAt: index)
        func neighbour(_ leg: ItineraryLeg?, at stop: (ItineraryLeg) -> Int) -> Neighbour? {
            leg.map { leg in
                let other = itinerary.stops[stop(leg)]
                return Neighbour(title: other.title, slug: other.slug, distance: ItineraryText.shortDistance(leg.distance))
            }
        }
        previous = neighbour(itinerary.leg(arrivingAt: index)) { $0.from }
        next = neighbour(itinerary.leg(leaving: index)) { $0.to }
        tripName = itinerary.name
        tripTitle = ItineraryText.title(of: itinerary, siteTitle: siteTitle)
        hasTripTable = itinerary.name == nil ? itinerary.stops.count >= 2 : hasTripPages
    }

    /// The line as text.
    public var text: String {
        var parts = [days]
        if let previous { parts.append(previous.distance + " from " + previous.title) }
        if let next { parts.append("next: " + next.title + ", " + next.distance) }
        return parts.joined(separator: " · ")
    }

    /// Each destination's line, by its index in the site's destinations (`nil`: on no itinerary).
    public static func lines(
        of itineraries: [Itinerary], destinationCount: Int, siteTitle: String, hasTripPages: Bool
    ) -> [ItineraryStopLine?] {
        var lines = [ItineraryStopLine?](repeating: nil, count: destinationCount)
        for itinerary in itineraries {
            for index in itinerary.stops.indices {
                lines[itinerary.stops[index].destinationIndex] = ItineraryStopLine(
                    itinerary, stopAt: index, siteTitle: siteTitle, hasTripPages: hasTripPages)
            }
        }
        return lines
    }
}
