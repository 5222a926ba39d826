import Foundation
import RoadTripCore
import RoadTripFormats
import RoadTripCompute

/// An itinerary as a calendar (`itinerary.ics`, RFC 5545), for import into any calendar: one
/// `VEVENT` per stop with an arrival date.
///
/// - A stop whose arrival and departure are days alone is an all-day event from the arrival's day
///   through the departure's day, both included (the day one leaves a place is spent partly
///   there): `DTSTART;VALUE=DATE` is the arrival's day and `DTEND;VALUE=DATE`, which RFC 5545
///   §3.6.1 makes exclusive, the day after the departure's.
/// - A stop with a time on either end is a timed event in the stop's own time zone
///   (`ItineraryStop.timeZone`, else the site's): `DTSTART;TZID=Europe/Oslo:20260614T150000`, a
///   missing start time being the day's start and a missing end time the end of the departure's
///   day, with one `VTIMEZONE` per zone used (`ICalendarWriter.timeZone(_:from:to:)`).
/// - `SUMMARY` is the stop's title, `DESCRIPTION` its line (`ItineraryText.stopLine`), `GEO` its
///   coordinate (degrees, 6 decimals, §3.8.1.6), `LOCATION` the title and country, `URL` its page
///   when the site has a `baseURL` (the property must be an absolute URI).
/// - `UID` is `<slug>@<domain>`, stable across builds, and `DTSTAMP` (required, and "the date and
///   time that the instance of the iCalendar object was created") is the arrival's day at
///   00:00 UTC rather than the build's clock, so that a build's output depends on its sources only.
public enum ItineraryCalendar {
    /// The calendar's text (CRLF line ends, folded at 75 octets), or `nil` when no stop has an
    /// arrival date (RFC 5545 §3.4: a calendar holds at least one component).
    /// - Parameters:
    ///   - itinerary: the trip.
    ///   - name: the calendar's name (`NAME`, RFC 7986 §5.1, and the widely read `X-WR-CALNAME`).
    ///   - siteZone: the zone of a stop whose own zone is unknown (site.yaml `timeZone`).
    ///   - pageURL: a stop's page as an absolute URL, or `nil` (no `baseURL`).
    ///   - uidDomain: the right-hand side of every `UID` (the site's host).
    public static func document(
        _ itinerary: Itinerary, name: String, siteZone: TimeZone, pageURL: (ItineraryStop) -> String?, uidDomain: String
    ) -> String? {
        let events = itinerary.stops.indices.compactMap { index in
            event(itinerary.stops[index], line: ItineraryText.stopLine(itinerary, stopAt: index), siteZone: siteZone)
        }
        guard !events.isEmpty else { return nil }
        var writer = ICalendarWriter()
        writer.begin("VCALENDAR")
        writer.property("VERSION", value: "2.0")
        writer.text("PRODID", "-//roadtrip//roadtrip \(RoadTripVersion.current)//EN")
        writer.property("CALSCALE", value: "GREGORIAN")
        writer.property("METHOD", value: "PUBLISH")
        writer.text("NAME", name)
        writer.text("X-WR-CALNAME", name)
        var zoneSpans: [String: (zone: TimeZone, start: Date, end: Date)] = [:]
        for event in events {
            guard case .timed(let start, let end, let zone) = event.times else { continue }
            let span = zoneSpans[zone.identifier]
            zoneSpans[zone.identifier] = (zone, min(span?.start ?? start, start), max(span?.end ?? end, end))
        }
        for identifier in zoneSpans.keys.sorted() {
            let span = zoneSpans[identifier]!
            writer.timeZone(span.zone, from: span.start, to: span.end)
        }
        for event in events {
            writer.begin("VEVENT")
            writer.text("UID", event.stop.slug + "@" + uidDomain)
            writer.property(
                "DTSTAMP", value: ICalendarWriter.dateTime(wallClockSeconds: event.arrivalDay * 86_400, isUTC: true))
            switch event.times {
            case .allDay(let first, let dayAfterLast):
                writer.property("DTSTART", parameters: [("VALUE", "DATE")], value: ICalendarWriter.date(first))
                writer.property("DTEND", parameters: [("VALUE", "DATE")], value: ICalendarWriter.date(dayAfterLast))
            case .timed(let start, let end, let zone):
                for (property, instant) in [("DTSTART", start), ("DTEND", end)] {
                    let wallClock = Int(instant.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: instant)
                    writer.property(
                        property, parameters: [("TZID", zone.identifier)],
                        value: ICalendarWriter.dateTime(wallClockSeconds: wallClock, isUTC: false))
                }
            }
            writer.text("SUMMARY", event.stop.title)
            writer.text("DESCRIPTION", event.line)
            writer.text("LOCATION", event.stop.title + (event.stop.country.map { ", " + $0 } ?? ""))
            writer.property(
                "GEO",
                value: DecimalText.string(event.stop.coordinate.latitude, maximumFractionDigits: 6) + ";"
                    + DecimalText.string(event.stop.coordinate.longitude, maximumFractionDigits: 6))
            if let url = pageURL(event.stop) { writer.property("URL", value: url) }
            writer.end("VEVENT")
        }
        writer.end("VCALENDAR")
        return writer.text
    }

    /// When an event is: whole days (first day, and the day after the last), or two instants read
    /// in one zone.
    enum Times {
        case allDay(first: CalendarDate, dayAfterLast: CalendarDate)
        case timed(start: Date, end: Date, zone: TimeZone)
    }

    /// A stop's event: the stop, its line, its arrival's day number and its times; `nil` without
    /// an arrival.
    struct Event {
        var stop: ItineraryStop
        var line: String
        var arrivalDay: Int
        var times: Times
    }

    static func event(_ stop: ItineraryStop, line: String, siteZone: TimeZone) -> Event? {
        guard let arrival = stop.arrival else { return nil }
        var departure = stop.departure ?? arrival
        if departure.dayNumber < arrival.dayNumber { departure = arrival.addingDays(0) }
        let times: Times
        if arrival.time == nil && departure.time == nil {
            times = .allDay(first: arrival, dayAfterLast: departure.addingDays(1))
        } else {
            let zone = stop.zone(default: siteZone)
            let start = arrival.instant(in: zone)
            var end = departure.time == nil ? departure.addingDays(1).instant(in: zone) : departure.instant(in: zone)
            if end <= start { end = arrival.addingDays(1).instant(in: zone) }
            times = .timed(start: start, end: end, zone: zone)
        }
        return Event(stop: stop, line: line, arrivalDay: arrival.dayNumber, times: times)
    }
}
