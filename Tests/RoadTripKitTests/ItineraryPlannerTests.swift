import Foundation
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute

/// The itinerary of a planned trip: stops in the site's order, days and nights from the stays,
/// legs on the geodesic (checked against GeographicLib), a leg recorded by a trip log, totals,
/// side trips and named trips apart, and the warnings for stays that contradict each other.
@Suite struct ItineraryPlannerTests {
    static let bergen = Coordinate(latitude: 60.3913, longitude: 5.3221)
    static let alesund = Coordinate(latitude: 62.4723, longitude: 6.1549)
    static let geiranger = Coordinate(latitude: 62.1008, longitude: 7.2059)

    static func date(_ text: String) -> CalendarDate { CalendarDate.parse(text)! }

    static func trip(
        _ slug: String, _ coordinate: Coordinate, order: Int, stay: Stay? = nil, isOnItinerary: Bool = true,
        tripName: String? = nil, recordings: [ProcessedTripLog] = [], timeZone: String = "Europe/Oslo"
    ) -> Trip {
        let destination = Destination(
            slug: slug, title: slug.capitalized, coordinate: coordinate, order: order, stay: stay,
            isOnItinerary: isOnItinerary, tripName: tripName, sourcePath: "Destinations/\(slug)/index.md")
        let region = CoordinateRegion(center: coordinate, span: .defaultSpan)
        let placemark = Placemark(
            locality: slug.capitalized, state: "", country: "Norway", countryCode: "NO", timeZone: timeZone,
            coordinate: coordinate, population: 1000)
        return Trip(
            destination: destination,
            maps: DestinationMaps(destination: destination, initialRegion: region, recordings: [], config: SiteConfig()),
            recordings: recordings, placemark: placemark)
    }

    /// A drive from 1 km north of Bergen to 1 km south of Ålesund along the geodesic, a fix every
    /// 2 km and 60 s (120 km/h), climbing to 1,234 m at the middle fix and back down.
    static func drive() -> (processed: ProcessedTripLog, fixes: [LocationSample]) {
        let start = Geodesic.direct(from: bergen, azimuth: 0, distance: 1_000)
        let end = Geodesic.direct(from: alesund, azimuth: 180, distance: 1_000)
        let points = Geodesic.path(from: start, to: end, spacing: 2_000)
        let middle = points.count / 2
        let begin = Date(timeIntervalSince1970: 1_749_888_000)  // 2025-06-14T08:00:00Z
        let fixes = points.enumerated().map { index, coordinate in
            LocationSample(
                timestamp: begin.addingTimeInterval(Double(index) * 60), coordinate: coordinate,
                altitude: 1_234 - Double(abs(index - middle)) * 10, horizontalAccuracy: 5)
        }
        let log = TripLog(slug: "bergen-alesund", sourcePath: "Destinations/alesund/trips/bergen-alesund.gpx", format: .gpx, locations: fixes)
        return (ProcessedTripLog(log: log, settings: FilterSettings.preset(named: "default")!), fixes)
    }

    @Test func aPlannedTrip() throws {
        let (drive, fixes) = Self.drive()
        #expect(drive.track.count == fixes.count)
        let trips = [
            Self.trip("bergen", Self.bergen, order: 1, stay: Stay(arrival: Self.date("2025-06-14"), departure: Self.date("2025-06-16"))),
            Self.trip("alesund", Self.alesund, order: 2, stay: Stay(arrival: Self.date("2025-06-16")), recordings: [drive]),
            Self.trip("cerknica", Coordinate(latitude: 45.75, longitude: 14.38), order: 3, isOnItinerary: false),
            Self.trip("geiranger", Self.geiranger, order: 4, stay: Stay(arrival: Self.date("2025-06-18"), departure: Self.date("2025-06-19T10:00"))),
            Self.trip("nordkapp", Coordinate(latitude: 71.17, longitude: 25.78), order: 5, tripName: "north-cape"),
        ]
        let (itineraries, problems) = ItineraryPlanner.itineraries(of: trips, timeZone: TimeZone(identifier: "Europe/Oslo")!)
        #expect(problems.isEmpty)
        #expect(itineraries.map(\.name) == [nil, "north-cape"])
        let main = itineraries[0]
        #expect(main.stops.map(\.slug) == ["bergen", "alesund", "geiranger"])
        #expect(main.stops.map(\.number) == [1, 2, 3])
        #expect(main.stops.map(\.destinationIndex) == [0, 1, 3])
        // Ålesund gives no departure: it ends with Geiranger's arrival, two nights later.
        #expect(main.stops.map(\.nights) == [2, 2, 1])
        #expect(main.stops.map(\.isDepartureGiven) == [true, false, true])
        // Day 1 is June 14: Bergen 14–16 (days 1–3), Ålesund 16–18 (3–5), Geiranger 18–19 (5–6).
        #expect(main.stops.map(\.firstDay) == [1, 3, 5])
        #expect(main.stops.map(\.lastDay) == [3, 5, 6])

        // GeographicLib 2.1, Geodesic.WGS84.Inverse(60.3913, 5.3221, 62.4723, 6.1549):
        // s12 = 236114.755 m, azi1 = 10.485197°; (62.4723, 6.1549) → (62.1008, 7.2059):
        // s12 = 68484.099 m, azi1 = 126.731327°.
        #expect(main.legs.count == 2)
        #expect(abs(main.legs[0].distance - 236_114.755) < 0.001)
        #expect(abs(main.legs[0].initialBearing - 10.485197) < 1e-6)
        #expect(abs(main.legs[1].distance - 68_484.099) < 0.001)
        #expect(abs(main.legs[1].initialBearing - 126.731327) < 1e-6)
        // The path: 236 km at 20 km at most → 12 segments, 13 points, the stops at its ends.
        #expect(main.legs[0].path.count == 13)
        #expect(main.legs[0].path.first == Self.bergen && main.legs[0].path.last == Self.alesund)

        // The drive connects Bergen and Ålesund (1 km off each). GeographicLib 2.1: Direct
        // (60.3913, 5.3221, 0°, 1000 m) and (62.4723, 6.1549, 180°, 1000 m), then Inverse between
        // them: 234150.857 m; its fixes lie on that geodesic, so their sum is its length. 118
        // minutes of fixes a minute apart, all moving.
        let recorded = try #require(main.legs[0].recorded)
        #expect(recorded.tripLogs == [RecordedTripLog(destinationSlug: "alesund", slug: "bergen-alesund")])
        #expect(abs(recorded.distance - 234_150.857) < 1, "\(recorded.distance)")
        let fixCount = fixes.count
        #expect(recorded.drivingTime == Double(fixCount - 1) * 60)
        #expect(recorded.arrival == fixes.last?.timestamp)
        #expect(main.legs[1].recorded == nil)

        #expect(abs(main.totals.plannedDistance - (236_114.755 + 68_484.099)) < 0.01)
        #expect(abs((main.totals.drivenDistance ?? 0) - 234_150.857) < 1)
        #expect(main.totals.recordedLegs == 1)
        #expect(main.totals.days == 6)
        #expect(main.totals.nights == 5)
        #expect(main.totals.countries == ["Norway"])
        let highest = try #require(main.totals.highestPoint)
        #expect(highest.altitude == 1_234)
        #expect(highest.coordinate == fixes[fixCount / 2].coordinate)

        // The named trip: one stop, no leg, no dates.
        let northCape = itineraries[1]
        #expect(northCape.stops.map(\.slug) == ["nordkapp"])
        #expect(northCape.legs.isEmpty && northCape.totals.days == nil && northCape.totals.plannedDistance == 0)
    }

    /// A drive that ends 60 km short of the second stop (more than the 50 km cap) is not the leg's.
    @Test func aDriveEndingElsewhereIsNotTheLeg() {
        let points = Geodesic.path(
            from: Self.bergen, to: Geodesic.direct(from: Self.alesund, azimuth: 190, distance: 60_000), spacing: 5_000)
        let log = TripLog(
            slug: "short", sourcePath: "x.gpx", format: .gpx,
            locations: points.map { LocationSample(coordinate: $0, horizontalAccuracy: 5) })
        let processed = ProcessedTripLog(log: log, settings: FilterSettings.preset(named: "default")!)
        let trips = [
            Self.trip("bergen", Self.bergen, order: 1),
            Self.trip("alesund", Self.alesund, order: 2, recordings: [processed]),
        ]
        let main = ItineraryPlanner.itineraries(of: trips, timeZone: .gmt).itineraries[0]
        #expect(main.legs[0].recorded == nil)
    }

    /// A loop around one stop is no drive: stops B and C at one place and D 2.5 km north; a 2-km
    /// circle around C starts and ends within 5 km of all three, but nearer to C than to D and no
    /// nearer to B than to C, so neither B → C nor C → D is recorded. A log makes one leg's drive
    /// at most.
    @Test func aLoopIsNoDriveAndALogMakesOneLegAtMost() {
        let c = Self.bergen
        let d = Geodesic.direct(from: c, azimuth: 0, distance: 2_500)
        let circle = (0...36).map { Geodesic.direct(from: c, azimuth: Double($0) * 10, distance: 2_000) }
        func processed(_ slug: String, _ points: [Coordinate]) -> ProcessedTripLog {
            let begin = Date(timeIntervalSince1970: 1_749_888_000)
            let log = TripLog(
                slug: slug, sourcePath: slug + ".gpx", format: .gpx,
                locations: points.enumerated().map { index, coordinate in
                    LocationSample(timestamp: begin.addingTimeInterval(Double(index) * 30), coordinate: coordinate, horizontalAccuracy: 5)
                })
            return ProcessedTripLog(log: log, settings: FilterSettings.preset(named: "default")!)
        }
        let loop = [
            Self.trip("b", c, order: 1), Self.trip("c", c, order: 2, recordings: [processed("loop", circle)]),
            Self.trip("d", d, order: 3),
        ]
        let looped = ItineraryPlanner.itineraries(of: loop, timeZone: .gmt).itineraries[0]
        #expect(looped.legs.map { $0.recorded == nil } == [true, true])
        #expect(looped.totals.recordedLegs == 0 && looped.totals.drivenDistance == nil)

        // A, B, C 3 km apart on a meridian; one log at B drives A → C. It connects A → B (it ends
        // 3 km from B, within 5 km and nearer B than A) and would connect B → C too (it starts 3 km
        // from B, nearer B than C): it is A → B's drive alone.
        let b3 = Geodesic.direct(from: c, azimuth: 0, distance: 3_000), c6 = Geodesic.direct(from: c, azimuth: 0, distance: 6_000)
        let drive = processed("drive", Geodesic.path(from: c, to: c6, spacing: 200))
        let once = [
            Self.trip("a", c, order: 1), Self.trip("b", b3, order: 2, recordings: [drive]), Self.trip("c", c6, order: 3),
        ]
        let itinerary = ItineraryPlanner.itineraries(of: once, timeZone: .gmt).itineraries[0]
        #expect(itinerary.legs.map { $0.recorded?.tripLogs.map(\.slug) } == [["drive"], nil])
        #expect(itinerary.totals.recordedLegs == 1)
    }

    /// Stays that contradict each other are problems of the later destination.
    @Test func overlapsAndBackwardDates() {
        let trips = [
            Self.trip("bergen", Self.bergen, order: 1, stay: Stay(arrival: Self.date("2025-06-14"), departure: Self.date("2025-06-17"))),
            Self.trip("alesund", Self.alesund, order: 2, stay: Stay(
                arrival: Self.date("2025-06-16"), arrivalLocation: SourceLocation(path: "Destinations/alesund/index.md", line: 6, column: 7))),
            Self.trip("geiranger", Self.geiranger, order: 3, stay: Stay(arrival: Self.date("2025-06-10"))),
        ]
        let problems = ItineraryPlanner.itineraries(of: trips, timeZone: .gmt).problems
        #expect(problems == [
            ItineraryProblem(
                destinationIndex: 1, message: "arrives on 2025-06-16, before the stay at Bergen ends (2025-06-17): the two stays overlap",
                location: SourceLocation(path: "Destinations/alesund/index.md", line: 6, column: 7)),
            ItineraryProblem(
                destinationIndex: 2, message: "arrives on 2025-06-10, before the previous stop of the trip, Alesund, on 2025-06-16: its order and its date disagree",
                location: SourceLocation(path: "Destinations/geiranger/index.md")),
        ])
        // Leaving at 09:00 and arriving at 15:00 on one day is no overlap; leaving at 16:00 is.
        let sameDay = [
            Self.trip("bergen", Self.bergen, order: 1, stay: Stay(arrival: Self.date("2025-06-14"), departure: Self.date("2025-06-16T09:00"))),
            Self.trip("alesund", Self.alesund, order: 2, stay: Stay(arrival: Self.date("2025-06-16T15:00"))),
        ]
        #expect(ItineraryPlanner.itineraries(of: sameDay, timeZone: .gmt).problems.isEmpty)
        let late = [
            Self.trip("bergen", Self.bergen, order: 1, stay: Stay(arrival: Self.date("2025-06-14"), departure: Self.date("2025-06-16T16:00"))),
            Self.trip("alesund", Self.alesund, order: 2, stay: Stay(arrival: Self.date("2025-06-16T15:00"))),
        ]
        #expect(ItineraryPlanner.itineraries(of: late, timeZone: .gmt).problems.count == 1)
    }

    /// Stops in their own zones: an arrival written with an offset is on the stop's own day
    /// (23:30 at −05:00 on March 31 is 06:30 on April 1 in Stockholm, +02:00), so one night to
    /// April 2; two day-only arrivals on one day in Oslo and Tokyo are in order; a departure
    /// inferred from the next stop's arrival in another zone is that moment (15:00 in Oslo, +01:00
    /// on October 27, is 16:00 in Helsinki); 02:30 on 2025-03-30 does not exist in Oslo (its clocks
    /// go from 02:00 to 03:00) and is a problem.
    @Test func stopsInTheirOwnZones() throws {
        let stockholm = Self.trip(
            "stockholm", Coordinate(latitude: 59.33, longitude: 18.07), order: 1,
            stay: Stay(arrival: Self.date("2025-03-31T23:30:00-05:00"), departure: nil), timeZone: "Europe/Stockholm")
        let early = ItineraryPlanner.itineraries(of: [stockholm], timeZone: .gmt).itineraries[0].stops[0]
        #expect(early.arrivalDay == CalendarDate(year: 2025, month: 4, day: 1).dayNumber)
        #expect(early.firstDay == 1 && early.lastDay == 1 && early.nights == 0)
        // nights: 1 counts from that day: the stay ends on April 2, one night.
        let oneNight = Self.trip(
            "stockholm", Coordinate(latitude: 59.33, longitude: 18.07), order: 1,
            stay: Stay(arrival: Self.date("2025-03-31T23:30:00-05:00"), departure: Self.date("2025-04-01"), nightsGiven: 1),
            timeZone: "Europe/Stockholm")
        let counted = ItineraryPlanner.itineraries(of: [oneNight], timeZone: .gmt).itineraries[0].stops[0]
        #expect(counted.nights == 1 && counted.departure == CalendarDate(year: 2025, month: 4, day: 2))

        let sameDay = [
            Self.trip("oslo", Coordinate(latitude: 59.91, longitude: 10.75), order: 1, stay: Stay(arrival: Self.date("2025-06-01"))),
            Self.trip("tokyo", Coordinate(latitude: 35.68, longitude: 139.69), order: 2,
                      stay: Stay(arrival: Self.date("2025-06-01")), timeZone: "Asia/Tokyo"),
        ]
        #expect(ItineraryPlanner.itineraries(of: sameDay, timeZone: .gmt).problems.isEmpty)

        let inferred = [
            Self.trip("helsinki", Coordinate(latitude: 60.17, longitude: 24.94), order: 1,
                      stay: Stay(arrival: Self.date("2025-10-25")), timeZone: "Europe/Helsinki"),
            Self.trip("oslo", Coordinate(latitude: 59.91, longitude: 10.75), order: 2, stay: Stay(arrival: Self.date("2025-10-27T15:00"))),
        ]
        let helsinki = ItineraryPlanner.itineraries(of: inferred, timeZone: .gmt).itineraries[0].stops[0]
        let departure = try #require(helsinki.departure)
        // 15:00 +01:00 is 14:00 UTC: 1,761,573,600 s (2025-10-27 is day 20,388; 20,388 × 86,400 + 50,400).
        #expect(departure.instant(in: TimeZone(identifier: "Europe/Helsinki")!) == Date(timeIntervalSince1970: 1_761_573_600))
        #expect(helsinki.nights == 2)

        let gap = ItineraryPlanner.itineraries(of: [
            Self.trip("oslo", Coordinate(latitude: 59.91, longitude: 10.75), order: 1, stay: Stay(arrival: Self.date("2025-03-30T02:30"))),
        ], timeZone: .gmt).problems
        #expect(gap.map(\.message) == [
            "2025-03-30T02:30 is not a time in Europe/Oslo (its clocks skip it for daylight saving time): it is read as 2025-03-30 03:30",
        ])
    }

    /// GeographicLib 2.1: (−16.8, −179.97) → (−16.0, 179.5) is 105,084.199 m at azimuth
    /// −32.673614° (327.326386° clockwise from north); the path crosses 180° and keeps
    /// longitudes in −180…180.
    @Test func aLegAcrossTheAntimeridian() {
        let trips = [
            Self.trip("taveuni", Coordinate(latitude: -16.8, longitude: -179.97), order: 1),
            Self.trip("vanua-levu", Coordinate(latitude: -16.0, longitude: 179.5), order: 2),
        ]
        let leg = ItineraryPlanner.itineraries(of: trips, timeZone: .gmt).itineraries[0].legs[0]
        #expect(abs(leg.distance - 105_084.199) < 0.001)
        #expect(abs(leg.initialBearing - 327.326386) < 1e-6)
        #expect(leg.path.allSatisfy { (-180...180).contains($0.longitude) })
        #expect(leg.path.contains { $0.longitude < 0 } && leg.path.contains { $0.longitude > 0 })
    }
}
