import Foundation
import Testing
@testable import RoadTripCore
@testable import RoadTripCompute
@testable import RoadTripRender

/// `ContentDigest` keys the stored build's site-wide files (`SiteFileGroup`) field by field: a
/// field it leaves out is a page kept with old bytes. For each model type it encodes, every stored
/// field (as `Mirror` lists them, so a field added later fails the first expectation until it is
/// added here and to the digest) changed on its own changes the digest.
@Suite struct ContentDigestTests {
    /// Checks that `mutations` name exactly the stored fields of `base` and that each changes
    /// `digest(base)`.
    func checkEveryField<Value>(
        of base: Value, _ mutations: [String: (inout Value) -> Void], digest: (Value) -> String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let fields = Set(Mirror(reflecting: base).children.compactMap(\.label))
        #expect(Set(mutations.keys) == fields, "fields of \(Value.self) not checked here", sourceLocation: sourceLocation)
        let original = digest(base)
        for (field, mutate) in mutations.sorted(by: { $0.key < $1.key }) {
            var changed = base
            mutate(&changed)
            #expect(digest(changed) != original, "\(Value.self).\(field) is not in the digest", sourceLocation: sourceLocation)
        }
    }

    static let bergen = Coordinate(latitude: 60.3913, longitude: 5.3221)
    static let oslo = Coordinate(latitude: 59.9139, longitude: 10.7522)
    static let log = RecordedTripLog(destinationSlug: "bergen", slug: "drive")

    static let itinerary = Itinerary(
        name: "coast", writtenName: "Coast",
        stops: [
            ItineraryStop(
                number: 1, destinationIndex: 0, slug: "bergen", title: "Bergen", coordinate: bergen,
                arrival: CalendarDate(year: 2025, month: 6, day: 1), departure: CalendarDate(year: 2025, month: 6, day: 3),
                isDepartureGiven: true, arrivalDay: 1, departureDay: 3, firstDay: 1, lastDay: 3,
                country: "Norway", timeZone: "Europe/Oslo")
        ],
        legs: [
            ItineraryLeg(
                from: 0, to: 1, distance: 305_000, initialBearing: 101, start: bergen, end: oslo, path: [bergen, oslo],
                recorded: RecordedDrive(tripLogs: [log], distance: 310_000, drivingTime: 25_000, arrival: Date(timeIntervalSince1970: 1e9)))
        ],
        totals: ItineraryTotals(
            plannedDistance: 305_000, drivenDistance: 310_000, recordedLegs: 1, days: 3, nights: 2, countries: ["Norway"],
            highestPoint: ItineraryTotals.HighestPoint(altitude: 1_200, coordinate: bergen, tripLog: log)))

    func digest(_ itinerary: Itinerary) -> String {
        var digest = ContentDigest("itinerary")
        digest.add(itinerary)
        return digest.hex
    }

    @Test func everyFieldOfAnAnnotationIsInItsDigest() {
        var base = Annotation(
            id: "poi-1", coordinate: Self.bergen, title: "Fløyen", subtitle: "Funicular", kind: .pointOfInterest,
            category: "viewpoint", color: "#336699", url: "https://floyen.no")
        base.thumbnail = "photos/a.jpg"
        base.time = "12:00"
        base.label = "1"
        let mutations: [String: (inout Annotation) -> Void] = [
            "id": { $0.id = "poi-2" },
            "coordinate": { $0.coordinate = Self.oslo },
            "title": { $0.title = "Ulriken" },
            "subtitle": { $0.subtitle = "" },
            "kind": { $0.kind = .destination },
            "category": { $0.category = nil },
            "color": { $0.color = "#336698" },
            "url": { $0.url = nil },
            "thumbnail": { $0.thumbnail = "photos/b.jpg" },
            "time": { $0.time = nil },
            "label": { $0.label = "2" },
        ]
        checkEveryField(of: base, mutations) { annotation in
            var digest = ContentDigest("pin")
            digest.add(annotation)
            return digest.hex
        }
    }

    @Test func everyFieldOfAnItineraryIsInItsDigest() {
        let itineraryMutations: [String: (inout Itinerary) -> Void] = [
            "name": { $0.name = nil },
            "writtenName": { $0.writtenName = "coast" },
            "stops": { $0.stops = [] },
            "legs": { $0.legs = [] },
            "totals": { $0.totals.nights = 3 },
        ]
        checkEveryField(of: Self.itinerary, itineraryMutations, digest: digest)
        let stopMutations: [String: (inout ItineraryStop) -> Void] = [
            "number": { $0.number = 2 },
            "destinationIndex": { $0.destinationIndex = 1 },
            "slug": { $0.slug = "bergen-2" },
            "title": { $0.title = "Bergen city" },
            "coordinate": { $0.coordinate = Self.oslo },
            "arrival": { $0.arrival?.day = 2 },
            "departure": { $0.departure = nil },
            "isDepartureGiven": { $0.isDepartureGiven = false },
            "arrivalDay": { $0.arrivalDay = 2 },
            "departureDay": { $0.departureDay = nil },
            "firstDay": { $0.firstDay = 2 },
            "lastDay": { $0.lastDay = 4 },
            "country": { $0.country = "Sweden" },
            "timeZone": { $0.timeZone = "Europe/Stockholm" },
        ]
        checkEveryField(of: Self.itinerary.stops[0], stopMutations) { stop in
            var itinerary = Self.itinerary
            itinerary.stops = [stop]
            return digest(itinerary)
        }
        let legMutations: [String: (inout ItineraryLeg) -> Void] = [
            "from": { $0.from = 1 },
            "to": { $0.to = 2 },
            "distance": { $0.distance += 1 },
            "initialBearing": { $0.initialBearing += 1 },
            "start": { $0.start = Self.oslo },
            "end": { $0.end = Self.bergen },
            "path": { $0.path.append(Self.bergen) },
            "recorded": { $0.recorded = nil },
        ]
        checkEveryField(of: Self.itinerary.legs[0], legMutations) { leg in
            var itinerary = Self.itinerary
            itinerary.legs = [leg]
            return digest(itinerary)
        }
        let driveMutations: [String: (inout RecordedDrive) -> Void] = [
            "tripLogs": { $0.tripLogs[0].slug = "drive-2" },
            "distance": { $0.distance += 1 },
            "drivingTime": { $0.drivingTime += 1 },
            "arrival": { $0.arrival = nil },
        ]
        checkEveryField(of: Self.itinerary.legs[0].recorded!, driveMutations) { drive in
            var itinerary = Self.itinerary
            itinerary.legs[0].recorded = drive
            return digest(itinerary)
        }
        let totalsMutations: [String: (inout ItineraryTotals) -> Void] = [
            "plannedDistance": { $0.plannedDistance += 1 },
            "drivenDistance": { $0.drivenDistance = nil },
            "recordedLegs": { $0.recordedLegs = 0 },
            "days": { $0.days = 4 },
            "nights": { $0.nights = 3 },
            "countries": { $0.countries.append("Sweden") },
            "highestPoint": { $0.highestPoint?.tripLog.destinationSlug = "oslo" },
        ]
        checkEveryField(of: Self.itinerary.totals, totalsMutations) { totals in
            var itinerary = Self.itinerary
            itinerary.totals = totals
            return digest(itinerary)
        }
    }

    /// A list of coordinates digests as its count and then each coordinate in turn (laid out at
    /// once, the same bytes), so a path of 0, 1 or 1,000 points keys as it did point by point.
    @Test func aPathDigestsAsItsPointsInTurn() {
        for count in [0, 1, 2, 1_000] {
            let path = (0..<count).map { Coordinate(latitude: 60 + Double($0) * 1e-4, longitude: 5.3 - Double($0) * 2e-4) }
            var bulk = ContentDigest("path")
            bulk.add(path)
            var pointByPoint = ContentDigest("path")
            pointByPoint.add(path.count)
            for coordinate in path { pointByPoint.add(coordinate) }
            #expect(bulk.hex == pointByPoint.hex, "\(count) points")
        }
        var moved = ContentDigest("path"), original = ContentDigest("path")
        moved.add([Self.bergen, Coordinate(latitude: 60.0, longitude: 5.0)])
        original.add([Self.bergen, Coordinate(latitude: 60.0, longitude: 5.0000001)])
        #expect(moved.hex != original.hex)
    }

    @Test func everyFieldOfADateIsInItsDigest() {
        let base = CalendarDate(
            year: 2025, month: 6, day: 1, time: CalendarDate.TimeOfDay(hour: 9, minute: 30, second: 15, fraction: 0.5),
            utcOffset: 7_200)
        let digest = { (date: CalendarDate) -> String in
            var digest = ContentDigest("date")
            digest.add(date)
            return digest.hex
        }
        let dateMutations: [String: (inout CalendarDate) -> Void] = [
            "year": { $0.year = 2026 },
            "month": { $0.month = 7 },
            "day": { $0.day = 2 },
            "time": { $0.time = nil },
            "utcOffset": { $0.utcOffset = nil },
        ]
        checkEveryField(of: base, dateMutations, digest: digest)
        let timeMutations: [String: (inout CalendarDate.TimeOfDay) -> Void] = [
            "hour": { $0.hour = 10 },
            "minute": { $0.minute = 31 },
            "second": { $0.second = 16 },
            "fraction": { $0.fraction = 0.25 },
        ]
        checkEveryField(of: base.time!, timeMutations) { time in
            var date = base
            date.time = time
            return digest(date)
        }
    }
}
