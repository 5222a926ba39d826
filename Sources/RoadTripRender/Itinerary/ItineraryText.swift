import Foundation
import RoadTripCore
import RoadTripFormats
import RoadTripCompute

/// An itinerary as text: the table `roadtrip itinerary` prints, and its JSON (`--json`, SI units).
public enum ItineraryText {
    /// The trip's heading: "Main trip" or "Trip north-cape".
    public static func heading(_ itinerary: Itinerary) -> String {
        itinerary.name.map { "Trip " + $0 } ?? "Main trip"
    }

    /// "3 stops · 6 days · 5 nights · 304.6 km (189.3 mi) planned · 234.2 km (145.5 mi) driven on 1
    /// of 2 legs": what the totals give, each part only when known.
    public static func summary(_ itinerary: Itinerary) -> String {
        let totals = itinerary.totals
        var parts = [CountText.counted(itinerary.stops.count, "stop")]
        if let days = totals.days { parts.append(CountText.counted(days, "day")) }
        if totals.days != nil { parts.append(CountText.counted(totals.nights, "night")) }
        if !itinerary.legs.isEmpty { parts.append(TripStatisticsText.distance(totals.plannedDistance) + " planned") }
        if let driven = totals.drivenDistance {
            parts.append(TripStatisticsText.distance(driven) + " driven on \(totals.recordedLegs) of "
                + CountText.counted(itinerary.legs.count, "leg"))
        }
        return parts.joined(separator: " · ")
    }

    /// A named trip's title: its name as its first stop writes it (`trip: North Cape`), or, when
    /// that is written as a slug (`trip: north-cape`), the slug's words capitalised as Hugo titles
    /// a taxonomy term ("North Cape"); the main trip's is `siteTitle`. Names that make one slug
    /// (`North Cape`, `north-cape`) are one trip.
    public static func title(of itinerary: Itinerary, siteTitle: String) -> String {
        guard let name = itinerary.name else { return siteTitle }
        if let written = itinerary.writtenName, written != name { return written }
        return name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// A stop in one line, as its calendar event and route point say it (and its destination page,
    /// with links: `ItineraryStopLine`): "Days 3–5 of 16 · 236 km from Bergen · next: Geiranger,
    /// 68 km".
    public static func stopLine(_ itinerary: Itinerary, stopAt index: Int) -> String {
        ItineraryStopLine(itinerary, stopAt: index, siteTitle: "").text
    }

    /// A day number (`CalendarDate.dayNumber`'s count) as `YYYY-MM-DD`.
    static func dayText(_ dayNumber: Int) -> String {
        ItineraryPlanner.day(dayNumber).dayText
    }

    /// The trip's days a stop covers, "3–5" (or "3"), `nil` without dates.
    static func dayNumbers(_ stop: ItineraryStop) -> String? {
        stop.firstDay.map { first in stop.lastDay.map { $0 == first ? "\(first)" : "\(first)–\($0)" } ?? "\(first)" }
    }

    /// "Days 3–5 of 16" (or "Day 3 of 16") when the itinerary has dates, else "Stop 3 of 7".
    static func dayLabel(_ itinerary: Itinerary, stopAt index: Int) -> String {
        let stop = itinerary.stops[index]
        if let first = stop.firstDay, let last = stop.lastDay, let days = itinerary.totals.days {
            return (first == last ? "Day \(first)" : "Days \(first)–\(last)") + " of \(days)"
        }
        return "Stop \(stop.number) of \(itinerary.stops.count)"
    }

    /// A leg's length as a line of text gives it: "236 km", "1,336 km"; under 10 km with one
    /// decimal ("4.2 km"). The geodesic between two pins is no more precise than that.
    public static func shortDistance(_ metres: Double) -> String {
        let kilometres = metres / 1000
        if kilometres < 9.95 { return DecimalText.fixed(kilometres, fractionDigits: 1) + " km" }
        return CountText.grouped(Int(kilometres.rounded())) + " km"
    }

    /// The table's lines: the heading and summary, then one line per stop — number, days, dates,
    /// nights, title, and the leg that arrives there (distance, bearing, and the drive where
    /// recorded) — then the countries and the highest recorded point.
    public static func table(_ itinerary: Itinerary) -> [String] {
        var rows: [[String]] = [["#", "Day", "Dates", "Nights", "Stop", "Leg from the previous stop"]]
        for (index, stop) in itinerary.stops.enumerated() {
            let days = dayNumbers(stop) ?? "—"
            let dates = stop.arrivalDay.map { arrival in
                dayText(arrival) + (stop.departureDay.map { $0 == arrival ? "" : " → " + dayText($0) } ?? "")
            } ?? "—"
            rows.append([
                "\(stop.number)", days, dates, stop.nights.map(String.init) ?? "—", stop.title,
                itinerary.leg(arrivingAt: index).map(legText) ?? "",
            ])
        }
        var lines = [heading(itinerary) + ": " + summary(itinerary)]
        lines += columns(rows)
        var extras: [String] = []
        if !itinerary.totals.countries.isEmpty { extras.append("Countries: " + itinerary.totals.countries.joined(separator: ", ")) }
        if let highest = itinerary.totals.highestPoint {
            extras.append("Highest point: " + TripStatisticsText.metres(highest.altitude) + " ("
                + highest.tripLog.destinationSlug + "/trips/" + highest.tripLog.slug + ")")
        }
        if !extras.isEmpty { lines.append(extras.joined(separator: " · ")) }
        return lines
    }

    /// "236.11 km (146.71 mi), bearing 10° · driven 234.2 km (145.5 mi) in 1:58:00".
    static func legText(_ leg: ItineraryLeg) -> String {
        var text = TripStatisticsText.distance(leg.distance) + ", bearing " + bearing(leg.initialBearing)
        if let recorded = leg.recorded {
            text += " · driven " + TripStatisticsText.distance(recorded.distance) + " in "
                + TripStatisticsText.duration(recorded.drivingTime)
        }
        return text
    }

    /// A bearing in whole degrees, "10°" (359.6° is "0°").
    static func bearing(_ degrees: Double) -> String {
        String(Int(degrees.rounded()) % 360) + "°"
    }

    /// One figure of an itinerary's totals: a stable key, a label, the value as text, and the site
    /// path it links to (the highest point's trip log), if any.
    struct Figure {
        var key: String
        var label: String
        var value: String
        var path: String?
    }

    /// The totals as figures, each only when known: stops, days, nights, planned distance, driven
    /// distance (on how many legs) and driving time, countries, the highest recorded point.
    static func totals(_ itinerary: Itinerary) -> [Figure] {
        let totals = itinerary.totals
        var figures = [Figure(key: "stops", label: "Stops", value: CountText.grouped(itinerary.stops.count))]
        if let days = totals.days {
            figures.append(Figure(key: "days", label: "Days", value: CountText.grouped(days)))
            figures.append(Figure(key: "nights", label: "Nights", value: CountText.grouped(totals.nights)))
        }
        if !itinerary.legs.isEmpty {
            figures.append(Figure(
                key: "plannedDistance", label: "Distance planned", value: TripStatisticsText.distance(totals.plannedDistance)))
        }
        if let driven = totals.drivenDistance {
            figures.append(Figure(
                key: "drivenDistance", label: "Distance driven",
                value: TripStatisticsText.distance(driven) + " on \(totals.recordedLegs) of "
                    + CountText.counted(itinerary.legs.count, "leg")))
            let time = itinerary.legs.compactMap(\.recorded).reduce(0) { $0 + $1.drivingTime }
            figures.append(Figure(key: "drivingTime", label: "Driving time", value: TripStatisticsText.duration(time)))
        }
        if !totals.countries.isEmpty {
            figures.append(Figure(key: "countries", label: "Countries", value: totals.countries.joined(separator: ", ")))
        }
        if let highest = totals.highestPoint {
            figures.append(Figure(
                key: "highestPoint", label: "Highest point", value: TripStatisticsText.metres(highest.altitude),
                path: highest.tripLog.destinationSlug + "/trips/" + highest.tripLog.slug + "/"))
        }
        return figures
    }

    /// `rows` as left-aligned columns two spaces apart (widths in characters), trailing blanks cut.
    static func columns(_ rows: [[String]]) -> [String] {
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                line += cell
                if column < row.count - 1 { line += String(repeating: " ", count: widths[column] - cell.count + 2) }
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// Every itinerary as one JSON document: `{"itineraries": [{"name", "stops": [{"number",
    /// "slug", "title", "latitude", "longitude", "arrival", "departure", "nights", "firstDay",
    /// "lastDay", "country"}], "legs": [{"from", "to", "distance", "initialBearing", "recorded":
    /// {"distance", "drivingTime", "arrival", "tripLogs"}}], "totals": {…}}]}` — distances in
    /// metres, times in seconds, bearings in degrees, dates as written (`YYYY-MM-DD`, or with a
    /// time), recorded arrivals in ISO 8601 UTC; `null` where a value is unknown. Stops and legs
    /// reference stops by their 1-based numbers.
    public static func json(_ itineraries: [Itinerary]) -> String {
        func optional(_ value: Int?) -> JSONValue { value.map { .number(Double($0)) } ?? .null }
        func date(_ value: CalendarDate?) -> JSONValue { value.map { .string(text(of: $0)) } ?? .null }
        let documents = itineraries.map { itinerary -> JSONValue in
            let stops = itinerary.stops.map { stop -> JSONValue in
                .object([
                    ("number", .number(Double(stop.number))), ("slug", .string(stop.slug)), ("title", .string(stop.title)),
                    ("latitude", .number(stop.coordinate.latitude)), ("longitude", .number(stop.coordinate.longitude)),
                    ("arrival", date(stop.arrival)), ("departure", date(stop.departure)),
                    ("nights", optional(stop.nights)), ("firstDay", optional(stop.firstDay)), ("lastDay", optional(stop.lastDay)),
                    ("country", stop.country.map { .string($0) } ?? .null),
                ])
            }
            let legs = itinerary.legs.map { leg -> JSONValue in
                let recorded: JSONValue = leg.recorded.map { drive in
                    .object([
                        ("distance", .number(drive.distance)), ("drivingTime", .number(drive.drivingTime)),
                        ("arrival", drive.arrival.map { .string(ISO8601Time.format($0)) } ?? .null),
                        ("tripLogs", .array(drive.tripLogs.map { .string($0.destinationSlug + "/trips/" + $0.slug) })),
                    ])
                } ?? .null
                return .object([
                    ("from", .number(Double(leg.from + 1))), ("to", .number(Double(leg.to + 1))),
                    ("distance", .number(leg.distance)), ("initialBearing", .number(leg.initialBearing)),
                    ("recorded", recorded),
                ])
            }
            let totals = itinerary.totals
            let highest: JSONValue = totals.highestPoint.map { point in
                .object([
                    ("altitude", .number(point.altitude)), ("latitude", .number(point.coordinate.latitude)),
                    ("longitude", .number(point.coordinate.longitude)),
                    ("tripLog", .string(point.tripLog.destinationSlug + "/trips/" + point.tripLog.slug)),
                ])
            } ?? .null
            return .object([
                ("name", itinerary.name.map { .string($0) } ?? .null),
                ("stops", .array(stops)), ("legs", .array(legs)),
                ("totals", .object([
                    ("plannedDistance", .number(totals.plannedDistance)),
                    ("drivenDistance", totals.drivenDistance.map { .number($0) } ?? .null),
                    ("recordedLegs", .number(Double(totals.recordedLegs))), ("days", optional(totals.days)),
                    ("nights", .number(Double(totals.nights))), ("countries", .array(totals.countries.map { .string($0) })),
                    ("highestPoint", highest),
                ])),
            ])
        }
        return JSONValue.object([("itineraries", .array(documents))]).text
    }

    /// A date as its author wrote it: the day, `T` and the time when there is one, and the offset
    /// when one was written.
    static func text(of date: CalendarDate) -> String {
        guard let time = date.time else { return date.dayText }
        func two(_ value: Int) -> String { ISO8601Time.pad(value, 2) }
        var text = date.dayText + "T" + two(time.hour) + ":" + two(time.minute) + ":" + two(time.second)
        if let offset = date.utcOffset {
            text += offset == 0 ? "Z" : (offset < 0 ? "-" : "+") + two(abs(offset) / 3600) + ":" + two(abs(offset) / 60 % 60)
        }
        return text
    }
}
