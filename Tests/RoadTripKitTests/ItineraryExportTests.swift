import Foundation
import Testing
import TestTools
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripCompute
@testable import RoadTripRender

/// The itinerary's exports: iCalendar text (RFC 5545) and its time zones, the GPX 1.1 route, the
/// GeoJSON of stops and legs, and the stop line the pages and exports share.
@Suite struct ItineraryExportTests {
    typealias Planner = ItineraryPlannerTests

    /// The main trip of `ItineraryPlannerTests.aPlannedTrip`: Bergen June 14–16, Ålesund 16–18
    /// (its departure inferred), Geiranger from the 18th to the 19th at 10:00.
    static func plannedTrip() -> (itinerary: Itinerary, trips: [Trip]) {
        let trips = [
            Planner.trip("bergen", Planner.bergen, order: 1, stay: Stay(arrival: Planner.date("2025-06-14"), departure: Planner.date("2025-06-16"))),
            Planner.trip("alesund", Planner.alesund, order: 2, stay: Stay(arrival: Planner.date("2025-06-16"))),
            Planner.trip("geiranger", Planner.geiranger, order: 3, stay: Stay(arrival: Planner.date("2025-06-18"), departure: Planner.date("2025-06-19T10:00"))),
        ]
        return (ItineraryPlanner.itineraries(of: trips, timeZone: .gmt).itineraries[0], trips)
    }

    /// RFC 5545 §3.3.11: backslash, semicolon and comma escaped, a line break written `\n`
    /// (CRLF counts once), other control characters dropped, HTAB kept.
    @Test func textValuesAreEscaped() {
        #expect(ICalendarWriter.escapedText("a,b;c\\d\ne\r\nf\u{7}g\th") == "a\\,b\\;c\\\\d\\ne\\nfg\th")
        // A lone CR is a line break too; CR CR LF two; DEL and U+0000 dropped; "ø" and a C1
        // control (U+0085, not CONTROL in RFC 5545's ABNF) kept as they are.
        #expect(ICalendarWriter.escapedText("a\rb\r\r\nc\u{7F}\u{0}ø\u{85}") == "a\\nb\\n\\ncø\u{85}")
    }

    /// §3.1: no physical line longer than 75 octets, a fold is CRLF and one space, and unfolding
    /// (removing every CRLF + space) gives the logical line back; a two-octet "å" straddling the
    /// limit moves whole to the next line.
    @Test func longLinesAreFoldedWithoutSplittingCharacters() throws {
        var writer = ICalendarWriter()
        // "SUMMARY:" is 8 octets; 66 ASCII letters make 74, so "å" (2 octets) would end at 76.
        let summary = String(repeating: "x", count: 66) + "å" + String(repeating: "ø", count: 60)
        writer.text("SUMMARY", summary)
        let text = writer.text
        #expect(text.hasSuffix("\r\n"))
        let lines = text.dropLast(2).components(separatedBy: "\r\n")
        #expect(lines.count > 2)
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(lines[0] == "SUMMARY:" + String(repeating: "x", count: 66))
        #expect(lines[1].hasPrefix(" å"))
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(text.replacingOccurrences(of: "\r\n ", with: "") == "SUMMARY:" + summary + "\r\n")

        // A four-octet "🚗" after 65 letters (8 + 65 = 73 octets) would end at 77: it moves whole.
        var cars = ICalendarWriter()
        cars.text("SUMMARY", String(repeating: "x", count: 65) + "🚗🚗")
        let carLines = cars.text.components(separatedBy: "\r\n")
        #expect(carLines == ["SUMMARY:" + String(repeating: "x", count: 65), " 🚗🚗", ""])
    }

    /// UTC-OFFSET (§3.3.14) and DATE-TIME (§3.3.5) values by hand: 5 h 30 min east is +0530,
    /// 3 h 30 min west −0330, zero +0000 (never −0000); second −1 of 1970 is 1969-12-31 23:59:59.
    @Test func offsetsAndDateTimes() {
        #expect(ICalendarWriter.utcOffset(19_800) == "+0530")
        #expect(ICalendarWriter.utcOffset(-12_600) == "-0330")
        #expect(ICalendarWriter.utcOffset(0) == "+0000")
        #expect(ICalendarWriter.utcOffset(-75) == "-000115")
        #expect(ICalendarWriter.dateTime(wallClockSeconds: 0, isUTC: true) == "19700101T000000Z")
        #expect(ICalendarWriter.dateTime(wallClockSeconds: -1, isUTC: false) == "19691231T235959")
        // 2025-06-18: day 20,257 since 1970 (Hinnant's days_from_civil); + 10:00.
        #expect(ICalendarWriter.dateTime(wallClockSeconds: 20_257 * 86_400 + 36_000, isUTC: false) == "20250618T100000")
        #expect(ICalendarWriter.date(CalendarDate(year: 2025, month: 6, day: 9)) == "20250609")
    }

    /// Europe/Oslo in June 2026, by the EU rule in tzdata (summer time from the last Sunday of March,
    /// 01:00 UTC, to the last Sunday of October): the observance in force is summer time, begun
    /// 2026-03-29 at 02:00 local (+0100 → +0200); no change falls in the span. A zone without
    /// changes (Asia/Kolkata, +05:30 since 1945) is one STANDARD observance from 1970.
    @Test func timeZonesFromTheSystemDatabase() throws {
        var writer = ICalendarWriter()
        let june14 = Date(timeIntervalSince1970: 1_781_395_200)  // 2026-06-14T00:00:00Z
        writer.timeZone(try #require(TimeZone(identifier: "Europe/Oslo")), from: june14, to: june14.addingTimeInterval(5 * 86_400))
        #expect(writer.text == [
            "BEGIN:VTIMEZONE", "TZID:Europe/Oslo",
            "BEGIN:DAYLIGHT", "DTSTART:20260329T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "END:DAYLIGHT",
            "END:VTIMEZONE", "",
        ].joined(separator: "\r\n"))

        var autumn = ICalendarWriter()
        // 2026-10-20 to 2026-11-02: the change back on Sunday October 25 at 03:00 local (01:00 UTC).
        let october20 = Date(timeIntervalSince1970: 1_792_454_400)
        autumn.timeZone(try #require(TimeZone(identifier: "Europe/Oslo")), from: october20, to: october20.addingTimeInterval(13 * 86_400))
        #expect(autumn.text.contains("BEGIN:STANDARD\r\nDTSTART:20261025T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nEND:STANDARD"))
        #expect(autumn.text.contains("BEGIN:DAYLIGHT\r\nDTSTART:20260329T020000"))

        var fixed = ICalendarWriter()
        fixed.timeZone(try #require(TimeZone(identifier: "Asia/Kolkata")), from: june14, to: june14)
        #expect(fixed.text.contains("BEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+0530\r\nTZOFFSETTO:+0530\r\nEND:STANDARD"))
    }

    /// One event per dated stop: all-day stays end the day after the departure (DTEND is
    /// exclusive), a stay with a time is timed in the stop's zone (the placemark's Europe/Oslo)
    /// with its VTIMEZONE; UID, DTSTAMP (the arrival day, not the clock), GEO, and URL only with an
    /// absolute page URL.
    @Test func aCalendarOfTheStops() throws {
        let (itinerary, _) = Self.plannedTrip()
        let text = try #require(ItineraryCalendar.document(
            itinerary, name: "Norway", siteZone: .gmt, pageURL: { "https://example.org/trip/" + $0.slug + "/" },
            uidDomain: "example.org"))
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        let lines = unfolded.components(separatedBy: "\r\n")
        #expect(lines.first == "BEGIN:VCALENDAR" && lines.dropLast().last == "END:VCALENDAR" && lines.last == "")
        #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == 3)
        #expect(lines.contains("X-WR-CALNAME:Norway"))
        func event(_ slug: String) -> [String] {
            let start = lines.firstIndex(of: "UID:\(slug)@example.org")!
            return Array(lines[start..<lines[start...].firstIndex(of: "END:VEVENT")!])
        }
        #expect(event("bergen").contains("DTSTART;VALUE=DATE:20250614"))
        #expect(event("bergen").contains("DTEND;VALUE=DATE:20250617"))
        #expect(event("bergen").contains("DTSTAMP:20250614T000000Z"))
        #expect(event("bergen").contains("GEO:60.3913;5.3221"))
        #expect(event("bergen").contains("URL:https://example.org/trip/bergen/"))
        #expect(event("bergen").contains("SUMMARY:Bergen"))
        #expect(event("bergen").contains("DESCRIPTION:Days 1–3 of 6 · next: Alesund\\, 236 km"))
        #expect(event("alesund").contains("DTEND;VALUE=DATE:20250619"))
        // Geiranger leaves at 10:00: a timed event from the arrival's midnight, in Oslo's zone.
        #expect(event("geiranger").contains("DTSTART;TZID=Europe/Oslo:20250618T000000"))
        #expect(event("geiranger").contains("DTEND;TZID=Europe/Oslo:20250619T100000"))
        #expect(lines.contains("TZID:Europe/Oslo"))
        #expect(lines.contains("DTSTART:20250330T020000"))

        let local = try #require(ItineraryCalendar.document(
            itinerary, name: "Norway", siteZone: .gmt, pageURL: { _ in nil }, uidDomain: "roadtrip.invalid"))
        #expect(!local.contains("URL:"))
        var undated = itinerary
        for index in undated.stops.indices { undated.stops[index].arrival = nil }
        #expect(ItineraryCalendar.document(undated, name: "x", siteZone: .gmt, pageURL: { _ in nil }, uidDomain: "x") == nil)
    }

    /// An arrival written with an offset is shown on the stop's own clock: 13:00Z is 15:00 in
    /// Oslo in June (+02:00).
    @Test func anArrivalWithAnOffsetInTheStopsZone() throws {
        var (itinerary, _) = Self.plannedTrip()
        itinerary.stops[0].arrival = Planner.date("2025-06-14T13:00:00Z")
        let text = try #require(ItineraryCalendar.document(
            itinerary, name: "Norway", siteZone: .gmt, pageURL: { _ in nil }, uidDomain: "x"))
        #expect(text.contains("DTSTART;TZID=Europe/Oslo:20250614T150000\r\n"))
        #expect(text.contains("DTEND;TZID=Europe/Oslo:20250617T000000\r\n"))
    }

    /// "Days 3–5 of 6 · 236 km from Bergen · next: Geiranger, 68 km" (GeographicLib: 236,114.755 m
    /// and 68,484.099 m); without dates "Stop 2 of 3"; under 10 km one decimal.
    @Test func theStopLine() {
        var (itinerary, _) = Self.plannedTrip()
        #expect(ItineraryText.stopLine(itinerary, stopAt: 1) == "Days 3–5 of 6 · 236 km from Bergen · next: Geiranger, 68 km")
        #expect(ItineraryText.stopLine(itinerary, stopAt: 2) == "Days 5–6 of 6 · 68 km from Alesund")
        for index in itinerary.stops.indices {
            itinerary.stops[index].firstDay = nil
            itinerary.stops[index].lastDay = nil
        }
        itinerary.totals.days = nil
        #expect(ItineraryText.stopLine(itinerary, stopAt: 1).hasPrefix("Stop 2 of 3 · "))
        #expect(ItineraryText.shortDistance(4_249) == "4.2 km")
        #expect(ItineraryText.shortDistance(1_335_600) == "1,336 km")
        #expect(ItineraryText.title(of: Itinerary(name: "north-cape", stops: [], legs: [], totals: itinerary.totals), siteTitle: "x")
            == "North Cape")
    }

    /// The GPX route: a `rtept` per stop, the POIs as `wpt`, valid against the GPX 1.1 schema
    /// (xmllint; skipped without it, failed without it under CI).
    @Test(.requires(.xmllint)) func aGPXRouteValidAgainstTheSchema() throws {
        let (itinerary, _) = Self.plannedTrip()
        let pointsOfInterest = [
            PointOfInterest(title: "Bryggen", subtitle: "Hanseatic wharf", coordinate: Coordinate(latitude: 60.3975, longitude: 5.3244), category: "heritage"),
        ]
        let text = ItineraryGPX.document(
            itinerary, name: "Norway & <more>", pointsOfInterest: { $0.slug == "bergen" ? pointsOfInterest : [] },
            pageURL: { "https://example.org/" + $0.slug + "/" }, siteURL: "https://example.org/")
        #expect(text.components(separatedBy: "<rtept ").count - 1 == 3)
        #expect(text.components(separatedBy: "<wpt ").count - 1 == 1)
        #expect(text.contains("<name>Norway &amp; &lt;more&gt;</name>"))
        #expect(text.contains(#"<rtept lat="62.4723" lon="6.1549">"#))
        #expect(text.contains("<type>heritage</type>"))
        #expect(text.contains(#"<link href="https://example.org/alesund/"/>"#))
        let (status, message) = try GPXWriterTests.schemaCheck(text)
        #expect(status == 0, "\(message)")
    }

    /// The GeoJSON of a leg across the antimeridian (GeographicLib 2.1: (−16.8, −179.97) →
    /// (−16.0, 179.5) is 105,084.199 m at 327.326386°): two Points, the leg a MultiLineString cut
    /// at ±180°, a bbox whose west (179.5) is east of its east (−179.97).
    @Test func theGeoJSONOfALegAcrossTheAntimeridian() throws {
        let trips = [
            Planner.trip("taveuni", Coordinate(latitude: -16.8, longitude: -179.97), order: 1),
            Planner.trip("vanua-levu", Coordinate(latitude: -16.0, longitude: 179.5), order: 2),
        ]
        let itinerary = ItineraryPlanner.itineraries(of: trips, timeZone: .gmt).itineraries[0]
        let text = GeoJSON.itinerary(itinerary) { $0.slug + "/index.html" }
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let features = try #require(document["features"] as? [[String: Any]])
        #expect(features.count == 3)
        let bbox = try #require(document["bbox"] as? [Double])
        #expect(bbox[0] == 179.5 && bbox[2] == -179.97 && bbox[1] == -16.8)
        let stop = try #require(features[0]["properties"] as? [String: Any])
        #expect(stop["kind"] as? String == "stop" && stop["number"] as? Int == 1 && stop["marker-symbol"] as? String == "1")
        #expect(stop["url"] as? String == "taveuni/index.html")
        let leg = features[2]
        let geometry = try #require(leg["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "MultiLineString")
        let lines = try #require(geometry["coordinates"] as? [[[Double]]])
        #expect(lines.count == 2)
        #expect(lines[0].last?[0] == -180 && lines[1].first?[0] == 180)
        let properties = try #require(leg["properties"] as? [String: Any])
        #expect(properties["distance"] as? Double == 105_084.2)
        #expect(abs((properties["initialBearing"] as? Double ?? 0) - 327.326386) < 1e-6)
        #expect(properties["from"] as? Int == 1 && properties["to"] as? Int == 2)
    }

    /// A leg over the North Pole — (80°, 10°) to (80°, −170°), due north then due south,
    /// 2,233,651.715 m (GeographicLib 2.1) — covers every longitude up there: bbox
    /// [−180, 80, 180, 90] (RFC 7946 §5.3), where the short way round would give a sliver.
    @Test func aLegOverAPoleCoversEveryLongitude() throws {
        let trips = [
            Planner.trip("svalbard", Coordinate(latitude: 80, longitude: 10), order: 1),
            Planner.trip("franz-josef", Coordinate(latitude: 80, longitude: -170), order: 2),
        ]
        let itinerary = ItineraryPlanner.itineraries(of: trips, timeZone: .gmt).itineraries[0]
        #expect(abs(itinerary.legs[0].distance - 2_233_651.715) < 0.001)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(GeoJSON.itinerary(itinerary) { $0.slug }.utf8)) as? [String: Any])
        #expect(document["bbox"] as? [Double] == [-180, 80, 180, 90])
    }
}
