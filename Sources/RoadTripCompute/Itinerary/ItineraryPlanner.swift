import Foundation
import RoadTripCore
import RoadTripGeo

/// Makes the site's itineraries from its destinations (`Trip`s, in the site's one order) — plain
/// values in, plain values out.
public enum ItineraryPlanner {
    /// The geodesic of a leg is drawn through points at most this far apart: 20 km, under a
    /// pixel's error from the true curve at the zooms that show a whole leg.
    public static let pathSpacing = 20_000.0

    /// …and through at most this many points (32 chords): a leg longer than 640 km is spaced
    /// more widely. On a Mercator map a chord of length c drawn straight strays from the geodesic
    /// by about c² tan φ |sin α| / 8R on the ground (the curvature of a great circle's image under
    /// a conformal map whose scale is sec φ; φ latitude, α azimuth, R = 6,371 km): for a
    /// 10,000 km leg, chords of 312 km, at most about 3.3 km at 60°, a fifth of a pixel on a map
    /// that shows the leg whole (about 17 km a pixel at 600 px), where the 20 km spacing alone
    /// would take 500 points a leg — 2 million for a site of 4,000 stops hopping between continents.
    public static let pathPoints = 33

    /// A leg's geodesic as drawn: `Geodesic.path` at `pathSpacing`, at most `pathPoints` points.
    public static func path(from start: Coordinate, to end: Coordinate) -> [Coordinate] {
        Geodesic.path(from: start, to: end, spacing: pathSpacing, maximumPoints: pathPoints)
    }

    /// A stop is in the country of its nearest town (the gazetteer's placemark) when that town is
    /// at most this far, metres: 100 km. Farther (the gazetteer holds towns, not borders: the
    /// nearest town to Nordkapp is 258 km away in Russia), the stop's country is unknown.
    public static let countryRadius = 100_000.0

    /// How near a trip log must start to a leg's first stop, and end to its second, to count as
    /// that leg's drive, metres: 15% of the leg, at least 5 km (a log started at the hotel, not at
    /// the destination's pin) and at most 50 km.
    public static func connectionRadius(legDistance: Double) -> Double {
        min(50_000, max(5_000, 0.15 * legDistance))
    }

    /// The itineraries of `trips` (each destination's `Trip`, in the site's order — `order`, then
    /// `date`, then title — which is the travel order): the main trip first (destinations without
    /// `trip:`), then each named trip by name; side trips (`itinerary: false`) are on none. An
    /// itinerary with no stop is left out. Zone-less arrival and departure times are read in the
    /// stop's own zone (`ItineraryStop.timeZone`), else in `timeZone` (the site's).
    ///
    /// Problems, each for a warning in the later destination's file: a stop that arrives before
    /// the previous stop's arrival (its `order` and its `date` disagree), and a stay whose given
    /// departure is after the next stop's arrival.
    public static func itineraries(of trips: [Trip], timeZone: TimeZone) -> (itineraries: [Itinerary], problems: [ItineraryProblem]) {
        var groups: [String?: [Int]] = [:]
        for (index, trip) in trips.enumerated() where trip.destination.isOnItinerary {
            groups[trip.destination.tripName, default: []].append(index)
        }
        let names = groups.keys.sorted { a, b in
            switch (a, b) {
            case (nil, _): return b != nil
            case (_, nil): return false
            case (let x?, let y?): return x.utf8.lexicographicallyPrecedes(y.utf8)
            }
        }
        var problems: [ItineraryProblem] = []
        let itineraries = names.map { name in
            itinerary(named: name, of: groups[name]!, in: trips, timeZone: timeZone, problems: &problems)
        }
        return (itineraries, problems)
    }

    private static func itinerary(
        named name: String?, of indices: [Int], in trips: [Trip], timeZone: TimeZone, problems: inout [ItineraryProblem]
    ) -> Itinerary {
        var stops: [ItineraryStop] = indices.enumerated().map { position, index in
            let destination = trips[index].destination
            return ItineraryStop(
                number: position + 1, destinationIndex: index, slug: destination.slug, title: destination.title,
                coordinate: destination.coordinate, arrival: destination.stay?.arrival,
                departure: destination.stay?.departure, isDepartureGiven: destination.stay?.departure != nil,
                country: nearbyPlacemark(of: trips[index]).flatMap { $0.country.isEmpty ? nil : $0.country },
                timeZone: nearbyPlacemark(of: trips[index]).flatMap { $0.timeZone.isEmpty ? nil : $0.timeZone })
        }
        // Departures not given: the next stop's arrival (when it is not earlier), else the
        // arrival's own day. Problems where neighbours disagree.
        for position in stops.indices {
            guard let arrival = stops[position].arrival else { continue }
            let next = stops.dropFirst(position + 1).first { $0.arrival != nil }
            if position > 0, let previous = stops[..<position].last(where: { $0.arrival != nil }),
                let previousArrival = previous.arrival,
                arrival.instant(in: stops[position].zone(default: timeZone))
                    < previousArrival.instant(in: previous.zone(default: timeZone))
            {
                problems.append(ItineraryProblem(
                    destinationIndex: stops[position].destinationIndex,
                    message: "arrives on \(arrival.dayText), before the previous stop of the trip, \(previous.title), "
                        + "on \(previousArrival.dayText): its order and its date disagree"))
            }
            if let departure = stops[position].departure {
                if let next, let nextArrival = next.arrival,
                    isAfter(departure, in: stops[position].zone(default: timeZone), nextArrival, in: next.zone(default: timeZone))
                {
                    problems.append(ItineraryProblem(
                        destinationIndex: next.destinationIndex,
                        message: "arrives on \(nextArrival.dayText), before the stay at \(stops[position].title) ends "
                            + "(\(departure.dayText)): the two stays overlap"))
                }
            } else if let next, let nextArrival = next.arrival, nextArrival.dayNumber >= arrival.dayNumber {
                stops[position].departure = nextArrival
            } else {
                stops[position].departure = arrival.addingDays(0)
            }
        }
        let firstDay = stops.compactMap { $0.arrival?.dayNumber }.min()
        if let firstDay {
            for position in stops.indices {
                guard let arrival = stops[position].arrival else { continue }
                stops[position].firstDay = arrival.dayNumber - firstDay + 1
                stops[position].lastDay = max(arrival.dayNumber, stops[position].departure?.dayNumber ?? arrival.dayNumber) - firstDay + 1
            }
        }
        let legs: [ItineraryLeg] = stops.indices.dropLast().map { position in
            leg(from: position, to: position + 1, stops: stops, trips: trips)
        }
        return Itinerary(name: name, stops: stops, legs: legs, totals: totals(of: stops, legs: legs, trips: trips))
    }

    /// The trip's placemark when its town is within `countryRadius`, else `nil`.
    private static func nearbyPlacemark(of trip: Trip) -> Placemark? {
        trip.placemark.flatMap { $0.distance <= countryRadius ? $0 : nil }
    }

    /// Whether `departure` comes after `arrival`: by day, or on one day by time when both have one.
    private static func isAfter(
        _ departure: CalendarDate, in departureZone: TimeZone, _ arrival: CalendarDate, in arrivalZone: TimeZone
    ) -> Bool {
        if departure.dayNumber != arrival.dayNumber { return departure.dayNumber > arrival.dayNumber }
        guard departure.time != nil, arrival.time != nil else { return false }
        return departure.instant(in: departureZone) > arrival.instant(in: arrivalZone)
    }

    private static func leg(from: Int, to: Int, stops: [ItineraryStop], trips: [Trip]) -> ItineraryLeg {
        let start = stops[from].coordinate, end = stops[to].coordinate
        let (distance, azimuth, _) = Geodesic.inverse(from: start, to: end)
        let bearing = distance > 0 ? (azimuth + 360).truncatingRemainder(dividingBy: 360) : 0
        let candidates = [stops[to], stops[from]].flatMap { stop in
            trips[stop.destinationIndex].recordings.map { (stop.slug, $0) }
        }
        return ItineraryLeg(
            from: from, to: to, distance: distance, initialBearing: bearing, start: start, end: end,
            path: path(from: start, to: end),
            recorded: recordedDrive(from: start, to: end, legDistance: distance, candidates: candidates))
    }

    /// The drive from `start` to `end` among `candidates` (destination slug and processed log):
    /// the earliest log that starts within `connectionRadius` of `start`, through the first log
    /// from there on that ends within it of `end`, with every log between them in time order.
    private static func recordedDrive(
        from start: Coordinate, to end: Coordinate, legDistance: Double, candidates: [(String, ProcessedTripLog)]
    ) -> RecordedDrive? {
        let radius = connectionRadius(legDistance: legDistance)
        let logs = candidates.filter { $0.1.track.count >= 2 }.sorted { a, b in
            switch (a.1.statistics.startTime, b.1.statistics.startTime) {
            case (let x?, let y?): return x < y
            case (.some, nil): return true
            default: return false
            }
        }
        guard let first = logs.firstIndex(where: { Geodesic.distance(from: $0.1.track.coordinate(at: 0), to: start) <= radius }),
            let last = logs[first...].firstIndex(where: { log in
                Geodesic.distance(from: log.1.track.coordinate(at: log.1.track.count - 1), to: end) <= radius
            })
        else { return nil }
        let drive = logs[first...last]
        return RecordedDrive(
            tripLogs: drive.map { RecordedTripLog(destinationSlug: $0.0, slug: $0.1.log.slug) },
            distance: drive.reduce(0) { $0 + $1.1.statistics.distance },
            drivingTime: drive.reduce(0) { $0 + $1.1.statistics.movingTime },
            arrival: drive.last?.1.statistics.endTime)
    }

    private static func totals(of stops: [ItineraryStop], legs: [ItineraryLeg], trips: [Trip]) -> ItineraryTotals {
        let recorded = legs.compactMap(\.recorded)
        let dayNumbers = stops.flatMap { [$0.arrival?.dayNumber, $0.departure?.dayNumber].compactMap { $0 } }
        var countries: [String] = []
        for stop in stops { if let country = stop.country, !countries.contains(country) { countries.append(country) } }
        var highest: ItineraryTotals.HighestPoint?
        for stop in stops {
            for recording in trips[stop.destinationIndex].recordings {
                let track = recording.track
                for index in 0..<track.count {
                    guard let altitude = track.altitude(at: index), altitude.isFinite,
                        altitude > (highest?.altitude ?? -.infinity)
                    else { continue }
                    highest = ItineraryTotals.HighestPoint(
                        altitude: altitude, coordinate: track.coordinate(at: index),
                        tripLog: RecordedTripLog(destinationSlug: stop.slug, slug: recording.log.slug))
                }
            }
        }
        return ItineraryTotals(
            plannedDistance: legs.reduce(0) { $0 + $1.distance },
            drivenDistance: recorded.isEmpty ? nil : recorded.reduce(0) { $0 + $1.distance },
            recordedLegs: recorded.count,
            days: dayNumbers.min().flatMap { first in dayNumbers.max().map { $0 - first + 1 } },
            nights: stops.reduce(0) { $0 + ($1.nights ?? 0) },
            countries: countries, highestPoint: highest)
    }
}
