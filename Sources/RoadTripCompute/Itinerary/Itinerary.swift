import Foundation
import RoadTripCore

/// One trip as a trip: its stops in travel order, the legs between them, and its totals
/// (`ItineraryPlanner.itineraries(of:timeZone:)` makes them).
public struct Itinerary: Sendable, Hashable {
    /// The trip's name (front matter `trip:`, a slug), or `nil` for the site's main trip.
    public var name: String?
    /// The name as its first stop writes it (`North Cape`), `nil` for the main trip.
    public var writtenName: String?
    /// The stops in travel order: `order`, then `date`, then title (the site's one order,
    /// `HomePageOrder`), side trips (`itinerary: false`) left out.
    public var stops: [ItineraryStop]
    /// `stops.count − 1` legs: leg `i` goes from stop `i` to stop `i + 1`.
    public var legs: [ItineraryLeg]
    /// The sums and extremes of the whole trip.
    public var totals: ItineraryTotals

    /// The leg that ends at stop `index`, or `nil` for the first stop.
    public func leg(arrivingAt index: Int) -> ItineraryLeg? {
        index > 0 && index - 1 < legs.count ? legs[index - 1] : nil
    }

    /// The leg that leaves stop `index`, or `nil` for the last stop.
    public func leg(leaving index: Int) -> ItineraryLeg? {
        index < legs.count ? legs[index] : nil
    }
}

/// One destination as a stop of an itinerary.
public struct ItineraryStop: Sendable, Hashable {
    /// The stop's position in its itinerary, from 1.
    public var number: Int
    /// The destination's index in the site's destinations (`SiteContent.destinations`), its slug,
    /// title and coordinate (degrees).
    public var destinationIndex: Int
    public var slug: String
    public var title: String
    public var coordinate: Coordinate
    /// The arrival as written (`date`), or `nil` without one.
    public var arrival: CalendarDate?
    /// The departure: as given (`departure`, or `nights` after the arrival), else the next stop's
    /// arrival, else the arrival's own day (the last stop); `nil` without an arrival.
    public var departure: CalendarDate?
    /// Whether the front matter gave the departure (`departure` or `nights`) rather than the
    /// itinerary inferring it.
    public var isDepartureGiven: Bool
    /// The arrival's and the departure's days on the stop's own calendar (`CalendarDate.
    /// localDayNumber(in:)` in its zone: the written days, unless a time was written with an
    /// offset), as day numbers; `nil` without an arrival.
    public var arrivalDay: Int?
    public var departureDay: Int?
    /// Nights from the arrival's day to the departure's, or `nil` without an arrival.
    public var nights: Int? {
        guard let arrivalDay, let departureDay else { return nil }
        return departureDay - arrivalDay
    }
    /// The trip's days this stop covers, counted from 1 on the itinerary's first arrival day:
    /// `firstDay...lastDay`; `nil` without an arrival.
    public var firstDay: Int?
    public var lastDay: Int?
    /// The country of the destination's nearest town in the gazetteer, when that town is within
    /// `ItineraryPlanner.countryRadius`; `nil` otherwise.
    public var country: String?
    /// The IANA time zone of the destination's nearest town in the gazetteer ("Europe/Oslo"), when
    /// that town is within `ItineraryPlanner.countryRadius`; `nil` otherwise. Zone-less arrival and
    /// departure times are read in it (else in the site's `timeZone`), and the calendar writes
    /// times in it.
    public var timeZone: String?

    /// The zone the stop's zone-less times are read in: its own (`timeZone`), else `siteZone`.
    public func zone(default siteZone: TimeZone) -> TimeZone {
        timeZone.flatMap(TimeZone.init(identifier:)) ?? siteZone
    }
}

/// The way from one stop to the next: the geodesic (WGS 84, Karney via libproj) and, when trip
/// logs connect the two stops, the drive as recorded.
public struct ItineraryLeg: Sendable, Hashable {
    /// The stops' indices in `Itinerary.stops`.
    public var from: Int
    public var to: Int
    /// The geodesic's length in metres and its initial azimuth at `from`, degrees clockwise from
    /// north in 0..<360.
    public var distance: Double
    public var initialBearing: Double
    /// The stops' coordinates (degrees), the leg's ends.
    public var start: Coordinate
    public var end: Coordinate
    /// The geodesic as points (degrees; longitudes in −180…180), ends included, at most
    /// `ItineraryPlanner.pathSpacing` apart and at most `ItineraryPlanner.pathPoints` of them
    /// (`ItineraryPlanner.path(from:to:)`), for the maps and `itinerary.geojson`.
    public var path: [Coordinate]
    /// The drive, when trip logs of the two destinations connect them; `nil` otherwise.
    public var recorded: RecordedDrive?
}

/// A leg as the trip logs recorded it: one log, or several in time order, that start near the
/// leg's first stop and end near its second (`ItineraryPlanner.connectionRadius`).
public struct RecordedDrive: Sendable, Hashable {
    /// The trip logs that make up the drive, as `(destination slug, trip log slug)`, in time order.
    public var tripLogs: [RecordedTripLog]
    /// The filtered tracks' length in metres, summed (`TripStatistics.distance`).
    public var distance: Double
    /// Time spent moving, seconds, summed (`TripStatistics.movingTime`).
    public var drivingTime: Double
    /// When the last log's last fix was taken: the recorded arrival; `nil` when the logs carry no
    /// times.
    public var arrival: Date?
}

/// One trip log of a recorded drive.
public struct RecordedTripLog: Sendable, Hashable {
    /// The destination whose `trips/` holds the log, and the log's slug.
    public var destinationSlug: String
    public var slug: String
}

/// An itinerary's totals.
public struct ItineraryTotals: Sendable, Hashable {
    /// Sum of the legs' geodesic distances, metres.
    public var plannedDistance: Double
    /// Sum of the recorded drives' distances, metres, and how many legs were recorded; `nil` and 0
    /// when none was.
    public var drivenDistance: Double?
    public var recordedLegs: Int
    /// Days from the first arrival's day to the last departure's day, both counted (a trip from
    /// June 14 to June 16 has 3 days); `nil` without dates.
    public var days: Int?
    /// Nights of every stop with dates, summed.
    public var nights: Int
    /// The countries of the stops, in the order the trip first reaches them.
    public var countries: [String]
    /// The highest fix of the stops' trip logs: altitude in metres (as recorded, usually above
    /// the WGS 84 ellipsoid or mean sea level as the logger says), where, and in which log; `nil`
    /// when no log records altitudes.
    public var highestPoint: HighestPoint?

    /// The highest recorded fix.
    public struct HighestPoint: Sendable, Hashable {
        public var altitude: Double
        public var coordinate: Coordinate
        public var tripLog: RecordedTripLog
    }
}

/// A stay that contradicts its neighbours, for a warning in the destination's file.
public struct ItineraryProblem: Sendable, Hashable {
    /// The destination concerned (its index in the site's destinations) and what is wrong.
    public var destinationIndex: Int
    public var message: String
    /// Where in its file: the arrival (`date`), when known.
    public var location: SourceLocation?
}
