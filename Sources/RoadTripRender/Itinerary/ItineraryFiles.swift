import Foundation
import RoadTripCore
import RoadTripCompute

/// Where an itinerary's files go: the main trip's at the site root (`itinerary.ics`,
/// `itinerary.gpx`, `itinerary.geojson`), a named trip's in `itineraries/<name>/` with its page.
package enum ItineraryFiles {
    /// The folder of a trip's files below the site root: `""` for the main trip (`name` `nil`),
    /// `itineraries/<name>/` for a named one.
    static func folder(of name: String?) -> String {
        name.map { "itineraries/" + $0 + "/" } ?? ""
    }

    /// How many folders below the root a trip's files are: 0 for the main trip, 2 for a named one.
    static func depth(of name: String?) -> Int {
        name == nil ? 0 : 2
    }

    /// The theme layout of a named trip's page. A theme without it (a project's own theme made
    /// before itineraries) gets no trip pages; the exports are written all the same.
    package static let layout = "itinerary"
}

extension PageRenderer {
    /// The files of every itinerary (`ItineraryPlanner`): for each, its calendar (when a stop has
    /// a date), GPX route and GeoJSON in its folder (`ItineraryFiles.folder`), and for a named
    /// trip its page, drawn on `maps` (the plan-itinerary step's map of each named trip, in the
    /// order of `itineraries`).
    /// The GeoJSON's stop `url`s are links from the file's folder, as `destinations.geojson`'s are.
    package func itineraryFiles(_ itineraries: [Itinerary], maps: [FittedMap?], trips: [Trip]) throws(TemplateError)
        -> PageFiles
    {
        var files = PageFiles()
        let host = config.baseURL.flatMap { URL(string: $0)?.host } ?? "roadtrip.invalid"
        for (itinerary, map) in zip(itineraries, maps) {
            let folder = ItineraryFiles.folder(of: itinerary.name)
            let title = ItineraryText.title(of: itinerary, siteTitle: config.title)
            let depth = ItineraryFiles.depth(of: itinerary.name)
            // Calendars and navigators resolve no relative link: a page's URL only with a baseURL
            // that has a host.
            @Sendable func absolute(_ path: String) -> String? { links.absolute(path).flatMap { WebLink.isHTTP($0) ? $0 : nil } }
            @Sendable func absolutePage(_ stop: ItineraryStop) -> String? { absolute(stop.slug + "/") }
            // The calendar, the GPX, the GeoJSON and the page are independent, and a long trip
            // makes each large (4,000 stops: a 5.6 MB GeoJSON, a 1.4 MB calendar): made side by
            // side, so that a build that renders little else (a title changed) does not wait for
            // them one after another on one core.
            let parts = concurrentMap(count: 4) { part -> Result<PageFiles, TemplateError> in
                switch part {
                case 0:
                    let calendar = ItineraryCalendar.document(
                        itinerary, name: title, siteZone: timeZone, pageURL: absolutePage, uidDomain: host)
                    return .success(PageFiles(files: calendar.map { [OutputFile(path: folder + "itinerary.ics", contents: .text($0))] } ?? []))
                case 1:
                    return .success(PageFiles(files: [OutputFile(
                        path: folder + "itinerary.gpx",
                        contents: .text(ItineraryGPX.document(
                            itinerary, name: title, pointsOfInterest: { trips[$0.destinationIndex].destination.pointsOfInterest },
                            pageURL: absolutePage, siteURL: absolute(""))))]))
                case 2:
                    return .success(PageFiles(files: [OutputFile(
                        path: folder + "itinerary.geojson",
                        contents: .data(Data(GeoJSON.itineraryUTF8(itinerary) { links.link(to: $0.slug + "/", fromDepth: depth) })))]))
                default:
                    guard let map, itinerary.name != nil, theme.templates.contains(ItineraryFiles.layout) else {
                        return .success(PageFiles())
                    }
                    do throws(TemplateError) {
                        return .success(try itineraryPage(itinerary, map: map, trips: trips))
                    } catch {
                        return .failure(error)
                    }
                }
            }
            for part in parts { files += try part.get() }
        }
        return files
    }

    /// A named trip's page (`itineraries/<name>/index.html`) and its `map.svg`, and the map's share
    /// preview when the renderer makes them.
    private func itineraryPage(_ itinerary: Itinerary, map fitted: FittedMap, trips: [Trip]) throws(TemplateError) -> PageFiles {
        let folder = ItineraryFiles.folder(of: itinerary.name)
        let depth = ItineraryFiles.depth(of: itinerary.name)
        let pageConfig = config(forPageAtDepth: depth)
        let title = ItineraryText.title(of: itinerary, siteTitle: config.title)
        let map = MapPresentation(
            title: "\(title): the route", annotations: stopAnnotations(itinerary, trips: trips, depth: depth), map: fitted,
            config: pageConfig, offlineBasemap: offlineBasemap(forPageAtDepth: depth))
        let preview = sharePreview(of: map, folder: folder)
        let context = ItineraryPageContext(
            page: pageContext(depth: depth, canonicalPath: folder, preview: preview),
            map: map.context(tileLayers: pageConfig.tileLayers, listLabel: "Stops"),
            itinerary: itineraryContext(itinerary, depth: depth))
        let page = try theme.templates.renderFile(ItineraryFiles.layout, context: context.templateValue)
        return PageFiles(files: [
            OutputFile(path: folder + "index.html", contents: page),
            OutputFile(path: folder + "map.svg", contents: .data(map.svgFile)),
        ], sharePreview: preview)
    }

    /// The pins of a trip's map: each stop as a destination pin carrying its number.
    func stopAnnotations(_ itinerary: Itinerary, trips: [Trip], depth: Int) -> [Annotation] {
        itinerary.stops.map { stop in
            var pin = Annotation(
                id: "destination-" + stop.slug, coordinate: stop.coordinate, title: stop.title,
                subtitle: trips[stop.destinationIndex].destination.subtitle, kind: .destination,
                url: links.link(to: stop.slug + "/", fromDepth: depth))
            pin.label = String(stop.number)
            return pin
        }
    }

    /// A stop's arrival for readers: the day ("14 June 2025"), or with a time that moment on the
    /// stop's own clock with its zone ("29 June 2025, 15:00 CEST"); `.none` without one.
    private func arrivalText(_ stop: ItineraryStop) -> DateText {
        guard let arrival = stop.arrival else { return .none }
        guard arrival.time != nil else { return dateText(arrival.dayText) }
        let zone = stop.zone(default: timeZone), instant = arrival.instant(in: zone)
        return DateText(text: dates.dateTime(instant, in: zone, showingZone: true), dateTime: ReadableDate.htmlDateTime(instant))
    }

    /// The itinerary's table, totals and links for a page `depth` folders below the root.
    func itineraryContext(_ itinerary: Itinerary, depth: Int) -> ItineraryContext {
        let stops = itinerary.stops.indices.map { index in
            let stop = itinerary.stops[index]
            let leg = itinerary.leg(arrivingAt: index)
            return ItineraryContext.Stop(
                number: stop.number, title: stop.title, url: links.link(to: stop.slug + "/", fromDepth: depth),
                days: ItineraryText.dayNumbers(stop),
                arrival: arrivalText(stop),
                nights: stop.nights.map(String.init),
                leg: leg.map { ItineraryText.shortDistance($0.distance) },
                legDetail: leg.map { TripStatisticsText.distance($0.distance) + ", bearing " + ItineraryText.bearing($0.initialBearing) },
                driven: leg?.recorded.map { drive in
                    TripStatisticsText.distance(drive.distance) + " in " + TripStatisticsText.duration(drive.drivingTime)
                        + (drive.arrival.map { ", arrived " + dates.dateTime($0, in: stop.zone(default: timeZone), showingZone: true) } ?? "")
                },
                country: stop.country)
        }
        return ItineraryContext(
            title: ItineraryText.title(of: itinerary, siteTitle: config.title),
            summary: ItineraryText.summary(itinerary),
            stops: stops,
            totals: ItineraryText.totals(itinerary).map { figure in
                ItineraryContext.Figure(
                    key: figure.key, label: figure.label, value: figure.value,
                    url: figure.path.map { links.link(to: $0, fromDepth: depth) })
            },
            hasRecordedLegs: itinerary.totals.recordedLegs > 0,
            links: itineraryLinks(itinerary, depth: depth))
    }

    /// The links to `itinerary`'s exports and page from a page `depth` folders below the root.
    func itineraryLinks(_ itinerary: Itinerary, depth: Int) -> ItineraryLinks {
        let folder = ItineraryFiles.folder(of: itinerary.name)
        return ItineraryLinks(
            calendar: itinerary.stops.contains { $0.arrival != nil }
                ? links.link(to: folder + "itinerary.ics", fromDepth: depth) : nil,
            gpx: links.link(to: folder + "itinerary.gpx", fromDepth: depth),
            geoJSON: links.link(to: folder + "itinerary.geojson", fromDepth: depth),
            page: itinerary.name == nil ? nil : links.link(to: folder, fromDepth: depth))
    }
}
