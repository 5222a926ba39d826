import Foundation
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripContent

/// The itinerary's front matter keys (`date` with `nights` or `departure`, `itinerary`, `trip`):
/// what each gives a destination, and the warnings for stays that contradict themselves, at the
/// line of the key concerned.
@Suite struct StayFrontMatterTests {
    /// Loads one destination whose front matter lines (after title and position) are `lines`.
    func load(_ lines: String) throws -> (destination: Destination?, diagnostics: [String]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-stay-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try SiteLoaderTests.write("bergen/index.md", "---\ntitle: Bergen\nlatitude: 60.39\nlongitude: 5.32\n" + lines + "---\n", in: root)
        let log = DiagnosticLog()
        let content = SiteLoader(projectRoot: root, log: log).load(config: SiteConfig(), geocoder: TableGeocoder.testville)
        return (content?.destinations.first, log.diagnostics.map(\.description))
    }

    /// `nights: 2` after 2025-06-14 leaves on the 16th (2 nights: 14→15, 15→16); `departure`
    /// gives the day itself, and its time is kept.
    @Test func nightsAndDepartureGiveTheStay() throws {
        let byNights = try load("date: 2025-06-14\nnights: 2\n")
        #expect(byNights.diagnostics.isEmpty)
        let stay = try #require(byNights.destination?.stay)
        #expect(stay.arrival == CalendarDate(year: 2025, month: 6, day: 14))
        #expect(stay.departure == CalendarDate(year: 2025, month: 6, day: 16))
        #expect(stay.nights == 2)

        // Across a month and a year end: 2024-12-30 + 3 nights = 2025-01-02.
        let acrossYears = try #require(try load("date: 2024-12-30\nnights: 3\n").destination?.stay)
        #expect(acrossYears.departure == CalendarDate(year: 2025, month: 1, day: 2))

        let byDeparture = try load("date: 2025-06-14T15:00\ndeparture: 2025-06-17T09:30\n")
        #expect(byDeparture.diagnostics.isEmpty)
        let timed = try #require(byDeparture.destination?.stay)
        #expect(timed.nights == 3)
        #expect(timed.departure?.time?.hour == 9 && timed.departure?.time?.minute == 30)

        // A date alone: a stay with no known departure (the itinerary ends it at the next stop).
        let open = try #require(try load("date: 2025-06-14\n").destination?.stay)
        #expect(open.departure == nil && open.nights == nil)
        #expect(try load("").destination?.stay == nil)
    }

    /// Contradictions are warnings at the line of the key concerned (line 6 is the first line
    /// after title, latitude and longitude; the fence is line 1).
    @Test func contradictionsAreWarnings() throws {
        let before = try load("date: 2025-06-14\ndeparture: 2025-06-12\n")
        #expect(before.diagnostics == [
            "Destinations/bergen/index.md:6:12: warning: departure '2025-06-12' is before the arrival ('2025-06-14', the date); it is left out",
        ])
        #expect(before.destination?.stay?.departure == nil)

        // The same day, leaving at 08:00 after arriving at 10:00.
        let sameDay = try load("date: 2025-06-14T10:00\ndeparture: 2025-06-14T08:00\nnights: 1\n")
        #expect(sameDay.diagnostics == [
            "Destinations/bergen/index.md:6:12: warning: departure '2025-06-14T08:00' is before the arrival ('2025-06-14T10:00', "
                + "the date); it is left out and the stay ends after its nights",
        ])
        #expect(sameDay.destination?.stay?.departure == CalendarDate(year: 2025, month: 6, day: 15))

        let disagree = try load("date: 2025-06-14\nnights: 2\ndeparture: 2025-06-17\n")
        #expect(disagree.diagnostics == [
            "Destinations/bergen/index.md:6:9: warning: nights: 2 ends the stay on 2025-06-16, departure on 2025-06-17 "
                + "(3 nights after 2025-06-14); the departure is used",
        ])
        #expect(disagree.destination?.stay?.nights == 3)

        let noDate = try load("nights: 2\ndeparture: 2025-06-17\n")
        #expect(noDate.diagnostics == [
            "Destinations/bergen/index.md:5:9: warning: nights needs the arrival as a date (`date: YYYY-MM-DD`) to place the stay; it is left out",
            "Destinations/bergen/index.md:6:12: warning: departure needs the arrival as a date (`date: YYYY-MM-DD`) to place the stay; it is left out",
        ])
        #expect(noDate.destination?.stay == nil)

        let badDeparture = try load("date: 2025-06-14\ndeparture: next week\n")
        #expect(badDeparture.diagnostics == [
            "Destinations/bergen/index.md:6:12: warning: departure 'next week' is not a calendar date (YYYY-MM-DD, optionally with a time); it is left out",
        ])
    }

    /// `nights` must be a whole number of at most a year: anything else is an error, as `order`'s.
    @Test func nightsMustBeAWholeNumber() throws {
        for value in ["-1", "2.5", "two", "400"] {
            let result = try load("date: 2025-06-14\nnights: \(value)\n")
            #expect(result.destination == nil)
            #expect(result.diagnostics.contains { $0.hasPrefix("Destinations/bergen/index.md:6:9: error: nights must be a whole number from 0 to 366, not ") },
                "\(value): \(result.diagnostics)")
        }
        // Beside a date that is no calendar date, nights says which date it could not use.
        let badDate = try load("date: 2025-02-30\nnights: 1\n")
        #expect(badDate.diagnostics.contains(
            "Destinations/bergen/index.md:6:9: warning: nights needs an arrival that is a calendar date (date '2025-02-30' is not one) to place the stay; it is left out"),
            "\(badDate.diagnostics)")
        // A quoted number is text, and the message says so.
        let quoted = try load("date: 2025-06-14\nnights: \"2\"\n")
        #expect(quoted.diagnostics.contains(
            "Destinations/bergen/index.md:6:9: error: nights must be a whole number from 0 to 366, not the text '2'"),
            "\(quoted.diagnostics)")
    }

    /// `itinerary: false` marks a side trip; `trip:` names a trip, as a slug.
    @Test func sideTripsAndNamedTrips() throws {
        let side = try #require(try load("itinerary: false\n").destination)
        #expect(!side.isOnItinerary && side.tripName == nil)
        let named = try #require(try load("trip: \"North Cape\"\n").destination)
        #expect(named.isOnItinerary && named.tripName == "north-cape")
        let unnamed = try load("trip: \"!!\"\n")
        #expect(unnamed.destination?.tripName == nil)
        #expect(unnamed.diagnostics == [
            "Destinations/bergen/index.md:5:7: warning: trip '!!' has no letter or digit to name a trip with; the destination stays on the site's main trip",
        ])
    }
}
