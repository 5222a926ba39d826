import RoadTripCore

extension Itinerary {
    /// The route's lines, leg by leg: a recorded leg as the filtered segments of its trip logs
    /// (`RecordedDrive.tripLogs`, found among `trips`' recordings), any other as its geodesic
    /// (`ItineraryLeg.path`). Unsimplified: `FittedMap.withRoute(_:)` simplifies them for its view.
    public func routeLines(trips: [Trip]) -> [RouteLine] {
        legs.flatMap { leg -> [RouteLine] in
            guard let recorded = leg.recorded else { return [RouteLine(coordinates: leg.path, isRecorded: false)] }
            let candidates = [stops[leg.from], stops[leg.to]].flatMap { stop in
                trips[stop.destinationIndex].recordings.map { (destinationSlug: stop.slug, recording: $0) }
            }
            return recorded.tripLogs.flatMap { tripLog -> [RouteLine] in
                guard let recording = candidates.first(where: {
                    $0.destinationSlug == tripLog.destinationSlug && $0.recording.log.slug == tripLog.slug
                })?.recording
                else { return [] }
                return recording.segments.map { RouteLine(coordinates: Array($0.coordinates), isRecorded: true) }
            }
        }
    }
}
