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
            let placemark = nearbyPlacemark(of: trips[index])
            return ItineraryStop(
                number: position + 1, destinationIndex: index, slug: destination.slug, title: destination.title,
                coordinate: destination.coordinate, arrival: destination.stay?.arrival,
                departure: destination.stay?.departure, isDepartureGiven: destination.stay?.departure != nil,
                country: placemark.flatMap { $0.country.isEmpty ? nil : $0.country },
                timeZone: placemark.flatMap { $0.timeZone.isEmpty ? nil : $0.timeZone })
        }
        placeStays(of: &stops, trips: trips, timeZone: timeZone, problems: &problems)
        // The legs' geodesics, which depend on their two stops only, in parallel across the
        // cores (4,000 stops: ~15 ms of libproj on one core); then the legs in travel order, as a
        // trip log makes the drive of one leg at most, the first in travel order it connects.
        let geodesics = Self.geodesics(between: stops.map(\.coordinate))
        var usedLogs: Set<RecordedTripLog> = []
        let legs: [ItineraryLeg] = stops.indices.dropLast().map { position in
            leg(from: position, to: position + 1, geodesic: geodesics[position], stops: stops, trips: trips, usedLogs: &usedLogs)
        }
        return Itinerary(
            name: name, writtenName: indices.first.flatMap { trips[$0].destination.tripTitle }, stops: stops, legs: legs,
            totals: totals(of: stops, legs: legs, trips: trips))
    }

    /// The day of a day number (`CalendarDate.dayNumber`'s count), without a time.
    public static func day(_ dayNumber: Int) -> CalendarDate {
        CalendarDate(year: 1970, month: 1, day: 1).addingDays(dayNumber)
    }

    /// The trip's placemark when its town is within `countryRadius`, else `nil`.
    private static func nearbyPlacemark(of trip: Trip) -> Placemark? {
        trip.placemark.flatMap { $0.distance <= countryRadius ? $0 : nil }
    }

    /// A moment of a stay as the itinerary compares them: its day on the stop's own calendar and,
    /// when a time was written, the instant.
    private struct Moment {
        var day: Int
        var instant: Date?

        init(_ date: CalendarDate, in zone: TimeZone) {
            day = date.localDayNumber(in: zone)
            instant = date.time == nil ? nil : date.instant(in: zone)
        }

        /// Earlier by day, or on one day by time when both have one (a day alone is never earlier
        /// or later than a time on that day).
        func isBefore(_ other: Moment) -> Bool {
            if day != other.day { return day < other.day }
            guard let instant, let otherInstant = other.instant else { return false }
            return instant < otherInstant
        }

        /// "2025-06-14", or "2025-06-14 15:00" with a time (on the stop's clock).
        func text(in zone: TimeZone) -> String {
            var text = ItineraryPlanner.day(day).dayText
            if let instant {
                let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: instant)
                let ofDay = ((seconds % 86_400) + 86_400) % 86_400
                text += " " + ISO8601Time.pad(ofDay / 3600, 2) + ":" + ISO8601Time.pad(ofDay / 60 % 60, 2)
            }
            return text
        }
    }

    /// Sets each dated stop's days (on its own calendar: `ItineraryStop.zone(default:)`), infers
    /// the departures not given — the next dated stop's arrival (when it is not earlier; as the
    /// same moment, whatever the two zones), else the arrival's own day — and appends a problem,
    /// at the arrival's line, for a time that does not exist in the stop's zone (a daylight-saving
    /// gap), a stop that arrives before the previous one, and a stay given a departure after the
    /// next stop's arrival.
    private static func placeStays(
        of stops: inout [ItineraryStop], trips: [Trip], timeZone: TimeZone, problems: inout [ItineraryProblem]
    ) {
        let zones = stops.map { $0.zone(default: timeZone) }
        func problem(_ position: Int, _ message: String) {
            let destination = trips[stops[position].destinationIndex].destination
            problems.append(ItineraryProblem(
                destinationIndex: stops[position].destinationIndex, message: message,
                location: destination.stay?.arrivalLocation ?? SourceLocation(path: destination.sourcePath)))
        }
        let dated = stops.indices.filter { stops[$0].arrival != nil }
        for (order, position) in dated.enumerated() {
            let arrival = stops[position].arrival!, zone = zones[position]
            let arriving = Moment(arrival, in: zone)
            stops[position].arrivalDay = arriving.day
            if !arrival.existsAsWritten(in: zone), let time = arrival.time {
                let written = arrival.dayText + "T" + ISO8601Time.pad(time.hour, 2) + ":" + ISO8601Time.pad(time.minute, 2)
                problem(position, "\(written) is not a time in "
                    + "\(zone.identifier) (its clocks skip it for daylight saving time): it is read as "
                    + Moment(arrival, in: zone).text(in: zone))
            }
            if order > 0 {
                let previousPosition = dated[order - 1]
                let previous = Moment(stops[previousPosition].arrival!, in: zones[previousPosition])
                if arriving.isBefore(previous) {
                    problem(position, "arrives on \(arriving.text(in: zone)), before the previous stop of the trip, "
                        + "\(stops[previousPosition].title), on \(previous.text(in: zones[previousPosition])): "
                        + "its order and its date disagree")
                }
            }
            let next = order + 1 < dated.count ? dated[order + 1] : nil
            // Nights count from the arrival's day on the stop's calendar.
            if let nights = trips[stops[position].destinationIndex].destination.stay?.nightsGiven {
                stops[position].departure = Self.day(arriving.day + nights)
            }
            if let departure = stops[position].departure {
                stops[position].departureDay = departure.localDayNumber(in: zone)
                if let next, let nextArrival = stops[next].arrival {
                    let leaving = Moment(departure, in: zone), nextArriving = Moment(nextArrival, in: zones[next])
                    if nextArriving.isBefore(leaving) {
                        problem(next, "arrives on \(nextArriving.text(in: zones[next])), before the stay at \(stops[position].title) "
                            + "ends (\(leaving.text(in: zone))): the two stays overlap")
                    }
                }
            } else if let next, let nextArrival = stops[next].arrival,
                !Moment(nextArrival, in: zones[next]).isBefore(Moment(arrival, in: zone))
            {
                let departure = nextArrival.pinned(to: zones[next])
                stops[position].departure = departure
                stops[position].departureDay = max(arriving.day, departure.localDayNumber(in: zone))
            } else {
                stops[position].departure = arrival.addingDays(0)
                stops[position].departureDay = arriving.day
            }
        }
        if let firstDay = stops.compactMap(\.arrivalDay).min() {
            for position in dated {
                guard let arrivalDay = stops[position].arrivalDay else { continue }
                stops[position].firstDay = arrivalDay - firstDay + 1
                stops[position].lastDay = max(arrivalDay, stops[position].departureDay ?? arrivalDay) - firstDay + 1
            }
        }
    }

    /// The geodesic of each consecutive pair of `coordinates`: its length (metres), its initial
    /// azimuth (degrees clockwise from north, in [0, 360); 0 for a leg of no length) and its
    /// drawn ``path(from:to:)``, computed in parallel across the cores.
    private static func geodesics(between coordinates: [Coordinate]) -> [(distance: Double, bearing: Double, path: [Coordinate])] {
        concurrentMap(count: max(coordinates.count - 1, 0)) { position in
            let start = coordinates[position], end = coordinates[position + 1]
            let (distance, azimuth, _) = Geodesic.inverse(from: start, to: end)
            let bearing = distance > 0 ? (azimuth + 360).truncatingRemainder(dividingBy: 360) : 0
            return (distance, bearing, path(from: start, to: end))
        }
    }

    private static func leg(
        from: Int, to: Int, geodesic: (distance: Double, bearing: Double, path: [Coordinate]), stops: [ItineraryStop],
        trips: [Trip], usedLogs: inout Set<RecordedTripLog>
    ) -> ItineraryLeg {
        let start = stops[from].coordinate, end = stops[to].coordinate
        let (distance, bearing) = (geodesic.distance, geodesic.bearing)
        let candidates = [stops[to], stops[from]].flatMap { stop in
            trips[stop.destinationIndex].recordings.map { (stop.slug, $0) }
        }.filter { !usedLogs.contains(RecordedTripLog(destinationSlug: $0.0, slug: $0.1.log.slug)) }
        let recorded = recordedDrive(from: start, to: end, legDistance: distance, candidates: candidates)
        usedLogs.formUnion(recorded?.tripLogs ?? [])
        return ItineraryLeg(
            from: from, to: to, distance: distance, initialBearing: bearing, start: start, end: end,
            path: geodesic.path, recorded: recorded)
    }

    /// The drive from `start` to `end` among `candidates` (destination slug and processed log):
    /// the earliest log that starts within `connectionRadius` of `start`, and nearer to it than to
    /// `end`, through the first log from there on that ends within it of `end`, and nearer to it
    /// than to `start`, with every log between them in time order. The "nearer" rule keeps a loop
    /// around one stop (which starts and ends near both of two close stops) from counting as the
    /// drive between them, and a leg between two stops at one place from having a drive.
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
        /// Whether `point` is within the radius of `stop` and nearer to it than to `other`.
        func connects(_ point: Coordinate, _ stop: Coordinate, rather other: Coordinate) -> Bool {
            let distance = Geodesic.distance(from: point, to: stop)
            return distance <= radius && distance < Geodesic.distance(from: point, to: other)
        }
        guard let first = logs.firstIndex(where: { connects($0.1.track.coordinate(at: 0), start, rather: end) }),
            let last = logs[first...].firstIndex(where: { log in
                connects(log.1.track.coordinate(at: log.1.track.count - 1), end, rather: start)
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
        let dayNumbers = stops.flatMap { [$0.arrivalDay, $0.departureDay].compactMap { $0 } }
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
