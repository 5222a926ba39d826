import RoadTripCore
import RoadTripFormats
import RoadTripCompute

/// An itinerary as GPX 1.1 (`itinerary.gpx`), for a car or phone navigator: the stops as one
/// route (`rte`, a `rtept` per stop in travel order, named with the stop's title and described by
/// its line, `ItineraryText.stopLine`) and every point of interest of the stops' destinations as a
/// waypoint (`wpt`: title, subtitle as `desc`, category as `type`) — `GPXRouteWriter`.
public enum ItineraryGPX {
    /// The document text.
    /// - Parameters:
    ///   - itinerary: the trip.
    ///   - name: the route's and the document's name (the trip's title).
    ///   - pointsOfInterest: a stop's points of interest (its destination's).
    ///   - pageURL: a stop's page as an absolute URL for `link`, or `nil` (no `baseURL`: GPX
    ///     readers resolve no relative link).
    ///   - siteURL: the site's absolute URL for the metadata's `link`, or `nil`.
    public static func document(
        _ itinerary: Itinerary, name: String, pointsOfInterest: (ItineraryStop) -> [PointOfInterest],
        pageURL: (ItineraryStop) -> String?, siteURL: String?
    ) -> String {
        let route = itinerary.stops.indices.map { index in
            let stop = itinerary.stops[index]
            return GPXRouteWriter.Point(
                name: stop.title, description: ItineraryText.stopLine(itinerary, stopAt: index),
                coordinate: stop.coordinate, link: pageURL(stop))
        }
        let waypoints = itinerary.stops.flatMap { stop in
            pointsOfInterest(stop).map { poi in
                GPXRouteWriter.Point(
                    name: poi.title, description: poi.subtitle, type: poi.category ?? "", coordinate: poi.coordinate,
                    link: poi.url.flatMap { WebLink.isHTTP($0) ? $0 : nil })
            }
        }
        return GPXRouteWriter.document(
            name: name, description: ItineraryText.summary(itinerary), link: siteURL, route: route, waypoints: waypoints)
    }
}
