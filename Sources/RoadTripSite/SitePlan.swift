import RoadTripCore
import RoadTripContent
import RoadTripCompute

/// What `SiteBuilder.plan()` gives: the site's configuration, destinations and itineraries.
public struct SitePlan: Sendable {
    /// `site.yaml` as read.
    public var config: SiteConfig
    /// The published destinations, in the site's order.
    public var destinations: [Destination]
    /// The main trip first, then each named trip by name (`ItineraryPlanner`).
    public var itineraries: [Itinerary]
}
