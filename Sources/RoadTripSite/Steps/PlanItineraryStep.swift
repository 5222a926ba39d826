import Foundation
import RoadTripCore
import RoadTripCompute
import RoadTripRender

extension BuildStep {
    /// The site's itineraries (`ItineraryPlanner`): the main trip and each named one, their stops,
    /// legs (geodesic, and the drive where trip logs connect two stops) and totals. A stay that
    /// contradicts its neighbours (arriving before the previous stop, or before the previous stay
    /// ends) is a warning in the destination's file. Runs after fit-maps, which places each
    /// destination in its country, and adds the routes to the overview map and fits a map for each
    /// named trip's page (before draw-basemap, which draws under every map).
    static let planItinerary = BuildStep("plan-itinerary") { state, context throws(BuildStop) in
        let trips = state.destinations.indices.map { index in
            Trip(
                destination: state.destinations[index], maps: state.maps[index], recordings: state.recordings[index],
                placemark: state.placemarks[index], photos: [], photoCopies: [:])
        }
        let (itineraries, problems) = ItineraryPlanner.itineraries(
            of: trips, timeZone: TimeZone(identifier: state.config.timeZone) ?? .gmt)
        for problem in problems {
            context.log.warning(
                problem.location ?? SourceLocation(path: state.destinations[problem.destinationIndex].sourcePath), problem.message)
        }
        state.itineraries = itineraries
        // The overview draws every trip's route; a named trip's page draws its own, on a map
        // fitted to its stops and its route.
        let routes = itineraries.map { $0.routeLines(trips: trips) }
        state.overviewMap = state.overviewMap?.withRoute(routes.flatMap { $0 })
        state.itineraryMaps = zip(itineraries, routes).map { itinerary, route in
            guard itinerary.name != nil else { return nil }
            let points = itinerary.stops.map(\.coordinate) + route.flatMap(\.coordinates)
            return FittedMap.overview(of: points, config: state.config).withRoute(route)
        }
        for itinerary in itineraries {
            context.verbose(
                (itinerary.name.map { "trip \($0)" } ?? "main trip") + ": "
                    + CountText.counted(itinerary.stops.count, "stop") + ", "
                    + TripStatisticsText.distance(itinerary.totals.plannedDistance) + " planned"
                    + (itinerary.totals.drivenDistance.map { ", " + TripStatisticsText.distance($0) + " driven" } ?? ""))
        }
        let stops = itineraries.reduce(0) { $0 + $1.stops.count }
        return CountText.counted(itineraries.count, "trip") + " (" + CountText.counted(stops, "stop") + ")"
    }
}
